import TernNet
import TernSystem

/// The browser's answer to a question a page's process waits on: its
/// `document.cookie`, its `localStorage`, an `about:` page, a new window.
enum BrowserAnswer: WireCodable {
    /// The cookies a script may read.
    case cookies(String)
    /// An area's items.
    case items([String: String])
    /// Whether a write fit its quota.
    case written(Bool)
    /// An `about:` page and the URL it shows; nil for none.
    case aboutPage([UInt8]?, url: WebURL?)
    /// The page number of the window made for `createWindow` (0: none), and its settings.
    case window(page: UInt64, PageSettings?)

    func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .cookies(let header):
            encoder.encode(UInt8(0))
            encoder.encode(header)
        case .items(let items):
            encoder.encode(UInt8(1))
            encoder.encode(UInt32(truncatingIfNeeded: items.count))
            for (key, value) in items {
                encoder.encode(key)
                encoder.encode(value)
            }
        case .written(let written):
            encoder.encode(UInt8(2))
            encoder.encode(written)
        case .aboutPage(let bytes, let url):
            encoder.encode(UInt8(3))
            encoder.encode(bytes != nil)
            if let bytes { encoder.encode(bytes: bytes) }
            encoder.encode(url)
        case .window(let page, let settings):
            encoder.encode(UInt8(4))
            encoder.encode(page)
            encoder.encode(settings)
        }
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0: self = .cookies(try decoder.decode(String.self))
        case 1:
            let count = try decoder.decodeCount(minimumSize: 8)
            var items: [String: String] = [:]
            for _ in 0..<count {
                let key = try decoder.decode(String.self)
                items[key] = try decoder.decode(String.self)
            }
            self = .items(items)
        case 2: self = .written(try decoder.decode(Bool.self))
        case 3:
            let bytes = try decoder.decode(Bool.self) ? Array(try decoder.decodeBytes()) : nil
            self = .aboutPage(bytes, url: try decoder.decodeOptional(WebURL.self))
        case 4: self = .window(page: try decoder.decode(UInt64.self), try decoder.decodeOptional(PageSettings.self))
        case let tag: throw .malformed("unknown storage answer \(tag)")
        }
    }
}
