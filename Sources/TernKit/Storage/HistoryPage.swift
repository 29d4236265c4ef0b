import TernDOM
import TernNet
#if canImport(Glibc)
import Glibc
#endif

/// `about:history`: the global history as a page of links, most recent
/// first, searchable with `about:history?q=TEXT` (the page's own form).
enum HistoryPage {
    /// At most this many pages are listed.
    static let limit = 500

    static func html(for url: WebURL, history: BrowsingHistory) -> [UInt8] {
        let query = searchText(in: url.search)
        let entries = history.entries(matching: query, limit: limit)
        var html = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>History</title></head><body><h1>History</h1>"
        html += "<form action=\"about:history\" method=\"get\"><p><input type=\"search\" name=\"q\" value=\"\(HTMLText.escaped(query))\">"
        html += " <input type=\"submit\" value=\"Search\"></p></form>"
        if !history.isRecording {
            html += "<p>This window keeps no history (private browsing).</p>"
        } else if entries.isEmpty {
            html += query.isEmpty ? "<p>No pages visited yet.</p>" : "<p>No page matches “\(HTMLText.escaped(query))”.</p>"
        } else {
            html += "<ul>"
            for entry in entries {
                let name = entry.title.isEmpty ? entry.url.href : entry.title
                html += "<li><a href=\"\(HTMLText.escaped(entry.url.href))\">\(HTMLText.escaped(name))</a> — \(HTMLText.escaped(entry.url.href))"
                html += " (\(formatted(entry.lastVisitedAt))\(entry.visitCount > 1 ? ", \(entry.visitCount) visits" : ""))</li>"
            }
            html += "</ul>"
        }
        return Array((html + "</body></html>").utf8)
    }

    /// The `q` parameter of a query string, form-decoded.
    static func searchText(in search: String) -> String {
        for pair in search.drop(while: { $0 == "?" }).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first == "q" else { continue }
            return formDecode(parts.count > 1 ? String(parts[1]) : "")
        }
        return ""
    }

    static func formDecode(_ text: String) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), input.count >= 2,
                      let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `2026-11-29 21:49` in local time.
    private static func formatted(_ time: Double) -> String {
        var seconds = time_t(time)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }
}
