// WebURL's fast path for simple relative references must give exactly what the full parser gives.

import Foundation
import XCTest
@testable import TernNet

final class FastResolveTests: XCTestCase {
    private let bases = [
        "http://example.com/",
        "https://example.com/dir/page.html?old=1#top",
        "https://user:pw@example.com:8443/a/b/c",
        "http://example.com",
        "http://example.com/dir/",
        "http://example.com/a//b?q",
        "file:///usr/share/doc/page.html",
        "file:///C:/docs/page.html",
        "file:///C:",
        "file://server/share/x.html",
        "ws://h/p/",
        "ftp://h/x;y",
        "http://[::1]/x/y",
        "non-special://h/a/b",
        "mailto:someone@example.com",
        "sc:/a/b",
    ]

    /// Compares every field of the two results.
    private func assertSame(_ reference: String, _ base: WebURL?, file: StaticString = #filePath, line: UInt = #line) {
        let fast = base.map { WebURL(reference, base: $0) } ?? WebURL(reference)
        let full = WebURL(fullParse: reference, base: base)
        if let base {
            XCTAssertEqual(base.resolveHref(reference), full?.href, "href of \(reference) against \(base.href)", file: file, line: line)
            XCTAssertEqual(WebURL.HrefResolver(base: base).resolveHref(reference), full?.href,
                           "resolver: \(reference) against \(base.href)", file: file, line: line)
        }
        guard let fast, let full else {
            XCTAssertEqual(fast == nil, full == nil, "\(reference) against \(base?.href ?? "nil")", file: file, line: line)
            return
        }
        let lhs = [fast.href, fast.scheme, fast.username, fast.password, fast.host, fast.hostname, fast.port,
                   fast.pathname, fast.search, fast.hash, fast.query ?? "<nil>", fast.fragment ?? "<nil>",
                   fast.pathSegments.joined(separator: "|"), "\(fast.hasOpaquePath)", fast.origin]
        let rhs = [full.href, full.scheme, full.username, full.password, full.host, full.hostname, full.port,
                   full.pathname, full.search, full.hash, full.query ?? "<nil>", full.fragment ?? "<nil>",
                   full.pathSegments.joined(separator: "|"), "\(full.hasOpaquePath)", full.origin]
        XCTAssertEqual(lhs, rhs, "\(reference) against \(base?.href ?? "nil")", file: file, line: line)
    }

    func testCorpusReferencesAgreeWithFullParser() throws {
        let bases = try self.bases.map { try XCTUnwrap(WebURL($0)) }
        var fastCount = 0
        for reference in CorpusHrefs.all {
            assertSame(reference, nil)
            for base in bases {
                if base.fastResolve(reference) != nil { fastCount += 1 }
                assertSame(reference, base)
            }
        }
        // The fast path must actually be taken for most of these.
        XCTAssertGreaterThan(fastCount, CorpusHrefs.all.count * 3)
    }

    func testGeneratedTrickyReferencesAgreeWithFullParser() throws {
        let bases = try self.bases.map { try XCTUnwrap(WebURL($0)) }
        let pieces = ["a", ".", "..", "/", "//", "?", "#", "%2e", "%", "\\", " ", "\t", "\n", ":", "C:", "c|",
                      "'", "é", "~", "@", "^", "`", "{", "|", "\"", "<", ">", "[", "]", "...", "x.html", "&=;",
                      "\u{0}", "\u{7f}"]
        var references = [""]
        for p in pieces { references.append(p) }
        for p in pieces { for q in pieces { references.append(p + q) } }
        let short = ["a", ".", "..", "/", "?", "#", ":", "C:", "'", "%2e", "..."]
        for p in short { for q in short { for r in short { references.append(p + q + r) } } }
        references += ["/.", "/..", "/./a", "a/.", "a/..", "a/./b", "a/../b", "./", "../", ".a", "a.", "..a/b",
                       "#a#b", "?a?b", "?a#b?c", "#", "?", "?#", "/?#", "//", "///", "/a//b/", "a//", "C:/x",
                       "c|/x", "/C:/x", "/c|", "a:b", "a/b:c", "?a'b", "#a'b", "http:x", "file:x", "#\u{0}",
                       "../x.html", "../../x.html", "../../../../../x", "./../x", ".././x", "../x/../y", "../x?q#f",
                       "..//x", "../#f", "../?q", "./x/./y", "../x/", "../../", "./.", "../..", "../%2e/x", "../é"]
        let schemes = ["http://", "https://", "ws://", "wss://", "ftp://", "file://", "HTTP://", "htp://", "httpx://",
                       "https:/", "https:", "http:\\\\", "sc://", "wsx://", "ft://", "h://"]
        let hosts = ["", "a", "example.com", "Example.com", "a.b.c", "a..b", ".a", "a.", "xn--a", "a.xn--b", "xn--",
                     "xn-a", "a--b", "-a-", "1.2.3.4", "a.1", "a.0x1", "0x1", "a.b1", "a.1b", "u@h", "h:80", "h:",
                     "[::1]", "a%41", "a_b", "é.com", "a b", "a\tb"]
        let tails = ["", "/", "/x", "/x/", "/./x", "/x/..", "//", "?", "#", "?q#f", "/a?b'c", "/a#b'c", "\\x",
                     "/x y", "/é", "/%2e", ":80/", "/a:b", "/a?q?r#f#g"]
        for scheme in schemes { for host in hosts { for tail in tails { references.append(scheme + host + tail) } } }
        for reference in references {
            assertSame(reference, nil)
            for base in bases {
                assertSame(reference, base)
            }
        }
    }

    /// With TERN_FASTRESOLVE_CORPUS set to a folder of HTML pages, checks every href and src in them.
    func testWholeCorpusFromEnvironment() throws {
        guard let dir = ProcessInfo.processInfo.environment["TERN_FASTRESOLVE_CORPUS"] else { return }
        let bases = try self.bases.map { try XCTUnwrap(WebURL($0)) }
        let regex = try NSRegularExpression(pattern: "(?:href|src)\\s*=\\s*\"([^\"]*)\"", options: [.caseInsensitive])
        var seen = Set<String>()
        let files = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? []
        for name in files where name.hasSuffix(".html") {
            guard let data = FileManager.default.contents(atPath: dir + "/" + name) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let ns = text as NSString
            for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let reference = ns.substring(with: match.range(at: 1)).replacingOccurrences(of: "&amp;", with: "&")
                guard seen.insert(reference).inserted else { continue }
                assertSame(reference, nil)
                for base in bases { assertSame(reference, base) }
            }
        }
        print("FastResolveTests: \(seen.count) distinct references checked")
    }
}
