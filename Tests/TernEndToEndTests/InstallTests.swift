import XCTest
import Foundation
import TernTestSupport

/// `make install` and `make uninstall` into a temporary DESTDIR (PREFIX=/usr),
/// with the debug build as the binary (`TERN_BIN`, so no release build runs),
/// then the installed tern, man page and completions used from there.
final class InstallTests: XCTestCase {
    private var destination: String!
    private var prefix: String { destination + "/usr" }
    private var installedTern: String { prefix + "/bin/tern" }
    private var manPage: String { prefix + "/share/man/man1/tern.1" }
    private var bashCompletion: String { prefix + "/share/bash-completion/completions/tern" }
    private var zshCompletion: String { prefix + "/share/zsh/site-functions/_tern" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        destination = try ProcessRun.temporaryFolder("install")
        let install = try make("install")
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: destination)
        super.tearDown()
    }

    private func make(_ target: String) throws -> ProcessRun {
        try ProcessRun.run("make", ["-C", TestServer.repositoryRoot, target, "DESTDIR=" + destination, "PREFIX=/usr",
                                    "TERN_BIN=" + ProcessRun.tern])
    }

    /// Every file (not folder) under `folder`, relative to it.
    private func files(under folder: String) -> [String] {
        let items = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return items.filter { item in
            var isFolder: ObjCBool = false
            return !(FileManager.default.fileExists(atPath: folder + "/" + item, isDirectory: &isFolder) && isFolder.boolValue)
        }.sorted()
    }

    /// The `--long-options` named in `text`.
    private func options(in text: String) -> Set<String> {
        var found = Set<String>()
        var rest = Substring(text)
        while let start = rest.range(of: "--") {
            let name = rest[start.lowerBound...].prefix { $0 == "-" || ("a"..."z").contains($0) }
            if name.count > 2 { found.insert(String(name)) }
            rest = rest[start.upperBound...].drop { $0 == "-" || ("a"..."z").contains($0) }
        }
        return found
    }

    /// `man -l` of the installed page, 80 columns, hyphens and minus signs as ASCII.
    private func renderedManPage() throws -> String {
        let run = try ProcessRun.run("man", ["-l", manPage], environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: "\u{2010}", with: "-")
    }

    func testMakeInstallPutsEachFileUnderDestdirAndPrefix() throws {
        let installed = files(under: destination)
        for file in ["usr/bin/tern", "usr/share/tern/start.html", "usr/share/tern/help.html", "usr/share/tern/error.html",
                     "usr/share/man/man1/tern.1", "usr/share/bash-completion/completions/tern",
                     "usr/share/zsh/site-functions/_tern"] {
            XCTAssertTrue(installed.contains(file), "\(file) not in \(installed)")
        }
        XCTAssertEqual(access(installedTern, X_OK), 0, "the installed tern is executable")
    }

    /// The installed tern reads the start page from PREFIX/share/tern (the
    /// installed copy, told apart by a line added to it), also when started
    /// through a symbolic link from another folder.
    func testTheInstalledTernFindsItsStartPageInShareTern() throws {
        let dump = try ProcessRun.run(installedTern, ["--dump", "--private", "about:start"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertTrue(dump.stdout.contains("A terminal web browser"), dump.stdout)

        let startPage = prefix + "/share/tern/start.html"
        let text = try String(contentsOfFile: startPage, encoding: .utf8)
        try text.replacingOccurrences(of: "<h1>Tern</h1>", with: "<h1>Tern</h1><p>The installed copy.</p>")
            .write(toFile: startPage, atomically: true, encoding: .utf8)
        let link = destination + "/elsewhere/tern"
        try FileManager.default.createDirectory(atPath: destination + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: installedTern)
        for executable in [installedTern, link] {
            let run = try ProcessRun.run(executable, ["--dump", "--private", "about:start"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("The installed copy."), "\(executable) read another start page:\n\(run.stdout)")
        }
        let help = try ProcessRun.run(installedTern, ["--dump", "--private", "about:help"])
        XCTAssertTrue(help.stdout.contains("Tern help"), help.stdout + help.stderr)
    }

    func testVersionPrintsTernAndItsVersion() throws {
        let run = try ProcessRun.run(installedTern, ["--version"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertNotNil(run.stdout.range(of: #"^tern [0-9]+(\.[0-9]+)+\n$"#, options: .regularExpression), run.stdout)
        XCTAssertTrue(try ProcessRun.run(installedTern, ["--help"]).stdout.contains("--version"), "--help names --version")
    }

    func testManRendersThePageWithItsSections() throws {
        let page = try renderedManPage()
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "FILES", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"] {
            XCTAssertTrue(page.contains("\n" + heading + "\n"), "no \(heading) section:\n\(page)")
        }
        XCTAssertTrue(page.contains("tern - a terminal web browser"), page)
        XCTAssertTrue(page.contains("       --dump Print the page as text and exit."), page)
    }

    func testGroffFindsNoWarningInTheManPage() throws {
        let run = try ProcessRun.run("groff", ["-man", "-Tutf8", "-ww", "-z", manPage])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "", "groff warnings")
    }

    /// The man page's OPTIONS section lists exactly the options of `tern --help`
    /// (plus `-h` and `--`), and both completions offer each of them.
    func testTheManPageAndCompletionsAgreeWithHelp() throws {
        let help = try ProcessRun.run(installedTern, ["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let helpOptions = options(in: help.stdout)
        XCTAssertTrue(helpOptions.isSuperset(of: ["--dump", "--proxy", "--version", "--help"]), "\(helpOptions)")

        let page = try renderedManPage()
        let section = page.components(separatedBy: "\nOPTIONS\n").last?.components(separatedBy: "\nKEYS\n").first ?? ""
        // An option's entry starts its line: "       --width COLUMNS".
        let entries = Set(section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("       --") else { return nil }
            return line.dropFirst(7).split(separator: " ").first.map { String($0) }
        })
        XCTAssertEqual(entries.subtracting(["--"]), helpOptions.subtracting(["--help"]),
                       "man page options vs --help")
        XCTAssertTrue(section.contains("       -h, --help"), section)

        for completion in [bashCompletion, zshCompletion] {
            let offered = options(in: try String(contentsOfFile: completion, encoding: .utf8))
            XCTAssertEqual(helpOptions.subtracting(offered), [], "\(completion) misses these")
        }
    }

    /// bash completes options, the values of `--dialogs`, about: pages and files.
    func testBashCompletesOptionsPagesAndFiles() throws {
        FileManager.default.createFile(atPath: destination + "/page.html", contents: Data("<p>x".utf8))
        func complete(_ line: String) throws -> [String] {
            // The words as bash splits them: "about:he" is "about" ":" "he".
            var words = line.replacingOccurrences(of: ":", with: " : ").split(separator: " ").map { "'\($0)'" }
            if line.hasSuffix(" ") { words.append("''") }
            let script = """
                source '\(bashCompletion)'
                COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                _tern; printf '%s\\n' "${COMPREPLY[@]}"
                """
            let run = try ProcessRun.run("bash", ["--norc", "-c", script])
            XCTAssertEqual(run.status, 0, run.stderr)
            return run.stdout.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete("tern --no-").sorted(), ["--no-color", "--no-css", "--no-js", "--no-list"])
        XCTAssertEqual(try complete("tern --dialogs "), ["accept", "dismiss"])
        XCTAssertEqual(try complete("tern --dump about:he"), ["help"])
        XCTAssertEqual(try complete("tern --no-js \(destination!)/pa"), [destination + "/page.html"])
    }

    /// zsh completes options, the values of `--dialogs`, about: pages and
    /// files: each line typed with Tab into a real interactive zsh (zpty),
    /// read until the completion shows the last thing expected (zsh draws
    /// no list while more input waits, so the next line waits for it; a
    /// completion that never shows it fails by the timeout).
    func testZshCompletesOptionsPagesAndFiles() throws {
        FileManager.default.createFile(atPath: destination + "/page.html", contents: Data("<p>x".utf8))
        let cases: [(line: String, shows: [String])] = [
            ("tern --no-", ["--no-color", "--no-css", "--no-js", "--no-list"]),
            ("tern --dialogs ", ["accept", "dismiss"]),
            ("tern --dump about:h", ["about:help", "about:history"]),
            ("tern --no-js pa", ["tern --no-js page.html"]),
        ]
        let folder = (zshCompletion as NSString).deletingLastPathComponent
        var script = """
            zmodload zsh/zpty
            zpty -b z 'zsh -f -i'
            zpty -w z 'PS1="> "; bindkey -e; fpath=(\(folder) $fpath); autoload -Uz compinit; compinit -u -D; cd \(destination!); echo READY$((1))'
            zpty -r z out '*READY1*'

            """
        for (index, test) in cases.enumerated() {
            script += """
                zpty -w -n z '\(test.line)'$'\\t'
                zpty -r z out '*\(test.shows.last!)*'
                print -r -- "$out"
                print -r -- '@@'
                zpty -w z $'\\C-u''echo END$((\(index) + 1))'
                zpty -r z out '*END\(index + 1)*'

                """
        }
        script += "zpty -d z\n"
        let run = try ProcessRun.run("timeout", ["120", "zsh", "-f", "-c", script])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let parts = run.stdout.components(separatedBy: "@@\n")
        XCTAssertEqual(parts.count, cases.count + 1, run.stdout)
        for (test, part) in zip(cases, parts) {
            for text in test.shows { XCTAssertTrue(part.contains(text), "\(test.line): \(part)") }
        }
        XCTAssertFalse(run.stdout.contains("_tern:") || run.stdout.contains("_arguments:") || run.stdout.contains("_alternative:"),
                       "completion errors: \(run.stdout)")
    }

    func testMakeUninstallLeavesNoFileBehind() throws {
        XCTAssertFalse(files(under: destination).isEmpty)
        let uninstall = try make("uninstall")
        XCTAssertEqual(uninstall.status, 0, uninstall.stdout + uninstall.stderr)
        XCTAssertEqual(files(under: destination), [], "left behind")
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix + "/share/tern"), "share/tern removed")
    }
}
