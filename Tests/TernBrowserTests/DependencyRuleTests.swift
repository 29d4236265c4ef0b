import Foundation
import XCTest

/// ARCHITECTURE.md's dependency rule, read from the sources: the browser is
/// a TernKit client. SwiftPM lets a target import any module its
/// dependencies import, so `Package.swift` alone does not keep the rule.
final class DependencyRuleTests: XCTestCase {
    /// The package's root, from this file's path (Tests/TernBrowserTests/…).
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What the browser's targets may import: TernKit, TernTerminal, each
    /// other, and the C library's system module (no Foundation: start-up).
    private static let browserImports: Set<String> = ["TernKit", "TernTerminal", "TernBrowser", "Glibc", "Darwin"]

    func testTheBrowserImportsOnlyTernKitAndTernTerminal() throws {
        var problems: [String] = []
        for target in ["TernBrowser", "tern"] {
            for (file, modules) in try Self.imports(ofTarget: target) {
                for module in modules where !Self.browserImports.contains(module) {
                    problems.append("\(target)/\(file) imports \(module)")
                }
            }
        }
        XCTAssertEqual(problems, [], "TernBrowser and tern may import only \(Self.browserImports.sorted())")
    }

    /// Each C library is wrapped by one Swift target; curses only by TernTerminal.
    func testOnlyTernTerminalImportsCurses() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        var importers: [String] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            for (file, modules) in try Self.imports(ofTarget: target) where modules.contains("CNcursesw") {
                importers.append("\(target)/\(file)")
            }
        }
        XCTAssertEqual(Set(importers.map { String($0.prefix { $0 != "/" }) }), ["TernTerminal"], "importers: \(importers)")
    }

    func testImportLinesAreRead() {
        let source = """
            import TernKit
            @testable import TernDOM
            @_exported import struct TernLayout.Line
              import Glibc // a comment
            // import TernNet
            let text = "import TernScript"
            """
        XCTAssertEqual(Self.importedModules(in: source), ["TernKit", "TernDOM", "TernLayout", "Glibc"])
    }

    // MARK: Reading the sources

    /// The modules each Swift file of `Sources/<target>` imports (subfolders included).
    private static func imports(ofTarget target: String) throws -> [(file: String, modules: [String])] {
        let directory = root.appendingPathComponent("Sources").appendingPathComponent(target)
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var result: [(String, [String])] = []
        for case let file as String in walker where file.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            result.append((file, importedModules(in: text)))
        }
        XCTAssertFalse(target == "TernBrowser" && result.isEmpty, "no sources found under \(directory.path)")
        return result.sorted { $0.0 < $1.0 }
    }

    /// The top-level module of each `import` declaration, attributes
    /// (`@testable`, `@_exported`) and kinds (`import struct M.T`) allowed.
    static func importedModules(in source: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        return source.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ")[...]
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            guard words.first == "import", words.count >= 2 else { return nil }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            return words.first.map { String($0.prefix { $0 != "." }) }
        }
    }
}
