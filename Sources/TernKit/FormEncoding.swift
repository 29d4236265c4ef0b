import TernNet
import TernScript

/// Turns a form submission into the request a browser sends (HTML's
/// "form submission algorithm", the mutate-action / submit-as-entity-body steps).
enum FormEncoding {
    static func request(for submission: FormSubmission) -> Request {
        let pairs = submission.fields.map { ($0.name, $0.value) }
        if submission.method != "post" {
            // GET: the action URL with its query replaced by the form data.
            let query = urlencoded(pairs)
            let base = submission.action.withoutFragment.href
            let withoutQuery = base.split(separator: "?", maxSplits: 1).first.map(String.init) ?? base
            let url = WebURL(withoutQuery + "?" + query) ?? submission.action
            return Request(url: url.settingFragment(submission.action.fragment))
        }
        var request = Request(url: submission.action, method: "POST")
        switch submission.enctype {
        case "multipart/form-data":
            let boundary = "----TernFormBoundary\(UInt64.random(in: 1...UInt64.max))"
            var body: [UInt8] = []
            for (name, value) in pairs {
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(escapeQuotes(name))\"\r\n\r\n".utf8)
                body += Array(value.utf8) + Array("\r\n".utf8)
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

    /// application/x-www-form-urlencoded: https://url.spec.whatwg.org/#urlencoded-serializing
    static func urlencoded(_ pairs: [(String, String)]) -> String {
        pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    private static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 0x20: out += "+"
            case 0x2A, 0x2D, 0x2E, 0x5F, 0x30...0x39, 0x41...0x5A, 0x61...0x7A: out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
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
