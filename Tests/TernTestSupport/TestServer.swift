import Foundation
import TernNet

/// The project's own HTTP test server (Tests/TestServer/test_server.py),
/// started on 127.0.0.1 at a free port. It exits when this process does:
/// it watches its stdin, which only this object holds open.
public final class TestServer {
    public let port: Int
    private let process: Process
    private let stdin: Pipe

    /// One server shared by every test of a process (started on first use).
    public static let shared: TestServer = {
        do { return try TestServer() } catch { fatalError("cannot start the test server: \(error)") }
    }()

    /// The scheme the server speaks: "http", or "https" when started with a certificate.
    public let scheme: String

    /// Starts a server; with `certificate` and `key` (PEM files) it speaks HTTPS.
    /// With `staticRoot`, the server serves that folder's files instead of its routes.
    /// With `port`, it listens there (to restart a server at the same address).
    public init(certificate: String? = nil, key: String? = nil, staticRoot: String? = nil, port fixedPort: Int? = nil) throws {
        var arguments: [String] = []
        if let fixedPort { arguments += ["--port", String(fixedPort)] }
        if let certificate, let key { arguments += ["--tls-cert", certificate, "--tls-key", key] }
        if let staticRoot { arguments += ["--static-root", staticRoot] }
        scheme = certificate == nil ? "http" : "https"
        (process, stdin, port) = try TestServer.launch(script: "test_server.py", arguments: arguments)
    }

    /// Starts `python3 Tests/TestServer/<script> <arguments>` and reads its
    /// "PORT <n>" line; the process exits when the returned pipe is closed.
    static func launch(script: String, arguments: [String]) throws -> (Process, Pipe, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestServer.repositoryRoot + "/Tests/TestServer/" + script] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        var line = Data()
        while true {
            let byte = stdout.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            throw TestServerError.badStartLine(text)
        }
        return (process, stdin, port)
    }

    deinit {
        try? stdin.fileHandleForWriting.close()
        process.terminate()
    }

    /// `http://127.0.0.1:<port><path>` (https for a TLS server).
    public func url(_ path: String, host: String = "127.0.0.1") -> WebURL {
        WebURL("\(scheme)://\(host):\(port)\(path)")!
    }

    public func request(_ path: String, method: String = "GET", body: [UInt8]? = nil, headers: HTTPHeaders = [:]) -> Request {
        Request(url: url(path), method: method, headers: headers, body: body)
    }

    /// The repository's root folder, found from this file's path.
    public static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}

public enum TestServerError: Error {
    case badStartLine(String)
}
