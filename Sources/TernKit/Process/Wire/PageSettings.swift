import TernNet
import TernSystem

/// What a content process's page is set up with: the parts of the view's
/// configuration and state that change how the page loads and draws.
struct PageSettings: Equatable, WireCodable {
    var userAgent: String
    var customUserAgent: String?
    var applicationNameForUserAgent: String?
    var javaScriptEnabled: Bool
    var authorStyleSheetsEnabled: Bool
    var numbersFormFields: Bool
    var viewportColumns: Int
    var viewportRows: Int
    var scriptTimeLimit: Double
    var scriptMemoryLimit: Int?
    var userStyleSheet: String?
    var defaultWebpagePreferences: WebpagePreferences

    func encode(to encoder: inout MessageEncoder) {
        encoder.encode(userAgent)
        encoder.encode(customUserAgent)
        encoder.encode(applicationNameForUserAgent)
        encoder.encode(javaScriptEnabled)
        encoder.encode(authorStyleSheetsEnabled)
        encoder.encode(numbersFormFields)
        encoder.encode(viewportColumns)
        encoder.encode(viewportRows)
        encoder.encode(scriptTimeLimit)
        encoder.encode(scriptMemoryLimit != nil)
        if let scriptMemoryLimit { encoder.encode(scriptMemoryLimit) }
        encoder.encode(userStyleSheet)
        encoder.encode(defaultWebpagePreferences)
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        userAgent = try decoder.decode(String.self)
        customUserAgent = try decoder.decodeOptional(String.self)
        applicationNameForUserAgent = try decoder.decodeOptional(String.self)
        javaScriptEnabled = try decoder.decode(Bool.self)
        authorStyleSheetsEnabled = try decoder.decode(Bool.self)
        numbersFormFields = try decoder.decode(Bool.self)
        // A window of 1 to 10 000 cells each way, as a terminal may have.
        viewportColumns = min(max(try decoder.decode(Int.self), 1), 10_000)
        viewportRows = min(max(try decoder.decode(Int.self), 1), 10_000)
        let limit = try decoder.decode(Double.self)
        scriptTimeLimit = limit.isFinite && limit > 0 ? limit : 10
        scriptMemoryLimit = try decoder.decode(Bool.self) ? max(0, try decoder.decode(Int.self)) : nil
        userStyleSheet = try decoder.decodeOptional(String.self)
        defaultWebpagePreferences = try decoder.decode(WebpagePreferences.self)
    }

    init(configuration: WebViewConfiguration, customUserAgent: String?, authorStyleSheetsEnabled: Bool,
         numbersFormFields: Bool, viewportSize: ViewportSize) {
        userAgent = configuration.network.userAgent
        self.customUserAgent = customUserAgent
        applicationNameForUserAgent = configuration.applicationNameForUserAgent
        javaScriptEnabled = configuration.preferences.javaScriptEnabled
        self.authorStyleSheetsEnabled = authorStyleSheetsEnabled
        self.numbersFormFields = numbersFormFields
        viewportColumns = viewportSize.columns
        viewportRows = viewportSize.rows
        scriptTimeLimit = configuration.scriptTimeLimit
        scriptMemoryLimit = configuration.scriptMemoryLimit
        userStyleSheet = configuration.userStyleSheet
        defaultWebpagePreferences = configuration.defaultWebpagePreferences
    }

    /// The configuration a content process makes its page with.
    func apply(to configuration: inout WebViewConfiguration) {
        configuration.network.userAgent = userAgent
        configuration.applicationNameForUserAgent = applicationNameForUserAgent
        configuration.preferences.javaScriptEnabled = javaScriptEnabled
        configuration.preferences.authorStyleSheetsEnabled = authorStyleSheetsEnabled
        configuration.scriptTimeLimit = scriptTimeLimit
        configuration.scriptMemoryLimit = scriptMemoryLimit
        configuration.userStyleSheet = userStyleSheet
        configuration.defaultWebpagePreferences = defaultWebpagePreferences
    }
}

extension WebpagePreferences: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(allowsContentJavaScript)
        encoder.encode(customUserAgent)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        self.init(allowsContentJavaScript: try decoder.decode(Bool.self), customUserAgent: try decoder.decodeOptional(String.self))
    }
}
