import TernScript
import XCTest
import Foundation
import TernKit
import TernNet
import TernTestSupport

/// Issue 27 item 10: localStorage through many subdomain frames filled the
/// disk (101 MB after one page). Each site (registrable domain) may store
/// `WebStorage.defaultQuota` bytes (keys and values as UTF-16) across all
/// its origins, and all sites together `totalQuota`; past either, setItem
/// throws QuotaExceededError and nothing is written.
final class StorageQuotaTests: SecurityTestCase {
    private var root = ""
    private var profile: String { root + "/profile" }
    private let subdomains = (1...20).map { "s\($0).a.test" }

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-quota-\(UUID())").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private func encoded(_ html: String) -> String { html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// A web view on a persistent profile that resolves `hosts` too; `configure` may change its data store.
    private func makeStorageWebView(hosts: [String] = [], _ configure: (WebsiteDataStore) -> Void = { _ in }) {
        let store = WebsiteDataStore(directory: profile)
        configure(store)
        makeSecureWebView { configuration in
            configuration.network.resolve += hosts.map { "\($0):\(self.server.port):127.0.0.1" }
            configuration.websiteDataStore = store
        }
    }

    /// A page whose script writes 1 MiB (a key and 524,287 UTF-16 code
    /// units) to its localStorage and posts "ok" or the error's name to its parent.
    private func writerPage(_ host: String) -> WebURL {
        http(host, "/mime?type=text/html&body=" + encoded("""
            <script>
              var answer;
              try { localStorage.setItem('k', 'x'.repeat(512 * 1024 - 1)); answer = 'ok'; } catch (e) { answer = e.name; }
              parent.postMessage(answer, '*');
            </script>
            """))
    }

    /// A top page on `topHost` framing a writer page on each of `hosts`; returns what each frame's write came to.
    private func writeThroughFrames(of hosts: [String], topHost: String = "a.test") -> [String] {
        let frames = hosts.map { #"<iframe src="\#(writerPage($0).href)"></iframe>"# }.joined()
        loadAndWait(http(topHost, "/mime?type=text/html&body="
                         + encoded("<script>var answers = []; onmessage = function (e) { answers.push(e.data); };</script>" + frames)))
        wait(timeout: 30) { self.value("answers.length") == .number(Double(hosts.count)) }
        guard case .array(let answers)? = value("answers") else { return [] }
        return answers.compactMap(\.stringValue)
    }

    /// The bytes (UTF-16) stored for the origins whose host is `site` or ends in ".site".
    private func storedBytes(ofSite site: String) -> Int {
        webView.configuration.websiteDataStore.localStorage.areaInfos()
            .filter { WebURL($0.origin).map { $0.hostname == site || $0.hostname.hasSuffix("." + site) } ?? false }
            .reduce(0) { $0 + $1.size * 2 }
    }

    func testTwentySubdomainFramesShareTheirSitesQuota() {
        makeStorageWebView(hosts: subdomains)
        let answers = writeThroughFrames(of: subdomains)
        let written = answers.filter { $0 == "ok" }.count
        XCTAssertEqual(answers.count, 20)
        XCTAssertEqual(written, WebStorage.defaultQuota / (1024 * 1024), "as many 1 MiB writes as the site's quota holds: \(answers)")
        XCTAssertEqual(answers.filter { $0 == "QuotaExceededError" }.count, 20 - written, "the rest threw")
        XCTAssertLessThanOrEqual(storedBytes(ofSite: "a.test"), WebStorage.defaultQuota)
        XCTAssertEqual(storedBytes(ofSite: "a.test"), written * 1024 * 1024, "nothing partial was written")
    }

    func testAllSitesTogetherStayUnderTheTotalAcrossRuns() {
        // A total of 2 MiB stands for the profile's 100 MiB: three sites of 1 MiB each.
        let total = 2 * 1024 * 1024
        makeStorageWebView { $0.localStorage.totalQuota = total }
        let answers = writeThroughFrames(of: ["a.test", "b.test", "c.test"])
        XCTAssertEqual(answers.sorted(), ["QuotaExceededError", "ok", "ok"], "two fit, the third does not")
        let stored = webView.configuration.websiteDataStore.localStorage.areaInfos().reduce(0) { $0 + $1.size * 2 }
        XCTAssertEqual(stored, 2 * 1024 * 1024)

        // After a restart the profile still knows what it holds: the next site is refused.
        makeStorageWebView(hosts: subdomains) { $0.localStorage.totalQuota = total }
        XCTAssertEqual(writeThroughFrames(of: ["s1.a.test"], topHost: "c.test"), ["QuotaExceededError"])
    }
}
