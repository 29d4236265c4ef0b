import Foundation

/// nghttpd, an HTTP/2-only TLS server (Debian's nghttp2-server), serving a folder.
public final class HTTP2Server {
    public let port: Int
    public let root: String
    private let process: Process

    public init(certificate: String, key: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-h2-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("<title>Over HTTP/2</title><p>h2</p>".utf8).write(to: URL(fileURLWithPath: root + "/index.html"))
        port = try HTTP2Server.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["nghttpd", "--address=127.0.0.1", "-d", root, String(port), key, certificate]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready once the port accepts connections.
        for _ in 0..<100 where !HTTP2Server.accepts(port) { usleep(20_000) }
    }

    deinit {
        process.terminate()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A loopback port nothing listens on (bound, read, and closed again).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { throw TestServerError.badStartLine("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
