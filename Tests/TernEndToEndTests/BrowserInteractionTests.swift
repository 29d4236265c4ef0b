import XCTest
import Foundation
import TernTestSupport

/// Dialogs and forms in the interactive browser, in a real terminal (tmux).
final class BrowserInteractionTests: TerminalTestCase {
    /// Focuses the demo page's button `label` with Tab and presses Enter.
    private func press(button label: String, in tern: TerminalSession) {
        for _ in 0..<8 {
            tern.press("Tab")
            if tern.waitForQuietly({ $0.components(separatedBy: "\n").last { !$0.isEmpty }?.contains("Enter to press \(label)") ?? false }) {
                tern.press("Enter")
                return
            }
        }
        XCTFail("could not focus the \(label) button:\n\(tern.screen())")
    }

    func testAlertConfirmAndPromptAnsweredInTheTerminal() throws {
        let tern = try browse(["about:demo-dialogs"])
        tern.waitFor("No dialog yet.")

        press(button: "alert", in: tern)
        tern.waitFor("This page says:")
        XCTAssertTrue(tern.screen().contains("Hello from the dialogs demo"))
        XCTAssertFalse(tern.screen().contains("alert closed"), "the script waits for the answer")
        tern.press("Enter")
        tern.waitFor("alert closed")

        press(button: "confirm", in: tern)
        tern.waitFor("Do you like Tern?")
        tern.press("y")
        tern.waitFor("confirm: OK")
        press(button: "confirm", in: tern)
        tern.waitFor("Do you like Tern?")
        tern.press("Escape")
        tern.waitFor("confirm: Cancel")

        // The fourth dialog within 10 s: Tern offers to stop the page's dialogs first.
        press(button: "prompt", in: tern)
        tern.waitFor("keeps opening dialogs")
        tern.press("n")
        tern.waitFor("What is your name?")
        XCTAssertTrue(tern.screen().contains("Tern user"), "the default text is shown")
        tern.press("C-u")
        tern.type("Ada 漢字")
        tern.press("Enter")
        tern.waitFor("prompt: Ada 漢字")
        // Allowed once, the page's dialogs go on without asking again.
        press(button: "alert", in: tern)
        tern.waitFor("Hello from the dialogs demo")
        tern.press("Enter")
        tern.waitFor("alert closed")
    }

    func testPromptCancelledWithEscape() throws {
        let tern = try browse(["about:demo-dialogs"])
        tern.waitFor("No dialog yet.")
        press(button: "prompt", in: tern)
        tern.waitFor("What is your name?")
        tern.press("Escape")
        tern.waitFor("prompt: cancelled")
    }

    func testDialogNamesTheHostAndWrapsALongMessage() throws {
        let words = (0..<60).map { "word\($0)" }.joined(separator: " ")
        let page = "<title>Long alert</title><p><button onclick=\"alert('\(words)')\">go</button>"
        let url = server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let tern = try browse([url.href])
        tern.waitFor("[go]")
        press(button: "go", in: tern)
        tern.waitFor("┌─ 127.0.0.1:\(server.url("/").port) says: ─")
        let screen = tern.screen()
        XCTAssertTrue(screen.contains("word0"), screen)
        XCTAssertTrue(screen.contains("word59"), "the whole message wrapped inside the box:\n\(screen)")
        XCTAssertTrue(screen.components(separatedBy: "\n").allSatisfy { $0.count <= 80 })
        tern.press("Enter")
        tern.waitForScreen("the box closed") { !$0.contains("says:") }
    }

    func testLoginFormFilledAndPostedTheServerSeesTheFields() throws {
        let tern = try browse([server.url("/login").href])
        tern.waitFor("Stay logged in")
        tern.press("Tab")
        tern.waitFor("Form field user")
        tern.press("Enter")
        tern.type("ada")
        tern.press("Tab")
        tern.waitFor("Form field password")
        tern.press("Enter")
        tern.type("s3cret")
        tern.waitForScreen("the password masked") { $0.contains("******") && !$0.contains("s3cret") }
        tern.press("Tab")
        tern.waitFor("Enter to check remember")
        tern.press("Enter")
        tern.waitFor("[X]")
        tern.press("Tab", "Enter")
        tern.waitFor("Logged in as ada by POST")
        let screen = tern.screen()
        XCTAssertTrue(screen.contains("user=ada"), screen)
        XCTAssertTrue(screen.contains("password=s3cret"), screen)
        XCTAssertTrue(screen.contains("remember=1"), screen)
        XCTAssertTrue(screen.contains("go=Login"), "the submitter's name and value:\n\(screen)")
    }

