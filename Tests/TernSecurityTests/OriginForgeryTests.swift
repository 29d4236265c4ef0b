import XCTest
import Foundation
import TernKit
import TernTestSupport

/// Issue 27, items 1 and 2: a document's origin is set when it is created
/// and never follows its URL, and `pushState` may only rewrite a URL where
/// HTML's "can have its URL rewritten" allows; a local page's scripts read
/// no files.
final class OriginForgeryTests: SecurityTestCase {
    /// The parent (a.test, with a cookie) collects what its frame reports.
    private func loadVictim(frame: String) {
        let victim = """
            <title>Victim</title>
            <script>
              document.cookie = 'session=victim-secret';
              window.reports = [];
              addEventListener('message', function (e) { reports.push({ origin: e.origin, data: e.data }); });
            </script>
            \(frame)
            """
        loadAndWait(http("a.test", "/mime?type=text/html&body=\(victim.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"))
        wait { self.value("reports.length") == .number(1) }
    }

    /// The frame's attack: forge its URL, then read the parent and a file.
    private static let attack = """
        var r = [];
        ['about:blank', 'file:///etc/passwd', 'about:history', 'about:blank#x'].forEach(function (u) {
          try { history.pushState(null, '', u); r.push(u + ' rewritten'); } catch (e) { r.push(u + ' ' + e.name); }
        });
        try { r.push('parent cookie ' + parent.document.cookie); } catch (e) { r.push('parent ' + e.name); }
        try { var x = new XMLHttpRequest(); x.open('GET', 'file:///etc/passwd', false); x.send(); r.push('file read ' + x.responseText.length); }
        catch (e) { r.push('file ' + e.name); }
        parent.postMessage(r.join('|'), '*');
        """

