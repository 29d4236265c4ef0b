import Foundation

/// The tests' loopback HTTP proxy (Tests/TestServer/test_proxy.py): CONNECT
/// tunnels and absolute-form forwarding, optionally demanding Basic proxy
/// credentials; it writes each request line it receives to `logPath`.
public final class TestProxy {
    public let port: Int
    public let logPath: String
    private let process: Process
    private let stdin: Pipe

    /// Starts a proxy; with `credentials` ("user:pass") it answers 407 without
    /// them, asking for Basic or, with `digest`, Digest.
    public init(credentials: String? = nil, digest: Bool = false) throws {
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("tern-proxy-\(UUID()).log").path
        FileManager.default.createFile(atPath: logPath, contents: nil)
        var arguments = ["--log", logPath]
        if let credentials { arguments += ["--auth", credentials] }
        if digest { arguments.append("--digest") }
        (process, stdin, port) = try TestServer.launch(script: "test_proxy.py", arguments: arguments)
    }

    deinit {
        try? stdin.fileHandleForWriting.close()
        process.terminate()
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// `http://127.0.0.1:<port>`, as curl's proxy option takes it.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// The request lines received so far ("GET http://… HTTP/1.1", "CONNECT host:port HTTP/1.1 auth").
    public var requests: [String] {
        (try? String(contentsOfFile: logPath, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }
}
