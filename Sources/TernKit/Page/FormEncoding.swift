import TernSystem
import TernNet
import TernScript

/// Turns a form submission into the request a browser sends (HTML's
/// "form submission algorithm", the mutate-action / submit-as-entity-body steps).
enum FormEncoding {
    static func request(for submission: FormSubmission) -> Request {
        request(method: submission.method, action: submission.action, enctype: submission.enctype,
                entries: submission.fields.map { FormEntry(name: $0.name, value: .string($0.value)) })
    }

    /// The request for a form data set. Names and string values have their
    /// line breaks made CRLF; a file is sent as its content in
    /// multipart/form-data and as its name otherwise.
    static func request(method: String, action: WebURL, enctype: String, entries: [FormEntry]) -> Request {
        let normalized = entries.map { entry -> FormEntry in
            var entry = entry
            entry.name = crlf(entry.name)
            if case .string(let text) = entry.value { entry.value = .string(crlf(text)) }
            return entry
        }
        let pairs = normalized.map { entry -> (String, String) in
            switch entry.value {
            case .string(let text): return (entry.name, text)
            case .file(let path): return (entry.name, path.map(fileName) ?? "")
            }
        }
        if method != "post" {
            // GET: the action URL with its query replaced by the form data.
            let query = urlencoded(pairs)
            let base = action.withoutFragment.href
            let withoutQuery = base.split(separator: "?", maxSplits: 1).first.map(String.init) ?? base
            let url = WebURL(withoutQuery + "?" + query) ?? action
            return Request(url: url.settingFragment(action.fragment))
        }
        var request = Request(url: action, method: "POST")
        switch enctype {
        case "multipart/form-data":
            let boundary = "----TernFormBoundary\(UInt64.random(in: 1...UInt64.max))"
            var body: [UInt8] = []
            for entry in normalized {
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(escapeQuotes(entry.name))\"".utf8)
                switch entry.value {
                case .string(let text):
                    body += Array("\r\n\r\n".utf8) + Array(text.utf8)
                case .file(let path):
                    let name = path.map(fileName) ?? ""
                    let type = path.map(LocalFile.mimeType(forPath:)) ?? "application/octet-stream"
                    body += Array("; filename=\"\(escapeQuotes(name))\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
                    if let path, case .success(let bytes) = LocalFile.read(path: path, limit: maximumFileSize) { body += bytes }
                }
                body += Array("\r\n".utf8)
            }
            body += Array("--\(boundary)--\r\n".utf8)
            request.body = body
            request.headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
        case "text/plain":
            request.body = Array(pairs.map { "\($0.0)=\($0.1)\r\n" }.joined().utf8)
            request.headers["Content-Type"] = "text/plain"
        default:
            request.body = Array(urlencoded(pairs).utf8)
            request.headers["Content-Type"] = "application/x-www-form-urlencoded"
        }
        return request
    }

    /// The largest file a form sends (a bigger one is sent empty).
    static let maximumFileSize: Int64 = 64 << 20

    /// The last component of a path.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Every CR, LF and CRLF made CRLF (https://html.spec.whatwg.org/#converting-an-entry-list-to-a-list-of-name-value-pairs).
    static func crlf(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        var out = ""
        var previousCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                out += "\r\n"
                previousCR = true
            case "\n":
                if !previousCR { out += "\r\n" }
                previousCR = false
            default:
                out.unicodeScalars.append(scalar)
                previousCR = false
            }
        }
        return out
    }

    /// application/x-www-form-urlencoded: https://url.spec.whatwg.org/#urlencoded-serializing
    static func urlencoded(_ pairs: [(String, String)]) -> String {
        pairs.map { WebURL.formURLEncoded($0.0) + "=" + WebURL.formURLEncoded($0.1) }.joined(separator: "&")
    }

    private static func escapeQuotes(_ name: String) -> String {
        name.replacingAll("\"", with: "%22").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
