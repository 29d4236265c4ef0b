import TernDOM

/// A document laid out as lines of styled text for one width.
///
/// Made by `Layout.render(_:options:)`. Everything in it refers to `lines` by
/// index: link and control regions, anchors. A value; re-render for another
/// width.
public struct RenderedPage {
    /// The document title, whitespace collapsed, control characters replaced.
    public var title: String
    public var lines: [Line]
    /// The links in reading order; `links[i].number == i + 1`. Those of a
    /// drawn frame come where the frame is, with their frame document's nodes.
    public var links: [Link]
    /// The form controls in document order, hidden inputs included.
    public var controls: [FormControl]
    /// Fragment targets: each `id` (and `<a name>`) → the index of the line
    /// where that element starts. The first element with a given name wins.
    /// A drawn frame's `id`s are not among them.
    public var anchors: [String: Int]
    /// Where each of `LayoutOptions.measuredElements` sits, in its order:
    /// nil for one that made no box (`display: none`, not in the document).
    public var extents: [ElementExtent?] = []
    /// The headings, landmarks and tables, in document order (those of the
    /// page's own document: not a drawn frame's).
    public var outline: [PageOutlineItem] = []
    /// The parts drawn over the page, in the order they stack (the modal
    /// one last); their lines come after the page's own.
    public var layers: [PageLayer] = []
    /// `LayoutOptions.shouldStop` ended the layout: the lines hold the part
    /// of the document laid out until then, and end with `Layout.stoppedNotice`.
    public var isIncomplete = false

    public init(title: String = "", lines: [Line] = [], links: [Link] = [], controls: [FormControl] = [], anchors: [String: Int] = [:]) {
        self.title = title
        self.lines = lines
        self.links = links
        self.controls = controls
        self.anchors = anchors
    }

    /// The page as plain text, for `tern --dump`: each line with its trailing
    /// spaces trimmed, ending in a newline; an empty field's placeholder is
    /// drawn as underscores, since it is not the field's value. With `references` and at least one
    /// link, a blank line, `References`, a blank line and one `   n. URL` line
    /// per link follow, numbers right-aligned to the widest (at least 4
    /// columns, as lynx does). Control characters in URLs are percent-encoded.
    public func plainText(references: Bool) -> String {
        String(decoding: plainTextUTF8(references: references), as: UTF8.self)
    }

    /// The UTF-8 bytes of `plainText(references:)`, for writing out: no
    /// String is made, so the bytes (valid UTF-8 by construction) are not
    /// validated again.
    public func plainTextUTF8(references: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        writePlainText(references: references) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The bytes of `plainTextUTF8(references:)` handed to `write` in pieces
    /// of about `chunkSize` bytes, each ending with a line: for writing a
    /// large page out without holding all of its text at once. The bytes
    /// are valid only during the call.
    public func writePlainText(references: Bool, chunkSize: Int = 64 << 10, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        var capacity = max(chunkSize, 1) + 256
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var used = 0
        func reserve(_ count: Int) {
            guard used + count > capacity else { return }
            capacity = max(capacity * 2, used + count)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.update(from: buffer, count: used)
            buffer.deallocate()
            buffer = larger
        }
        func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            reserve(bytes.count)
            (buffer + used).update(from: base, count: bytes.count)
            used += bytes.count
        }
        func put(_ text: String) {
            if text.utf8.withContiguousStorageIfAvailable(put) == nil {
                var copy = text
                copy.withUTF8(put)
            }
        }
        /// A URL as it is when all of it is printable ASCII (nearly always:
        /// checked while copying), else as `displayURL` makes it safe.
        func putURL(_ url: String) {
            let start = used
            var printable = true
            put(url)
            for i in start..<used where buffer[i] <= 0x20 || buffer[i] >= 0x7F {
                printable = false
                break
            }
            if !printable {
                used = start
                put(RenderedPage.displayURL(url))
            }
        }
        func endLine() {
            reserve(1)
            buffer[used] = 0x0A
            used += 1
            if used >= chunkSize {
                write(UnsafeBufferPointer(start: buffer, count: used))
                used = 0
            }
        }
        for line in lines {
            let lineStart = used
            for run in line.runs {
                guard run.style.contains(.placeholder) else {
                    put(run.text)
                    continue
                }
                // An empty field's placeholder is not its value: with no dim in plain text, blanks (lynx's `___`).
                put(RepeatedText.repeated("_", run.width))
            }
            while used > lineStart, buffer[used - 1] == 0x20 { used -= 1 }
            endLine()
        }
        if references && !links.isEmpty {
            let field = max(4, RenderedPage.digits(links.count))
            if !lines.isEmpty { endLine() }
            put("References\n")
            endLine()
            for link in links {
                // "  12. ": the number right-aligned in `field` columns, written in place.
                let digits = RenderedPage.digits(link.number)
                reserve(max(field, digits) + 2)
                for _ in 0..<max(0, field - digits) {
                    buffer[used] = 0x20
                    used += 1
                }
                var rest = link.number
                for position in stride(from: used + digits - 1, through: used, by: -1) {
                    buffer[position] = UInt8(48 + rest % 10)
                    rest /= 10
                }
                used += digits
                buffer[used] = 0x2E
                buffer[used + 1] = 0x20
                used += 2
                putURL(link.url)
                endLine()
            }
        }
        if used > 0 { write(UnsafeBufferPointer(start: buffer, count: used)) }
    }

    /// How many decimal digits `number` (≥ 0) has.
    static func digits(_ number: Int) -> Int {
        var count = 1
        var rest = max(0, number)
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// A URL made safe to print: controls, spaces and DEL percent-encoded.
    static func displayURL(_ url: String) -> String {
        // Nearly every URL is printable ASCII: then there is nothing to encode.
        let printable = url.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }
        if printable == true { return url }
        var needs = false
        for scalar in url.unicodeScalars where scalar.value <= 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
            needs = true
            break
        }
        guard needs else { return url }
        var out = ""
        for scalar in url.unicodeScalars {
            if scalar.value <= 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
                for byte in String(scalar).utf8 {
                    out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
