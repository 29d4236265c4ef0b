import TernNet
import TernSystem

/// What a content process's page is set up with: the parts of the view's
/// configuration and state that change how the page loads and draws.
struct PageSettings: WireCodable {
    var userAgent: String
    var customUserAgent: String?
    var applicationNameForUserAgent: String?
    var javaScriptEnabled: Bool
    var javaScriptCanOpenWindowsAutomatically: Bool
    var authorStyleSheetsEnabled: Bool
    var numbersFormFields: Bool
    var viewportColumns: Int
    var viewportRows: Int
    var scriptTimeLimit: Double
    var scriptMemoryLimit: Int?
    var userStyleSheet: String?
    var pageCacheCapacity: Int
    /// What of the browser's network settings the page's own decisions read
    /// (a proxy's challenge, secure content, a document's size cap).
    var proxy: String?
    var isInsecure: Bool
    var maximumBodySize: Int64
    var pageCacheMemoryBudget: Int
    var keepsPageSource: Bool
    var defaultWebpagePreferences: WebpagePreferences
    /// The user content controller's scripts, and its handlers' names (those that reply, and the others).
    var userScripts: [UserScript]
    var messageHandlers: [String]
    var replyingMessageHandlers: [String]
    /// The schemes the browser's URL scheme handlers serve.
    var urlSchemes: [String]

    func encode(to encoder: inout MessageEncoder) {
        encoder.encode(userAgent)
        encoder.encode(customUserAgent)
        encoder.encode(applicationNameForUserAgent)
        encoder.encode(javaScriptEnabled)
        encoder.encode(javaScriptCanOpenWindowsAutomatically)
        encoder.encode(authorStyleSheetsEnabled)
        encoder.encode(numbersFormFields)
        encoder.encode(viewportColumns)
        encoder.encode(viewportRows)
        encoder.encode(scriptTimeLimit)
        encoder.encode(scriptMemoryLimit != nil)
        if let scriptMemoryLimit { encoder.encode(scriptMemoryLimit) }
        encoder.encode(userStyleSheet)
        encoder.encode(pageCacheCapacity)
        encoder.encode(proxy)
        encoder.encode(isInsecure)
        encoder.encode(Int(maximumBodySize))
        encoder.encode(pageCacheMemoryBudget)
        encoder.encode(keepsPageSource)
        encoder.encode(defaultWebpagePreferences)
        encoder.encode(userScripts)
        PageSettings.encode(messageHandlers, to: &encoder)
        PageSettings.encode(replyingMessageHandlers, to: &encoder)
        PageSettings.encode(urlSchemes, to: &encoder)
    }

    private static func encode(_ strings: [String], to encoder: inout MessageEncoder) {
        encoder.encode(UInt32(truncatingIfNeeded: strings.count))
        for string in strings { encoder.encode(string) }
    }

    private static func decodeStrings(_ decoder: inout MessageDecoder) throws(MessageError) -> [String] {
        let count = try decoder.decodeCount(minimumSize: 4)
        var strings: [String] = []
        for _ in 0..<count { strings.append(try decoder.decode(String.self)) }
        return strings
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        userAgent = try decoder.decode(String.self)
        customUserAgent = try decoder.decodeOptional(String.self)
        applicationNameForUserAgent = try decoder.decodeOptional(String.self)
        javaScriptEnabled = try decoder.decode(Bool.self)
        javaScriptCanOpenWindowsAutomatically = try decoder.decode(Bool.self)
        authorStyleSheetsEnabled = try decoder.decode(Bool.self)
        numbersFormFields = try decoder.decode(Bool.self)
        // A window of 1 to 10 000 cells each way, as a terminal may have.
        viewportColumns = min(max(try decoder.decode(Int.self), 1), 10_000)
        viewportRows = min(max(try decoder.decode(Int.self), 1), 10_000)
        let limit = try decoder.decode(Double.self)
        scriptTimeLimit = limit.isFinite && limit > 0 ? limit : 10
        scriptMemoryLimit = try decoder.decode(Bool.self) ? max(0, try decoder.decode(Int.self)) : nil
        userStyleSheet = try decoder.decodeOptional(String.self)
        pageCacheCapacity = min(max(0, try decoder.decode(Int.self)), 1000)
        proxy = try decoder.decodeOptional(String.self)
        isInsecure = try decoder.decode(Bool.self)
        maximumBodySize = Int64(max(0, try decoder.decode(Int.self)))
        pageCacheMemoryBudget = max(0, try decoder.decode(Int.self))
        keepsPageSource = try decoder.decode(Bool.self)
        defaultWebpagePreferences = try decoder.decode(WebpagePreferences.self)
        userScripts = try decoder.decodeArray(UserScript.self, minimumSize: 6)
        messageHandlers = try PageSettings.decodeStrings(&decoder)
        replyingMessageHandlers = try PageSettings.decodeStrings(&decoder)
        urlSchemes = try PageSettings.decodeStrings(&decoder)
    }

