import XCTest
import Foundation
import TernTestSupport

/// No page can make Tern write a control byte or escape sequence of its own
/// to the terminal: checked on every byte Tern wrote (tmux pipe-pane).
final class TerminalSafetyTests: XCTestCase {
    private var server: TestServer { TestServer.shared }

    /// Markers that must never follow a raw control in the output.
    private let attacks: [(name: String, bytes: [UInt8])] = [
        ("OSC0", Array("\u{1B}]0;".utf8)),
        ("OSC52", Array("\u{1B}]52;c;".utf8)),
        ("CSI", Array("\u{1B}[".utf8)),
        ("BEL", [0x07]),
        ("RAWC1", [0x9B]),
        ("UTF8C1", [0xC2, 0x9B]),
        ("DEL", [0x7F]),
        ("BS", [0x08]),
    ]

    func testHostilePageNeverPutsControlsOnTheTerminal() throws {
        // A page written byte by byte: every attack in the title, the text,
        // a link's text and URL, an image's alt text and a form value.
        var page: [UInt8] = Array("<html><head><meta charset=utf-8><title>T".utf8)
        for attack in attacks { page += attack.bytes + Array("PWN\(attack.name)title ".utf8) }
        page += Array("</title></head><body><p>".utf8)
        for attack in attacks { page += attack.bytes + Array("PWN\(attack.name)text ".utf8) }
        page += Array("</p><p><a href=\"/x".utf8)
        for attack in attacks { page += attack.bytes + Array("PWN\(attack.name)href".utf8) }
        page += Array("\">link".utf8)
        for attack in attacks { page += attack.bytes + Array("PWN\(attack.name)link ".utf8) }
        page += Array("</a></p><p><img alt=\"".utf8)
        for attack in attacks { page += attack.bytes + Array("PWN\(attack.name)alt ".utf8) }
        page += Array("\"></p><p><input value=\"".utf8)
        for attack in attacks { page += attack.bytes + Array("PWN\(attack.name)value".utf8) }
        page += Array("\"></p></body></html>".utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(getpid()).html")
        try Data(page).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let tern = try TerminalSession([file.path], columns: 200, rows: 40)
        defer { tern.close() }
        tern.waitFor("PWNOSC52text")
        // Show the link's URL in the status line too.
        tern.press("Tab")
        tern.waitFor("PWNOSC52href")
        tern.press("=")
        tern.waitFor("Page information")
        tern.press("Enter")
        tern.press("Q")
        XCTAssertEqual(tern.exitStatus(), 0)

        let output = [UInt8](tern.output())
        XCTAssertGreaterThan(output.count, 1000, "the terminal output was captured")
        var shown = 0
        for attack in attacks {
            for place in ["title", "text", "href", "link", "alt", "value"] {
                let marker = Array("PWN\(attack.name)\(place)".utf8)
                let raw = attack.bytes + marker
                XCTAssertNil(output.firstRange(of: raw), "\(attack.name) reached the terminal raw in the \(place)")
                if output.firstRange(of: marker) != nil { shown += 1 }
            }
        }
        XCTAssertGreaterThan(shown, 20, "the markers themselves are shown (with visible placeholders)")
        // No C1 control as a character either (U+0080–U+009F in UTF-8 is C2 80…C2 9F).
        for index in output.indices.dropLast() where output[index] == 0xC2 {
            XCTAssertFalse((0x80...0x9F).contains(output[index + 1]), "a C1 control at byte \(index)")
        }
        // The only OSC Tern writes is its own window title.
        var start = output.startIndex
        while let range = output[start...].firstRange(of: [0x1B, 0x5D]) {
            XCTAssertEqual(Array(output[range.upperBound..<min(output.count, range.upperBound + 2)]), Array("2;".utf8),
                           "an OSC other than the window title")
            start = range.upperBound
        }
    }
}

private extension Array where Element == UInt8 {
    func firstRange(of needle: [UInt8]) -> Range<Int>? {
        self[...].firstRange(of: needle)
    }
}

private extension ArraySlice where Element == UInt8 {
    func firstRange(of needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, count >= needle.count else { return nil }
        var index = startIndex
        while index + needle.count <= endIndex {
            if self[index] == needle[0], self[index..<(index + needle.count)].elementsEqual(needle) {
                return index..<(index + needle.count)
            }
            index += 1
        }
        return nil
    }
}
