import TernDOM
import TernLayout
import TernSystem

/// A page laid out in a content process, as it crosses to the browser:
/// its lines, links and form controls, each one's element named by a
/// number the content process keeps (`element`), since no node crosses;
/// its outline (what quick navigation moves between) and layers (a modal
/// dialog drawn over the page).
struct RemoteLayout: WireCodable {
    struct RemoteLink {
        var number: Int
        var url: String
        var text: String
        var element: UInt64
        var regions: [TextRegion]
    }

    struct RemoteControl {
        var kind: FormControl.Kind
        var element: UInt64
        var name: String
        var value: String
        var checked: Bool
        var options: [String]
        var selectedIndex: Int?
        var number: Int?
        var regions: [TextRegion]
        var description: ControlDescription
    }

    var title: String
    var lines: [Line]
    var links: [RemoteLink]
    var controls: [RemoteControl]
    var anchors: [String: Int]
    var outline: [PageOutlineItem]
    var layers: [PageLayer]
    var isIncomplete: Bool

    /// `layout`'s parts that cross, its elements numbered by `elementID`.
    init(_ layout: PageLayout, elementID: (Node) -> UInt64) {
        let page = layout.rendered
        title = page.title
        lines = page.lines
        links = page.links.map {
            RemoteLink(number: $0.number, url: $0.url, text: $0.text, element: elementID($0.node), regions: $0.regions)
        }
        controls = zip(page.controls, layout.controls).map { control, described in
            RemoteControl(kind: control.kind, element: elementID(control.node), name: control.name, value: control.value, checked: control.checked, options: control.options,
                          selectedIndex: control.selectedIndex, number: control.number, regions: control.regions,
                          description: ControlDescription(described))
        }
        anchors = page.anchors
        outline = page.outline
        layers = page.layers
        isIncomplete = page.isIncomplete
    }

