import XCTest
import Foundation
import TernKit
import TernTerminal
import TernTestSupport
@testable import TernBrowser

/// The everyday commands on the shown page (Browser+PageCommands): view
/// source, save, copy URLs, and the `o` prompt's Tab completion, on a
/// terminal kept in memory with the real Browser, WebView and test server.
final class PageCommandsTests: BrowserTestCase {
    override func makeDataStore() throws -> WebsiteDataStore {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return persistentDataStore(in: "profile")
    }

    override func tearDown() {
        chmod(folder + "/locked", 0o755)  // so that the folder can be removed
        super.tearDown()
    }

    /// Opens a file of `html` and waits until it is shown.
    private func open(html: String, named name: String = "page.html", showing text: String) throws -> String {
        let path = folder + "/" + name
        try Data(html.utf8).write(to: URL(fileURLWithPath: path))
        try browser.start(opening: path)
        waitForScreen(text) { terminal.text.contains(text) && !terminal.line(0).contains("[loading]") }
        return path
    }

    // MARK: View source

    func testViewSourceShowsTheColouredSanitizedSourceAndTogglesBack() throws {
        let html = "<!DOCTYPE html><title>Src</title>\n<p class=x>Hello &amp; <b>bye</b>\n<!-- \u{1B}]52;c;cHduZWQ=\u{07} -->\n"
        _ = try open(html: html, showing: "Hello & bye")
        terminal.press(.character("j"))
        browser.viewSource()
        browser.draw()
        XCTAssertTrue(terminal.line(0).hasPrefix(" Source of file://"), terminal.line(0))
        XCTAssertEqual(terminal.line(1), "<!DOCTYPE html><title>Src</title>")
        XCTAssertEqual(terminal.line(2), "<p class=x>Hello &amp; <b>bye</b>")
        XCTAssertEqual(terminal.line(3), "<!-- ␛]52;c;cHduZWQ=␇ -->", "control bytes shown, not sent")
        XCTAssertEqual(statusLine, "The page's source: press \\ for the page")
        let tag = terminal.screen[2][0].style, name = terminal.screen[2][3].style, reference = terminal.screen[2][17].style
        XCTAssertTrue(tag.bold)
        XCTAssertNotNil(tag.foregroundRGB)
        XCTAssertNotEqual(name.foregroundRGB, tag.foregroundRGB)
        XCTAssertNotEqual(reference.foregroundRGB, name.foregroundRGB)
        XCTAssertNil(terminal.screen[2][12].style.foregroundRGB, "text in the terminal's colour")
        // Searching works in the source as on a page.
        XCTAssertTrue(browser.tab.viewport.find("&amp;"))
        // The same command shows the page again, as it was left.
        browser.viewSource()
        browser.draw()
        XCTAssertTrue(terminal.text.contains("Hello & bye"))
        XCTAssertEqual(terminal.line(0).trimmingCharacters(in: .whitespaces), "Src")
    }

    func testFollowingALinkLeavesTheSource() throws {
        _ = try open(html: "<a href=\"other.html\">next</a>", showing: "next")
        try Data("<p>Other page".utf8).write(to: URL(fileURLWithPath: folder + "/other.html"))
        browser.viewSource()
        browser.draw()
        XCTAssertTrue(terminal.text.contains("<a href=\"other.html\">next</a>"))
        XCTAssertNil(browser.tab.viewport.focusedTarget)
        _ = browser.tab.webView.load(userURL: WebURL(filePath: folder + "/other.html")!)
        waitForScreen("the other page") { terminal.text.contains("Other page") }
        XCTAssertNil(browser.tab.sourceView)
    }

