import XCTest
@testable import TernKit
import TernSystem
import TernTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real web content process: the tern binary started in its content mode,
/// its sandbox closed, answering over its socket; and what the browser's
/// side sees when it ends, by its own hand or from outside.
final class WebContentProcessTests: XCTestCase {
    private func launch() throws -> WebContentProcessProxy {
        try WebContentProcessProxy.launch(executable: ProcessRun.tern, heapBudget: 256 << 20)
    }

    func testAContentProcessStartsSandboxedAndAnswers() throws {
        let process = try launch()
        // Its sandbox closed before it said so: Landlock (this kernel has it) and a cap.
        XCTAssertGreaterThan(process.landlockABI, 0)
        XCTAssertGreaterThan(process.addressSpaceLimit, 256 << 20)
        try process.send(.ping(42))
        guard case .pong(42) = try process.receive(timeout: 10) else { return XCTFail("no pong") }
        try process.send(.shutdown)
        XCTAssertEqual(process.child.waitForTermination(), .exited(0))
    }

    func testKillFromOutsideIsSeenByTheBrowserSide() throws {
        let process = try launch()
        kill(process.child.pid, SIGKILL)
        XCTAssertThrowsError(try process.receive(timeout: 10)) { XCTAssertEqual($0 as? MessageError, .closed) }
        XCTAssertEqual(process.termination, .signaled(SIGKILL))
        // This process goes on, and a new content process starts.
        let next = try launch()
        try next.send(.ping(7))
        guard case .pong(7) = try next.receive(timeout: 10) else { return XCTFail("no pong") }
    }

    func testAMessageOfAnUnknownKindEndsTheContentProcess() throws {
        let process = try launch()
        // The content process refuses it (and exits); the browser side sees the close.
        try process.channel.send(kind: 999, payload: [])
        XCTAssertThrowsError(try process.receive(timeout: 10))
        XCTAssertEqual(process.termination, .exited(WebContentProcess.protocolFailure))
    }

    func testMalformedMessagesFromAContentProcessAreRefused() throws {
        // Each decodes with bounds checks: a short payload, bytes left over, an unknown kind.
        XCTAssertThrowsError(try WebContentMessage.FromContent.decode(.init(kind: 2, sequence: 1, payload: [1, 2, 3])))
        XCTAssertThrowsError(try WebContentMessage.FromContent.decode(.init(kind: 2, sequence: 1, payload: [UInt8](repeating: 0, count: 17))))
        XCTAssertThrowsError(try WebContentMessage.FromContent.decode(.init(kind: 77, sequence: 1, payload: [UInt8](repeating: 0, count: 8))))
        let ready = WebContentMessage.FromContent.ready(processID: 12, landlockABI: 7, addressSpaceLimit: 1 << 33)
        guard case (0, .ready(12, 7, 1 << 33)) = try WebContentMessage.FromContent.decode(.init(kind: ready.kind, sequence: 1,
                                                                                                 payload: ready.payload(page: 0))) else {
            return XCTFail("ready did not cross")
        }
    }
}

/// The spare content process a new tab takes without waiting.
final class WebContentProcessPoolTests: XCTestCase {
    func testASpareIsReadyAheadAndReplacedWhenTaken() throws {
        let loop = EventLoop()
        let pool = WebContentProcessPool(loop: loop, executable: ProcessRun.tern, heapBudget: 256 << 20)
        pool.prepareSpare()
        XCTAssertTrue(loop.run(until: { pool.hasReadySpare }, timeout: 30), "the spare said it was ready on the loop")
        let taken = try pool.take()
        XCTAssertTrue(taken.isReady)
        try taken.send(.ping(1))
        guard case .pong(1) = try taken.receive(timeout: 10) else { return XCTFail("no pong") }
        // Another spare is on its way behind it.
        XCTAssertTrue(loop.run(until: { pool.hasReadySpare }, timeout: 30))
    }

    func testASpareKilledWhileWaitingIsDroppedNotHandedOut() throws {
        let loop = EventLoop()
        let pool = WebContentProcessPool(loop: loop, executable: ProcessRun.tern, heapBudget: 256 << 20)
        pool.prepareSpare()
        XCTAssertTrue(loop.run(until: { pool.hasReadySpare }, timeout: 30))
        // The waiting spare dies; the loop notices and drops it.
        kill(try XCTUnwrap(pool.spareProcessID), SIGKILL)
        XCTAssertTrue(loop.run(until: { pool.spareProcessID == nil }, timeout: 10), "the dead spare was dropped")
        // What is taken next is alive.
        let next = try pool.take()
        try next.send(.ping(9))
        guard case .pong(9) = try next.receive(timeout: 10) else { return XCTFail("no pong") }
    }
}
