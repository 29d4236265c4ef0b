import TernSystem

/// A history move the browser asks a content process for.
enum HistoryStep: Equatable, WireCodable {
    case back
    case forward
    case reload
    case reloadFromOrigin
    /// To the history entry with this `BackForwardListItem.entryID`.
    case entry(Int)

    func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .back: encoder.encode(UInt8(0))
        case .forward: encoder.encode(UInt8(1))
        case .reload: encoder.encode(UInt8(2))
        case .reloadFromOrigin: encoder.encode(UInt8(3))
        case .entry(let id):
            encoder.encode(UInt8(4))
            encoder.encode(id)
        }
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0: self = .back
        case 1: self = .forward
        case 2: self = .reload
        case 3: self = .reloadFromOrigin
        case 4: self = .entry(try decoder.decode(Int.self))
        case let tag: throw .malformed("unknown history step \(tag)")
        }
    }
}