    func testEnterInAPasswordFieldSubmitsAndBackRestoresTheTypedText() throws {
        let tern = try browse([server.url("/login").href])
        tern.waitFor("Stay logged in")
        tern.press("Tab", "Enter")
        tern.type("grace")
        tern.press("Tab")
        tern.waitFor("Form field password")
        tern.press("Enter")
        tern.type("pw")
        tern.press("Enter")
        tern.waitFor("Logged in as grace by POST")
        tern.press("Left")
        tern.waitFor("Stay logged in")
        tern.waitFor("[grace")
    }

    func testReloadingAPostResultAsksBeforeSendingAgain() throws {
        let tern = try browse([server.url("/login").href])
        tern.waitFor("Stay logged in")
        tern.press("Tab", "Enter")
        tern.type("lin")
        tern.press("Tab", "Enter")
        tern.type("pw")
        tern.press("Enter")
        tern.waitFor("Logged in as lin by POST")
        tern.press("r")
        tern.waitFor("Send the form again?")
        tern.press("Escape")
        tern.waitForScreen("the question gone, the page kept") { !$0.contains("Send the form again?") && $0.contains("Logged in as lin by POST") }
        tern.press("r")
        tern.waitFor("Send the form again?")
        tern.press("y")
        tern.waitForScreen("the form sent again") { !$0.contains("Send the form again?") && $0.contains("Logged in as lin by POST") }
    }

    func testTextareaInTheEditorAndAFileFromTheOpenPanelArePosted() throws {
        let upload = FileManager.default.temporaryDirectory.appendingPathComponent("tern-upload-\(getpid())-file.txt")
        try Data("FILE-CONTENT-123".utf8).write(to: upload)
        defer { try? FileManager.default.removeItem(at: upload) }
        let page = "<title>Upload</title><form method=post enctype=multipart/form-data action=/echo>"
            + "<p><textarea name=notes>hello</textarea><p><input type=file name=doc><p><input type=submit name=send value=Send></form>"
        let url = server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        // The "editor" is sed, run directly (never through a shell) on the textarea's file.
        let tern = try browse([url.href], environment: ["VISUAL": "sed -i s/^/edited-/", "EDITOR": ""])
        tern.waitFor("hello")
        tern.press("Tab")
        tern.waitFor("Form field notes")
        tern.press("Enter")
        tern.waitFor("edited-hello")
        tern.press("Tab")
        tern.waitFor("Enter to choose a file for doc")
        tern.press("Enter")
        tern.waitFor("Choose a file")
        // Tab completes the path from its unique prefix.
        tern.type(String(upload.path.dropLast("-file.txt".count)))
        tern.press("Tab")
        tern.waitFor("-file.txt")
        tern.press("Enter")
        tern.waitFor("chosen: file://")
        tern.press("Tab", "Enter")
        tern.waitFor("\"method\": \"POST\"")
        // The echo is one long preformatted line: find scrolls sideways to each part.
        for text in ["edited-hello", "FILE-CONTENT-123"] {
            tern.press("/")
            tern.type(text)
            tern.press("Enter")
            tern.waitForScreen("\(text) on the page") { screen in
                screen.components(separatedBy: "\n").dropLast(2).contains { $0.contains(text) }
            }
            XCTAssertFalse(tern.screen().contains("Not found"), text)
        }
    }

    func testHTTPAuthAsksAgainOnAWrongPasswordAndCancelShowsThe401Page() throws {
        let tern = try browse([server.url("/basic-auth?user=ann&pass=right").href])
        tern.waitForWrapped("asks for a user name and password for \"Tern Test\"")
        tern.waitForWrapped("this connection is not encrypted")
        tern.type("ann")
        tern.press("Enter")
        tern.waitFor("Password for ann:")
        tern.type("wrong")
        tern.waitForScreen("the password masked") { $0.contains("*****") && !$0.contains("wrong") }
        tern.press("Enter")
        tern.waitFor("Remember this password")
        tern.press("n")
        tern.waitForWrapped("was not accepted (1 failed)")
        tern.type("ann")
        tern.press("Enter")
        tern.waitFor("Password for ann:")
        tern.type("right")
        tern.press("Enter")
        tern.waitFor("Remember this password")
        tern.press("y")
        tern.waitFor("Hello ann")

        let second = try browse([server.url("/basic-auth?user=bob&pass=x").href])
        second.waitForWrapped("asks for a user name and password")
        second.press("Escape")
        second.waitFor("Unauthorized")
    }

