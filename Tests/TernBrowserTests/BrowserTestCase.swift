import XCTest
import Foundation
import TernKit
import TernTerminal
import TernTestSupport
@testable import TernBrowser

/// A test of the real Browser, with a real WebView and the test server, on
/// a terminal kept in memory (no tmux). Each test gets a fresh event loop,
/// terminal and browser; tearDown finishes the browser and removes `folder`.
///
/// A subclass chooses the website data store with `makeDataStore()` (in
/// memory unless it returns a real profile, e.g. in `folder`) and the
/// terminal's size with `terminalSize`.
class BrowserTestCase: XCTestCase {
    var loop: EventLoop!
    var terminal: MemoryTerminal!
    var browser: Browser!
    var server: TestServer { TestServer.shared }
    /// A temporary folder of this test's own (not made here), removed at
    /// tearDown: the place for a persistent profile or files the test writes.
    private(set) var folder = ""

    /// The terminal's size; 24 × 80 unless a subclass says otherwise.
    var terminalSize: (rows: Int, columns: Int) { (24, 80) }

    /// The data store of the browser's configuration, made after `loop` and
    /// `folder`: non-persistent unless a subclass overrides this.
    func makeDataStore() throws -> WebsiteDataStore {
        .nonPersistent()
    }

    /// A persistent data store (a real profile) in `folder`, or in `subfolder` of it.
    func persistentDataStore(in subfolder: String? = nil) -> WebsiteDataStore {
        WebsiteDataStore(directory: subfolder.map { folder + "/" + $0 } ?? folder)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-\(type(of: self))-\(UUID())").path
        loop = EventLoop()
        var configuration = WebViewConfiguration()
        configuration.eventLoop = loop
        configuration.websiteDataStore = try makeDataStore()
        terminal = MemoryTerminal(rows: terminalSize.rows, columns: terminalSize.columns)
        browser = Browser(configuration: configuration, terminal: terminal)
    }

    override func tearDown() {
        browser?.finish()
        browser?.configuration.websiteDataStore.close()
        browser = nil
        terminal = nil
        loop = nil
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// Runs the browser's loop until `condition` holds (at most 15 s); fails
    /// with the screen, saying what never came, if it does not.
    func waitForScreen(_ what: String = "it", file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) {
        XCTAssertTrue(loop.run(until: condition, timeout: 15), "the screen never showed \(what):\n\(terminal.text)", file: file, line: line)
    }

    /// The screen's last row.
    var statusLine: String { terminal.line(terminal.rows - 1) }
}
