import XCTest
import Foundation
import TernTerminal
@testable import TernBrowser

/// Key names, keymaps and `bind`, and the man page's KEYS section against
/// the default keymap.
final class KeymapTests: XCTestCase {
    // MARK: KeyName

    func testEveryKindOfKeyNameReadsBackAsItsKey() {
        var keys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .tab, .backTab,
                           .backspace, .delete, .insert, .escape, .controlPageUp, .controlPageDown, .character(" ")]
        keys += (1...12).map { Key.function($0) }
        keys += "abcdefgklnopqrstuvwxyz".map { Key.control($0) }
        keys += "aZ09?<>\\/=+-.,{}()!\"'é漢".map { Key.character($0) }
        for key in keys {
            let name = KeyName.name(of: key)
            XCTAssertEqual(KeyName.key(named: name), key, "\(name)")
            XCTAssertEqual(KeyName.keys(named: name), [key], "\(name)")
        }
    }

    func testSequencesReadBackAsTheirKeys() {
        let sequences: [[Key]] = [
            [.character("g"), .character("t")], [.character("g"), .character("T")], [.escape, .character("b")],
            [.escape, .character("<")], [.character("<"), .character("g")], [.character("U"), .character("p")],
            [.character("C"), .character("-"), .character("x")], [.character("g"), .enter], [.character(" "), .character("x")],
            [.character("y"), .character("y")], [.escape, .tab],
        ]
        for keys in sequences {
            let name = KeyName.name(of: keys)
            XCTAssertEqual(KeyName.keys(named: name), keys, "\(name)")
        }
        XCTAssertEqual(KeyName.name(of: [.escape, .character("b")]), "<Esc>b")
        XCTAssertEqual(KeyName.name(of: [.character("U"), .character("p")]), "<U>p", "not the Up key")
    }

    func testNamesAreReadAsPeopleWriteThem() {
        XCTAssertEqual(KeyName.key(named: "j"), .character("j"))
        XCTAssertEqual(KeyName.key(named: "J"), .character("J"), "characters keep their case")
        XCTAssertEqual(KeyName.key(named: "enter"), .enter, "names do not")
        XCTAssertEqual(KeyName.key(named: "Return"), .enter)
        XCTAssertEqual(KeyName.key(named: "BackTab"), .backTab)
        XCTAssertEqual(KeyName.key(named: "S-Tab"), .backTab)
        XCTAssertEqual(KeyName.key(named: "Escape"), .escape)
        XCTAssertEqual(KeyName.key(named: "PgDn"), .pageDown)
        XCTAssertEqual(KeyName.key(named: "C-F"), .control("f"))
        XCTAssertEqual(KeyName.key(named: "Ctrl-x"), .control("x"))
        XCTAssertEqual(KeyName.key(named: "C-h"), .backspace, "the byte the terminal sends for Backspace")
        XCTAssertEqual(KeyName.key(named: "C-i"), .tab)
        XCTAssertEqual(KeyName.key(named: "C-m"), .enter)
        XCTAssertEqual(KeyName.key(named: "F12"), .function(12))
        XCTAssertEqual(KeyName.keys(named: "gt"), [.character("g"), .character("t")])
        XCTAssertEqual(KeyName.keys(named: "<Esc>b"), [.escape, .character("b")])
        XCTAssertEqual(KeyName.keys(named: "<>"), [.character("<"), .character(">")], "no name inside: the characters")
        for bad in ["", "F13", "F0", "C-1", "C-ab", "S-Up", "Foo bar", "\u{7}", "a\tb", "Mouse", "Pgdown", "<"+"Nope>x"] {
            XCTAssertNil(KeyName.keys(named: bad), "\(bad.debugDescription) is not a key")
        }
        XCTAssertEqual(KeyName.keys(named: "<F>oo"), [.character("F"), .character("o"), .character("o")])
        XCTAssertEqual(KeyName.keys(named: "C-"), [.character("C"), .character("-")])
    }

    // MARK: bind

    func testBindChangesAKeyAndNoneRemovesIt() throws {
        var keymap = Keymap.default
        try keymap.bind("j", to: "page-down")
        XCTAssertEqual(keymap.command(for: [.character("j")]), .pageDown)
        XCTAssertEqual(keymap.keyNames(for: .scrollDown), ["Down"])
        try keymap.bind("C-PageDown", to: "none")
        XCTAssertNil(keymap.command(for: [.controlPageDown]))
        try keymap.bind("<Esc>x", to: "close-tab")
        XCTAssertEqual(keymap.command(for: [.escape, .character("x")]), .closeTab)
        XCTAssertTrue(keymap.hasLongerBinding(startingWith: [.escape]))
        XCTAssertEqual(keymap.command(for: [.escape]), .stop, "Esc alone still stops")
        try keymap.unbind("gt")
        XCTAssertNil(keymap.command(for: [.character("g"), .character("t")]))
        XCTAssertNotEqual(keymap, .default)
    }

    func testBindSaysWhatIsWrong() {
        var keymap = Keymap.default
        XCTAssertThrowsError(try keymap.bind("Foo bar", to: "top")) { error in
            XCTAssertEqual(error as? KeymapError, .unknownKey("Foo bar"))
            XCTAssertTrue("\(error)".hasPrefix("unknown key name \"Foo bar\""), "\(error)")
        }
        XCTAssertThrowsError(try keymap.bind("j", to: "fly-away")) { error in
            XCTAssertEqual(error as? KeymapError, .unknownCommand("fly-away"))
            XCTAssertTrue("\(error)".hasPrefix("unknown command \"fly-away\""), "\(error)")
        }
        XCTAssertThrowsError(try keymap.bind("5", to: "top")) { error in
            XCTAssertEqual(error as? KeymapError, .digit("5"))
            XCTAssertTrue("\(error)".contains("count"), "\(error)")
        }
        XCTAssertThrowsError(try keymap.unbind(""))
        XCTAssertEqual(keymap, .default, "a failed bind changes nothing")
    }

    // MARK: Ready keymaps

    func testReadyKeymapsAreFoundByName() {
        XCTAssertEqual(Keymap.named("default"), .default)
        XCTAssertEqual(Keymap.named("lynx"), .lynx)
        XCTAssertEqual(Keymap.named("w3m"), .w3m)
        XCTAssertEqual(Keymap.named("vi"), .vi)
        XCTAssertNil(Keymap.named("emacs"))
        XCTAssertEqual(Set(Keymap.names.map { Keymap.named($0) }).count, 4)
    }

    func testEveryReadyKeymapNamesRealKeysOnceAndEndsNoSequenceEarly() {
        let lists = [("default", Keymap.defaultList), ("lynx", Keymap.lynxList), ("w3m", Keymap.w3mList), ("vi", Keymap.viList)]
        for (name, list) in lists {
            for (keyName, _) in list {
                XCTAssertNotNil(KeyName.keys(named: keyName), "\(name): \(keyName) is not a key name")
            }
            let written = list.compactMap { KeyName.keys(named: $0.0) }
            XCTAssertEqual(Set(written).count, written.count, "\(name): a key is bound twice")
            guard let keymap = Keymap.named(name) else { return XCTFail(name) }
            XCTAssertEqual(Set(keymap.bindings.map(\.keys)).count, keymap.bindings.count, "\(name): a key is bound twice")
            for binding in keymap.bindings {
                XCTAssertNotNil(BrowserCommand(name: binding.command.name))
                if case .character(let first)? = binding.keys.first {
                    XCTAssertFalse(first.isASCII && first.isNumber, "\(name): a digit is the count prefix")
                }
            }
            for command in [BrowserCommand.help, .quit, .activate, .back, .openURL, .scrollDown] {
                XCTAssertFalse(keymap.keys(for: command).isEmpty, "\(name) has no key for \(command.name)")
            }
        }
    }

    func testTheDefaultKeymapIsTodaysKeys() {
        let keymap = Keymap.default
        let expected: [(String, BrowserCommand)] = [
            ("j", .scrollDown), ("Down", .scrollDown), ("k", .scrollUp), ("Space", .pageDown), ("C-f", .pageDown),
            ("b", .pageUp), ("C-b", .pageUp), ("Home", .top), ("g", .top), ("G", .bottom), ("End", .bottom),
            (">", .scrollRight), ("<", .scrollLeft), ("Tab", .nextLink), ("S-Tab", .previousLink), ("Enter", .activate),
            ("Left", .back), ("H", .back), ("Right", .forward), ("L", .forward), ("Backspace", .backOrClose),
            ("r", .reload), ("C-r", .reload), ("R", .reloadFromOrigin), ("Esc", .stop), ("C-g", .stop), ("o", .openURL),
            ("=", .pageInfo), ("h", .history), ("?", .help), ("F1", .help), ("/", .find), ("n", .findNext),
            ("N", .findPrevious), ("q", .quit), ("C-c", .quit), ("Q", .quitNow), ("t", .newTab), ("x", .closeTab),
            ("d", .downloads), ("v", .visitedPages), ("C", .clearData), ("P", .openBlockedPopup), ("S", .toggleStyles),
            ("gt", .nextTab), ("C-PageDown", .nextTab), ("gT", .previousTab), ("C-PageUp", .previousTab),
        ]
        for (name, command) in expected {
            XCTAssertEqual(KeyName.keys(named: name).flatMap(keymap.command(for:)), command, name)
        }
    }

    func testOtherBrowsersKeysAreThere() {
        XCTAssertEqual(Keymap.lynx.command(for: [.down]), .nextLink)
        XCTAssertEqual(Keymap.lynx.command(for: [.right]), .activate)
        XCTAssertEqual(Keymap.lynx.command(for: [.character("g")]), .openURL)
        XCTAssertEqual(Keymap.lynx.command(for: [.backspace]), .history)
        XCTAssertFalse(Keymap.lynx.hasLongerBinding(startingWith: [.character("g")]), "lynx's g opens at once")
        XCTAssertEqual(Keymap.lynx.command(for: [.character("t")]), .newTab, "Tern's key where lynx has no tabs")
        XCTAssertEqual(Keymap.w3m.command(for: [.character("B")]), .back)
        XCTAssertEqual(Keymap.w3m.command(for: [.character("U")]), .openURL)
        XCTAssertEqual(Keymap.w3m.command(for: [.escape, .character("b")]), .bookmarks)
        XCTAssertEqual(Keymap.w3m.command(for: [.control("t")]), .openLinkInNewTab)
        XCTAssertEqual(Keymap.w3m.command(for: [.character("}")]), .nextTab)
        XCTAssertEqual(Keymap.vi.command(for: [.character("g"), .character("g")]), .top)
        XCTAssertNil(Keymap.vi.command(for: [.character("g")]))
        XCTAssertEqual(Keymap.vi.command(for: [.character("y"), .character("y")]), .copyURL)
        XCTAssertEqual(Keymap.vi.command(for: [.control("d")]), .halfPageDown)
    }

    // MARK: The man page

    /// doc/tern.1's KEYS section lists the default keymap, command by
    /// command: a `.TP` whose tag is the keys (`.B` or `.BR` with `", "`
    /// between keys) and whose text starts with the command's name,
    /// `.IR name :`. Both ways: every binding is there, nothing else is.
    func testTheManPageListsTheDefaultKeymap() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("doc/tern.1"), encoding: .utf8)
        let listed = try Self.manPageKeys(page)
        var inKeymap: [String: [String]] = [:]
        for command in BrowserCommand.allCases {
            let names = Keymap.default.keyNames(for: command)
            if !names.isEmpty { inKeymap[command.name] = names }
        }
        for (command, keys) in inKeymap.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(listed[command].map(Set.init), Set(keys), "tern.1 KEYS for \(command): \(listed[command] ?? [])")
        }
        for command in listed.keys where inKeymap[command] == nil {
            XCTFail("tern.1 KEYS lists \(command), which the default keymap does not bind")
        }
        // Each entry's text is the command's summary.
        let lines = page.components(separatedBy: "\n")
        for command in BrowserCommand.allCases where inKeymap[command.name] != nil {
            let tag = ".IR \(command.name.replacingOccurrences(of: "-", with: "\\-")) :"
            guard let index = lines.firstIndex(of: tag), index + 1 < lines.count else { continue }
            XCTAssertEqual(lines[index + 1], command.summary + ".", "tern.1's text for \(command.name)")
        }
        if listed.isEmpty || listed.count != inKeymap.count {
            print("tern.1 KEYS, as the default keymap has it:\n" + Self.manPageSection(.default))
        }
    }

    /// command name → key names, from the KEYS section.
    static func manPageKeys(_ page: String) throws -> [String: [String]] {
        let lines = page.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: ".SH KEYS"), "doc/tern.1 has a KEYS section")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".SH ") } ?? lines.endIndex
        var result: [String: [String]] = [:]
        var keys: [String]?
        for (index, line) in lines[start..<end].enumerated() {
            let previous = index > 0 ? lines[start + index - 1] : ""
            if previous == ".TP", line.hasPrefix(".B ") || line.hasPrefix(".BR ") {
                let words = macroArguments(String(line.drop { $0 != " " }.dropFirst()))
                // .BR alternates bold (keys) and roman (", ").
                keys = line.hasPrefix(".B ") ? words : words.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            } else if line.hasPrefix(".IR "), let found = keys, let name = macroArguments(String(line.dropFirst(4))).first {
                XCTAssertNil(result[name], "tern.1 lists \(name) twice")
                result[name] = found
                keys = nil
            }
        }
        return result
    }

    /// A macro line's arguments, quotes and escapes taken off.
    static func macroArguments(_ text: String) -> [String] {
        var words: [String] = []
        var word = "", quoted = false, started = false
        for character in text {
            if character == "\"" { quoted.toggle(); started = true; continue }
            if character == " ", !quoted {
                if started { words.append(word) }
                word = ""
                started = false
                continue
            }
            word.append(character)
            started = true
        }
        if started { words.append(word) }
        return words.map { $0.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
            .replacingOccurrences(of: "\\&", with: "") }
    }

    /// The section as the man page should have it (printed when it differs).
    static func manPageSection(_ keymap: Keymap) -> String {
        func escaped(_ text: String) -> String {
            var out = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
            return out.contains(" ") || out.contains("\"") ? "\"\(out)\"" : out
        }
        var text = ""
        for group in BrowserCommand.Group.allCases {
            text += ".SS \(group.rawValue)\n"
            for command in BrowserCommand.allCases where command.group == group {
                let names = keymap.keyNames(for: command)
                guard !names.isEmpty else { continue }
                text += ".TP\n" + (names.count == 1 ? ".B \(escaped(names[0]))" : ".BR " + names.map(escaped).joined(separator: " \", \" ")) + "\n"
                text += ".IR \(command.name.replacingOccurrences(of: "-", with: "\\-")) :\n\(command.summary).\n"
            }
        }
        return text
    }
}