    func testAnUntrustedCertificateIsRefusedUnlessTheUserProceeds() throws {
        let certificates = TestCertificates.shared
        let tls = try TestServer(certificate: certificates.selfSignedCertificate, key: certificates.selfSignedKey)
        let url = tls.url("/page/secret").href
        let tern = try browse([url])
        tern.waitFor("Untrusted certificate")
        tern.waitForWrapped("is not trusted")
        // The certificate itself is shown: subject, issuer, validity, fingerprint.
        tern.waitForWrapped("SHA-256:")
        XCTAssertTrue(tern.screen().contains("Subject:") && tern.screen().contains("Issuer:") && tern.screen().contains("Valid:"),
                      tern.screen())
        tern.press("Enter")  // "Go back" is the default
        tern.waitForWrapped("is not trusted")
        XCTAssertFalse(tern.screen().contains("Page secret"))
        tern.press("o", "C-u")
        tern.type(url)
        tern.press("Enter")
        tern.waitFor("Untrusted certificate")
        tern.press("Right", "Enter")
        tern.waitFor("Page secret")
    }

    func testAMultipleSelectTicksSeveralOptions() throws {
        let page = "<title>Multi</title><form action=/echo><p><select name=pick multiple><option>red<option selected>green<option>blue</select>"
            + "<p><input type=submit name=send value=Send></form>"
        let tern = try browse([server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href])
        tern.waitFor("Send")
        tern.press("Tab", "Enter")
        tern.waitFor("Choose pick")
        tern.waitFor("[X] green")
        tern.press("g", "Space", "Down", "Space", "Down", "Space", "Enter")  // tick red, untick green, tick blue
        tern.waitForScreen("the menu closed") { !$0.contains("Choose pick") }
        tern.press("Tab", "Enter")
        tern.waitFor("\"query\"")
        let screen = tern.screen()
        XCTAssertTrue(screen.contains("pick=red&pick=blue"), screen)
    }

    func testALongDialogScrolls() throws {
        let lines = (1...60).map { "line \($0)" }.joined(separator: "\\n")
        let page = "<title>Scroll</title><p><button onclick=\"alert('\(lines)')\">long</button>"
        let tern = try browse([server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href])
        tern.waitFor("[long]")
        press(button: "long", in: tern)
        tern.waitFor("line 1 ")
        XCTAssertFalse(tern.screen().contains("line 60"))
        XCTAssertTrue(tern.screen().contains("more"), "a long message says there is more")
        tern.press("NPage", "NPage", "NPage")
        tern.waitFor("line 60")
        tern.press("Enter")
        tern.waitForScreen("the box closed") { !$0.contains("line 60") }
    }

