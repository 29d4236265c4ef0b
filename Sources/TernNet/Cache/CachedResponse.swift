/// A response kept by the HTTP cache: its headers and body with the times
/// RFC 9111 §4.2.3 needs to compute its age, and the request header values
/// its Vary field names.
package struct CachedResponse: Hashable {
    /// The response as stored: status 200, headers without Set-Cookie
    /// (cookies are taken when a response arrives, never replayed from the cache).
    package var response: Response
    package var body: [UInt8]
    /// When the request that fetched (or last revalidated) it was sent, in seconds since 1970.
    package var requestTime: Double
    /// When that response arrived.
    package var responseTime: Double
    /// The request's values of the headers named by Vary, as `name: value` lines.
    var varyKey: String

    /// Heuristic freshness (RFC 9111 §4.2.2) is a tenth of the time since
    /// Last-Modified, at most a week (as Firefox does).
    static let maximumHeuristicLifetime: Double = 7 * 86400

    /// The response's Cache-Control directives.
    package var cacheControl: CacheControl { CacheControl(response.headers) }

    /// The Date header's time, else when the response arrived.
    var dateValue: Double {
        response.headers["Date"].flatMap(CookieDate.parse) ?? responseTime
    }

    /// How long the response stays fresh after it was generated (RFC 9111 §4.2.1).
    package var freshnessLifetime: Double {
        let control = cacheControl
        if let maxAge = control.maxAge { return maxAge }
        if let expires = response.headers["Expires"] {
            // An invalid Expires (such as "0") means already expired.
            guard let time = CookieDate.parse(expires) else { return 0 }
            return max(0, time - dateValue)
        }
        if let modified = response.headers["Last-Modified"].flatMap(CookieDate.parse), modified < dateValue {
            return min(CachedResponse.maximumHeuristicLifetime, (dateValue - modified) / 10)
        }
        return 0
    }

    /// The response's age at `now` (RFC 9111 §4.2.3).
    package func currentAge(at now: Double) -> Double {
        let apparentAge = max(0, responseTime - dateValue)
        let ageValue = response.headers["Age"].flatMap { Double($0.trimmingSpaces()) } ?? 0
        let correctedAgeValue = ageValue + max(0, responseTime - requestTime)
        return max(apparentAge, correctedAgeValue) + max(0, now - responseTime)
    }

    /// Whether it may be used at `now` without asking the server.
    package func isFresh(at now: Double) -> Bool {
        !cacheControl.noCache && freshnessLifetime > currentAge(at: now)
    }

    /// Whether the server can be asked if it changed (it has an ETag or a Last-Modified).
    package var canBeRevalidated: Bool {
        response.headers["ETag"] != nil || response.headers["Last-Modified"] != nil
    }

    /// `request` made conditional on this response (If-None-Match, If-Modified-Since).
    func conditionalRequest(from request: Request) -> Request {
        var conditional = request
        if let tag = response.headers["ETag"] { conditional.headers["If-None-Match"] = tag }
        if let modified = response.headers["Last-Modified"] { conditional.headers["If-Modified-Since"] = modified }
        return conditional
    }

    /// This response with the header fields of a 304 that confirmed it
    /// (RFC 9111 §3.2: each field of the 304 replaces the stored ones of its
    /// name; the framing fields and Set-Cookie are not taken).
    func freshened(by notModified: Response, requestTime: Double, responseTime: Double) -> CachedResponse {
        var updated = self
        let kept: Set<String> = ["content-length", "content-encoding", "transfer-encoding", "content-range", "set-cookie", "set-cookie2"]
        var replaced: Set<String> = []
        for field in notModified.headers where !kept.contains(field.name.lowercased()) {
            if replaced.insert(field.name.lowercased()).inserted { updated.response.headers[field.name] = nil }
            updated.response.headers.add(field.name, field.value)
        }
        updated.response = Response(url: response.url, statusCode: response.statusCode, headers: updated.response.headers,
                                    expectedContentLength: Int64(body.count))
        updated.requestTime = requestTime
        updated.responseTime = responseTime
        return updated
    }
}
