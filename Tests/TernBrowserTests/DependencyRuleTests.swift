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
    /// other, TernSystem (files, SQLite, spawning: the operating system,
    /// typed) and the C library's system module (no Foundation: start-up).
    private static let browserImports: Set<String> = ["TernKit", "TernTerminal", "TernSystem", "TernBrowser", "Glibc", "Darwin"]

    func testTheBrowserImportsOnlyTernKitTernTerminalAndTernSystem() throws {
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

    /// Each C module is wrapped by exactly one Swift target (its own helper
    /// module counts as part of it: CLibXML2Memory is TernDOM's); curses
    /// only by TernTerminal.
    func testEachCModuleIsImportedByOneTarget() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        var importers: [String: Set<String>] = [:]
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where !target.hasPrefix("C") {
            for (_, modules) in try Self.imports(ofTarget: target) {
                for module in modules where module.first == "C" && module.dropFirst().first?.isUppercase == true {
                    importers[module, default: []].insert(target)
                }
            }
        }
        XCTAssertEqual(importers, ["CCurl": ["TernNet"], "CLibPSL": ["TernNet"], "CLibXML2": ["TernDOM"],
                                   "CLibXML2Memory": ["TernDOM"], "CJavaScriptCore": ["TernScript"],
                                   "CSQLite": ["TernSystem"], "CLinux": ["TernSystem"], "CNcursesw": ["TernTerminal"]])
    }

    func testImportLinesAreRead() {
        let source = """
            import TernKit
            @testable import TernDOM
            @_exported import struct TernLayout.Line
              import Glibc // a comment
            internal import CJavaScriptCore
            // import TernNet
            let text = "import TernScript"
            """
        XCTAssertEqual(Self.importedModules(in: source), ["TernKit", "TernDOM", "TernLayout", "Glibc", "CJavaScriptCore"])
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
    /// (`@testable`, `@_exported`), access levels (`internal import`) and
    /// kinds (`import struct M.T`) allowed.
    static func importedModules(in source: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        let accessLevels: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        return source.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ")[...]
            while let first = words.first, first.hasPrefix("@") || accessLevels.contains(first) { words = words.dropFirst() }
            guard words.first == "import", words.count >= 2 else { return nil }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            return words.first.map { String($0.prefix { $0 != "." }) }
        }
    }
}