    /// The layout the browser's view shows: its elements named by the
    /// content process's numbers (`PageLayout.remote`), `standIn` in the
    /// nodes' place.
    func pageLayout(standIn: Node) -> PageLayout {
        var page = RenderedPage(title: title, lines: lines, anchors: anchors)
        page.links = links.map {
            Link(number: $0.number, url: $0.url, text: $0.text, node: standIn, regions: $0.regions)
        }
        page.controls = controls.map {
            FormControl(kind: $0.kind, node: standIn, form: nil, name: $0.name, value: $0.value, checked: $0.checked,
                        options: $0.options, selectedIndex: $0.selectedIndex, number: $0.number, regions: $0.regions)
        }
        page.outline = outline
        page.layers = layers
        page.isIncomplete = isIncomplete
        return PageLayout(page, styles: nil, remote: PageLayout.RemoteParts(links: links.map(\.element), controls: controls.map(\.element),
                                                                             descriptions: controls.map(\.description)))
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
                encoder.encode(run.control ?? -1)
            }
        }
        encoder.encode(UInt32(truncatingIfNeeded: links.count))
        for link in links {
            encoder.encode(link.number)
            encoder.encode(link.url)
            encoder.encode(link.text)
            encoder.encode(link.element)
            RemoteLayout.encode(link.regions, to: &encoder)
        }
        encoder.encode(UInt32(truncatingIfNeeded: controls.count))
        for control in controls {
            encoder.encode(control.kind.rawValue)
            encoder.encode(control.element)
            encoder.encode(control.name)
            encoder.encode(control.value)
            encoder.encode(control.checked)
            encoder.encode(UInt32(truncatingIfNeeded: control.options.count))
            for option in control.options { encoder.encode(option) }
            encoder.encode(control.selectedIndex ?? -1)
            encoder.encode(control.number ?? -1)
            RemoteLayout.encode(control.regions, to: &encoder)
            let description = control.description
            encoder.encode(description.allowsMultipleSelection)
            encoder.encode(UInt32(truncatingIfNeeded: description.selectedIndices.count))
            for index in description.selectedIndices.sorted() { encoder.encode(index) }
            encoder.encode(description.label)
            encoder.encode(description.accessibleName)
        }
        encoder.encode(UInt32(truncatingIfNeeded: anchors.count))
        for (name, line) in anchors {
            encoder.encode(name)
            encoder.encode(line)
        }
        encoder.encode(UInt32(truncatingIfNeeded: outline.count))
        for item in outline {
            switch item.kind {
            case .heading(let level):
                encoder.encode(UInt8(0))
                encoder.encode(level)
            case .landmark(let role):
                encoder.encode(UInt8(1))
                encoder.encode(role)
            case .table:
                encoder.encode(UInt8(2))
            }
            encoder.encode(item.name)
            encoder.encode(item.line)
        }
        encoder.encode(UInt32(truncatingIfNeeded: layers.count))
        for layer in layers {
            encoder.encode(layer.lines.lowerBound)
            encoder.encode(layer.lines.upperBound)
            encoder.encode(layer.isModal)
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
        var linkIndices: [Int] = [], controlIndices: [Int] = []
        for _ in 0..<lineCount {
            let scrolls = try decoder.decode(Bool.self)
            let runCount = try decoder.decodeCount(minimumSize: 28)
            var runs: [Line.Run] = []
            runs.reserveCapacity(runCount)
            for _ in 0..<runCount {
                let text = RemoteLayout.printable(try decoder.decode(String.self))
                let width = Int(try decoder.decode(UInt32.self))
                // A character is at most two columns and at least one UTF-8 byte.
                guard width <= 2 * text.utf8.count else { throw .malformed("a run \(width) columns wide for \(text.utf8.count) bytes") }
                let style = Style(rawValue: try decoder.decode(UInt16.self))
                let color = try RemoteLayout.decodeColor(&decoder)
                let background = try RemoteLayout.decodeColor(&decoder)
                let link = try decoder.decode(Int.self)
                let control = try decoder.decode(Int.self)
                if link >= 0 { linkIndices.append(link) }
                if control >= 0 { controlIndices.append(control) }
                runs.append(Line.Run(text: text, width: width, style: style, color: color, background: background,
                                     link: link >= 0 ? link : nil, control: control >= 0 ? control : nil))
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
            let regions = try RemoteLayout.decodeRegions(&decoder, lineCount: lines.count)
            links.append(RemoteLink(number: number, url: url, text: text, element: element, regions: regions))
        }
        let controlCount = try decoder.decodeCount(minimumSize: 32)
        guard controlIndices.allSatisfy({ $0 < controlCount }) else { throw .malformed("a run of a control the page does not have") }
        var controls: [RemoteControl] = []
        for _ in 0..<controlCount {
            let kindName = try decoder.decode(String.self)
            guard let kind = FormControl.Kind(rawValue: kindName) else { throw .malformed("a control of kind \(kindName.prefix(20))") }
            let element = try decoder.decode(UInt64.self)
            let name = RemoteLayout.printable(try decoder.decode(String.self))
            let value = RemoteLayout.printable(try decoder.decode(String.self))
            let checked = try decoder.decode(Bool.self)
            let optionCount = try decoder.decodeCount(minimumSize: 4)
            var options: [String] = []
            for _ in 0..<optionCount { options.append(RemoteLayout.printable(try decoder.decode(String.self))) }
            let selected = try decoder.decode(Int.self), number = try decoder.decode(Int.self)
            guard selected == -1 || options.indices.contains(selected) else { throw .malformed("a selected option the select does not have") }
            let regions = try RemoteLayout.decodeRegions(&decoder, lineCount: lines.count)
            let multiple = try decoder.decode(Bool.self)
            let selectedCount = try decoder.decodeCount(minimumSize: 8)
            var selectedIndices: Set<Int> = []
            for _ in 0..<selectedCount {
                let index = try decoder.decode(Int.self)
                guard options.indices.contains(index) else { throw .malformed("a selected option the select does not have") }
                selectedIndices.insert(index)
            }
            let label = RemoteLayout.printable(try decoder.decode(String.self))
            let accessibleName = RemoteLayout.printable(try decoder.decode(String.self))
            controls.append(RemoteControl(kind: kind, element: element, name: name, value: value, checked: checked,
                                          options: options, selectedIndex: selected >= 0 ? selected : nil,
                                          number: number >= 0 ? number : nil, regions: regions,
                                          description: ControlDescription(allowsMultipleSelection: multiple, selectedIndices: selectedIndices,
                                                                          label: label, accessibleName: accessibleName)))
        }
        let anchorCount = try decoder.decodeCount(minimumSize: 12)
        var anchors: [String: Int] = [:]
        for _ in 0..<anchorCount {
            let name = try decoder.decode(String.self)
            let line = try decoder.decode(Int.self)
            guard line >= 0, line <= lines.count else { throw .malformed("an anchor outside the page") }
            anchors[name] = line
        }
        let outlineCount = try decoder.decodeCount(minimumSize: 13)
        var outline: [PageOutlineItem] = []
        for _ in 0..<outlineCount {
            let kind: PageOutlineItem.Kind
            switch try decoder.decode(UInt8.self) {
            case 0: kind = .heading(level: min(max(try decoder.decode(Int.self), 1), 6))
            case 1: kind = .landmark(role: RemoteLayout.printable(try decoder.decode(String.self)))
            case 2: kind = .table
            case let tag: throw .malformed("an outline item of kind \(tag)")
            }
            let name = RemoteLayout.printable(try decoder.decode(String.self))
            let line = try decoder.decode(Int.self)
            guard line >= 0, line <= lines.count else { throw .malformed("an outline item outside the page") }
            outline.append(PageOutlineItem(kind: kind, name: name, line: line))
        }
        let layerCount = try decoder.decodeCount(minimumSize: 17)
        var layers: [PageLayer] = []
        for _ in 0..<layerCount {
            let start = try decoder.decode(Int.self), end = try decoder.decode(Int.self)
            guard start >= 0, start <= end, end <= lines.count else { throw .malformed("a layer outside the page") }
            layers.append(PageLayer(lines: start..<end, isModal: try decoder.decode(Bool.self)))
        }
        isIncomplete = try decoder.decode(Bool.self)
        self.outline = outline
        self.layers = layers
        self.lines = lines
        self.links = links
        self.controls = controls
        self.anchors = anchors
    }

    private static func encode(_ regions: [TextRegion], to encoder: inout MessageEncoder) {
        encoder.encode(UInt32(truncatingIfNeeded: regions.count))
        for region in regions {
            encoder.encode(region.line)
            encoder.encode(region.columns.lowerBound)
            encoder.encode(region.columns.upperBound)
        }
    }

    private static func decodeRegions(_ decoder: inout MessageDecoder, lineCount: Int) throws(MessageError) -> [TextRegion] {
        let count = try decoder.decodeCount(minimumSize: 24)
        var regions: [TextRegion] = []
        for _ in 0..<count {
            let line = try decoder.decode(Int.self), lower = try decoder.decode(Int.self), upper = try decoder.decode(Int.self)
            guard line >= 0, line < lineCount, lower >= 0, lower <= upper else { throw .malformed("a region outside the page") }
            regions.append(TextRegion(line: line, columns: lower..<upper))
        }
        return regions
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
