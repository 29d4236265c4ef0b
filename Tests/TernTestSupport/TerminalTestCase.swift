import XCTest
import Foundation

/// A test of the real `tern` in tmux: `browse` starts a `TerminalSession`
/// against the shared test server, and tearDown closes every session the
/// test started. A subclass that removes files of its own at tearDown calls
/// `super.tearDown()` first, so that no tern still runs on them.
open class TerminalTestCase: XCTestCase {
    /// The loopback test server the pages come from.
    public var server: TestServer { TestServer.shared }
    /// The sessions started by the test, closed at tearDown.
    public var sessions: [TerminalSession] = []

    /// The terminal's width when `browse` is given none: 80 unless a subclass says otherwise.
    open var defaultColumns: Int { 80 }

    open override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        super.tearDown()
    }

    /// Starts `tern arguments` in a `columns` (else `defaultColumns`) ×
    /// `rows` terminal of type `term`, with `config` as its settings file and
    /// `environment` added (see `TerminalSession.init`); closed at tearDown.
    public func browse(_ arguments: [String], columns: Int? = nil, rows: Int = 24, term: String = "xterm-256color",
                       config: String? = nil, environment: [String: String] = [:]) throws -> TerminalSession {
        let session = try TerminalSession(arguments, columns: columns ?? defaultColumns, rows: rows, term: term,
                                          environment: environment, config: config)
        sessions.append(session)
        return session
    }
}
