import TernNet
import TernSystem

/// Sends on a channel without ever waiting: what the socket does not take
/// at once is written when the loop sees room for it. Neither side of the
/// wire blocks on the other, so two processes that both have much to say
/// (a large page one way, its resources the other) never wait on each other.
final class ChannelSender {
    let channel: MessageChannel
    private let loop: EventLoop
    private var writeWatch: EventLoop.FileWatch?
    /// Called when writing what was queued fails (the peer went away).
    var onFailure: (() -> Void)?

    init(channel: MessageChannel, loop: EventLoop) {
        self.channel = channel
        self.loop = loop
    }

    deinit { writeWatch?.cancel() }

    func send(kind: UInt16, payload: [UInt8]) throws(MessageError) {
        try channel.send(kind: kind, payload: payload)
        writeLaterIfPending()
    }

    private func writeLaterIfPending() {
        guard channel.hasPendingOutput, writeWatch == nil else { return }
        writeWatch = loop.whenWritable(channel.socket, { [weak self] in
            guard let self else { return }
            writeWatch = nil
            do {
                try channel.flush(timeout: 0)
                writeLaterIfPending()
            } catch {
                onFailure?()
            }
        })
    }
}
