import TernNet
import TernSystem
import XCTest
@testable import TernKit
import TernTestSupport

/// Downloads against the test server's /download: safe names in the chosen
/// folder, progress, and a broken transfer resumed into a byte-identical file.
class DownloadTestCase: WebViewTestCase {
    /// Saves into a folder under `SafeFilename.unusedPath`, recording progress.
    final class FolderSaver: DownloadDelegate {
        let directory: String
        var path: String?
        var finished = false
        var error: NavigationError?
        var progress: [(Int64, Int64)] = []
        /// Called after each write, with the download.
        var onWrite: ((Download) -> Void)?
        init(directory: String) { self.directory = directory }

        func download(_ download: Download, decideDestinationUsing response: Response, suggestedFilename: String,
                      completionHandler: @escaping (String?) -> Void) {
            path = SafeFilename.unusedPath(in: directory, for: suggestedFilename)
            completionHandler(path)
        }
        func downloadDidFinish(_ download: Download) { finished = true }
        func download(_ download: Download, didFailWithError error: Error, resumeData: [UInt8]?) {
            self.error = error as? NavigationError
        }
        func downloadDidWriteData(_ download: Download) {
            progress.append((download.bytesWritten, download.totalBytesExpected))
            onWrite?(download)
        }
        var ended: Bool { finished || error != nil }
    }

    var directory: String!
    var downloads: [Download] = []

    override func setUp() {
        super.setUp()
        directory = NSTemporaryDirectory() + "tern-downloads-\(UUID())"
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        downloads = []
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
        super.tearDown()
    }

    /// Downloads `path` from the test server into the folder.
    @discardableResult
    func download(_ path: String) -> FolderSaver {
        let saver = FolderSaver(directory: directory)
        recorder.responsePolicy = { _ in .download }
        recorder.onDownload = { [unowned self] in
            $0.delegate = saver
            self.downloads.append($0)
        }
        loadAndWait(path)
        wait { saver.ended }
        return saver
    }

    /// The server's bytes: byte i is i % 251.
    func expected(_ size: Int) -> [UInt8] { (0..<size).map { UInt8($0 % 251) } }

    func bytes(at path: String?) -> [UInt8] {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return [] }
        return Array(data)
    }

    /// Activates the `download` link `#dl` on a same-origin page showing `html`.
    func downloadByLink(_ html: String, file: StaticString = #filePath, line: UInt = #line) -> (FolderSaver, Download?) {
        let saver = FolderSaver(directory: directory)
        recorder.onDownload = { [unowned self] in
            $0.delegate = saver
            self.downloads.append($0)
        }
        loadAndWait("/mime?type=text/html&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        guard let link = try? element("#dl", file: file, line: line) else { return (saver, nil) }
        _ = webView.activate(link)
        wait(file: file, line: line) { saver.ended }
        return (saver, downloads.last)
    }
}

