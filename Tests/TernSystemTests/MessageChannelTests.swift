import XCTest
import TernSystem
#if canImport(Glibc)
import Glibc
#endif

/// Framed messages over a real socketpair: what one end sends the other
/// receives whole and in order, and a peer that breaks the framing —
/// oversized, another version, out of sequence, closed — is refused
/// without reading on or blocking.
final class MessageChannelTests: XCTestCase {
    private func pair(maximumPayload: Int = 1 << 20) throws -> (MessageChannel, MessageChannel) {
        let (a, b) = try ChildProcess.socketPair()
        return (MessageChannel(socket: a, version: 3, maximumPayload: maximumPayload),
                MessageChannel(socket: b, version: 3, maximumPayload: maximumPayload))
    }

    /// A peer that writes raw bytes, for frames no MessageChannel would send.
    private func rawPair(maximumPayload: Int = 1 << 20) throws -> (MessageChannel, Int32) {
        let (a, b) = try ChildProcess.socketPair()
        addTeardownBlock { close(b) }
        return (MessageChannel(socket: a, version: 3, maximumPayload: maximumPayload), b)
    }

    private func frame(length: UInt32, version: UInt16 = 3, kind: UInt16 = 9, sequence: UInt32 = 1, payload: [UInt8] = []) -> [UInt8] {
        var header = MessageEncoder()
        header.encode(length)
        header.encode(version)
        header.encode(kind)
        header.encode(sequence)
        return header.bytes + payload
    }

    private func write(_ bytes: [UInt8], to socket: Int32) {
        XCTAssertEqual(bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }, bytes.count)
    }

    func testMessagesArriveWholeAndInOrder() throws {
        let (browser, content) = try pair()
        try browser.send(kind: 1, payload: Array("first".utf8))
        try browser.send(kind: 2, payload: [])
        try browser.send(kind: 3, payload: [UInt8](repeating: 0xAB, count: 300_000))
        // 300 KB is more than the socket takes at once: both sides take turns.
        var received: [MessageChannel.Message] = []
        for _ in 0..<10_000 where received.count < 3 {
            try browser.flush(timeout: 0)
            if let message = try content.receive(timeout: 0) { received.append(message) }
        }
        XCTAssertFalse(browser.hasPendingOutput)
        XCTAssertEqual(received.map(\.kind), [1, 2, 3])
        XCTAssertEqual(received.map(\.sequence), [1, 2, 3])
        XCTAssertEqual(received[0].payload, Array("first".utf8))
        XCTAssertEqual(received[1].payload, [])
        XCTAssertEqual(received[2].payload.count, 300_000)
        XCTAssertTrue(received[2].payload.allSatisfy { $0 == 0xAB })
        // Nothing more: a zero timeout answers nil at once.
        XCTAssertNil(try content.receive(timeout: 0))
    }

    func testPartialFrameWaits() throws {
        let (channel, peer) = try rawPair()
        let whole = frame(length: 4, payload: [1, 2, 3, 4])
        write(Array(whole[..<7]), to: peer)
        XCTAssertNil(try channel.receive(timeout: 0))
        write(Array(whole[7..<14]), to: peer)
        XCTAssertNil(try channel.receive(timeout: 0))
        write(Array(whole[14...]), to: peer)
        XCTAssertEqual(try channel.receive(timeout: 1)?.payload, [1, 2, 3, 4])
    }

    func testOversizedFrameIsRefusedFromItsHeader() throws {
        let (channel, peer) = try rawPair(maximumPayload: 1024)
        // 4 GB announced, 12 bytes sent: refused without waiting for the rest.
        write(frame(length: .max), to: peer)
        XCTAssertThrowsError(try channel.receive(timeout: 1)) {
            XCTAssertEqual($0 as? MessageError, .oversized(length: Int(UInt32.max), limit: 1024))
        }
        // The channel stays closed: a later call gives the same error.
        XCTAssertEqual(channel.closedBy, .oversized(length: Int(UInt32.max), limit: 1024))
        XCTAssertThrowsError(try channel.send(kind: 1, payload: []))
    }

    func testSendingOverTheLimitIsRefused() throws {
        let (browser, _) = try pair(maximumPayload: 16)
        XCTAssertThrowsError(try browser.send(kind: 1, payload: [UInt8](repeating: 0, count: 17))) {
            XCTAssertEqual($0 as? MessageError, .oversized(length: 17, limit: 16))
        }
    }

    func testOtherVersionIsRefused() throws {
        let (channel, peer) = try rawPair()
        write(frame(length: 0, version: 4), to: peer)
        XCTAssertThrowsError(try channel.receive(timeout: 1)) { XCTAssertEqual($0 as? MessageError, .version(4)) }
    }

    func testOutOfSequenceIsRefused() throws {
        let (channel, peer) = try rawPair()
        write(frame(length: 0, sequence: 1), to: peer)
        XCTAssertEqual(try channel.receive(timeout: 1)?.sequence, 1)
        // A repeated (replayed) frame.
        write(frame(length: 0, sequence: 1), to: peer)
        XCTAssertThrowsError(try channel.receive(timeout: 1)) {
            XCTAssertEqual($0 as? MessageError, .outOfOrder(expected: 2, received: 1))
        }
    }

    func testGarbageIsRefused() throws {
        let (channel, peer) = try rawPair()
        write(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: peer)
        XCTAssertThrowsError(try channel.receive(timeout: 1)) { error in
            XCTAssertNotNil(error as? MessageError)
            XCTAssertNotEqual(error as? MessageError, .timedOut)
        }
    }

    func testClosedPeerIsReported() throws {
        let (browser, content) = try pair()
        content.close()
        XCTAssertThrowsError(try browser.receive(timeout: 1)) { XCTAssertEqual($0 as? MessageError, .closed) }
    }

    func testSilentPeerTimesOut() throws {
        let (browser, content) = try pair()
        let start = Date()
        XCTAssertThrowsError(try browser.receive(timeout: 0.05)) { XCTAssertEqual($0 as? MessageError, .timedOut) }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        // A timeout does not close the channel: the peer may still answer.
        try content.send(kind: 1, payload: [])
        XCTAssertEqual(try browser.receive(timeout: 1)?.kind, 1)
    }

    func testPeerThatStopsReadingNeverBlocksTheSender() throws {
        let (browser, content) = try pair(maximumPayload: 8 << 20)
        // Far more than the socket buffers: `send` queues the rest instead of waiting.
        try browser.send(kind: 1, payload: [UInt8](repeating: 1, count: 8 << 20))
        XCTAssertTrue(browser.hasPendingOutput)
        XCTAssertThrowsError(try browser.flush(timeout: 0.05)) { XCTAssertEqual($0 as? MessageError, .timedOut) }
        _ = content
    }
}
