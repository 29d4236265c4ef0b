// The types of TernKit's API that lower targets define, named here one by
// one: `import TernKit` brings these and TernKit's own, not the lower
// modules whole (their loaders, databases and script bindings are the
// engine's, not an embedder's).
import TernNet
import TernScript
import TernDOM
import TernLayout
import TernSystem

// MARK: TernNet's values

/// A URL as the WHATWG URL Standard parses it (WebKit: `URL`).
public typealias WebURL = TernNet.WebURL
/// A request to load: URL, method, headers, body (WebKit: `URLRequest`).
public typealias Request = TernNet.Request
/// Header fields in order, looked up without regard to case.
public typealias HTTPHeaders = TernNet.HTTPHeaders
/// A response's status, headers and URL (WebKit: `URLResponse`).
public typealias Response = TernNet.Response
/// Why a load failed (WebKit: the `NSError` of `didFail…`).
public typealias NavigationError = TernNet.NavigationError
/// A user name and password, or a decision, for an authentication challenge.
public typealias Credential = TernNet.Credential
/// A server's certificate chain and why it was not trusted.
public typealias ServerTrust = TernNet.ServerTrust
/// One certificate of a `ServerTrust`'s chain, summarised for a person.
public typealias CertificateSummary = TernNet.CertificateSummary
/// A cookie (WebKit: `HTTPCookie`).
public typealias Cookie = TernNet.Cookie
/// Netscape's `cookies.txt` format, for importing and exporting cookies.
public typealias NetscapeCookieFile = TernNet.NetscapeCookieFile
/// Whether a site may set cookies: allow, block, or for the session only.
public typealias CookieSitePolicy = TernNet.CookieSitePolicy
/// How a host name is shown: Unicode, or punycode when it could deceive.
public typealias IDNDisplayPolicy = TernNet.IDNDisplayPolicy
/// The network's settings: user agent, timeouts, size limits, TLS.
public typealias LoaderConfiguration = TernNet.LoaderConfiguration
/// The loop that runs a web view's work: an embedder runs it (one thread).
public typealias EventLoop = TernNet.EventLoop

// MARK: TernSystem's values

/// Safe file names for downloads (`Download.suggestedFilename`) and a path
/// in a folder that overwrites nothing (`SafeFilename.unusedPath(in:for:)`).
public typealias SafeFilename = TernSystem.SafeFilename

// MARK: TernScript's values

/// A JavaScript value converted for Swift (`evaluateJavaScript`'s result).
public typealias ScriptValue = TernScript.ScriptValue
/// A script's exception or the engine's failure.
public typealias ScriptError = TernScript.ScriptError
/// JavaScript's null in a message body or an evaluation's `Any` (WebKit: `NSNull`).
public typealias ScriptNull = TernScript.ScriptNull
/// A JavaScript Date in a message body or an evaluation's `Any` (WebKit: `Date`).
public typealias ScriptDate = TernScript.ScriptDate
/// A line a page's script wrote to its console.
public typealias ConsoleMessage = TernScript.ScriptConsoleMessage

// TernLayout's and TernDOM's plain values that a front end draws with, named
// here one by one (not the whole modules: those hold the mutable document,
// which stays TernKit's). `PageLayout` hands out the first two.

/// A line of a laid-out page: runs of styled text (`Line.Run`), each with its
/// display width and the index of its link or form control.
public typealias Line = TernLayout.Line
/// A part of a laid-out page drawn over the rest (a modal dialog, a fixed overlay).
public typealias PageLayer = TernLayout.PageLayer
/// A heading, landmark or table of a laid-out page, and its line.
public typealias PageOutlineItem = TernLayout.PageOutlineItem
/// A place on a laid-out page: a line and a range of display columns.
public typealias TextRegion = TernLayout.TextRegion
/// How a run of text is shown (bold, underline, link, form control, …).
public typealias TextStyle = TernLayout.Style
/// One of the 16 terminal colours a run asks for (`<font color>`, CSS `color`).
public typealias TextColor = TernLayout.Color
/// Terminal columns of text (East Asian wide characters take two), and
/// slicing by columns: what a front end needs to place runs and cut them.
public typealias DisplayWidth = TernLayout.DisplayWidth
/// Escaping text for HTML, for a front end that makes a page of its own
/// (an error page) for `loadHTMLString(_:baseURL:)`.
public typealias HTMLText = TernDOM.HTMLText