    init(configuration: WebViewConfiguration, customUserAgent: String?, authorStyleSheetsEnabled: Bool,
         numbersFormFields: Bool, viewportSize: ViewportSize) {
        userAgent = configuration.network.userAgent
        self.customUserAgent = customUserAgent
        applicationNameForUserAgent = configuration.applicationNameForUserAgent
        javaScriptEnabled = configuration.preferences.javaScriptEnabled
        javaScriptCanOpenWindowsAutomatically = configuration.preferences.javaScriptCanOpenWindowsAutomatically
        self.authorStyleSheetsEnabled = authorStyleSheetsEnabled
        self.numbersFormFields = numbersFormFields
        viewportColumns = viewportSize.columns
        viewportRows = viewportSize.rows
        scriptTimeLimit = configuration.scriptTimeLimit
        scriptMemoryLimit = configuration.scriptMemoryLimit
        userStyleSheet = configuration.userStyleSheet
        pageCacheCapacity = configuration.pageCacheCapacity
        proxy = configuration.network.proxy
        isInsecure = configuration.network.isInsecure
        maximumBodySize = configuration.network.maximumBodySize
        pageCacheMemoryBudget = configuration.pageCacheMemoryBudget
        keepsPageSource = configuration.keepsPageSource
        defaultWebpagePreferences = configuration.defaultWebpagePreferences
        let controller = configuration.userContentController
        userScripts = controller.userScripts
        messageHandlers = controller.handlers.compactMap { if case .plain = $0.value { $0.key } else { nil } }.sorted()
        replyingMessageHandlers = controller.handlers.compactMap { if case .withReply = $0.value { $0.key } else { nil } }.sorted()
        urlSchemes = configuration.urlSchemeHandlers.keys.sorted()
    }

    /// The configuration a content process makes its page with.
    func apply(to configuration: inout WebViewConfiguration) {
        configuration.network.userAgent = userAgent
        configuration.applicationNameForUserAgent = applicationNameForUserAgent
        configuration.preferences.javaScriptEnabled = javaScriptEnabled
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = javaScriptCanOpenWindowsAutomatically
        configuration.preferences.authorStyleSheetsEnabled = authorStyleSheetsEnabled
        configuration.scriptTimeLimit = scriptTimeLimit
        configuration.scriptMemoryLimit = scriptMemoryLimit
        configuration.userStyleSheet = userStyleSheet
        configuration.pageCacheCapacity = pageCacheCapacity
        configuration.network.proxy = proxy
        configuration.network.isInsecure = isInsecure
        configuration.network.maximumBodySize = maximumBodySize
        configuration.pageCacheMemoryBudget = pageCacheMemoryBudget
        configuration.keepsPageSource = keepsPageSource
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

extension UserScript: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(source)
        encoder.encode(injectionTime == .atDocumentStart)
        encoder.encode(isForMainFrameOnly)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        self.init(source: try decoder.decode(String.self),
                  injectionTime: try decoder.decode(Bool.self) ? .atDocumentStart : .atDocumentEnd,
                  forMainFrameOnly: try decoder.decode(Bool.self))
    }
}
