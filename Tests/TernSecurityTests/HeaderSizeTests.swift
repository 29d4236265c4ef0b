import XCTest
import TernKit
import TernNet
import TernTestSupport

/// Issue #13, "also fix": a server's oversized response header is reported
/// as what it is, "response header too large", not as "Out of memory", and
/// Tern caps the header block itself (LoaderConfiguration.maximumHeaderSize).
final class HeaderSizeTests: SecurityTestCase {
    /// One 1 MiB header line: libcurl refuses it (its line buffer holds 100 KiB).
    func testAOneMegabyteHeaderLineIsReportedAsTooLarge() {
        loadAndWait(http("a.test", "/huge-header?kb=1024"))
        XCTAssertEqual(recorder.errors, [.responseHeaderTooLarge(limit: 100 * 1024)], "\(recorder.events)")
        XCTAssertTrue("\(recorder.errors.first.map { "\($0)" } ?? "")".contains("response header is too large"))
    }

    /// A 1 MiB header block in 1 KiB lines: Tern's own cap stops it.
    func testAOneMegabyteHeaderBlockIsStoppedAtTheCap() {
        loadAndWait(http("a.test", "/huge-header?kb=1024&count=1024"))
        XCTAssertEqual(recorder.errors, [.responseHeaderTooLarge(limit: LoaderConfiguration().maximumHeaderSize)], "\(recorder.events)")
    }

    /// The cap is the configuration's, and a header under it loads.
    func testTheCapIsConfigurable() {
        makeSecureWebView { $0.network.maximumHeaderSize = 16 * 1024 }
        loadAndWait(http("a.test", "/huge-header?kb=8"))
        XCTAssertEqual(webView.title, "Huge Header", "\(recorder.events)")
        loadAndWait(http("a.test", "/huge-header?kb=32&count=32"))
        XCTAssertEqual(recorder.errors, [.responseHeaderTooLarge(limit: 16 * 1024)], "\(recorder.events)")
    }

    /// `tern --dump`'s message says so.
    func testDumpSaysTheHeaderIsTooLarge() throws {
        let run = try ProcessRun.run(ProcessRun.tern, ["--dump", "--private", "--resolve", "a.test:\(server.port):127.0.0.1",
                                                       http("a.test", "/huge-header?kb=1024").href])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("response header is too large"), run.stderr)
        XCTAssertFalse(run.stderr.contains("Out of memory"), run.stderr)
    }
}
