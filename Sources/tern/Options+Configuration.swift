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
