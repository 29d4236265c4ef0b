// The types of TernKit's API that lower targets define: `import TernKit` brings
// them. TernNet: Request, Response, WebURL, NavigationError, EventLoop,
// Credential…; TernScript: ScriptValue, ScriptError.
@_exported import TernNet
@_exported import TernScript
import TernDOM
import TernLayout

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