    func testTheSourceIsDecodedWithThePagesEncoding() throws {
        let path = folder + "/latin.html"
        try Data(Array("<meta charset=windows-1252><p>caf".utf8) + [0xE9, 0x20, 0x80]).write(to: URL(fileURLWithPath: path))
        try browser.start(opening: path)
        waitForScreen { terminal.text.contains("café €") }
        XCTAssertEqual(browser.tab.webView.sourceEncoding, "windows-1252")
        browser.viewSource()
        browser.draw()
        XCTAssertEqual(terminal.line(1), "<meta charset=windows-1252><p>café €")
    }

    /// A 5 MB page's source is shown, scrolled and searched quickly (the
    /// time is printed for the record).
    func testAFiveMegabyteSourceStaysResponsive() throws {
        let row = "<tr><td class=\"cell\">row &amp; column</td><td><a href=\"/x?a=1&b=2\">link</a></td></tr>\n"
        let html = "<table>\n" + String(repeating: row, count: 5_000_000 / row.utf8.count) + "</table><p>END"
        let path = folder + "/big.html"
        try Data(html.utf8).write(to: URL(fileURLWithPath: path))
        try browser.start(opening: path)
        waitForScreen { !browser.tab.webView.isLoading && terminal.text.contains("row & column") }
        var start = Date()
        browser.viewSource()
        browser.draw()
        let shown = Date().timeIntervalSince(start)
        XCTAssertTrue(terminal.line(2).hasPrefix("<tr><td class=\"cell\">"), terminal.text)
        start = Date()
        browser.perform(.bottom)
        browser.draw()
        XCTAssertTrue(browser.tab.viewport.find("<p>END", forward: false))
        let moved = Date().timeIntervalSince(start)
        print("view source of a 5 MB page: shown in \(shown) s; to the end and searched in \(moved) s")
        XCTAssertLessThan(shown, 20)
    }

    // MARK: Copy URLs

    func testCopyThePageURLAndTheFocusedLinksURL() throws {
        let path = try open(html: "<p><a href=\"https://example.com/a?b=c\">one</a>", showing: "one")
        browser.copyPageURL()
        XCTAssertEqual(terminal.clipboard, [WebURL(filePath: path)!.href])
        browser.draw()
        XCTAssertTrue(("Copied: " + WebURL(filePath: path)!.href).hasPrefix(statusLine), statusLine)
        browser.copyFocusedLinkURL()
        browser.draw()
        XCTAssertEqual(statusLine, "No link is focused (Tab moves to the next one)")
        XCTAssertEqual(terminal.clipboard.count, 1)
        terminal.press(.tab)
        waitForScreen { browser.tab.viewport.focusedTarget != nil }
        browser.copyFocusedLinkURL()
        XCTAssertEqual(terminal.clipboard.last, "https://example.com/a?b=c")
    }

    func testAURLOverTheLimitIsNotCopied() throws {
        let long = "https://example.com/" + String(repeating: "a", count: Browser.clipboardLimit)
        _ = try open(html: "<a href=\"\(long)\">long</a>", showing: "long")
        terminal.press(.tab)
        waitForScreen { browser.tab.viewport.focusedTarget != nil }
        browser.copyFocusedLinkURL()
        browser.draw()
        XCTAssertEqual(terminal.clipboard, [])
        XCTAssertEqual(statusLine, "Not copied: the URL is longer than 64 KB")
    }

    // MARK: Save page

    /// Chooses in the save menu (0: text, 1: HTML) and answers the path prompt with `path`.
    private func save(choice: Int, to path: String) {
        browser.savePage()
        XCTAssertTrue(browser.modals.last is MenuBox)
        if choice == 1 { browser.handle(.down) }
        browser.handle(.enter)
        XCTAssertTrue(browser.modals.last is PromptBox)
        browser.handle(.control("u"))
        for character in path { browser.handle(.character(character)) }
        browser.handle(.enter)
        browser.draw()
    }