    func testAResponseItCannotShowIsDownloadedWithoutOverwritingOrLeavingTheFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-downloads-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tern = try browse([server.url("/mime?type=application/pdf").href], environment: ["XDG_DOWNLOAD_DIR": folder.path])
        tern.waitFor("Download: mime — done")
        let saved = try String(contentsOf: folder.appendingPathComponent("mime"), encoding: .utf8)
        XCTAssertEqual(saved, "%PDF-1.4 test\n")
        // The same again: a new name, the first file kept.
        tern.press("o", "C-u")
        tern.type(server.url("/mime?type=application/pdf&body=second").href)
        tern.press("Enter")
        tern.waitFor("Download: mime (1) — done")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("mime (1)"), encoding: .utf8), "second")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("mime"), encoding: .utf8), "%PDF-1.4 test\n")
        // A hostile Content-Disposition cannot leave the folder.
        let hostile = "/headers?Content-Type=application/octet-stream&Content-Disposition="
            + "attachment; filename=\"../../escape.sh\"".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        tern.press("o", "C-u")
        tern.type(server.url(hostile).href)
        tern.press("Enter")
        tern.waitFor("Download: escape.sh — done")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("escape.sh").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escape.sh").path))
        tern.press("d")
        tern.waitFor("Downloads (newest first)")
        XCTAssertTrue(tern.screen().contains("mime (1) — done"))
    }

    func testCustomSchemeLinksGoToTheConfiguredProgramNeverThroughAShell() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tern-handlers-\(getpid())")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("tern"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let received = work.appendingPathComponent("received.txt"), pwned = work.appendingPathComponent("pwned")
        let script = work.appendingPathComponent("bridge.sh")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(received.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        try "handler.myapp = \(script.path)\n".write(to: work.appendingPathComponent("tern/config"), atomically: true, encoding: .utf8)
        let bridge = "myapp://action?param=value&x=$(touch%20\(pwned.path))"
        let page = "<title>Bridge</title><p><a href=\"\(bridge)\">call the app</a><p><a href=\"tel:+15551234\">call</a>"
        let tern = try browse([server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href],
                              environment: ["XDG_CONFIG_HOME": work.path])
        tern.waitFor("[1]call the app")
        tern.press("Tab", "Enter")
        // Another program is started only after a question naming it and the URL.
        tern.waitFor("Open in another program?")
        tern.waitForWrapped(script.path)
        tern.press("y")
        tern.waitFor("Opened myapp://action")
        tern.waitForScreen("the program ran") { _ in FileManager.default.fileExists(atPath: received.path) }
        XCTAssertEqual(try String(contentsOf: received, encoding: .utf8), "myapp://action?param=value&x=$(touch%20\(pwned.path))")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pwned.path), "nothing in the URL ran as a command")
        // A scheme with no program configured is shown, not opened.
        tern.press("Tab", "Enter")
        tern.waitFor("Link to another program")
        tern.waitForWrapped("tel:+15551234")
        // "Copy" puts the URL on the clipboard: OSC 52, base64, which tmux takes into its paste buffer.
        tern.acceptClipboardWrites()
        tern.press("c")
        tern.waitFor("Copied tel:+15551234 to the clipboard")
        tern.waitForScreen("the URL in tmux's paste buffer") { _ in tern.pasteBuffer() == "tel:+15551234" }
        XCTAssertTrue(String(decoding: tern.output(), as: UTF8.self).contains("\u{1B}]52;c;dGVsOisxNTU1MTIzNA==\u{07}"))
    }

    func testInsecureModeIsNamedInTheTitleBar() throws {
        let certificates = TestCertificates.shared
        let tls = try TestServer(certificate: certificates.selfSignedCertificate, key: certificates.selfSignedKey)
        let tern = try browse(["--insecure", tls.url("/page/unchecked").href])
        tern.waitFor("Page unchecked")
        XCTAssertTrue(tern.row(0).contains("[INSECURE: TLS not verified]"), tern.row(0))
        tern.press("=")
        tern.waitFor("Page information")
        tern.waitForWrapped("Secure: not fully (certificate not verified")
    }

    func testLookAlikeHostsAreShownAsPunycode() throws {
        let page = "<title>IDN</title><p><a href=\"http://аррӏе.com/\">fake</a><p><a href=\"http://bücher.example/\">books</a>"
        let tern = try browse([server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href])
        tern.waitFor("[1]fake")
        tern.press("Tab")
        tern.waitForScreen("the Cyrillic look-alike as punycode") { $0.components(separatedBy: "\n")[23].contains("http://xn--80ak6aa92e.com/") }
        tern.press("Tab")
        tern.waitForScreen("a safe name in Unicode") { $0.components(separatedBy: "\n")[23].contains("http://bücher.example/") }
    }

    func testABrokenDownloadResumesFromTheDownloadsList() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-resume-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = "tui-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        let tern = try browse([server.url("/download?size=300000&break=\(key)&cd=attachment%3B%20filename%3Ddata.bin").href],
                              environment: ["XDG_DOWNLOAD_DIR": folder.path])
        tern.waitFor("Download: data.bin — failed")
        tern.press("d")
        tern.waitFor("Downloads (newest first)")
        tern.press("Enter")
        tern.waitFor("Download: data.bin — done")
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("data.bin")))
        XCTAssertEqual(bytes.count, 300_000)
        XCTAssertTrue(bytes.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) }, "byte-identical after the resume")
    }

    func testSelectChosenFromAMenu() throws {
        let page = "<title>Select</title><form action=/echo><select name=fruit><option>apple<option>banana<option>cherry</select>"
            + "<input type=submit name=send value=Send></form>"
        let tern = try browse([server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href])
        tern.waitFor("[apple")
        tern.press("Tab", "Enter")
        tern.waitFor("Choose fruit")
        tern.press("Down", "Down", "Enter")
        tern.waitFor("[cherry")
        tern.press("Tab", "Enter")
        tern.waitFor("fruit=cherry")
        XCTAssertTrue(tern.screen().contains("send=Send"))
    }
}

extension TerminalSession {
    /// Like `waitForScreen`, without failing: whether the condition held within `timeout`.
    func waitForQuietly(timeout: Double = 1, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(screen()) { return true }
            usleep(30_000)
        }
        return false
    }
}
