import XCTest
import Foundation
@testable import TernKit
import TernCSS
import TernNet
import TernTestSupport

/// Issue 27, item 6: the style sheets one page fetches share one budget
/// (`StyleSheetBudget`: 32 MB of bytes, 100 000 rules), whatever their
/// count: an `@import` tree of compressed sheets does not multiply the
/// per-sheet cap. The sheets past the budget are dropped with a console
/// message, and the page renders with those that fit. The test lowers the
/// budget (a real one would take a test hundreds of megabytes to pass).
final class StyleSheetBudgetTests: SecurityTestCase {
    private var console: [String] = []
    private let defaults = (bytes: StyleSheetBudget.maximumBytes, rules: StyleSheetBudget.maximumRules,
                            tokens: StyleSheetBudget.maximumTokens)

    override func setUp() {
        super.setUp()
        console = []
        webView.onConsoleMessage = { [weak self] in self?.console.append("\($0.level): \($0.text)") }
    }

    override func tearDown() {
        StyleSheetBudget.maximumBytes = defaults.bytes
        StyleSheetBudget.maximumRules = defaults.rules
        StyleSheetBudget.maximumTokens = defaults.tokens
        super.tearDown()
    }

    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// A page linking `/sheet` as the root of `graph`, each sheet's body `body` × `repeat`, gzip-compressed.
    private func load(graph: String, body: String, repeat count: Int, key: String) {
        let sheet = "/sheet?key=\(key)&n=root&graph=\(encode(graph))&body=\(encode(body))&repeat=\(count)&gzip=1"
        let html = "<!DOCTYPE html><title>Sheets</title><link rel=stylesheet href='\(sheet)'><p>The page renders.</p>"
        loadAndWait(http("a.test", "/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode(html)))
        XCTAssertEqual(recorder.events.last, "finish")
    }

    /// The page's fetched sheets, imports included, each once.
    private var fetchedSheets: [StyleSheet] {
        _ = webView.pageLayout(width: 80)  // collects the sheets
        var found: [StyleSheet] = []
        func add(_ sheet: StyleSheet) {
            guard !found.contains(where: { $0 === sheet }) else { return }
            found.append(sheet)
            for rule in sheet.imports { if let imported = rule.sheet { add(imported) } }
        }
        for entry in webView.page.session.styles.sheets where entry.sheet.origin == .author { add(entry.sheet) }
        return found
    }

    private var renders: Bool {
        webView.pageLayout(width: 80)?.plainText(references: false).contains("The page renders.") ?? false
    }

    /// Eleven sheets of 400 rules each (4 400) against a budget of 2 000 rules.
    func testRulesPastThePageBudgetAreDropped() {
        StyleSheetBudget.maximumRules = 2000
        let key = UUID().uuidString
        load(graph: "root:a.b.c.d.e.f.g.h.i.j", body: "p { color: red }\n", repeat: 400, key: key)
        let rules = fetchedSheets.reduce(0) { $0 + $1.rules.count }
        XCTAssertEqual(sheetRequests(key).count, 11, "every sheet was fetched")
        XCTAssertLessThanOrEqual(rules, 2000, "the rules held stay within the budget")
        XCTAssertGreaterThan(rules, 1000, "the sheets that fit are applied")
        XCTAssertTrue(console.contains { $0.hasPrefix("error:") && $0.contains("budget") }, "\(console)")
        XCTAssertTrue(renders)
    }

    /// Nine sheets of 300 KB each (a few KB compressed: 2.7 MB decoded) against a budget of 1 MB.
    func testBytesPastThePageBudgetAreDropped() {
        StyleSheetBudget.maximumBytes = 1 << 20
        let key = UUID().uuidString
        let comment = "/* " + String(repeating: "x", count: 1000) + " */\n"
        load(graph: "root:a.b.c.d.e.f.g.h", body: comment, repeat: 300, key: key)
        XCTAssertEqual(sheetRequests(key).count, 9, "every sheet was fetched")
        let kept = fetchedSheets.count
        XCTAssertGreaterThanOrEqual(kept, 1)
        XCTAssertLessThanOrEqual(kept, 3, "at most 1 MB of 300 KB sheets is kept")
        XCTAssertTrue(console.contains { $0.hasPrefix("error:") && $0.contains("budget") }, "\(console)")
        XCTAssertTrue(renders)
    }

    /// A dense sheet of one rule (a selector list of 30 000 names: 60 000
    /// tokens, a few hundred KB) counts by its tokens, against a budget of
    /// 100 000: the first fits, the second is dropped unparsed.
    func testTokensPastThePageBudgetAreDropped() {
        StyleSheetBudget.maximumTokens = 100_000
        let key = UUID().uuidString
        load(graph: "root:a", body: "a,", repeat: 30_000, key: key)
        XCTAssertEqual(sheetRequests(key).count, 2, "both sheets were fetched")
        XCTAssertEqual(fetchedSheets.count, 1, "one sheet of 60 000 tokens fits, two do not")
        XCTAssertTrue(console.contains { $0.hasPrefix("error:") && $0.contains("tokens") }, "\(console)")
        XCTAssertTrue(renders)
        XCTAssertEqual(StyleSheetBudget.bounds("p { color: red }\n").tokens, 11, "p ws { ws color : ws red ws } ws")
        XCTAssertEqual(StyleSheetBudget.bounds("@media print { a { b: c } }").rules, 3)
    }

    /// `<style>` sheets a script makes share the budget: three of 900 rules
    /// against 2 000, the third dropped (never parsed); removing one gives
    /// its rules back, and the third then applies.
    func testStyleElementsShareTheBudget() {
        StyleSheetBudget.maximumRules = 2000
        loadAndWait(http("a.test", "/mime?type=text/html&body=" + encode("<!DOCTYPE html><title>Styles</title><p>The page renders.</p>")))
        _ = value("""
            var made = [];
            for (var i = 0; i < 3; i++) {
              var style = document.createElement('style');
              style.textContent = ('.c' + i + ' { color: red }\\n').repeat(900);
              document.head.appendChild(style); made.push(style);
            }
            0
            """)
        XCTAssertEqual(value("document.styleSheets.length"), .number(2))
        XCTAssertTrue(console.contains { $0.hasPrefix("error:") && $0.contains("budget") }, "\(console)")
        XCTAssertTrue(renders)
        _ = value("made[0].remove(); made[2].textContent += ' '; 0")
        XCTAssertEqual(value("document.styleSheets.length"), .number(2))
        XCTAssertEqual(value("document.styleSheets[1].ownerNode === made[2] && document.styleSheets[1].cssRules.length"), .number(900))
    }
}