    func testSaveAsTextAndAsHTMLWithoutOverwritingUnasked() throws {
        let html = "<title>T</title><h1>Heading</h1><p>Body <a href=\"https://example.com/\">link</a>\n"
        _ = try open(html: html, showing: "Heading")
        browser.savePage()
        browser.handle(.enter)
        browser.draw()
        XCTAssertTrue(terminal.text.contains("Save as text"))
        browser.handle(.escape)
        XCTAssertTrue(browser.modals.isEmpty)

        save(choice: 0, to: folder + "/out.txt")
        XCTAssertTrue(statusLine.hasPrefix("Saved the page as text to /"), statusLine)
        let text = try String(contentsOfFile: folder + "/out.txt", encoding: .utf8)
        XCTAssertTrue(text.contains("Heading") && text.contains("Body [1]link"), text)
        XCTAssertTrue(text.contains("1. https://example.com/"), "the list of links at the end: \(text)")
        var info = stat()
        XCTAssertEqual(stat(folder + "/out.txt", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o644)

        save(choice: 1, to: folder + "/out.html")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.html")), Data(html.utf8), "the bytes as received")

        // An existing file: a question; "Cancel" asks for another name and changes nothing.
        save(choice: 1, to: folder + "/out.txt")
        XCTAssertTrue(terminal.text.contains("exists already. Replace it?"), terminal.text)
        browser.handle(.character("n"))
        XCTAssertTrue(browser.modals.last is PromptBox)
        browser.handle(.escape)
        XCTAssertEqual(try String(contentsOfFile: folder + "/out.txt", encoding: .utf8), text)
        // "Replace" replaces it.
        save(choice: 1, to: folder + "/out.txt")
        browser.handle(.character("y"))
        browser.draw()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.txt")), Data(html.utf8))
        XCTAssertTrue(statusLine.hasPrefix("Saved the HTML source"), statusLine)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tern-") }
        XCTAssertEqual(leftovers, [], "no temporary file left")
    }

    func testSavingWhereItCannotBeWrittenSaysWhyAndAsksAgain() throws {
        _ = try open(html: "<p>Body", showing: "Body")
        save(choice: 0, to: folder)
        XCTAssertTrue(terminal.text.contains("is a folder"), terminal.text)
        XCTAssertTrue(browser.modals.last is PromptBox, "asked again, with the typed path")
        browser.handle(.escape)
        save(choice: 0, to: folder + "/missing/page.txt")
        XCTAssertEqual(browser.message?.text, "Could not save to \(folder)/missing/page.txt: No such file or directory")
        browser.handle(.escape)
        // A folder without write permission (for root, which permissions do
        // not stop, sysfs, where no file can be made).
        try FileManager.default.createDirectory(atPath: folder + "/locked", withIntermediateDirectories: true)
        chmod(folder + "/locked", 0o555)
        let locked = access(folder + "/locked", W_OK) != 0 ? folder + "/locked/page.txt" : "/sys/page.txt"
        save(choice: 0, to: locked)
        XCTAssertEqual(browser.message?.text, "Could not save to \(locked): Permission denied")
        XCTAssertEqual(browser.message?.isError, true)
        XCTAssertTrue(browser.modals.last is PromptBox)
        XCTAssertFalse(FileManager.default.fileExists(atPath: locked))
    }

    func testTheSuggestedNameFollowsTheURLAndTakesNoExistingFile() throws {
        try Data().write(to: URL(fileURLWithPath: folder + "/report.txt"))
        XCTAssertEqual(PageSaver.suggestedPath(in: folder, for: WebURL("https://example.com/docs/report.html"), extension: "txt"),
                       folder + "/report (1).txt")
        XCTAssertEqual(PageSaver.suggestedPath(in: folder, for: WebURL("https://example.com/"), extension: "html"),
                       folder + "/example.com.html")
        XCTAssertEqual(PageSaver.suggestedPath(in: folder, for: WebURL("https://example.com/..%2F..%2Fetc%2Fpasswd"), extension: "html"),
                       folder + "/passwd.html")
    }

    // MARK: Completion in the `o` prompt

    func testTabInTheOpenPromptCompletesFromHistory() throws {
        let history = browser.configuration.websiteDataStore.history
        history.recordVisit(to: WebURL("https://www.example.org/old")!, title: "Old page", at: 1)
        history.recordVisit(to: WebURL("https://docs.example.com/guide")!, title: "Guide", at: 2)
        history.recordVisit(to: WebURL("http://example.com/new")!, title: "Newest", at: 3)
        history.recordVisit(to: WebURL("https://other.test/about-example")!, title: "About", at: 4)
        _ = try open(html: "<p>Start", showing: "Start")
        browser.handle(.character("o"))
        let prompt = try XCTUnwrap(browser.modals.last as? StatusPrompt, "o opens the prompt")
        XCTAssertNotNil(prompt.completion, "the o prompt completes")
        browser.handle(.control("u"))
        for character in "exam" { browser.handle(.character(character)) }
        browser.handle(.tab)
        browser.draw()
        // URL prefixes first (without scheme and www.), newest first; then substrings.
        XCTAssertEqual(prompt.text, "http://example.com/new")
        XCTAssertTrue(statusLine.hasSuffix("(1/4)"), statusLine)
        browser.handle(.tab)
        XCTAssertEqual(prompt.text, "https://www.example.org/old")
        browser.handle(.tab)
        XCTAssertEqual(prompt.text, "https://other.test/about-example")
        browser.handle(.tab)
        XCTAssertEqual(prompt.text, "https://docs.example.com/guide")
        browser.handle(.tab)
        XCTAssertEqual(prompt.text, "http://example.com/new", "cycles round")
        browser.handle(.backTab)
        XCTAssertEqual(prompt.text, "https://docs.example.com/guide")
        browser.draw()
        XCTAssertTrue(statusLine.hasSuffix("(4/4)"), statusLine)
        browser.handle(.escape)
        XCTAssertEqual(prompt.text, "exam", "Esc gives back what was typed")
        XCTAssertTrue(browser.modals.last === prompt, "and keeps the prompt")
        browser.handle(.character("z"))
        browser.handle(.tab)
        browser.draw()
        XCTAssertTrue(statusLine.hasSuffix("(no match)"), statusLine)
        browser.handle(.escape)
        browser.handle(.escape)
        XCTAssertTrue(browser.modals.isEmpty, "a second Esc cancels")
    }

    func testCompletionOrderAcrossSourcesAndTitles() {
        let bookmarks: URLCompletion.Source = { _, _ in
            [.init(url: "https://rust-lang.org/", title: "Rust"), .init(url: "https://example.net/rust", title: "x")]
        }
        let history: URLCompletion.Source = { _, _ in
            [.init(url: "https://blog.test/", title: "Rusty notes"), .init(url: "https://rust-lang.org/", title: "Rust"),
             .init(url: "https://www.rustup.rs/", title: "")]
        }
        let completion = URLCompletion(sources: [bookmarks, history])
        XCTAssertEqual(completion.candidates(for: "rust"),
                       ["https://rust-lang.org/", "https://www.rustup.rs/", "https://example.net/rust", "https://blog.test/"])
        XCTAssertEqual(completion.candidates(for: "HTTPS://WWW.RU"), ["https://www.rustup.rs/"])
        XCTAssertEqual(URLCompletion(sources: [history], limit: 1).candidates(for: ""), ["https://blog.test/"])
        XCTAssertTrue(URLCompletion.url("file:///tmp/a", startsWith: "/tmp"))
        XCTAssertFalse(URLCompletion.url("https://www.a.b/", startsWith: "b"))
    }

    func testPathCompletionInPromptsStillWorks() throws {
        try FileManager.default.createDirectory(atPath: folder + "/unique-folder", withIntermediateDirectories: true)
        XCTAssertEqual(PathCompletion.complete(folder + "/unique-f"), folder + "/unique-folder/")
    }
}
