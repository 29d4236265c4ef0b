import TernKit

/// Tern's settings: what the settings file (`SettingsFile`) says, with
/// `tern`'s command line put on top. Each field's default is what Tern
/// does without a file; the file's key is named in each doc.
public struct Settings {
    // MARK: The command line's options (each key is the option's long name)

    /// `user-agent`: the whole User-Agent header; nil sends Tern's own.
    public var userAgent: String?
    /// `timeout`: seconds `--dump` waits for a page, its scripts included. Default 30.
    public var timeout: Double = 30
    /// `script-memory-limit`: megabytes a page's JavaScript heap may hold. Default 1024.
    public var scriptMemoryLimit = 1024
    /// `resolve`: `HOST:PORT:ADDRESS` entries (the key may be repeated).
    public var resolve: [String] = []
    /// `width`: columns to lay pages out in; nil: the terminal's, else 80.
    public var width: Int?
    /// `no-list`: leave the link references out of `--dump`.
    public var noList = false
    /// `no-js`: run no page scripts anywhere.
    public var noJavaScript = false
    /// `dialogs = accept|dismiss`: how `--dump` answers dialogs. Default dismiss.
    public var acceptDialogs = false
    /// `console`: print the pages' console messages to stderr (`--dump`).
    public var console = false
    /// `profile`: the profile folder; nil: `$XDG_DATA_HOME/tern`.
    public var profile: String?
    /// `private`: keep nothing on disk.
    public var privateBrowsing = false
    /// `keep-session-cookies`: session cookies survive a restart.
    public var keepSessionCookies = false
    /// `ca-bundle`: a PEM file of CA certificates trusted instead of the system's.
    public var caBundle: String?
    /// `proxy`: the proxy URL; nil leaves it to `$http_proxy` and the others.
    public var proxy: String?
    /// `insecure`: do not verify TLS certificates.
    public var insecure = false
    /// `no-css`: apply no page style sheets.
    public var noCSS = false
    /// `no-color`: draw no colours.
    public var noColor = false

    // MARK: The browser's own

    /// `start-page`: what the browser opens without a page and in a new tab.
    public var startPage = "about:start"
    /// `start-at-main`: a page opens at its main content (`go-to-main`),
    /// past the header and navigation it repeats on every page.
    public var startAtMain = false
    /// `number-fields`: form fields are numbered with the links (`[7]`
    /// before each; `7 Enter` focuses field 7), as lynx's numbered fields.
    public var numberFields = true
    /// `download-folder`: where downloads are saved; nil: `$XDG_DOWNLOAD_DIR`,
    /// else `~/Downloads`.
    public var downloadFolder: String?
    /// `theme = default|light|mono`: the browser's colours.
    public var theme = "default"
    /// `search`: the URL opened for words typed at the `o` prompt, `%s`
    /// standing for them (form-urlencoded).
    public var search = Settings.defaultSearch
    /// `keymap = NAME`: the ready keymap the bindings start from; nil: Tern's keys.
    public var keymapName: String?
    /// `bind KEY COMMAND` lines, in the file's order (the parser keeps only
    /// those whose key and command exist).
    public var bindings: [KeyBinding] = []
    /// The keys in force: the ready keymap `keymapName` names (Tern's own
    /// when nil), then each `bind` line in the file's order.
    public var keymap: Keymap {
        var keymap = keymapName.flatMap(Keymap.named) ?? .default
        for binding in bindings { try? keymap.bind(binding.key, to: binding.command) }
        return keymap
    }
    /// `handler.SCHEME = PROGRAM ARGS…`: programs for URLs Tern does not open.
    public var handlers: [String: [String]] = [:]
    /// The `[site PATTERN]` sections, in the file's order.
    public var sites: [SiteSettings] = []

    // MARK: Where they came from

    /// The settings file read (nil: none was read).
    public var path: String?
    /// The lines of the file that were not used, and why.
    public var problems: [SettingsProblem] = []

    /// DuckDuckGo's page without scripts, which reads well in a terminal.
    public static let defaultSearch = "https://duckduckgo.com/html/?q=%s"

    /// Tern's defaults.
    public init() {}

    /// What the site settings say for `host` (`url.hostname`).
    public func site(forHost host: String) -> SiteSettings.Values {
        sites.values(forHost: host)
    }

    /// `preferences` with what the site settings of `url`'s host change: a
    /// navigation delegate's answer to `decidePolicyFor:preferences:`.
    public func webpagePreferences(for url: WebURL, from preferences: WebpagePreferences) -> WebpagePreferences {
        guard !sites.isEmpty, !url.hostname.isEmpty else { return preferences }
        let values = site(forHost: url.hostname)
        var chosen = preferences
        if let javaScript = values.javaScript { chosen.allowsContentJavaScript = javaScript }
        if let userAgent = values.userAgent { chosen.customUserAgent = userAgent }
        return chosen
    }

    /// Makes `store`'s cookies follow the site settings' `cookies` keys
    /// (nothing changes when no site sets them).
    public func applyCookiePolicy(to store: WebsiteDataStore) {
        let sites = sites.filter { $0.values.cookies != nil }
        guard !sites.isEmpty else { return }
        store.httpCookieStore.cookiePolicy = { host in sites.values(forHost: host).cookies ?? .allow }
    }
}
