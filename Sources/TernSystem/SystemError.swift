#if canImport(Glibc)
import Glibc
#endif

/// A system call that failed: which operation, and its `errno`
/// (swift-system's `Errno`, with the operation named for the message).
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// What was being done ("socketpair", "landlock_restrict_self", …).
    public let operation: String
    /// The `errno` value the call left.
    public let code: Int32

    public init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The error of the call that just failed (reads `errno`).
    public static func last(_ operation: String) -> SystemError {
        SystemError(operation, code: errno)
    }

    public var description: String {
        "\(operation): \(String(cString: strerror(code)))"
    }
}
