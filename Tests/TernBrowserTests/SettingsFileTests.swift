import XCTest
import Foundation
import TernKit
@testable import TernBrowser

/// The settings file's parser: every kind of wrong line gives a problem
/// with its line number and the other lines still apply; site patterns
/// match as documented; `--print-config`'s text reads back the same.
final class SettingsFileTests: XCTestCase {
    private func parse(_ text: String) -> Settings {
        SettingsFile.parse(Array(text.utf8), path: "/config")
    }

    /// The problems as "LINE: message".
    private func problems(_ settings: Settings) -> [String] {
        settings.problems.map { "\($0.line.map(String.init) ?? "-"): \($0.message)" }
    }

    func testEveryKindOfWrongLineGivesItsLineNumberAndTheRestApplies() {
        let settings = parse("""
            # a comment, then a blank line

            no-js = true
            colour = blue
            width = 5
            timeout = soon
            no-css = perhaps
            just some words
            = orphan
            [site example.com
            [website example.com]
            [site http://example.com/]
            javascript = off
            [site *.example.com]
            cookies = sometimes
            theme = light
            bind j
            [global]
            javascript = off
            search = https://example.com/no-words
            dump = true
            theme = light
            bind j scroll-down
            handler.mailto = mutt
            """)
        XCTAssertEqual(problems(settings), [
            "4: unknown key \"colour\"",
            "5: width takes a number of columns from 10 to 1000",
            "6: timeout takes a positive number of seconds",
            "7: no-css takes true or false (yes/no, on/off), not \"perhaps\"",
            "8: not a setting: expected KEY = VALUE",
            "9: no key before \"=\"",
            "10: a section header ends with \"]\": [site PATTERN] or [global]",
            "11: unknown section [website example.com]: sections are [site PATTERN] and [global]",
            "12: a site pattern is a host name alone, without \":\" (no scheme, port or path); the section's lines are skipped",
            "15: cookies takes allow, block or session-only",
            "16: theme is not a site setting (a site section takes javascript, cookies, user-agent)",
            "17: bind is not a site setting (a site section takes javascript, cookies, user-agent)",
            "19: javascript goes in a [site PATTERN] section",
            "20: search takes an http or https URL with %s where the words go",
            "21: dump is for the command line only",
        ])
        XCTAssertEqual(settings.problems.first?.description, "/config:4: unknown key \"colour\"")
        // What was right still applies.
        XCTAssertTrue(settings.noJavaScript)
        XCTAssertEqual(settings.width, nil)
        XCTAssertEqual(settings.timeout, 30)
        XCTAssertEqual(settings.theme, "light")
        XCTAssertEqual(settings.search, Settings.defaultSearch)
        XCTAssertEqual(settings.bindings, [KeyBinding(key: "j", command: "scroll-down", line: 23)])
        XCTAssertEqual(settings.handlers, ["mailto": ["mutt"]])
        XCTAssertEqual(settings.sites.map(\.pattern.description), ["*.example.com"], "line 13 belonged to the skipped section")
    }

    func testBadBytesAndValuesOfEachKind() {
        var bytes = Array("width = 100\n".utf8)
        bytes += [0x75, 0x73, 0x65, 0xFF, 0x0A]  // "use\xFF"
        bytes += Array("user-agent = a\u{07}b\nproxy = http://a b\n".utf8)
        bytes += Array("start-page = http://[bad\ndownload-folder = Downloads\nca-bundle = /nonexistent/ca.pem\n".utf8)
        bytes += Array("resolve = example.com\nscript-memory-limit = 1\ndialogs = maybe\nkeymap = two words\n".utf8)
        bytes += Array("handler.1x = prog\nhandler.mailto =\ntheme = neon\nprivate = YES\r\n".utf8)
        let settings = SettingsFile.parse(bytes, path: "/config")
        XCTAssertEqual(problems(settings), [
            "2: not UTF-8 text",
            "3: a control character in the line",
            "4: proxy takes a URL",
            "5: start-page: not a URL or file: http://[bad",
            "6: Downloads is not an absolute path (/… or ~/…)",
            "7: ca-bundle: cannot read /nonexistent/ca.pem",
            "8: resolve takes HOST:PORT:ADDRESS",
            "9: script-memory-limit takes a number of megabytes from 16 to 1048576",
            "10: dialogs takes accept or dismiss",
            "11: keymap takes one name",
            "12: handler.SCHEME needs a URL scheme (letters, digits, + - .)",
            "13: handler.mailto needs a program",
            "14: theme takes default, light, mono",
        ])
        XCTAssertEqual(settings.width, 100)
        XCTAssertTrue(settings.privateBrowsing, "YES, with a CRLF line end")
    }

    func testSitePatternsThatAreNotHosts() {
        for (pattern, message) in [
            ("*.1.2.3.4", "an IP address takes no \"*.\": write 1.2.3.4"),
            ("ex*ample.com", "\"*\" only begins a pattern, as in *.example.com"),
            ("example.com:8080", "a site pattern is a host name alone, without \":\" (no scheme, port or path)"),
            ("*.", "a site pattern needs a host name (example.com or *.example.com)"),
            ("exa%mple.com", "exa%mple.com is not a host name"),
        ] {
            XCTAssertEqual(problems(parse("[site \(pattern)]\njavascript = off\n")), ["1: \(message); the section's lines are skipped"], pattern)
        }
    }

