/// A small RFC 3986 §5.2 reference resolver, used for `<base href>` when
/// the embedder gives no `LayoutOptions.resolveURLAgainstBase`.
/// (https://www.rfc-editor.org/rfc/rfc3986#section-5.2)
enum URLReference {
    static func scheme(of string: Substring) -> Substring? {
        guard let colon = string.firstIndex(of: ":"), colon > string.startIndex else { return nil }
        let candidate = string[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter else { return nil }
        for c in candidate where !(c.isASCII && (c.isLetter || c.isNumber || c == "+" || c == "-" || c == ".")) { return nil }
        return candidate
    }

    static func resolve(_ reference: String, against base: String) -> String {
        let ref = Substring(reference)
        if scheme(of: ref) != nil { return reference }
        guard let baseScheme = scheme(of: Substring(base)) else { return reference }
        var rest = base[base.index(after: base.index(base.startIndex, offsetBy: baseScheme.count))...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var authority: Substring = ""
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            authority = rest[rest.startIndex..<end]
            rest = rest[end...]
        }
        var basePath = rest, baseQuery: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            basePath = rest[..<question]
            baseQuery = rest[question...]
        }
        let prefix = String(baseScheme) + ":" + authority
        if ref.hasPrefix("//") { return String(baseScheme) + ":" + reference }
        if ref.isEmpty { return prefix + basePath + baseQuery }
        if ref.hasPrefix("#") { return prefix + basePath + baseQuery + ref }
        if ref.hasPrefix("?") { return prefix + basePath + ref }
        let split = ref.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? ref.endIndex
        let refPath = ref[..<split], suffix = ref[split...]
        var merged: String
        if refPath.hasPrefix("/") {
            merged = String(refPath)
        } else if !authority.isEmpty && basePath.isEmpty {
            merged = "/" + refPath
        } else if let slash = basePath.lastIndex(of: "/") {
            merged = String(basePath[...slash]) + refPath
        } else {
            merged = String(refPath)
        }
        return prefix + removeDotSegments(merged) + suffix
    }

    static func removeDotSegments(_ path: String) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            if segment == "." {
                if last { output.append("") }
            } else if segment == ".." {
                if output.count > 1 { output.removeLast() }
                if last { output.append("") }
            } else {
                output.append(segment)
            }
        }
        var result = output.joined(separator: "/")
        if path.hasPrefix("/") && !result.hasPrefix("/") { result = "/" + result }
        return result
    }
}
