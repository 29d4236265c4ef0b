#if canImport(Glibc)
import Glibc
#endif

/// Typed, versioned, length-prefixed messages over a stream socket (one end
/// of a `socketpair`), with a size limit: the wire between the browser and
/// a web content process.
///
/// Each frame is a 12-byte header, little endian — payload length (UInt32),
/// protocol version (UInt16), kind (UInt16), sequence number (UInt32) — and
/// the payload. Sequence numbers count from 1 in each direction. What
/// arrives is checked before it is believed: a header announcing more than
/// `maximumPayload` bytes is refused before any of them is read, and a
/// frame of another version or out of sequence is refused. The first error
/// closes the channel for good (`MessageError`); the peer is then ended.
///
/// Neither side ever blocks on the other: the socket is non-blocking,
/// `send` queues what the socket does not take, and `flush`/`receive` wait
/// with a timeout.
public final class MessageChannel {
    /// One frame: its kind and payload (the protocol above decodes them).
    public struct Message: Equatable {
        public var kind: UInt16
        public var sequence: UInt32
        public var payload: [UInt8]

        public init(kind: UInt16, sequence: UInt32, payload: [UInt8]) {
            self.kind = kind
            self.sequence = sequence
            self.payload = payload
        }
    }

    public static let headerSize = 12

    /// The socket (this end of the pair).
    public let socket: Int32
    public let version: UInt16
    public let maximumPayload: Int

    private var input: [UInt8] = []
    private var inputStart = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    private var nextSent: UInt32 = 1
    private var nextReceived: UInt32 = 1
    private var failure: MessageError?

    /// Takes `socket` (made non-blocking; closed by `close()` or on deinit).
    public init(socket: Int32, version: UInt16, maximumPayload: Int = 16 << 20) {
        self.socket = socket
        self.version = version
        self.maximumPayload = maximumPayload
        let flags = fcntl(socket, F_GETFL)
        if flags >= 0 { _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK) }
    }

    deinit { Glibc.close(socket) }

    /// Whether bytes wait to be written (the event loop then waits for the
    /// socket to be writable and calls `flush(timeout: 0)`).
    public var hasPendingOutput: Bool { outputStart < output.count }

    /// The error that closed the channel, nil while it is open.
    public var closedBy: MessageError? { failure }

    /// Queues a message and writes what the socket takes now.
    public func send(kind: UInt16, payload: [UInt8]) throws(MessageError) {
        if let failure { throw failure }
        guard payload.count <= maximumPayload else {
            throw fail(.oversized(length: payload.count, limit: maximumPayload))
        }
        appendHeader(length: UInt32(payload.count), kind: kind, sequence: nextSent)
        output += payload
        nextSent &+= 1
        try flush(timeout: 0)
    }

    /// Writes queued bytes, waiting up to `timeout` seconds for the socket
    /// to take them (0: what it takes now). Throws `.timedOut` when bytes
    /// are left after a positive timeout.
    public func flush(timeout: Double) throws(MessageError) {
        if let failure { throw failure }
        let deadline = MonotonicClock.now() + timeout
        while hasPendingOutput {
            let written = output[outputStart...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                outputStart += written
                continue
            }
            if written < 0, errno == EINTR { continue }
            if written < 0, errno == EPIPE || errno == ECONNRESET { throw fail(.closed) }
            guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK else { throw fail(.system(.last("send"))) }
            let left = deadline - MonotonicClock.now()
            guard timeout > 0, left > 0 else {
                if timeout > 0 { throw MessageError.timedOut }
                break
            }
            try wait(for: Int16(POLLOUT), seconds: left)
        }
        if outputStart == output.count {
            output.removeAll(keepingCapacity: true)
            outputStart = 0
        }
    }

    /// The next whole message, reading what the socket has; waits up to
    /// `timeout` seconds for one (0: only what has arrived). nil when none
    /// came in time with `timeout` 0; `.timedOut` otherwise.
    public func receive(timeout: Double) throws(MessageError) -> Message? {
        if let failure { throw failure }
        let deadline = MonotonicClock.now() + timeout
        while true {
            if let message = try nextFrame() { return message }
            let read = try readAvailable()
            if read { continue }
            let left = deadline - MonotonicClock.now()
            guard left > 0 else {
                if timeout > 0 { throw MessageError.timedOut }
                return nil
            }
            try wait(for: Int16(POLLIN), seconds: left)
        }
    }

    /// Closes the channel: later calls throw `.closed`.
    public func close() {
        if failure == nil { failure = .closed }
        shutdown(socket, Int32(SHUT_RDWR))
    }

    // MARK: Frames

    private func appendHeader(length: UInt32, kind: UInt16, sequence: UInt32) {
        var header = MessageEncoder()
        header.encode(length)
        header.encode(version)
        header.encode(kind)
        header.encode(sequence)
        output += header.bytes
    }

    /// The first whole frame of the input, checked; nil while it is partial.
    private func nextFrame() throws(MessageError) -> Message? {
        let available = input.count - inputStart
        guard available >= MessageChannel.headerSize else { return nil }
        var header = MessageDecoder(Array(input[inputStart..<inputStart + MessageChannel.headerSize]))
        let length = Int(try header.decode(UInt32.self))
        let version = try header.decode(UInt16.self)
        let kind = try header.decode(UInt16.self)
        let sequence = try header.decode(UInt32.self)
        guard length <= maximumPayload else { throw fail(.oversized(length: length, limit: maximumPayload)) }
        guard version == self.version else { throw fail(.version(version)) }
        guard sequence == nextReceived else { throw fail(.outOfOrder(expected: nextReceived, received: sequence)) }
        guard available >= MessageChannel.headerSize + length else { return nil }
        let start = inputStart + MessageChannel.headerSize
        let payload = Array(input[start..<start + length])
        inputStart = start + length
        nextReceived &+= 1
        if inputStart == input.count {
            input.removeAll(keepingCapacity: true)
            inputStart = 0
        } else if inputStart > 1 << 20 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
        return Message(kind: kind, sequence: sequence, payload: payload)
    }

    /// Reads what the socket has now: whether anything came.
    private func readAvailable() throws(MessageError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                input += chunk[..<count]
                return true
            }
            if count == 0 { throw fail(.closed) }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return false }
            if errno == ECONNRESET { throw fail(.closed) }
            throw fail(.system(.last("recv")))
        }
    }

    private func wait(for events: Int16, seconds: Double) throws(MessageError) {
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        let milliseconds = Int32(max(0, min(seconds * 1000, 86_400_000)).rounded(.up))
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0, errno != EINTR { throw fail(.system(.last("poll"))) }
    }

    private func fail(_ error: MessageError) -> MessageError {
        failure = error
        return error
    }
}
