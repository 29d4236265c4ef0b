import XCTest
@testable import TernScript
import TernScriptJS

/// The preludes' `.js` files (Sources/TernScript/JS, ScriptPrelude): each
/// parses, names itself, and reports errors at its own lines.
final class ScriptPreludeTests: XCTestCase {
    static let directory: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path + "../../Sources/TernScript/JS/"
    }()

    /// Every embedded file parses as the engine runs it (the body of its
    /// function); a failure names the file and the line.
    func testEveryFileParses() throws {
        let context = try ScriptContext()
        for file in ScriptPrelude.all {
            guard let error = context.syntaxError(in: file) else { continue }
            guard case .exception(let message, let line, _) = error else { XCTFail("JS/\(file.name): \(error)"); continue }
            XCTFail("JS/\(file.name):\(line.map(String.init) ?? "?"): \(message)")
        }
    }

    /// Each file opens with its sourceURL comment and is strict.
    func testEveryFileNamesItselfAndIsStrict() {
        for file in ScriptPrelude.all {
            let text = String(decoding: file.bytes, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("//# sourceURL=\(file.sourceURL)\n"), "JS/\(file.name): the first line is its sourceURL")
            XCTAssertTrue(text.contains("\n'use strict';\n"), "JS/\(file.name): 'use strict'")
        }
    }

    /// ScriptPrelude lists every file of JS/ once (a file left out would
    /// never run), and TernScriptJS compiles in every one.
    func testEveryFileInTheFolderIsListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ScriptPreludeTests.directory).filter { $0.hasSuffix(".js") }
        XCTAssertEqual(Set(names), Set(ScriptPrelude.all.map(\.name)))
        XCTAssertEqual(ScriptPrelude.all.count, Set(ScriptPrelude.all.map(\.name)).count)
        XCTAssertEqual(Set(names), Set(ScriptJS.files.keys))
    }

    /// A file's text reaches the engine as it is, whatever its characters.
    func testTextConvertsToUTF16Whole() {
        for text in ["", "ascii", "§ 6.6 … → – 😀", "a§b…c😀d", "😀", "x\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"] {
            XCTAssertEqual(ScriptPrelude.File.utf16(Array(text.utf8)), Array(text.utf16), text)
        }
    }

    /// The wrapper adds no line: line N of a file is line N in a syntax
    /// error and in an exception, under the file's sourceURL.
    func testErrorsNameTheFileAndItsLine() throws {
        let context = try ScriptContext()
        let broken = ScriptPrelude.File("broken.js", Array("//# sourceURL=tern:js/broken.js\n'use strict';\nvar = 1;\n".utf8))
        XCTAssertEqual(context.syntaxError(in: broken)?.line, 3)
        let throwing = ScriptPrelude.File("throwing.js", Array("//# sourceURL=tern:js/throwing.js\n'use strict';\n\nthrow new Error('here');\n".utf8))
        XCTAssertEqual(context.runPrelude(throwing),
                       .failure(.exception(message: "Error: here", line: 4, sourceURL: "tern:js/throwing.js")))
        let stack = ScriptPrelude.File("stack.js", Array("'use strict';\nreturn new Error('x').stack;\n".utf8))
        let trace = try context.runPrelude(stack).get().stringValue ?? ""
        XCTAssertTrue(trace.hasPrefix("@tern:js/stack.js:2:"), trace)
    }
}

private extension ScriptError {
    var line: Int? {
        if case .exception(_, let line, _) = self { return line }
        return nil
    }
}
