import TernNet
import TernSystem

/// What acting on an element did in a content process (`ActivationResult`
/// with a navigation named by its number, its request and type).
enum RemoteActivation: WireCodable {
    case navigation(UInt64, Request, NavigationType)
    case fragment(String)
    case canceled
    case done

    func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .navigation(let id, let request, let type):
            encoder.encode(UInt8(0))
            encoder.encode(id)
            encoder.encode(request)
            encoder.encode(type)
        case .fragment(let name):
            encoder.encode(UInt8(1))
            encoder.encode(name)
        case .canceled: encoder.encode(UInt8(2))
        case .done: encoder.encode(UInt8(3))
        }
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0: self = .navigation(try decoder.decode(UInt64.self), try decoder.decode(Request.self), try decoder.decode(NavigationType.self))
        case 1: self = .fragment(try decoder.decode(String.self))
        case 2: self = .canceled
        case 3: self = .done
        case let tag: throw .malformed("unknown activation \(tag)")
        }
    }
}
