/// Fetch §4.8 "CORS-preflight fetch": the `OPTIONS` request sent before a
/// CORS request that is not "simple", and the check of its response.
/// https://fetch.spec.whatwg.org/#cors-preflight-fetch
package enum CORSPreflight {
    /// The longest Access-Control-Max-Age honoured, in seconds (Chromium's cap: 2 hours).
    package static let maximumMaxAge = 7200.0
    /// Access-Control-Max-Age when the response has none (step 7.7).
    package static let defaultMaxAge = 5.0

    /// Steps 1-4: an `OPTIONS` to the request's current URL with
    /// `Accept: */*`, Access-Control-Request-Method and (when there are any)
    /// Access-Control-Request-Headers: the CORS-unsafe names, lower-cased,
    /// sorted, joined by ",". It carries no credentials (its credentials mode
    /// is the default `same-origin` with CORS tainting) and no body; the
    /// caller adds `Origin` (the request's serialized origin) and `Referer`.
    package static func request(for url: WebURL, method: String, headers: HTTPHeaders, origin: String) -> Request {
        var preflight = Request(url: url, method: "OPTIONS")
        preflight.headers["Accept"] = "*/*"
        preflight.headers["Origin"] = origin
        preflight.headers["Access-Control-Request-Method"] = method
        let unsafe = FetchHeaderRules.corsUnsafeRequestHeaderNames(headers)
        if !unsafe.isEmpty { preflight.headers["Access-Control-Request-Headers"] = unsafe.joined(separator: ",") }
        preflight.handlesCookies = false
        preflight.cachePolicy = .reloadIgnoringLocalCacheData
        return preflight
    }

    /// What a successful preflight allows, for the cache.
    package struct Grant: Equatable {
        package var methods: [String]
        package var headerNames: [String]
        package var maxAge: Double
    }

    /// Steps 6-7: the preflight `response` allows the request (`method`,
    /// `headers`, credentials mode), or a reason it does not.
    package static func check(_ response: Response, method: String, headers: HTTPHeaders,
                             serializedOrigin: String, credentials: FetchCredentialsMode) -> Result<Grant, PreflightError> {
        // Step 7: a CORS check that passes and an ok status (200-299).
        guard CORSCheck.passes(response.headers, serializedOrigin: serializedOrigin, credentials: credentials) else {
            return .failure(PreflightError(reason: "the preflight response does not allow the origin"))
        }
        guard (200...299).contains(response.statusCode) else {
            return .failure(PreflightError(reason: "the preflight response's status is not ok"))
        }
        // Steps 7.1-7.3: Access-Control-Allow-Methods and -Headers must parse.
        let methodsList = FetchHeaderRules.extractTokenList("Access-Control-Allow-Methods", from: response.headers)
        let namesList = FetchHeaderRules.extractTokenList("Access-Control-Allow-Headers", from: response.headers)
        if case .failure? = methodsList { return .failure(PreflightError(reason: "Access-Control-Allow-Methods does not parse")) }
        if case .failure? = namesList { return .failure(PreflightError(reason: "Access-Control-Allow-Headers does not parse")) }
        // (Step 7.4, the use-CORS-preflight flag's default, does not apply: it is never set here.)
        let methods = (try? methodsList?.get()) ?? []
        let headerNames = (try? namesList?.get()) ?? []
        // Step 7.5: the method, compared case-sensitively; `*` only without credentials.
        if !methods.contains(method) && !FetchHeaderRules.isCORSSafelistedMethod(method)
            && (credentials == .include || !methods.contains("*")) {
            return .failure(PreflightError(reason: "the method \(method) is not allowed by Access-Control-Allow-Methods"))
        }
        let allowed = Set(headerNames.map(FetchHeaderRules.asciiLowercased))
        // Step 7.6: Authorization is never covered by `*`.
        for field in headers where FetchHeaderRules.isCORSNonWildcardRequestHeaderName(field.name)
            && !allowed.contains(FetchHeaderRules.asciiLowercased(field.name)) {
            return .failure(PreflightError(reason: "the header \(field.name) is not allowed by Access-Control-Allow-Headers"))
        }
        // Step 7.7: every CORS-unsafe name; `*` only without credentials.
        for name in FetchHeaderRules.corsUnsafeRequestHeaderNames(headers)
            where !allowed.contains(name) && (credentials == .include || !allowed.contains("*")) {
            return .failure(PreflightError(reason: "the header \(name) is not allowed by Access-Control-Allow-Headers"))
        }
        return .success(Grant(methods: methods, headerNames: headerNames, maxAge: maxAge(response.headers)))
    }

    /// Steps 7.8-7.9: Access-Control-Max-Age (delta-seconds), 5 when absent
    /// or not a number, capped at `maximumMaxAge`.
    static func maxAge(_ headers: HTTPHeaders) -> Double {
        let values = headers.values(for: "Access-Control-Max-Age")
        guard values.count == 1 else { return defaultMaxAge }
        let value = FetchHeaderRules.normalizeValue(values[0])
        guard !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return defaultMaxAge }
        // Digit by digit, stopping at the cap: the text may be any length.
        var seconds = 0.0
        for digit in value.utf8 {
            seconds = seconds * 10 + Double(digit - 0x30)
            if seconds >= maximumMaxAge { return maximumMaxAge }
        }
        return seconds
    }

    /// Why a preflight failed (the request is then a network error).
    package struct PreflightError: Error, Equatable {
        package var reason: String
        package init(reason: String) { self.reason = reason }
    }
}
