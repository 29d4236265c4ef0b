// Runs the web-platform-tests URL data (urltestdata.json, toascii.json) against TernNet's WebURL.

import Foundation
import XCTest
@testable import TernNet

/// Thrown (after recording a failure) when the wpt data cannot be found: the test fails, never skips.
private struct MissingDataError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

final class URLConformanceTests: XCTestCase {
    /// Minimum number of passing cases in urltestdata.json (committed floor).
    static let urlTestDataFloor = 889
    /// Minimum number of passing cases in toascii.json (committed floor).
    static let toASCIIFloor = 85
    /// Minimum number of passing cases in IdnaTestV2.json (committed floor).
    static let idnaTestV2Floor = 2668
    /// How many failures to print per file.
    static let failuresToPrint = 30

    /// The folder holding the wpt URL resources, or nil.
    private func resourcesDirectory() -> URL? {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["TERN_TESTSUITES"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env).appendingPathComponent("url/url/resources"))
        }
        // <repo>/Tests/TernURLConformanceTests/URLConformanceTests.swift -> <repo>/../shared/testsuites
        let repo = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repo.deletingLastPathComponent()
            .appendingPathComponent("shared/testsuites/url/url/resources"))
        for c in candidates where FileManager.default.fileExists(atPath: c.appendingPathComponent("urltestdata.json").path) {
            return c
        }
        return nil
    }

    private func loadJSONArray(_ name: String) throws -> [Any] {
        guard let dir = resourcesDirectory() else {
            let message = "URL conformance data not found: set TERN_TESTSUITES to the testsuites folder, "
                + "or place it at <repo>/../shared/testsuites (looked relative to \(#filePath))"
            print(message)
            throw MissingDataError(message: message)  // a thrown error fails the test (it is not a skip)
        }
        let data = Self.replacingLoneSurrogateEscapes(try Data(contentsOf: dir.appendingPathComponent(name)))
        guard let array = try JSONSerialization.jsonObject(with: data) as? [Any] else {
            XCTFail("\(name) is not a JSON array")
            return []
        }
        return array
    }

    private func report(_ file: String, passed: Int, total: Int, failures: [String], floor: Int) {
        print("URL conformance: \(file) \(passed)/\(total) passed")
        for line in failures.prefix(Self.failuresToPrint) { print("  FAIL \(line)") }
        if failures.count > Self.failuresToPrint {
            print("  … and \(failures.count - Self.failuresToPrint) more failures")
        }
        XCTAssertGreaterThanOrEqual(passed, floor, "\(file): pass count \(passed) fell below the floor \(floor)")
    }

    func testURLTestData() throws {
        let cases = try loadJSONArray("urltestdata.json")
        var total = 0, passed = 0
        var failures: [String] = []
        for case let entry as [String: Any] in cases {
            guard let input = entry["input"] as? String else { continue }
            total += 1
            let base = entry["base"] as? String
            let url = WebURL.parse(input, base: base)
            let where_ = "<\(input)>" + (base.map { " against <\($0)>" } ?? "")
            if (entry["failure"] as? Bool) == true {
                if let url = url {
                    failures.append("\(where_): expected failure, got \(url.href)")
                } else {
                    passed += 1
                }
                continue
            }
            guard let url = url else {
                failures.append("\(where_): expected \(entry["href"] ?? "?"), got failure")
                continue
            }
            let actual: [String: String] = [
                "href": url.href, "protocol": url.protocol, "username": url.username,
                "password": url.password, "host": url.host, "hostname": url.hostname, "port": url.port,
                "pathname": url.pathname, "search": url.search, "hash": url.hash, "origin": url.origin,
            ]
            var mismatches: [String] = []
            for key in ["href", "protocol", "username", "password", "host", "hostname", "port",
                        "pathname", "search", "hash", "origin"] {
                guard let expected = entry[key] as? String else { continue }
                if actual[key] != expected {
                    mismatches.append("\(key): expected \(debug(expected)), got \(debug(actual[key]!))")
                }
            }
            if mismatches.isEmpty {
                passed += 1
            } else {
                failures.append("\(where_): " + mismatches.joined(separator: "; "))
            }
        }
        report("urltestdata.json", passed: passed, total: total, failures: failures, floor: Self.urlTestDataFloor)
    }

    func testToASCII() throws {
        let cases = try loadJSONArray("toascii.json")
        var total = 0, passed = 0
        var failures: [String] = []
        for case let entry as [String: Any] in cases {
            guard let input = entry["input"] as? String else { continue }
            total += 1
            let expected = entry["output"] as? String  // nil (JSON null) means failure
            var problems: [String] = []
            let direct = WebURL.domainToASCII(input)
            if direct != expected {
                problems.append("domainToASCII: expected \(debug(expected)), got \(debug(direct))")
            }
            let url = WebURL("https://\(input)/x")
            let host: String? = url?.host
            if host != expected {
                problems.append("https://{input}/x host: expected \(debug(expected)), got \(debug(host))")
            }
            if let url = url, expected != nil {
                if url.hostname != expected || url.pathname != "/x" || url.href != "https://\(expected!)/x" {
                    problems.append("URL fields: hostname \(debug(url.hostname)), pathname \(debug(url.pathname)), href \(debug(url.href))")
                }
            }
            if problems.isEmpty {
                passed += 1
            } else {
                failures.append("<\(debug(input))>: " + problems.joined(separator: "; "))
            }
        }
        report("toascii.json", passed: passed, total: total, failures: failures, floor: Self.toASCIIFloor)
    }

    /// UTS #46 conformance data (as converted by wpt). Each case is checked through
    /// `domainToASCII`, and, for non-empty input, through `https://{input}/x` as the upstream
    /// IdnaTestV2.window.js does (an empty input would not be a host there). The one known miss is
    /// the empty input: UTS #46 maps it to "", but the URL Standard's domain to ASCII rejects "".
    func testIdnaTestV2() throws {
        let cases = try loadJSONArray("IdnaTestV2.json")
        var total = 0, passed = 0
        var failures: [String] = []
        for case let entry as [String: Any] in cases {
            guard let input = entry["input"] as? String else { continue }
            total += 1
            let expected = entry["output"] as? String
            var problems: [String] = []
            let direct = WebURL.domainToASCII(input)
            if direct != expected {
                problems.append("domainToASCII: expected \(debug(expected)), got \(debug(direct))")
            }
            if !input.isEmpty {
                let url = WebURL("https://\(input)/x")
                if url?.host != expected {
                    problems.append("https://{input}/x host: expected \(debug(expected)), got \(debug(url?.host))")
                } else if let url = url, let expected = expected,
                          url.hostname != expected || url.pathname != "/x" || url.href != "https://\(expected)/x" {
                    problems.append("URL fields: hostname \(debug(url.hostname)), pathname \(debug(url.pathname)), href \(debug(url.href))")
                }
            }
            if problems.isEmpty {
                passed += 1
            } else {
                let comment = (entry["comment"] as? String).map { " (\($0))" } ?? ""
                failures.append("<\(debug(input))>\(comment): " + problems.joined(separator: "; "))
            }
        }
        report("IdnaTestV2.json", passed: passed, total: total, failures: failures, floor: Self.idnaTestV2Floor)
    }

    /// JSONSerialization rejects unpaired UTF-16 surrogate escapes (which the wpt data uses on purpose).
    /// A JavaScript URL parser would turn them into U+FFFD when UTF-8 encoding, so do that up front.
    static func replacingLoneSurrogateEscapes(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        func escapeValue(at i: Int) -> UInt32? {
            guard i + 5 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { return nil }
            guard let v = UInt32(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16) else { return nil }
            return v
        }
        let replacement = Array("\\uFFFD".utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") {
                if let v = escapeValue(at: i) {
                    if v >= 0xD800 && v <= 0xDBFF {
                        if let low = escapeValue(at: i + 6), low >= 0xDC00 && low <= 0xDFFF {
                            out.append(contentsOf: bytes[i..<(i + 12)])
                            i += 12
                        } else {
                            out.append(contentsOf: replacement)
                            i += 6
                        }
                    } else if v >= 0xDC00 && v <= 0xDFFF {
                        out.append(contentsOf: replacement)
                        i += 6
                    } else {
                        out.append(contentsOf: bytes[i..<(i + 6)])
                        i += 6
                    }
                } else {
                    // Any other escape: copy the backslash and the escaped character together.
                    out.append(bytes[i])
                    if i + 1 < bytes.count { out.append(bytes[i + 1]) }
                    i += 2
                }
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return Data(out)
    }

    /// Escapes non-printable and non-ASCII scalars so failures are readable in a terminal.
    private func debug(_ s: String?) -> String {
        guard let s = s else { return "failure" }
        var out = "\""
        for u in s.unicodeScalars {
            if u.value >= 0x20 && u.value < 0x7F {
                out.unicodeScalars.append(u)
            } else {
                out += "\\u{" + String(u.value, radix: 16) + "}"
            }
        }
        return out + "\""
    }
}
