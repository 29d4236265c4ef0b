import XCTest
import TernSystem
#if canImport(Glibc)
import Glibc
#endif

/// The web content process's sandbox, entered by a real process (the probe,
/// Tests/TernSandboxProbe) that then tries what it must not do and what it
/// must still do; and a sandboxed child driven over a MessageChannel, killed
/// from outside, while this process goes on.
final class SandboxTests: XCTestCase {
    /// The probe, built beside the test executable.
    private var probe: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("TernSandboxProbe").path
    }

    /// Runs the probe and returns its `name=value` lines.
    private func runProbe(_ arguments: [String]) throws -> (lines: [String: String], termination: ChildProcess.Termination) {
        let (read, write) = try pipePair()
        let child = try ChildProcess.spawn(probe, arguments: [probe] + arguments, streams: .output(write))
        close(write)
        let output = readToEnd(read)
        let termination = child.waitForTermination()
        var lines: [String: String] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { lines[String(parts[0])] = String(parts[1]) }
        }
        return (lines, termination)
    }

    /// Everything written to `descriptor` until its writers close it; closes it.
    private func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            output += buffer[..<count]
        }
        close(descriptor)
        return output
    }

    private func pipePair() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError.last("pipe") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    func testForbiddenCallsFailAndThreadsAndScriptsStillRun() throws {
        let (lines, termination) = try runProbe(["calls"])
        XCTAssertEqual(termination, .exited(0), "\(lines)")
        // No file system: reading, creating.
        XCTAssertEqual(lines["open"], "EPERM")
        XCTAssertEqual(lines["openat"], "EPERM")
        XCTAssertEqual(lines["create"], "EPERM")
        // No sockets of its own.
        XCTAssertEqual(lines["socket_inet"], "EPERM")
        XCTAssertEqual(lines["socket_unix"], "EPERM")
        // No programs: neither a new process nor replacing its own image.
        XCTAssertEqual(lines["spawn"], "EPERM")
        XCTAssertEqual(lines["execve"], "EPERM")
        // No signals outside itself; no way out of its memory cap.
        XCTAssertEqual(lines["kill_parent"], "EPERM")
        XCTAssertEqual(lines["raise_limit"], "EPERM")
        // What a page needs: threads, and JavaScriptCore running a script
        // (its JIT, garbage collector and allocator) after the sandbox closed.
        XCTAssertEqual(lines["thread"], "ok")
        XCTAssertEqual(lines["script"], "499999500000,100000")
        XCTAssertEqual(lines["collected"], "2000000", "the collector ran among the sandboxed threads")
        // Landlock is reported when the kernel has it (this one's ABI, or "none").
        XCTAssertNotNil(lines["landlock"])
    }

    func testAddressSpaceCapStopsMalloc() throws {
        let (lines, termination) = try runProbe(["memory", "64"])
        XCTAssertEqual(termination, .exited(0))
        let allocated = try XCTUnwrap(lines["allocated"].flatMap { Int($0) })
        // 64 MB of room: most of it usable, never more.
        XCTAssertGreaterThan(allocated, 16)
        XCTAssertLessThan(allocated, 64)
    }

    func testScriptThatExhaustsTheCapEndsOnlyItsProcess() throws {
        let (lines, termination) = try runProbe(["script-heap", "128"])
        // JavaScriptCore either throws "Out of memory" into the script or the
        // process dies; either way it never grows past the cap, and this
        // process goes on.
        if termination == .exited(0) {
            XCTAssertTrue(lines["script-heap"]?.contains("Out of memory") == true, "\(lines)")
        } else {
            XCTAssertNotEqual(termination, .exited(2), "the sandbox was not entered: \(lines)")
        }
    }

    func testSandboxedChildTalksOverItsSocketAndDiesAlone() throws {
        let (mine, theirs) = try ChildProcess.socketPair()
        let child = try ChildProcess.spawn(probe, arguments: [probe, "echo"], descriptors: [(theirs, as: 3)])
        close(theirs)
        let channel = MessageChannel(socket: mine, version: 1)
        try channel.send(kind: 41, payload: Array("ping".utf8))
        try channel.flush(timeout: 10)
        let answer = try XCTUnwrap(try channel.receive(timeout: 30))
        XCTAssertEqual(answer.kind, 42)
        XCTAssertEqual(answer.payload, Array("ping".utf8))
        XCTAssertNil(child.terminationIfEnded())

        // kill -9 from outside: the channel reports the close, the status the signal.
        Glibc.kill(child.pid, SIGKILL)
        XCTAssertThrowsError(try channel.receive(timeout: 10)) { XCTAssertEqual($0 as? MessageError, .closed) }
        XCTAssertEqual(child.waitForTermination(), .signaled(SIGKILL))
    }

    func testChildGetsOnlyTheDescriptorsPassed() throws {
        // A descriptor of this process without close-on-exec must not leak.
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        let (read, write) = try pipePair()
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["sh", "-c", "ls /proc/self/fd"], streams: .output(write))
        close(write)
        let output = readToEnd(read)
        XCTAssertEqual(child.waitForTermination(), .exited(0))
        let descriptors = Set(String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { Int($0) })
        // 0–2, and the one ls opens to read the folder.
        XCTAssertFalse(descriptors.contains(Int(leaked)), "\(descriptors)")
        XCTAssertTrue(descriptors.isSubset(of: [0, 1, 2, 3]), "\(descriptors)")
    }
}
