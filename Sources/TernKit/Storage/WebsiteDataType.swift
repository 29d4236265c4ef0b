/// A kind of data a website data store keeps, named as
/// WKWebsiteDataStore's data types are (plus Tern's history), for
/// `fetchDataRecords(ofTypes:)` and `removeData(ofTypes:…)`.
public struct WebsiteDataType: Hashable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Cookies (`httpCookieStore`).
    public static let cookies = WebsiteDataType(rawValue: "WKWebsiteDataTypeCookies")
    /// The HTTP cache (`httpCache`), on disk or in memory.
    public static let diskCache = WebsiteDataType(rawValue: "WKWebsiteDataTypeDiskCache")
    /// Pages' `localStorage` (`localStorage`).
    public static let localStorage = WebsiteDataType(rawValue: "WKWebsiteDataTypeLocalStorage")
    /// Pages' `sessionStorage`, kept by each web view of the store while it exists.
    public static let sessionStorage = WebsiteDataType(rawValue: "WKWebsiteDataTypeSessionStorage")
    /// The global history (`history`); WebKit leaves history to the app, Tern keeps it here.
    public static let history = WebsiteDataType(rawValue: "TernWebsiteDataTypeHistory")
}
