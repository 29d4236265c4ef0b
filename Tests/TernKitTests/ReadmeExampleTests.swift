import XCTest

/// The README's example is the program `swift build --product TernExample`
/// compiles: the ```swift block under `## Example` in README.md must equal
/// Examples/TernExample/main.swift byte for byte.
final class ReadmeExampleTests: XCTestCase {
    /// <repo>/Tests/TernKitTests/ReadmeExampleTests.swift -> <repo>
    private static let repository: String = {
        var path: String = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    private func read(_ relativePath: String) throws -> String {
        let path = ReadmeExampleTests.repository + "/" + relativePath
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            XCTFail("cannot read \(path): \(error)")
            throw error
        }
    }

    /// The text of the first ```swift block after the `## Example` heading,
    /// each line ending in "\n"; nil when there is no such heading or block,
    /// or the block is not closed.
    static func exampleCode(inReadme readme: String) -> String? {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(where: { $0.trimmingTrailingSpaces() == "## Example" }) else { return nil }
        var index = heading + 1
        // The block must belong to this section: stop at the next heading of level 1 or 2.
        while index < lines.count, lines[index].trimmingTrailingSpaces() != "```swift" {
            if lines[index].hasPrefix("# ") || lines[index].hasPrefix("## ") { return nil }
            index += 1
        }
        guard index < lines.count else { return nil }
        var code = ""
        for line in lines[(index + 1)...] {
            if line == "```" { return code }
            code += line + "\n"
        }
        return nil
    }

    func testReadmeExampleIsTheCompiledExample() throws {
        let readme = try read("README.md")
        let example = try read("Examples/TernExample/main.swift")
        guard let code = ReadmeExampleTests.exampleCode(inReadme: readme) else {
            return XCTFail("README.md has no ```swift block under a `## Example` heading")
        }
        XCTAssertFalse(example.isEmpty, "Examples/TernExample/main.swift is empty")
        if code != example {
            let readmeLines = code.split(separator: "\n", omittingEmptySubsequences: false)
            let exampleLines = example.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(readmeLines, exampleLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(readmeLines.count, exampleLines.count)
            XCTFail("""
                README.md's example and Examples/TernExample/main.swift differ, first at line \(first + 1):
                  README:  \(first < readmeLines.count ? String(readmeLines[first]) : "<end>")
                  example: \(first < exampleLines.count ? String(exampleLines[first]) : "<end>")
                Copy Examples/TernExample/main.swift into the README's ```swift block (it is the one that compiles).
                """)
        }
    }

    func testExtractionFindsOnlyTheExampleSectionsBlock() {
        let readme = "# T\n\n```swift\nother()\n```\n\n## Example\n\nText.\n\n```swift\nlet a = 1\n\nprint(a)\n```\n\n## Next\n"
        XCTAssertEqual(ReadmeExampleTests.exampleCode(inReadme: readme), "let a = 1\n\nprint(a)\n")
        XCTAssertNil(ReadmeExampleTests.exampleCode(inReadme: "## Example\n\n```swift\nunclosed\n"))
        XCTAssertNil(ReadmeExampleTests.exampleCode(inReadme: "## Example\n\nNo code.\n\n## API\n\n```swift\nx\n```\n"))
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var s = self
        while s.last == " " || s.last == "\t" || s.last == "\r" { s = s.dropLast() }
        return s
    }
}