    func testADataFrameCannotTakeAnotherURLWithPushState() throws {
        let frame = "data:text/html," + "<script>\(OriginForgeryTests.attack)</script>"
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        loadVictim(frame: #"<iframe src="\#(frame)"></iframe>"#)
        guard case .string(let report)? = value("reports[0].data") else { return XCTFail("no report") }
        let parts = report.split(separator: "|").map(String.init)
        XCTAssertEqual(parts[0], "about:blank SecurityError", report)
        XCTAssertEqual(parts[1], "file:///etc/passwd SecurityError", report)
        XCTAssertEqual(parts[2], "about:history SecurityError", report)
        XCTAssertEqual(parts[3], "about:blank#x SecurityError", "a data: URL is not about:blank, fragment or not")
        XCTAssertEqual(parts[4], "parent SecurityError", "the data: frame stays cross-origin: \(report)")
        XCTAssertTrue(parts[5].hasPrefix("file "), report)
        XCTAssertFalse(report.contains("victim-secret"))
        XCTAssertEqual(value("reports[0].origin"), .string("null"), "its messages carry its own opaque origin")
    }

    func testASrcdocFrameCannotBecomeAFileOrABrowserPage() throws {
        let frame = "<script>\(OriginForgeryTests.attack)</script>".replacingOccurrences(of: "\"", with: "&quot;")
        loadVictim(frame: #"<iframe srcdoc="\#(frame)"></iframe>"#)
        guard case .string(let report)? = value("reports[0].data") else { return XCTFail("no report") }
        let parts = report.split(separator: "|").map(String.init)
        XCTAssertEqual(parts[0], "about:blank SecurityError", "about:srcdoc is not about:blank: \(report)")
        XCTAssertEqual(parts[1], "file:///etc/passwd SecurityError", report)
        XCTAssertEqual(parts[2], "about:history SecurityError", report)
        XCTAssertEqual(parts[3], "about:blank#x SecurityError", report)
        XCTAssertTrue(parts[5].hasPrefix("file "), "no file is read, whatever the frame's URL: \(report)")
        XCTAssertEqual(value("reports[0].origin"), .string(http("a.test", "/").origin), "srcdoc has its parent's origin")
    }

    func testATopLevelPageRewritesOnlyWithinItsOrigin() {
        loadAndWait(http("a.test", "/mime?type=text/html&body=%3Ctitle%3Ep%3C/title%3E"))
        _ = value("window.tried = ['/elsewhere?q=1', 'http://b.test/', 'about:blank', 'file:///etc/passwd'].map(function (u) {"
                  + " try { history.pushState(null, '', u); return 'ok'; } catch (e) { return e.name; } }).join(' ')")
        XCTAssertEqual(value("tried"), .string("ok SecurityError SecurityError SecurityError"))
        XCTAssertEqual(webView.url?.pathname, "/elsewhere")
    }

    /// A frame's script requests carry the frame document's origin, never
    /// one read from its URL: a frame sandboxed without `allow-same-origin`
    /// is opaque (its own server's answer is cross-origin to it, `Origin:
    /// null`), an `about:srcdoc` frame has its parent's (same-origin).
    func testAFramesRequestsCarryItsOriginNotItsURLs() {
        let key = uniqueKey()
        let target = http("a.test", "/cors?key=\(key)").href
        let probe = { (label: String) in
            "<script>fetch('\(target)&from=\(label)').then(function (r) { return r.text(); })"
                + ".then(function () { parent.postMessage('\(label) read ' + self.origin, '*'); },"
                + " function () { parent.postMessage('\(label) blocked ' + self.origin, '*'); });</script>"
        }
        let escape = { (html: String) in html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;") }
        let sandboxedPage = http("a.test", "/mime?type=text/html&body=" + q(probe("sandboxed")))
        let page = """
            <title>Frames</title>
            <script>window.reports = []; addEventListener('message', function (e) { reports.push(e.data); });</script>
            <iframe sandbox="allow-scripts" src="\(escape(sandboxedPage.href))"></iframe>
            <iframe sandbox="allow-scripts" srcdoc="\(escape(probe("sandboxed-srcdoc")))"></iframe>
            <iframe srcdoc="\(escape(probe("srcdoc")))"></iframe>
            """
        loadAndWait(http("a.test", "/mime?type=text/html&body=" + q(page)))
        wait { self.value("reports.length") == .number(3) }
        XCTAssertEqual(value("reports.slice().sort().join()"),
                       .string("sandboxed blocked null,sandboxed-srcdoc blocked null,srcdoc read \(originA)"))
        let origins = Dictionary(corsLog(key).compactMap { entry -> (String, String)? in
            guard let target = entry["target"] as? String, let from = target.components(separatedBy: "from=").last else { return nil }
            return (from, header("Origin", of: entry) ?? "none")
        }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(origins["sandboxed"], "null", "a sandboxed frame's origin is opaque, whatever its URL")
        XCTAssertEqual(origins["sandboxed-srcdoc"], "null")
        XCTAssertEqual(origins["srcdoc"], "none", "a same-origin GET carries no Origin")
    }

    /// A form a frame posts carries the frame document's origin in `Origin`:
    /// "null" from a sandboxed frame, the parent's from an `about:srcdoc` one.
    func testAFramesFormPostCarriesItsOrigin() {
        let key = uniqueKey()
        let post = { (label: String) in
            "<form method=post action='\(self.http("a.test", "/cors?key=\(key)&from=\(label)").href)'><input name=q value=1></form>"
                + "<script>document.forms[0].submit();</script>"
        }
        let escape = { (html: String) in html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;") }
        let page = """
            <title>Forms</title>
            <iframe sandbox="allow-scripts allow-forms" srcdoc="\(escape(post("sandboxed")))"></iframe>
            <iframe srcdoc="\(escape(post("srcdoc")))"></iframe>
            """
        loadAndWait(http("a.test", "/mime?type=text/html&body=" + q(page)))
        var origins: [String: String] = [:]
        wait {
            origins = Dictionary(self.corsLog(key).compactMap { entry -> (String, String)? in
                guard let target = entry["target"] as? String, let from = target.components(separatedBy: "from=").last else { return nil }
                return (from, self.header("Origin", of: entry) ?? "none")
            }, uniquingKeysWith: { first, _ in first })
            return origins.count == 2
        }
        XCTAssertEqual(origins["sandboxed"], "null", "a sandboxed frame's form carries its opaque origin")
        XCTAssertEqual(origins["srcdoc"], originA, "an about:srcdoc frame's form carries its parent's origin")
    }

    func testALocalPageReadsNoFileWithScripts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-local-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "sibling secret".write(to: folder.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try """
            <title>Local</title>
            <script>
              window.results = [];
              ['secret.txt', 'file:///etc/passwd'].forEach(function (u) {
                var x = new XMLHttpRequest();
                x.open('GET', u);
                x.onload = function () { results.push(u + ' read'); };
                x.onerror = function () { results.push(u + ' refused'); };
                x.send();
                fetch(u).then(function () { results.push(u + ' fetched'); }, function () { results.push(u + ' fetch refused'); });
              });
            </script>
            """.write(to: folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        recorder.clear()
        webView.loadFileURL(WebURL(filePath: folder.appendingPathComponent("page.html").path)!,
                            allowingReadAccessTo: WebURL(filePath: folder.path)!)
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "Local")
        wait { self.value("results.length") == .number(4) }
        XCTAssertEqual(value("results.slice().sort().join()"),
                       .string("file:///etc/passwd fetch refused,file:///etc/passwd refused,secret.txt fetch refused,secret.txt refused"))
    }
}
