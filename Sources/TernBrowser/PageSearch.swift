import TernKit

/// Finding text in a rendered page: every match, and which one is current.
/// Case-insensitive unless the query has a capital letter (as in less and vim).
struct PageSearch {
    private(set) var query = ""
    /// All matches in reading order.
    private(set) var all: [TextRegion] = []
    private var byLine: [Int: [TextRegion]] = [:]
    private var index: Int?

    /// At most this many matches are kept (a one-letter search on a huge page).
    static let limit = 100_000

    init() {}

    init(query: String, lines: [Line]) {
        self.query = query
        find(in: lines)
    }

    var current: TextRegion? { index.map { all[$0] } }
    /// The current match's place in `all`, and how many there are.
    var currentIndex: Int? { index }
    var count: Int { all.count }

    func matches(onLine line: Int) -> [TextRegion] { byLine[line] ?? [] }

    /// Makes current the first match at or after `region` (the last before
    /// it, going backwards), wrapping around.
    mutating func select(from region: TextRegion, forward: Bool) -> Bool {
        guard !all.isEmpty else { return false }
        if forward {
            index = all.firstIndex { ($0.line, $0.columns.lowerBound) >= (region.line, region.columns.lowerBound) } ?? 0
        } else {
            index = all.lastIndex { ($0.line, $0.columns.lowerBound) < (region.line, region.columns.lowerBound) } ?? all.count - 1
        }
        return true
    }

    mutating func step(forward: Bool) -> Bool {
        guard !all.isEmpty else { return false }
        guard let index else { return select(from: TextRegion(line: 0, columns: 0..<0), forward: forward) }
        self.index = forward ? (index + 1) % all.count : (index - 1 + all.count) % all.count
        return true
    }

    /// Finds the query again in a new layout, keeping the current match near where it was.
    mutating func refresh(in lines: [Line]) {
        guard !query.isEmpty else { return }
        let previous = current
        find(in: lines)
        if let previous { _ = select(from: previous, forward: true) }
    }

    private mutating func find(in lines: [Line]) {
        all = []
        byLine = [:]
        index = nil
        let caseSensitive = query.contains { $0.isUppercase }
        let needle = Array(caseSensitive ? query : query.lowercased())
        guard !needle.isEmpty else { return }
        for (lineIndex, line) in lines.enumerated() {
            let text = line.text
            guard text.utf8.count >= needle.count else { continue }
            let haystack = Array(caseSensitive ? text : text.lowercased())
            guard haystack.count >= needle.count else { continue }
            var column = 0
            var position = 0
            var columns: [Int] = []
            columns.reserveCapacity(haystack.count + 1)
            for character in haystack {
                columns.append(column)
                column += DisplayWidth.of(character)
            }
            columns.append(column)
            while position + needle.count <= haystack.count {
                if haystack[position] == needle[0], Array(haystack[position..<(position + needle.count)]) == needle {
                    let region = TextRegion(line: lineIndex, columns: columns[position]..<columns[position + needle.count])
                    all.append(region)
                    byLine[lineIndex, default: []].append(region)
                    if all.count >= Self.limit { return }
                    position += needle.count
                } else {
                    position += 1
                }
            }
        }
    }
}
