import XCTest
@testable import TernDOM

/// HTMLParser's pauses at script ends, held bytes and `write` at the insertion point.
final class HTMLParserScriptTests: XCTestCase {
    /// Feeds `html` in pieces of `size` bytes; at each script end, records the
    /// script's text and the ids of the elements parsed so far, and runs `write`.
    private func parse(_ html: String, size: Int, pauseAt pausing: Set<String> = [],
                       writes: [String: String] = [:]) -> (seen: [String], document: Document) {
        let parser = HTMLParser(charset: "utf-8")
        var seen: [String] = []
        parser.scriptEnded = { script in
            let ids = script.document.node?.elements(named: "p").compactMap { $0.attribute("id") } ?? []
            let name = script.textContent
            seen.append("\(name):\(ids.joined(separator: ","))")
            if let markup = writes[name] { XCTAssertTrue(parser.write(markup)) }
            return pausing.contains(name)
        }
        let bytes = Array(html.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + size, bytes.count)
            bytes[offset..<end].withUnsafeBytes { parser.feed($0) }
            offset = end
        }
        var document = parser.finish()
        while !parser.isComplete {
            XCTAssertTrue(parser.isPaused)
            parser.resume()
            document = parser.finish()
        }
        return (seen, document)
    }

    func testScriptsSeeOnlyWhatPrecedesThemWhateverTheChunks() {
        let html = "<p id=a>a</p><script>one</script><p id=b>b</p><script>two</script><p id=c>c</p>"
        for size in [1, 2, 3, 7, 1000] {
            XCTAssertEqual(parse(html, size: size).seen, ["one:a", "two:a,b"], "pieces of \(size)")
        }
    }

    func testAPausedParserHoldsWhatArrivesUntilResumed() {
        let result = parse("<p id=a>a</p><script>block</script><p id=b>b</p><script>next</script>", size: 5, pauseAt: ["block"])
        XCTAssertEqual(result.seen, ["block:a", "next:a,b"])
    }

    func testWriteInsertsAtTheInsertionPoint() {
        let result = parse("<body><script>w</script><p id=after>after</p></body>", size: 4,
                           writes: ["w": "<div id=written><p id=w>w</p>"])
        let after = result.document.element(withID: "after")
        XCTAssertEqual(after?.parent?.attribute("id"), "written", "the written, unclosed div takes in what follows")
    }

    func testAWrittenScriptRunsWhenItsEndTagIsParsed() {
        let result = parse("<body><p id=a>a</p><script>w</script><p id=c>c</p></body>", size: 3,
                           writes: ["w": "<p id=b>b</p><script>inner</script>"])
        XCTAssertEqual(result.seen, ["w:a", "inner:a,b"])
    }

    func testWriteWithoutAnInsertionPointIsRefused() {
        let parser = HTMLParser(charset: "utf-8")
        XCTAssertFalse(parser.write("<p>x</p>"))
        parser.finish()
        XCTAssertFalse(parser.write("<p>x</p>"))
    }

    func testAScriptTheEndOfTheInputClosesIsNotReported() {
        XCTAssertEqual(parse("<p id=a>a</p><script>unended", size: 4).seen, [])
    }

    func testTheSpeculativeScanFindsHeldScripts() {
        let parser = HTMLParser(charset: "utf-8")
        parser.scriptEnded = { _ in true }
        let html = "<script>x</script><p>held</p><script src=\"a.js?x=1&amp;y=2\"></script><SCRIPT defer src=b.js></SCRIPT>"
            + "<script type=module src=m.js></script>"
        Array(html.utf8).withUnsafeBytes { parser.feed($0) }
        XCTAssertTrue(parser.isPaused)
        XCTAssertEqual(parser.heldScriptSources(), ["a.js?x=1&y=2", "b.js"])
    }
}
