import TernKit
import TernBrowser

extension Options {
    /// The web view settings these options ask for (shared by `--dump` and the browser).
    func webViewConfiguration() -> WebViewConfiguration {
        var configuration = WebViewConfiguration()
        configuration.network.overallTimeout = dump ? timeout : nil
        configuration.network.resolve = resolve
        configuration.network.caBundlePath = caBundle
        configuration.network.proxy = proxy
        configuration.network.isInsecure = insecure
        configuration.preferences.javaScriptEnabled = !noJavaScript
        configuration.preferences.authorStyleSheetsEnabled = !noCSS
        configuration.processModel = contentProcess ? .contentProcess : .inProcess
        configuration.userStyleSheet = UserStyleSheet.load()
        configuration.scriptMemoryLimit = scriptMemoryLimit << 20
        configuration.keepsPageSource = source || !dump
        configuration.recordsHistory = !dump
        if privateBrowsing {
            configuration.websiteDataStore = .nonPersistent()
        } else if profile != nil || keepSessionCookies {
            configuration.websiteDataStore = WebsiteDataStore(directory: profile ?? WebsiteDataStore.defaultDirectory(),
                                                              keepSessionCookies: keepSessionCookies)
        }
        return configuration
    }
}

extension Options {
    /// The options the settings file sets (by their long names), for the
    /// command line to change.
    init(settings: Settings) {
        self.init()
        userAgent = settings.userAgent
        timeout = settings.timeout
        scriptMemoryLimit = settings.scriptMemoryLimit
        resolve = settings.resolve
        width = settings.width
        noList = settings.noList
        noJavaScript = settings.noJavaScript
        acceptDialogs = settings.acceptDialogs
        console = settings.console
        profile = settings.profile
        privateBrowsing = settings.privateBrowsing
        keepSessionCookies = settings.keepSessionCookies
        caBundle = settings.caBundle
        proxy = settings.proxy
        insecure = settings.insecure
        noCSS = settings.noCSS
        noColor = settings.noColor
    }

    /// The settings in effect: `settings` (the file's) with these options
    /// in place of the file's values.
    func applied(to settings: Settings) -> Settings {
        var settings = settings
        settings.userAgent = userAgent
        settings.timeout = timeout
        settings.scriptMemoryLimit = scriptMemoryLimit
        settings.resolve = resolve
        settings.width = width
        settings.noList = noList
        settings.noJavaScript = noJavaScript
        settings.acceptDialogs = acceptDialogs
        settings.console = console
        settings.profile = profile
        settings.privateBrowsing = privateBrowsing
        settings.keepSessionCookies = keepSessionCookies
        settings.caBundle = caBundle
        settings.proxy = proxy
        settings.insecure = insecure
        settings.noCSS = noCSS
        settings.noColor = noColor
        return settings
    }
}
