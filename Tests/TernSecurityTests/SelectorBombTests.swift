import XCTest
import Foundation
import TernKit
import TernTestSupport

/// Issue 27, item 4: selector matching has a bound. Nested `:has()` over a
/// few hundred nested elements is cached per element and argument (as
/// WebKit and Blink do for one style pass), so it is polynomial; style and
/// layout work that is still long (a `:has()` tested on each of tens of
/// thousands of siblings searches all the following ones: quadratic) ends at
/// `--timeout` and at a key that quits or stops.
final class SelectorBombTests: TerminalPageTestCase {
    /// Nested `:has()` in each form the matcher meets it: in a `:has()`
    /// argument's compound, directly, in `:is()`, in `:not()`, in `of S`;
    /// over 300 nested elements (exponential in the nesting without the cache).
    private static let nestedHasPage = """
        <title>Nested has</title>
        <style>
        div:has(div:has(div:has(div:has(div:has(span))))) { color: red }
        div:has(div:has(div:has(div:has(span, q), q), q), q) { color: red }
        div:has(> div:has(div:has(> div:has(div:has(> span))))) { color: red }
        div:has(:has(:has(:has(b)))) { color: red }
        div:is(:has(:is(:has(:is(:has(i)))))) { color: blue }
        div:not(:has(:not(:has(:not(:has(u)))))) { color: blue }
        div:nth-child(odd of :has(:has(:has(em)))) { color: green }
        </style>
        """ + String(repeating: "<div>", count: 300) + "<p>deep</p>" + String(repeating: "</div>", count: 300) + "<p>the end</p>"

    /// A quadratic `:has()`, still: each of 30 000 siblings searches the ones
    /// after it (minutes of matching; `:has(~ b)` alone would be answered
    /// from the next sibling's answer). The page builds them from a script, so
    /// its URL stays small.
    private static let quadraticPage = """
        <title>Quadratic</title><style>i:has(~ i > b) { color: red }</style>
        <p>before the list</p><p id=list></p>
        <script>document.getElementById('list').innerHTML = '<i>x</i>'.repeat(30000);</script>
        """

    /// Runs `tern --dump` with `arguments`; nil when it was still running after `limit` seconds (then killed).
    private func dump(_ arguments: [String], limit: Double) throws -> (status: Int32, stdout: String, stderr: String)? {
        try runTern(["--dump"] + arguments, limit: limit)
    }

    /// The nested `:has()` page is laid out whole, in well under the 10 s
    /// allowed (a fraction of a second; without the cache, not in hours),
    /// and --timeout is far away: the cache did it, not the deadline.
    func testNestedHasIsLaidOutQuickly() throws {
        let url = page(SelectorBombTests.nestedHasPage)
        let run = try XCTUnwrap(try dump(["--timeout", "60", url.href], limit: 10),
                                "tern --dump held the CPU for 10 s on 300 elements of nested :has()")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("deep") && run.stdout.contains("the end"), run.stdout)
        XCTAssertFalse(run.stdout.contains("Tern stopped laying out"), run.stdout)
    }

    /// `--timeout 2` ends a style pass that would take minutes: the part laid
    /// out is printed, ending in the notice, and tern says why it failed.
    func testDumpTimeoutEndsALongStylePass() throws {
        let url = page(SelectorBombTests.quadraticPage)
        let run = try XCTUnwrap(try dump(["--timeout", "2", url.href], limit: 15),
                                "tern --dump --timeout 2 was still laying the page out after 15 s")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("took too long"), run.stderr)
        XCTAssertTrue(run.stdout.contains("before the list"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[Tern stopped laying out this page here: it took too long.]"), run.stdout)
    }

    /// In the real terminal: the page's first layout takes minutes (its
    /// title is shown before); q must still get the quit question at once, and y quit.
    func testQIsAnsweredDuringALongLayout() throws {
        let tern = try browse(html: SelectorBombTests.quadraticPage)
        tern.waitFor("Quadratic")
        usleep(1_000_000)  // the layout runs
        tern.press("q")
        tern.waitFor("Quit Tern?", timeout: 5)
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(timeout: 15), 0, "the quit question was answered:\n\(tern.screen())")
        assertTerminalRestored(tern)
    }

    /// Esc stops the long layout: the page shows what was laid out and says
    /// the rest is missing, and moving about does not start the layout again
    /// (the end of the page is reached at once).
    func testEscStopsALongLayoutOnce() throws {
        let tern = try browse(html: SelectorBombTests.quadraticPage)
        tern.waitFor("Quadratic")
        usleep(1_000_000)  // the layout runs
        tern.press("Escape")
        usleep(300_000)  // Esc alone, not the start of an Alt key with the next one
        tern.press("End")
        tern.waitFor("Tern stopped laying out this page here", timeout: 5)
        tern.press("Home")
        tern.waitFor("before the list", timeout: 5)
        tern.press("q")
        tern.waitFor("Quit Tern?", timeout: 5)
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(timeout: 15), 0, tern.screen())
    }

    /// The same quadratic `:has()`, asked by a script (`querySelectorAll`,
    /// `matches`, `closest`): one native call of minutes, which the engine's
    /// watchdog does not see. `--timeout 2` ends it.
    private static func scriptQueryPage(_ query: String) -> String {
        """
        <title>Query</title><p>before the query</p><p id=list></p>
        <script>
        var list = document.getElementById('list');
        list.innerHTML = '<i>x</i>'.repeat(30000);
        var first = list.firstChild;
        document.title = 'asking';
        \(query);
        document.title = 'answered';
        </script>
        """
    }

    private static let scriptQueries = [
        "document.querySelectorAll('i:has(~ i > b)')",
        "document.querySelector('i:has(~ i > b)')",
        "for (var n = list.firstChild; n; n = n.nextSibling) n.matches('i:has(~ i > b)')",
        "for (var n = list.firstChild; n; n = n.nextSibling) n.closest('i:has(~ i > b)')",
    ]

    func testDumpTimeoutEndsALongScriptQuery() throws {
        for query in SelectorBombTests.scriptQueries {
            let url = page(SelectorBombTests.scriptQueryPage(query))
            let run = try dump(["--timeout", "2", url.href], limit: 15)
            XCTAssertNotNil(run, "tern --dump --timeout 2 was still running \(query) after 15 s")
        }
    }

    /// The script time limit counts a query's time: the query ends, the
    /// script with it (its next line does not run), and the page's next task runs.
    func testTheScriptTimeLimitEndsALongQuery() {
        makeSecureWebView { $0.scriptTimeLimit = 1 }
        for query in SelectorBombTests.scriptQueries {
            let started = Date()
            loadAndWait(page(SelectorBombTests.scriptQueryPage(query)
                             + "<script>setTimeout(function () { document.title = 'next task ran'; }, 0);</script>"))
            wait(timeout: 10) { webView.title == "next task ran" }
            XCTAssertEqual(webView.title, "next task ran", query)
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(query) ran past the 1 s limit")
            XCTAssertEqual(value("document.querySelectorAll('i').length"), .number(30000))
        }
    }
}
