import TernSystem
import XCTest
import TernNet

/// Hostile Content-Disposition headers and URLs become one harmless file name.
final class SafeFilenameTests: XCTestCase {
    private func suggested(_ disposition: String?, url: String = "http://example.test/files/report.pdf") -> String {
        var headers: HTTPHeaders = [:]
        if let disposition { headers["Content-Disposition"] = disposition }
        return SafeFilename.suggested(for: Response(url: WebURL(url)!, headers: headers))
    }

    func testPathTraversalKeepsOnlyTheLastComponent() {
        XCTAssertEqual(suggested(#"attachment; filename="../../etc/passwd""#), "passwd")
        XCTAssertEqual(suggested(#"attachment; filename="/etc/passwd""#), "passwd")
        XCTAssertEqual(suggested("attachment; filename*=UTF-8''..%5C..%5CWindows%5Cevil.dll"), "evil.dll")
        XCTAssertEqual(suggested(#"attachment; filename="..\..\Windows\evil.dll""#), "Windowsevil.dll",
                       "in a quoted string a backslash escapes the next character (RFC 6266)")
        XCTAssertEqual(suggested("attachment; filename*=UTF-8''..%2F..%2Fetc%2Fshadow"), "shadow")
        XCTAssertEqual(suggested(#"attachment; filename="..""#), "report.pdf", "nothing usable: the URL's name")
        XCTAssertEqual(suggested(#"attachment; filename="../""#), "report.pdf")
    }

    func testControlAndBidiCharactersAreReplaced() {
        XCTAssertEqual(SafeFilename.sanitized("a\r\nb.txt"), "a__b.txt")
        XCTAssertEqual(SafeFilename.sanitized("bell\u{07}\u{1B}[31m.txt"), "bell__[31m.txt")
        XCTAssertEqual(SafeFilename.sanitized("invoice\u{202E}fdp.exe"), "invoice_fdp.exe", "no right-to-left override")
        XCTAssertEqual(SafeFilename.sanitized("c1\u{85}\u{9B}.txt"), "c1__.txt")
    }

    func testNoHiddenFilesDeviceNamesOrEmptyNames() {
        XCTAssertEqual(SafeFilename.sanitized(".bashrc"), "bashrc")
        XCTAssertEqual(SafeFilename.sanitized("...profile. . "), "profile")
        XCTAssertEqual(SafeFilename.sanitized("CON.txt"), "_CON.txt")
        XCTAssertEqual(SafeFilename.sanitized("lpt1"), "_lpt1")
        XCTAssertNil(SafeFilename.sanitized(""))
        XCTAssertNil(SafeFilename.sanitized("\r\n"))
        XCTAssertEqual(suggested(#"attachment; filename="""#), "report.pdf")
        XCTAssertEqual(suggested(nil, url: "http://example.test/"), "download")
    }

    func testAVeryLongNameIsCutKeepingItsExtension() {
        let name = SafeFilename.sanitized(String(repeating: "ä", count: 300) + ".tar.gz")!
        XCTAssertLessThanOrEqual(name.utf8.count, SafeFilename.maximumLength)
        XCTAssertTrue(name.hasSuffix("ä.gz"), name)
        XCTAssertEqual(SafeFilename.sanitized(String(repeating: "x", count: 5000))!.utf8.count, SafeFilename.maximumLength)
    }

    func testFilenameStarIsPreferredAndDecoded() {
        XCTAssertEqual(suggested(#"attachment; filename="fallback.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt"#), "€ rates.txt")
        XCTAssertEqual(suggested("attachment; filename*=iso-8859-1'en'%A3%20rates.txt"), "£ rates.txt")
        XCTAssertEqual(suggested(#"attachment; filename="quoted \"name\"; with semicolon.txt""#), "quoted _name_; with semicolon.txt")
        XCTAssertEqual(suggested("inline; filename=plain.txt"), "plain.txt")
        XCTAssertEqual(suggested(nil, url: "http://example.test/a/caf%C3%A9.txt"), "café.txt")
    }

    func testUnusedPathNeverOverwrites() throws {
        let directory = NSTemporaryDirectory() + "tern-names-\(UUID())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        XCTAssertEqual(SafeFilename.unusedPath(in: directory, for: "report.pdf"), directory + "/report.pdf")
        FileManager.default.createFile(atPath: directory + "/report.pdf", contents: Data())
        XCTAssertEqual(SafeFilename.unusedPath(in: directory, for: "report.pdf"), directory + "/report (1).pdf")
        FileManager.default.createFile(atPath: directory + "/report (1).pdf", contents: Data())
        XCTAssertEqual(SafeFilename.unusedPath(in: directory + "/", for: "report.pdf"), directory + "/report (2).pdf")
        FileManager.default.createFile(atPath: directory + "/README", contents: Data())
        XCTAssertEqual(SafeFilename.unusedPath(in: directory, for: "README"), directory + "/README (1)")
    }
}