    func testTheMostSpecificSiteWinsKeyByKey() {
        let settings = parse("""
            [site *.example.com]
            javascript = off
            user-agent = Domain/1
            [site *.www.example.com]
            cookies = block
            [site www.example.com]
            user-agent = Exact/1
            [site *.example.com]
            user-agent = Later/1
            [site Bücher.EXAMPLE]
            javascript = no
            [site 127.0.0.1]
            cookies = session-only
            [site [::1]]
            javascript = off
            """)
        XCTAssertEqual(settings.problems, [])
        let www = settings.site(forHost: "www.example.com")
        XCTAssertEqual(www.javaScript, false, "from *.example.com")
        XCTAssertEqual(www.cookies, .block, "*.www.example.com covers www.example.com itself")
        XCTAssertEqual(www.userAgent, "Exact/1", "an exact host beats every domain")
        XCTAssertEqual(settings.site(forHost: "example.com").userAgent, "Later/1", "of equal patterns, the later line")
        XCTAssertEqual(settings.site(forHost: "a.b.example.com").javaScript, false)
        XCTAssertEqual(settings.site(forHost: "notexample.com"), SiteSettings.Values(), "a domain matches at a dot only")
        XCTAssertEqual(settings.site(forHost: "www.example.com.").javaScript, false, "a trailing dot names the same host (issue 27 item 9)")
        XCTAssertEqual(settings.site(forHost: "example.com.").userAgent, "Later/1", "an exact pattern matches the fully qualified name too")
        XCTAssertEqual(settings.site(forHost: "xn--bcher-kva.example.").javaScript, false)
        XCTAssertEqual(settings.site(forHost: "xn--bcher-kva.example").javaScript, false, "IDNA, lowercased")
        XCTAssertEqual(settings.site(forHost: "www.xn--bcher-kva.example").javaScript, nil, "an exact pattern has no subdomains")
        XCTAssertEqual(settings.site(forHost: "127.0.0.1").cookies, .sessionOnly)
        XCTAssertEqual(settings.site(forHost: "[::1]").javaScript, false)
        let preferences = settings.webpagePreferences(for: WebURL("https://www.example.com/page")!, from: WebpagePreferences())
        XCTAssertEqual(preferences, WebpagePreferences(allowsContentJavaScript: false, customUserAgent: "Exact/1"))
    }

    func testPrintConfigReadsBackTheSame() {
        let settings = parse("""
            no-js = on
            width = 120
            timeout = 2.5
            resolve = a.test:80:127.0.0.1
            resolve = b.test:80:127.0.0.1
            user-agent = Agent # with a hash
            search = http://127.0.0.1:1/find?q=%s&lang=en
            start-page = https://example.com/
            download-folder = /tmp/downloads
            keymap = vi
            bind J scroll-down
            handler.mailto = mutt -s
            [site *.example.com]
            javascript = off
            cookies = session-only
            user-agent = Site/1
            """)
        XCTAssertEqual(settings.problems, [])
        let text = SettingsFile.render(settings)
        XCTAssertTrue(text.contains("\nno-js = true\n"), text)
        XCTAssertTrue(text.contains("\n# proxy =\n"), "an unset key is a comment")
        XCTAssertTrue(text.contains("\n# No problems.\n"))
        let again = SettingsFile.parse(Array(text.utf8), path: "/config")
        XCTAssertEqual(again.problems, [])
        for (name, key) in SettingsKey.byName {
            XCTAssertEqual(key.write(again), key.write(settings), name)
        }
        XCTAssertEqual(again.sites.map(\.pattern), settings.sites.map(\.pattern))
        XCTAssertEqual(again.sites.map(\.values), settings.sites.map(\.values))
        XCTAssertEqual(again.handlers, settings.handlers)
        XCTAssertEqual(again.bindings.map(\.key), ["J"])
        XCTAssertEqual(again.keymapName, "vi")
    }

    func testAMissingFileIsTheDefaultsAndAnUnreadableOneAProblem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = SettingsFile.load(path: folder + "/config")
        XCTAssertEqual(missing.problems, [])
        XCTAssertNil(missing.path)
        let directory = SettingsFile.load(path: folder)
        XCTAssertEqual(directory.problems.count, 1)
        XCTAssertNil(directory.problems.first?.line)
        XCTAssertEqual(directory.problems.first?.description, folder + ": cannot read it (not a file); Tern's defaults apply")
        let big = folder + "/big"
        try Data(repeating: 0x23, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: big))
        XCTAssertEqual(SettingsFile.load(path: big).problems.map(\.description), [big + ": larger than 1 MB: not read"])
    }

    func testWordsAtThePromptSearch() {
        let template = "http://127.0.0.1:9/search?q=%s"
        for words in ["rust slices", "rust", "?example.com", "what is C++?", "  two  words "] {
            XCTAssertTrue(UserInput.isSearch(words), words)
        }
        for address in ["example.com", "localhost", "LOCALHOST", "localhost:8080", "intranet/page", "http://example.com/a b",
                        "about:help", "/etc/hostname", "[::1]"] {
            XCTAssertFalse(UserInput.isSearch(address), address)
        }
        XCTAssertEqual(UserInput.url(for: "rust slices", searchTemplate: template)?.href, "http://127.0.0.1:9/search?q=rust+slices")
        XCTAssertEqual(UserInput.url(for: "what is C++? 100%", searchTemplate: template)?.href,
                       "http://127.0.0.1:9/search?q=what+is+C%2B%2B%3F+100%25")
        XCTAssertEqual(UserInput.url(for: "? example.com", searchTemplate: template)?.href, "http://127.0.0.1:9/search?q=example.com")
        XCTAssertEqual(UserInput.url(for: "é&x=1", searchTemplate: template)?.href, "http://127.0.0.1:9/search?q=%C3%A9%26x%3D1")
        XCTAssertEqual(UserInput.url(for: "example.com", searchTemplate: template)?.href, "http://example.com/")
    }
}
