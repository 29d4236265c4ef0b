/// Fetch §4.10 "CORS check": whether a response to a CORS request may be
/// shared with the requesting origin. https://fetch.spec.whatwg.org/#cors-check
package enum CORSCheck {
    /// `serializedOrigin` is the request's origin as sent in `Origin`
    /// ("null" when opaque or tainted by a redirect).
    package static func passes(_ headers: HTTPHeaders, serializedOrigin: String, credentials: FetchCredentialsMode) -> Bool {
        // Steps 1-2: every Access-Control-Allow-Origin value together ("get"): two values never match.
        let values = headers.values(for: "Access-Control-Allow-Origin")
        guard !values.isEmpty else { return false }
        let origin = values.joined(separator: ", ")
        // Step 3: `*` only for a request without credentials.
        if credentials != .include && origin == "*" { return true }
        // Step 4: the exact serialized origin, byte for byte.
        guard origin == serializedOrigin else { return false }
        // Step 5: without credentials that is enough.
        if credentials != .include { return true }
        // Steps 6-7: with credentials, Access-Control-Allow-Credentials must be exactly `true`.
        return headers.values(for: "Access-Control-Allow-Credentials").joined(separator: ", ") == "true"
    }
}
