import TernDOM
import TernLayout
import TernSystem

/// A page laid out in a content process, as it crosses to the browser:
/// its lines and links, each link's element named by a number the content
/// process keeps (`element`), since no node crosses. Form controls, the
/// outline and layers do not cross yet: their runs come as plain text.
struct RemoteLayout: WireCodable {
    struct RemoteLink {
        var number: Int
        var url: String
        var text: String
        var element: UInt64
        var regions: [TextRegion]
    }

    var title: String
    var lines: [Line]
    var links: [RemoteLink]
    var anchors: [String: Int]
    var isIncomplete: Bool

    /// `page`'s parts that cross, its links' elements numbered by `elementID`.
    init(_ page: RenderedPage, elementID: (Node) -> UInt64) {
        title = page.title
        lines = page.lines
        links = page.links.map {
            RemoteLink(number: $0.number, url: $0.url, text: $0.text, element: elementID($0.node), regions: $0.regions)
        }
        anchors = page.anchors
        isIncomplete = page.isIncomplete
    }

    /// The page the browser's view shows: each link's element stands for
    /// the content process's by the node `element` gives for its number.
    func renderedPage(element: (UInt64) -> Node) -> RenderedPage {
        var page = RenderedPage(title: title, lines: lines, anchors: anchors)
        page.links = links.map {
            Link(number: $0.number, url: $0.url, text: $0.text, node: element($0.element), regions: $0.regions)
        }
        page.isIncomplete = isIncomplete
        return page
    }

    func encode(to encoder: inout MessageEncoder) {
        encoder.encode(title)
        encoder.encode(UInt32(truncatingIfNeeded: lines.count))
        for line in lines {
            encoder.encode(line.scrollsHorizontally)
            encoder.encode(UInt32(truncatingIfNeeded: line.runs.count))
            for run in line.runs {
                encoder.encode(run.text)
                encoder.encode(UInt32(truncatingIfNeeded: run.width))
                encoder.encode(run.style.rawValue)
                RemoteLayout.encode(run.color, to: &encoder)
                RemoteLayout.encode(run.background, to: &encoder)
                encoder.encode(run.link ?? -1)
            }
        }
        encoder.encode(UInt32(truncatingIfNeeded: links.count))
        for link in links {
            encoder.encode(link.number)
            encoder.encode(link.url)
            encoder.encode(link.text)
            encoder.encode(link.element)
            encoder.encode(UInt32(truncatingIfNeeded: link.regions.count))
            for region in link.regions {
                encoder.encode(region.line)
                encoder.encode(region.columns.lowerBound)
                encoder.encode(region.columns.upperBound)
            }
        }
        encoder.encode(UInt32(truncatingIfNeeded: anchors.count))
        for (name, line) in anchors {
            encoder.encode(name)
            encoder.encode(line)
        }
        encoder.encode(isIncomplete)
    }

    /// Hostile input: every index must point into the page, every width
    /// be one the text can have, and no control character reaches a
    /// terminal (each becomes U+FFFD).
    init(from decoder: inout MessageDecoder) throws(MessageError) {
        title = RemoteLayout.printable(try decoder.decode(String.self))
        let lineCount = try decoder.decodeCount(minimumSize: 5)
        var lines: [Line] = []
        lines.reserveCapacity(lineCount)
        var linkIndices: [Int] = []
        for _ in 0..<lineCount {
            let scrolls = try decoder.decode(Bool.self)
            let runCount = try decoder.decodeCount(minimumSize: 20)
            var runs: [Line.Run] = []
            runs.reserveCapacity(runCount)
            for _ in 0..<runCount {
                let text = RemoteLayout.printable(try decoder.decode(String.self))
                let width = Int(try decoder.decode(UInt32.self))
                guard width <= 2 * text.unicodeScalars.count else { throw .malformed("a run \(width) columns wide for \(text.unicodeScalars.count) characters") }
                let style = Style(rawValue: try decoder.decode(UInt16.self))
                let color = try RemoteLayout.decodeColor(&decoder)
                let background = try RemoteLayout.decodeColor(&decoder)
                let link = try decoder.decode(Int.self)
                if link >= 0 { linkIndices.append(link) }
                runs.append(Line.Run(text: text, width: width, style: style, color: color, background: background,
                                     link: link >= 0 ? link : nil))
            }
            lines.append(Line(runs: runs, scrollsHorizontally: scrolls))
        }
        let linkCount = try decoder.decodeCount(minimumSize: 32)
        guard linkIndices.allSatisfy({ $0 < linkCount }) else { throw .malformed("a run of a link the page does not have") }
        var links: [RemoteLink] = []
        for _ in 0..<linkCount {
            let number = try decoder.decode(Int.self)
            let url = RemoteLayout.printable(try decoder.decode(String.self))
            let text = RemoteLayout.printable(try decoder.decode(String.self))
            let element = try decoder.decode(UInt64.self)
            let regionCount = try decoder.decodeCount(minimumSize: 24)
            var regions: [TextRegion] = []
            for _ in 0..<regionCount {
                let line = try decoder.decode(Int.self), lower = try decoder.decode(Int.self), upper = try decoder.decode(Int.self)
                guard lines.indices.contains(line), lower >= 0, lower <= upper else { throw .malformed("a link region outside the page") }
                regions.append(TextRegion(line: line, columns: lower..<upper))
            }
            links.append(RemoteLink(number: number, url: url, text: text, element: element, regions: regions))
        }
        let anchorCount = try decoder.decodeCount(minimumSize: 12)
        var anchors: [String: Int] = [:]
        for _ in 0..<anchorCount {
            let name = try decoder.decode(String.self)
            let line = try decoder.decode(Int.self)
            guard line >= 0, line <= lines.count else { throw .malformed("an anchor outside the page") }
            anchors[name] = line
        }
        isIncomplete = try decoder.decode(Bool.self)
        self.lines = lines
        self.links = links
        self.anchors = anchors
    }

    private static func encode(_ color: Color?, to encoder: inout MessageEncoder) {
        encoder.encode(color != nil)
        guard let color else { return }
        encoder.encode(color.red)
        encoder.encode(color.green)
        encoder.encode(color.blue)
    }

    private static func decodeColor(_ decoder: inout MessageDecoder) throws(MessageError) -> Color? {
        guard try decoder.decode(Bool.self) else { return nil }
        return Color(red: try decoder.decode(UInt8.self), green: try decoder.decode(UInt8.self), blue: try decoder.decode(UInt8.self))
    }

    /// `text` with each C0 and C1 control character (and DEL) replaced by U+FFFD.
    static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            scalars.append(value < 0x20 || (0x7F...0x9F).contains(value) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
