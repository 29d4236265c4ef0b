/// Why a message channel stopped: the other process's bytes broke the
/// protocol, or the socket failed or closed. A channel that has thrown one
/// is closed; its peer is ended, never trusted again.
public enum MessageError: Error, Equatable, CustomStringConvertible {
    /// The peer closed its end (it exited or was killed).
    case closed
    /// A frame longer than the channel's limit, refused from its header alone.
    case oversized(length: Int, limit: Int)
    /// A frame of another protocol version.
    case version(UInt16)
    /// A frame whose sequence number is not the one after the last.
    case outOfOrder(expected: UInt32, received: UInt32)
    /// A payload that does not decode as its kind says.
    case malformed(String)
    /// No frame arrived in time.
    case timedOut
    /// The socket failed.
    case system(SystemError)

    public var description: String {
        switch self {
        case .closed: return "the other process closed its end"
        case .oversized(let length, let limit): return "a message of \(length) bytes (the limit is \(limit))"
        case .version(let version): return "a message of protocol version \(version)"
        case .outOfOrder(let expected, let received): return "message \(received) where \(expected) was next"
        case .malformed(let reason): return "a malformed message: \(reason)"
        case .timedOut: return "no message in time"
        case .system(let error): return error.description
        }
    }
}
