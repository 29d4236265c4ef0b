import TernSystem

/// The messages between the browser and a web content process (protocol
/// version `WebContentMessage.protocolVersion`), each a kind and a payload
/// on a `MessageChannel`. What comes from a content process is hostile: a
/// kind not listed or a payload that does not decode ends that process.
enum WebContentMessage {
    /// Bumped whenever a message's kind or fields change: a content process
    /// of another version is refused at its first frame.
    static let protocolVersion: UInt16 = 1

    /// What the browser asks of a content process.
    enum ToContent: Equatable {
        /// Answer `pong` with the same number (is it alive and reading?).
        case ping(UInt64)
        /// Exit now, cleanly.
        case shutdown

        var kind: UInt16 {
            switch self {
            case .ping: return 1
            case .shutdown: return 2
            }
        }

        var payload: [UInt8] {
            var encoder = MessageEncoder()
            switch self {
            case .ping(let number): encoder.encode(number)
            case .shutdown: break
            }
            return encoder.bytes
        }

        init(_ message: MessageChannel.Message) throws(MessageError) {
            var decoder = MessageDecoder(message.payload)
            switch message.kind {
            case 1: self = .ping(try decoder.decode(UInt64.self))
            case 2: self = .shutdown
            default: throw .malformed("unknown message kind \(message.kind)")
            }
            try decoder.finish()
        }
    }

    /// What a content process tells the browser.
    enum FromContent: Equatable {
        /// The process is up and its sandbox closed: its pid as it sees it,
        /// the Landlock ABI it used (0: none), its address-space cap.
        case ready(processID: Int32, landlockABI: Int, addressSpaceLimit: Int)
        /// The answer to `ping`.
        case pong(UInt64)

        var kind: UInt16 {
            switch self {
            case .ready: return 1
            case .pong: return 2
            }
        }

        var payload: [UInt8] {
            var encoder = MessageEncoder()
            switch self {
            case .ready(let processID, let landlockABI, let addressSpaceLimit):
                encoder.encode(UInt32(bitPattern: processID))
                encoder.encode(landlockABI)
                encoder.encode(addressSpaceLimit)
            case .pong(let number):
                encoder.encode(number)
            }
            return encoder.bytes
        }

        init(_ message: MessageChannel.Message) throws(MessageError) {
            var decoder = MessageDecoder(message.payload)
            switch message.kind {
            case 1:
                self = .ready(processID: Int32(bitPattern: try decoder.decode(UInt32.self)),
                              landlockABI: try decoder.decode(Int.self), addressSpaceLimit: try decoder.decode(Int.self))
            case 2:
                self = .pong(try decoder.decode(UInt64.self))
            default:
                throw .malformed("unknown message kind \(message.kind)")
            }
            try decoder.finish()
        }
    }
}
