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
    /// The links in reading order; `links[i].number == i + 1`.
    public var links: [Link]
    /// The form controls in document order, hidden inputs included.
    public var controls: [FormControl]
    /// Fragment targets: each `id` (and `<a name>`) → the index of the line
    /// where that element starts. The first element with a given name wins.
    public var anchors: [String: Int]

    public init(title: String = "", lines: [Line] = [], links: [Link] = [], controls: [FormControl] = [], anchors: [String: Int] = [:]) {
        self.title = title
        self.lines = lines
        self.links = links
        self.controls = controls
        self.anchors = anchors
    }

    /// The page as plain text, for `tern --dump`: each line with its trailing
    /// spaces trimmed, ending in a newline. With `references` and at least one
    /// link, a blank line, `References`, a blank line and one `   n. URL` line
    /// per link follow, numbers right-aligned to the widest (at least 4
    /// columns, as lynx does). Control characters in URLs are percent-encoded.
    public func plainText(references: Bool) -> String {
        // Written once into one String of the exact size (trailing spaces
        // only make it shorter): no growing, no second copy.
        let plan = plainTextPlan(references: references)
        return String(unsafeUninitializedCapacity: plan.capacity) { writePlainText(plan, into: $0) }
    }

    /// The UTF-8 bytes of `plainText(references:)`, for writing out: no
    /// String is made, so the bytes (valid UTF-8 by construction) are not
    /// validated again.
    public func plainTextUTF8(references: Bool) -> [UInt8] {
        let plan = plainTextPlan(references: references)
        return [UInt8](unsafeUninitializedCapacity: plan.capacity) { buffer, count in
            count = writePlainText(plan, into: buffer)
        }
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
        func put(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else { return }
                reserve(bytes.count)
                (buffer + used).update(from: base, count: bytes.count)
                used += bytes.count
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
            for run in line.runs { put(run.text) }
            while used > lineStart, buffer[used - 1] == 0x20 { used -= 1 }
            endLine()
        }
        if references && !links.isEmpty {
            let field = max(4, String(links.count).count)
            if !lines.isEmpty { endLine() }
            put("References\n")
            endLine()
            for link in links {
                let number = String(link.number)
                reserve(field)
                for _ in 0..<(field - number.count) {
                    buffer[used] = 0x20
                    used += 1
                }
                put(number)
                put(". ")
                put(RenderedPage.displayURL(link.url))
                endLine()
            }
        }
        if used > 0 { write(UnsafeBufferPointer(start: buffer, count: used)) }
    }

    /// What the plain text needs besides the lines: the printable URLs, the
    /// width of the reference numbers, and an upper bound of its size.
    private struct PlainTextPlan {
        var urls: [String]
        var field: Int
        var capacity: Int
    }

    private func plainTextPlan(references: Bool) -> PlainTextPlan {
        let urls = references ? links.map { RenderedPage.displayURL($0.url) } : []
        let field = max(4, String(links.count).count)
        var capacity = 0
        for line in lines {
            for run in line.runs { capacity += run.text.utf8.count }
            capacity += 1
        }
        if !urls.isEmpty {
            capacity += 1 + "References\n\n".utf8.count
            for url in urls { capacity += max(field, 20) + 3 + url.utf8.count }
        }
        return PlainTextPlan(urls: urls, field: field, capacity: capacity)
    }

    /// Writes the plain text into `buffer` (at least `plan.capacity` bytes)
    /// and returns its length.
    private func writePlainText(_ plan: PlainTextPlan, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let urls = plan.urls, field = plan.field
        var o = 0
        func put(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else { return }
                UnsafeMutableRawPointer(buffer.baseAddress! + o).copyMemory(from: base, byteCount: bytes.count)
                o += bytes.count
            }
        }
        for line in lines {
            let lineStart = o
            for run in line.runs { put(run.text) }
            while o > lineStart, buffer[o - 1] == 0x20 { o -= 1 }
            buffer[o] = 0x0A
            o += 1
        }
        if !urls.isEmpty {
            if o > 0 {
                buffer[o] = 0x0A
                o += 1
            }
            put("References\n\n")
            for (link, url) in zip(links, urls) {
                let number = String(link.number)
                for _ in 0..<(field - number.count) {
                    buffer[o] = 0x20
                    o += 1
                }
                put(number)
                put(". ")
                put(url)
                buffer[o] = 0x0A
                o += 1
            }
        }
        return o
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
