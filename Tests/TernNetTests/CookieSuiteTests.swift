import XCTest
@testable import TernNet

/// The IETF http-state cookie suite (RFC 6265's reference tests) through
/// Tern's parser and jar, with the clock fixed at 2017-09-01 (some cases
/// expire in 2019 and 2027). Prints the pass counts; fails below the floors.
final class CookieSuiteTests: XCTestCase {
    /// Committed floors: the counts reached, so a regression fails.
    static let parserFloor = 191
    static let dateFloor = 70

    static var suite: URL {
        if let env = ProcessInfo.processInfo.environment["TERN_TESTSUITES"] {
            return URL(fileURLWithPath: env).appendingPathComponent("cookies/tests/data")
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/testsuites/cookies/tests/data")
    }

    func testParserCases() throws {
        let data = try Data(contentsOf: Self.suite.appendingPathComponent("parser.json"))
        let cases = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var passed = 0, run = 0, optionalPassed = 0, optionalRun = 0
        var failures: [String] = []
        for entry in cases {
            guard let name = entry["test"] as? String, !name.hasPrefix("DISABLED") else { continue }
            let jar = CookieJar()
            jar.clock = { 1_504_224_000 }  // 2017-09-01
            let origin = WebURL("http://home.example.org:8888/cookie-parser?\(name)")!
            for header in entry["received"] as? [String] ?? [] { jar.setCookie(header, for: origin) }
            let target = origin.resolve(entry["sent-to"] as? String ?? "/cookie-parser-result?\(name)")!
            let sent = jar.cookies(for: target).map { "\($0.name)=\($0.value)" }
            let expected = (entry["sent"] as? [[String: String]] ?? []).map { "\($0["name"] ?? "")=\($0["value"] ?? "")" }
            let ok = sent == expected
            if name.hasPrefix("OPTIONAL") {
                optionalRun += 1
                if ok { optionalPassed += 1 }
                continue
            }
            run += 1
            if ok { passed += 1 } else { failures.append("\(name): sent \(sent), expected \(expected)") }
        }
        print("Cookie suite: parser.json \(passed)/\(run) passed (optional \(optionalPassed)/\(optionalRun))")
        for failure in failures { print("  cookie failure: \(failure)") }
        XCTAssertGreaterThan(run, 200, "the suite was not found or is empty")
        XCTAssertGreaterThanOrEqual(passed, Self.parserFloor)
    }

    func testDateCases() throws {
        var passed = 0, run = 0
        var failures: [String] = []
        for file in ["dates/examples.json", "dates/bsd-examples.json"] {
            var text = try String(contentsOf: Self.suite.appendingPathComponent(file), encoding: .utf8)
            // bsd-examples.json starts with "//" comment lines.
            text = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("//") }.joined(separator: "\n")
            let cases = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            for entry in cases {
                guard let input = entry["test"] as? String else { continue }
                let expected = entry["expected"] as? String
                let got = CookieDate.parse(input).map(CookieDate.format)
                run += 1
                if got == expected { passed += 1 } else { failures.append("\(input): got \(got ?? "nil"), expected \(expected ?? "nil")") }
            }
        }
        print("Cookie suite: dates \(passed)/\(run) passed")
        for failure in failures.prefix(20) { print("  date failure: \(failure)") }
        XCTAssertGreaterThan(run, 60, "the date cases were not found")
        XCTAssertGreaterThanOrEqual(passed, Self.dateFloor)
    }
}