final class DownloadTests: DownloadTestCase {
    func testAHostileContentDispositionStaysInTheFolder() throws {
        let hostile = "attachment; filename=\"../../etc/passwd\"".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let saver = download("/download?size=1000&cd=\(hostile)")
        XCTAssertTrue(saver.finished, "\(String(describing: saver.error))")
        XCTAssertEqual(saver.path, directory + "/passwd")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["passwd"])
        XCTAssertEqual(bytes(at: saver.path), expected(1000))
    }

    /// HTML "download the hyperlink": a same-origin link's `download` value
    /// is the proposed filename, made safe like a server's.
    func testTheDownloadAttributeNamesTheFileSafely() throws {
        let (saver, download) = downloadByLink("<a id=dl download=\"../../etc/.report\u{202E}fdp.exe\" href=\"/download?size=300\">x</a>")
        XCTAssertTrue(saver.finished, "\(String(describing: saver.error))")
        XCTAssertEqual(download?.proposedFilename, "../../etc/.report\u{202E}fdp.exe")
        XCTAssertEqual(saver.path, directory + "/report_fdp.exe")
        XCTAssertEqual(bytes(at: saver.path), expected(300))
    }

    /// Content-Disposition's filename takes priority over the attribute's.
    func testContentDispositionOutranksTheDownloadAttribute() throws {
        let (saver, _) = downloadByLink("<a id=dl download=mine.txt href=\"/download?size=10&cd=attachment%3B%20filename%3Dtheirs.bin\">x</a>")
        XCTAssertTrue(saver.finished, "\(String(describing: saver.error))")
        XCTAssertEqual(saver.path, directory + "/theirs.bin")
    }

    func testASecondDownloadOfTheSameNameDoesNotOverwrite() {
        let first = download("/download?size=100&cd=attachment%3B%20filename%3Ddata.bin")
        let second = download("/download?size=200&cd=attachment%3B%20filename%3Ddata.bin")
        XCTAssertEqual(first.path, directory + "/data.bin")
        XCTAssertEqual(second.path, directory + "/data (1).bin")
        XCTAssertEqual(bytes(at: first.path).count, 100)
        XCTAssertEqual(bytes(at: second.path).count, 200)
    }

    func testProgressIsReportedUpToTheExpectedSize() {
        let saver = download("/download?size=400000")
        XCTAssertTrue(saver.finished)
        XCTAssertFalse(saver.progress.isEmpty)
        XCTAssertEqual(saver.progress.map(\.0), saver.progress.map(\.0).sorted(), "bytes written only grow")
        XCTAssertEqual(saver.progress.last?.0, 400_000)
        XCTAssertTrue(saver.progress.allSatisfy { $0.1 == 400_000 })
    }

    func testABrokenTransferResumesWithRangeIntoAByteIdenticalFile() throws {
        let key = UUID().uuidString
        let saver = download("/download?size=300000&break=\(key)")
        guard case .connectionLost? = saver.error else { return XCTFail("expected a broken transfer: \(String(describing: saver.error))") }
        let download = try XCTUnwrap(downloads.first)
        XCTAssertTrue(download.canResume)
        let partial = download.bytesWritten
        XCTAssertGreaterThan(partial, 0)
        XCTAssertLessThan(partial, 300_000)
        XCTAssertEqual(bytes(at: saver.path).count, Int(partial), "the partial file is kept")

        saver.error = nil
        XCTAssertTrue(download.resume())
        wait { saver.ended }
        XCTAssertTrue(saver.finished, "\(String(describing: saver.error))")
        XCTAssertEqual(SHA256.hexDigest(bytes(at: saver.path)), SHA256.hexDigest(expected(300_000)))
        XCTAssertEqual(download.bytesWritten, 300_000)

        recorder.responsePolicy = { _ in .allow }
        loadAndWait("/download-log?break=\(key)")
        let log = try JSONSerialization.jsonObject(with: Data(webView.sourceBytes)) as? [[String: Any]] ?? []
        XCTAssertEqual(log.count, 2)
        XCTAssertEqual(log.last?["range"] as? String, "bytes=\(partial)-")
        XCTAssertEqual(log.last?["if_range"] as? String, "\"tern-download-300000\"")
    }

    func testResumingFromAServerWithoutRangesStartsTheFileOver() throws {
        let key = UUID().uuidString
        let saver = download("/download?size=200000&ranges=0&break=\(key)")
        let download = try XCTUnwrap(downloads.first)
        XCTAssertNotNil(saver.error)
        saver.error = nil
        XCTAssertTrue(download.resume())
        wait { saver.ended }
        XCTAssertTrue(saver.finished)
        XCTAssertEqual(SHA256.hexDigest(bytes(at: saver.path)), SHA256.hexDigest(expected(200_000)))
    }
}

final class DownloadDataLinkTests: DownloadTestCase {

    /// A data: link with a `download` name.
    func testADataLinkSavesUnderItsDownloadName() throws {
        let (saver, _) = downloadByLink("<a id=dl download=\"notes .txt\" href=\"data:text/plain,hello\">x</a>")
        XCTAssertTrue(saver.finished, "\(String(describing: saver.error))")
        XCTAssertEqual(saver.path, directory + "/notes .txt")
        XCTAssertEqual(bytes(at: saver.path), Array("hello".utf8))
    }
}

final class DownloadCancelTests: DownloadTestCase {
    /// Cancelled once part of it is on disk (the first write), which is the
    /// same moment whether the page runs here or in a content process.
    func testACancelledDownloadLeavesNothingAndCannotResume() throws {
        let saver = FolderSaver(directory: directory)
        saver.onWrite = { $0.cancel() }
        recorder.responsePolicy = { _ in .download }
        recorder.onDownload = { [unowned self] in $0.delegate = saver; self.downloads.append($0) }
        loadAndWait("/download?size=2000000")
        let download = try XCTUnwrap(downloads.first)
        wait { saver.ended }
        XCTAssertEqual(saver.error, .cancelled)
        XCTAssertFalse(saver.finished)
        XCTAssertFalse(download.canResume)
        XCTAssertFalse(download.resume())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }
}
