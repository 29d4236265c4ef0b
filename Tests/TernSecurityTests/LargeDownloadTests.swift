import XCTest
import TernKit
import TernNet
import TernTestSupport

/// Issue #13, "also fix": the size cap (`LoaderConfiguration.maximumBodySize`,
/// 64 MB) is for documents held in memory; a download streams to disk with
/// no cap but the free space, so a 300 MB download saves whole with the
/// default configuration, without holding it in memory.
final class LargeDownloadTests: SecurityTestCase {
    final class Saver: DownloadDelegate {
        let path: String
        var finished = false
        var error: NavigationError?
        init(path: String) { self.path = path }

        func download(_ download: Download, decideDestinationUsing response: Response, suggestedFilename: String,
                      completionHandler: @escaping (String?) -> Void) {
            completionHandler(path)
        }
        func downloadDidFinish(_ download: Download) { finished = true }
        func download(_ download: Download, didFailWithError error: Error, resumeData: [UInt8]?) {
            self.error = error as? NavigationError
        }
    }

    private var path: String!

    override func setUp() {
        super.setUp()
        path = NSTemporaryDirectory() + "tern-large-download-\(UUID()).bin"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: path)
        super.tearDown()
    }

    func testA300MBDownloadSavesWholeWithTheDefaultConfiguration() throws {
        let size = 300 * 1024 * 1024
        XCTAssertLessThan(WebViewConfiguration().network.maximumBodySize, Int64(size), "the default cap is below the download's size")
        let saver = Saver(path: path)
        var downloads: [Download] = []
        recorder.responsePolicy = { _ in .download }
        recorder.onDownload = { download in
            download.delegate = saver
            downloads.append(download)
        }
        let before = PeakMemoryUse.residentBytes()
        loadAndWait(http("a.test", "/big?mb=300"))
        wait(timeout: 300) { saver.finished || saver.error != nil || !self.recorder.errors.filter { $0 != .interruptedByPolicy }.isEmpty }
        XCTAssertEqual(recorder.errors, [.interruptedByPolicy], "the navigation became a download")
        XCTAssertNil(saver.error)
        XCTAssertTrue(saver.finished)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.size] as? NSNumber)?.intValue, size)
        // Byte i is i % 251: check a piece at the start, the middle and the end.
        let file = try XCTUnwrap(FileHandle(forReadingAtPath: path))
        defer { try? file.close() }
        for offset in [0, size / 2 + 12345, size - 4096] {
            try file.seek(toOffset: UInt64(offset))
            let piece = try XCTUnwrap(try file.read(upToCount: 4096))
            XCTAssertEqual(Array(piece), (offset..<offset + 4096).map { UInt8($0 % 251) }, "at \(offset)")
        }
        XCTAssertEqual(downloads.first?.bytesWritten, Int64(size))
        // Streamed: the process did not hold the 300 MB.
        XCTAssertLessThan(PeakMemoryUse.residentBytes() - before, 150 * 1024 * 1024)
    }

    func testADocumentOverTheCapStillFails() {
        loadAndWait(http("a.test", "/big?mb=100&type=text/html"))
        XCTAssertEqual(recorder.errors, [.documentTooLarge(limit: 64 * 1024 * 1024)])
    }
}

/// The process's peak resident memory, from /proc/self/status (VmHWM).
enum PeakMemoryUse {
    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
