import XCTest
import Foundation
import TernTestSupport

/// Runs the real `tern` executable against the test server.
final class DumpCommandTests: XCTestCase {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
    }

    private var server: TestServer { TestServer.shared }

    private func tern(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        // A profile of the test's own, never the person's.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tern-dump-profile").path
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": profile]) { $1 }.merging(environment) { $1 }
        process.executableURL = URL(fileURLWithPath: TestServer.repositoryRoot + "/.build/debug/tern")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
    }

    func testDumpPrintsTheRenderedPageWithReferences() throws {
        let run = try tern(["--dump", server.url("/plain").href])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, """
            Plain
            ═════

            Hello from the test server.

            [1]two

            References

               1. \(server.url("/page/two").href)

            """)
        let noList = try tern(["--dump", "--no-list", server.url("/plain").href])
        XCTAssertEqual(noList.stdout, "Plain\n═════\n\nHello from the test server.\n\n[1]two\n")
    }

    func testWidthWrapsTheText() throws {
        let page = "data:text/html,<p>one two three four five six seven eight nine ten</p>"
        XCTAssertEqual(try tern(["--dump", "--width", "20", page]).stdout, "one two three four\nfive six seven eight\nnine ten\n")
        XCTAssertEqual(try tern(["--dump", "--width", "80", page]).stdout, "one two three four five six seven eight nine ten\n")
    }

    func testSourcePrintsTheSource() throws {
        XCTAssertEqual(try tern(["--dump", "--source", "data:text/html,<p>a%1Bb</p>"]).stdout, "<p>a\u{241B}b</p>\n")
    }

    func testDumpFollowsRedirectsAndDecodesCompression() throws {
        let run = try tern(["--dump", server.url("/redirect/301/2").href.replacingOccurrences(of: "/redirect/301/2", with: "/redirect-to?url=/br")])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("Compressed br\n"), run.stdout)
    }

    func testErrorsGoToStderrWithAnExitStatus() throws {
        let run = try tern(["--dump", server.url("/loop").href])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("Too many redirects"), run.stderr)
    }

    func testTimeoutOption() throws {
        let run = try tern(["--dump", "--timeout", "1", server.url("/hang").href])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("took too long"), run.stderr)
    }

    func testUserAgentAndResolveOptions() throws {
        let run = try tern(["--dump", "--user-agent", "DumpAgent/1", "--resolve", "tern.test:\(server.port):127.0.0.1",
                            "http://tern.test:\(server.port)/echo"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("[\"User-Agent\", \"DumpAgent/1\"]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[\"Host\", \"tern.test:\(server.port)\"]"), run.stdout)
    }

    func testALocalFileAndADataURL() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tern-dump-\(UUID()).html").path
        try Data("<title>Local</title><p>from disk</p>".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try tern(["--dump", path])
        XCTAssertEqual(file.stdout, "from disk\n", file.stderr)
        let data = try tern(["--dump", "data:text/html,<title>D</title>x"])
        XCTAssertEqual(data.stdout, "x\n", data.stderr)
    }

    func testControlBytesInAPageNeverReachTheOutput() throws {
        let hostile = "<title>T\u{1B}]0;evil\u{07}</title><p>a\u{1B}[2Jb \u{9B}31m &#x9B; &#27;</p>"
        let encoded = hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let run = try tern(["--dump", "data:text/html;charset=utf-8,\(encoded)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let forbidden = run.stdoutBytes.filter { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F }
        XCTAssertEqual(forbidden.count, 0, "raw control bytes in \(run.stdoutBytes.map { String($0, radix: 16) })")
        XCTAssertFalse(run.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, run.stdout)
        XCTAssertTrue(run.stdout.contains("a\u{241B}[2Jb"), "ESC shows as a visible placeholder: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("\u{203A}"), "&#x9B; is › (windows-1252), not CSI: \(run.stdout)")
    }

    /// `--content-process`: the page runs in a web content process, which
    /// sends only its text; it prints exactly what a dump in process
    /// prints, scripts, local files, references and the terminal's
    /// protection included.
    func testADumpThroughAContentProcessPrintsWhatOneInProcessPrints() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tern-dump-\(UUID()).html").path
        try Data("<title>Local</title><p>from <a href='/x'>disk</a><script>document.write(' and script ' + 6 * 7)</script>".utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hostile = "<p>a\u{1B}[2Jb \u{9B}31m".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        for target in [path, server.url("/plain").href, "data:text/html;charset=utf-8,\(hostile)"] {
            let inProcess = try tern(["--dump", "--width", "60", target])
            let separate = try tern(["--dump", "--width", "60", "--content-process", target])
            XCTAssertEqual(separate.status, 0, separate.stderr)
            XCTAssertFalse(separate.stdout.isEmpty)
            XCTAssertEqual(separate.stdoutBytes, inProcess.stdoutBytes, "\(target): \(separate.stdout) vs \(inProcess.stdout)")
        }
        XCTAssertTrue(try tern(["--dump", "--content-process", path]).stdout.contains("from [1]disk and script 42"))
    }

    func testBadCommandLines() throws {
        XCTAssertEqual(try tern(["--dump"]).status, 2)
        XCTAssertEqual(try tern(["--dump", "--timeout", "soon", "x"]).status, 2)
        XCTAssertEqual(try tern(["--bogus"]).status, 2)
        let bad = try tern(["--dump", "http://exa mple.com/"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("not a valid URL"), bad.stderr)
        let missing = try tern(["--dump", "/nonexistent/tern/page.html"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("File not found: /nonexistent/tern/page.html"), missing.stderr)
    }

    func testJavaScriptCoreIsLoadedOnlyForPagesWithScripts() throws {
        // glibc's loader lists every library it opens with LD_DEBUG=files.
        let plain = try tern(["--dump", server.url("/plain").href], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(plain.status, 0)
        XCTAssertTrue(plain.stderr.contains("libcurl"), "the loader's list is there")
        XCTAssertFalse(plain.stderr.contains("javascriptcoregtk"), "a plain page does not load JavaScriptCore")
        let scripted = try tern(["--dump", "data:text/html,<script>var x = 1;</script><p>s</p>"], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(scripted.status, 0)
        XCTAssertTrue(scripted.stderr.contains("javascriptcoregtk"), "a page with a script loads it")
    }

    func testLibcurlIsLoadedOnlyForNetworkPages() throws {
        // glibc's loader lists every library it opens with LD_DEBUG=files.
        let local = try tern(["--dump", "--private", "data:text/html,<p>local</p>"], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(local.status, 0)
        XCTAssertTrue(local.stderr.contains("libxml2"), "the loader's list is there")
        XCTAssertFalse(local.stderr.contains("libcurl"), "a page that needs no network does not load libcurl")
        let remote = try tern(["--dump", "--private", server.url("/plain").href], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(remote.status, 0)
        XCTAssertTrue(remote.stderr.contains("libcurl"), "a page from the network loads it")
    }

    func testDialogsEvalWaitForAndConsole() throws {
        let page = "data:text/html,<script>var c = confirm('sure?'); var p = prompt('name', 'bob'); console.warn('careful');"
            + " var n = 0; setTimeout(function () { n = 5; }, 100);</script>"
        let accepted = try tern(["--dump", "--dialogs", "accept", "--console", "--wait-for", "n === 5", "--eval", "[c, p, n]", page])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertEqual(accepted.stdout, "[true, bob, 5]\n")
        XCTAssertEqual(accepted.stderr, "tern: confirm: sure? [accepted]\ntern: prompt: name [accepted]\nconsole.warn: careful\n")
        let dismissed = try tern(["--dump", "--eval", "[c, p]", page])
        XCTAssertEqual(dismissed.stdout, "[false, null]\n")
        XCTAssertTrue(dismissed.stderr.contains("[dismissed]"), dismissed.stderr)
        let noScripts = try tern(["--dump", "--no-js", "--eval", "typeof c", page])
        XCTAssertEqual(noScripts.stdout, "undefined\n")
        let neverTrue = try tern(["--dump", "--timeout", "1", "--wait-for", "false", page])
        XCTAssertEqual(neverTrue.status, 1)
        XCTAssertTrue(neverTrue.stderr.contains("still false"), neverTrue.stderr)
    }

    /// A page that navigates itself (a script's redirect while it loads, a
    /// timer after its load event) is followed: the page printed is where it went.
    func testDumpFollowsThePagesOwnNavigations() throws {
        func page(_ html: String) -> String {
            server.url("/mime?type=text%2Fhtml&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href
        }
        let next = page("<title>Next</title><p>Arrived at the next page")
        let redirecting = try tern(["--dump", page("<p>Leaving<script>location.href = '\(next)'</script>")])
        XCTAssertEqual(redirecting.status, 0, redirecting.stderr)
        XCTAssertTrue(redirecting.stdout.contains("Arrived at the next page"), redirecting.stdout)
        XCTAssertFalse(redirecting.stdout.contains("Leaving"), redirecting.stdout)

        let later = page("<p>Waiting<script>onload = function () { setTimeout(function () { location.href = '\(next)' }, 300) }</script>")
        let waited = try tern(["--dump", "--wait-for", "document.title == 'Next'", later])
        XCTAssertEqual(waited.status, 0, waited.stderr)
        XCTAssertTrue(waited.stdout.contains("Arrived at the next page"), waited.stdout)
        let notWaited = try tern(["--dump", later])
        XCTAssertTrue(notWaited.stdout.contains("Waiting"), "without --wait-for, the page as its load left it: \(notWaited.stdout)")
    }

    func testCookiesSurviveARestartInTheProfile() throws {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tern-profile-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let login = try tern(["--dump", "--profile", profile,
                              server.url("/set-cookie?c=login=alice;%20Max-Age=3600&c=session=1").href])
        XCTAssertEqual(login.status, 0, login.stderr)
        let again = try tern(["--dump", "--profile", profile, "--eval", "1", server.url("/echo").href])
        XCTAssertEqual(again.status, 0, again.stderr)
        let next = try tern(["--dump", "--profile", profile, server.url("/echo").href])
        XCTAssertTrue(next.stdout.contains("[\"Cookie\", \"login=alice\"]"), "the persistent cookie came back, the session one did not: \(next.stdout)")
        let privateRun = try tern(["--dump", "--private", server.url("/echo").href])
        XCTAssertFalse(privateRun.stdout.contains("Cookie"), privateRun.stdout)
        let unusable = try tern(["--dump", "--profile", "/proc/tern-no-profile", "data:text/html,x"])
        XCTAssertEqual(unusable.status, 0, "the page still loads, in memory")
        XCTAssertTrue(unusable.stderr.contains("cannot be used"), unusable.stderr)
    }

    func testAboutStartIsTheBundledStartPage() throws {
        let run = try tern(["--dump", "about:start"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("Tern\n════\n"), run.stdout)
    }

    // MARK: Trust and proxies

    func testCABundleInsecureAndTheirAbsence() throws {
        let certificates = TestCertificates.shared
        let tls = try TestServer(certificate: certificates.serverCertificate, key: certificates.serverKey)
        let url = tls.url("/plain").href
        let refused = try tern(["--dump", url])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("not trusted"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("tern: certificate: CN = 127.0.0.1, issued by CN = Tern Test CA, valid from "),
                      refused.stderr)
        XCTAssertTrue(refused.stderr.contains("SHA-256 "), refused.stderr)
        let trusted = try tern(["--dump", "--ca-bundle", certificates.caBundle, url])
        XCTAssertEqual(trusted.status, 0, trusted.stderr)
        XCTAssertTrue(trusted.stdout.hasPrefix("Plain"), trusted.stdout)
        let insecure = try tern(["--dump", "--insecure", url])
        XCTAssertEqual(insecure.status, 0, insecure.stderr)
        XCTAssertEqual(try tern(["--dump", "--ca-bundle", "/nonexistent/ca.pem", url]).status, 2)
    }

    func testProxyOptionAndTheProxyEnvironmentVariables() throws {
        let url = server.url("/plain").href
        let optionProxy = try TestProxy()
        let run = try tern(["--dump", "--proxy", optionProxy.url, url], environment: ["no_proxy": ""])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(optionProxy.requests, ["GET \(url) HTTP/1.1"])

        let environmentProxy = try TestProxy()
        let viaEnvironment = try tern(["--dump", url], environment: ["http_proxy": environmentProxy.url, "no_proxy": ""])
        XCTAssertEqual(viaEnvironment.status, 0, viaEnvironment.stderr)
        XCTAssertEqual(environmentProxy.requests, ["GET \(url) HTTP/1.1"], "http_proxy is honoured")

        let exempted = try tern(["--dump", url], environment: ["http_proxy": environmentProxy.url, "no_proxy": "127.0.0.1"])
        XCTAssertEqual(exempted.status, 0, exempted.stderr)
        XCTAssertEqual(environmentProxy.requests.count, 1, "no_proxy is honoured")
    }
}
