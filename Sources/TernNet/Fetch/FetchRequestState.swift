/// Fetch's request "mode" (https://fetch.spec.whatwg.org/#concept-request-mode),
/// the values a script may ask for.
package enum FetchMode: String {
    case cors
    case noCORS = "no-cors"
    case sameOrigin = "same-origin"
}

/// Fetch's request "credentials mode": whether cookies (and HTTP
/// authentication entries) go with a request.
package enum FetchCredentialsMode: String {
    case omit
    case sameOrigin = "same-origin"
    case include
}

/// Fetch's request "redirect mode" (§2.2.5): what a redirect response does
/// (HTTP fetch §4.4 step 4.x): follow it, make it a network error, or hand
/// the requester an opaque-redirect filtered response.
package enum FetchRedirectMode: String {
    case follow, error, manual
}

/// Fetch's "response tainting": how the response may be shown to the requester.
package enum FetchResponseTainting: String {
    case basic, cors, opaque
}

/// The part of a Fetch request that changes from hop to hop of a fetch made
/// by a page: its mode, credentials mode, origin, tainted-origin flag and
/// response tainting, with the steps of "main fetch", "HTTP-redirect fetch"
/// and "append a request `Origin` header" that read or change them. Pure:
/// the caller sends the requests.
package struct FetchRequestState {
    package let mode: FetchMode
    package let credentials: FetchCredentialsMode
    /// The request's origin, serialized ("null" when opaque).
    package let origin: String
    /// Set once a redirect went to another origin from a URL not of the
    /// request's origin (HTTP-redirect fetch step 10): the origin sent is then "null".
    package private(set) var hasTaintedOrigin = false
    package private(set) var responseTainting = FetchResponseTainting.basic
    /// The request's referrer policy, read by the `Origin` header rule only.
    package var referrerPolicy = ReferrerPolicy.default

    package init(mode: FetchMode, credentials: FetchCredentialsMode, origin: String) {
        self.mode = mode
        self.credentials = credentials
        self.origin = origin
    }

    /// The origin of `url` as Fetch compares it: `WebURL.origin`, except that a
    /// URL of a scheme without a tuple origin but with a host (an app's custom
    /// scheme, `myapp://app/…`) is of origin "scheme://host", and `file:` URLs
    /// share the origin "file://" (a local page reads local files, as before).
    package static func origin(of url: WebURL) -> String {
        let origin = url.origin
        guard origin == "null", url.scheme != "data", url.scheme != "about", url.scheme != "blob",
              url.scheme != "javascript" else { return origin }
        return url.scheme + "://" + url.hostname
    }

    /// Fetch "same origin": equal, and not opaque ("null" is never the same as anything).
    package static func isSameOrigin(_ a: String, _ b: String) -> Bool { a == b && a != "null" }

    /// Fetch "byte-serializing a request origin": "null" once tainted.
    package var serializedOrigin: String { hasTaintedOrigin ? "null" : origin }

    /// What main fetch does for the current URL (§4.1 step 12).
    package enum Decision: Equatable {
        /// A basic (same-origin or `data:`) fetch.
        case basic
        /// A CORS fetch; `preflight` when the request is not "simple" (the
        /// caller still consults its preflight cache).
        case cors(preflight: Bool)
        /// A no-cors fetch across origins: the response is opaque.
        case opaque
        /// A network error.
        case networkError(String)
    }

    /// Main fetch step 12 for `url`, the request's current URL: sets the
    /// response tainting and says how to fetch. `loadsScheme` tells whether a
    /// scheme other than http(s) can be fetched at all (an app's handler).
    package mutating func mainFetch(url: WebURL, method: String, headers: HTTPHeaders,
                                   loadsScheme: Bool = false) -> Decision {
        let urlOrigin = FetchRequestState.origin(of: url)
        if (FetchRequestState.isSameOrigin(urlOrigin, origin) && responseTainting == .basic) || url.scheme == "data" {
            responseTainting = .basic
            return .basic
        }
        switch mode {
        case .sameOrigin:
            return .networkError("a same-origin request went to another origin")
        case .noCORS:
            responseTainting = .opaque
            return .opaque
        case .cors:
            guard url.scheme == "http" || url.scheme == "https" || loadsScheme else {
                return .networkError("\(url.scheme): URLs cannot be fetched from another origin")
            }
            responseTainting = .cors
            // The unsafe-request flag is set for every XMLHttpRequest and fetch.
            let preflight = !FetchHeaderRules.isCORSSafelistedMethod(method)
                || !FetchHeaderRules.corsUnsafeRequestHeaderNames(headers).isEmpty
            return .cors(preflight: preflight)
        }
    }

    /// HTTP-network-or-cache fetch step 8.x "includeCredentials": cookies go
    /// with `include`, or with `same-origin` while the tainting is basic.
    package var includesCredentials: Bool {
        credentials == .include || (credentials == .sameOrigin && responseTainting == .basic)
    }

    /// Fetch §3.1 "append a request `Origin` header" for a request to `url`:
    /// the value to send, or nil for none.
    package func originHeader(method: String, url: WebURL) -> String? {
        let serialized = serializedOrigin
        // Step 2: every CORS request carries it.
        if responseTainting == .cors { return serialized }
        // Step 3: other requests only when the method is neither GET nor HEAD.
        guard method != "GET" && method != "HEAD" else { return nil }
        guard mode != .cors else { return serialized }
        return OriginHeader.applying(referrerPolicy, to: serialized, origin: origin, requestURL: url)
    }

    /// HTTP-redirect fetch (§4.4) steps 7, 8 and 10 for a hop from
    /// `current` to `location`: nil to go on, else why it is a network error.
    package mutating func redirect(from current: WebURL, to location: WebURL) -> String? {
        let hasCredentials = !location.username.isEmpty || !location.password.isEmpty
        let locationOrigin = FetchRequestState.origin(of: location)
        // Step 7: a CORS request may not be sent credentials in a URL of another origin.
        if mode == .cors && hasCredentials && !FetchRequestState.isSameOrigin(origin, locationOrigin) {
            return "a redirect to a URL with credentials"
        }
        // Step 8: nor once it is a CORS request at all.
        if responseTainting == .cors && hasCredentials { return "a redirect to a URL with credentials" }
        // Step 10: to another origin, from a URL not of the request's origin: the origin becomes opaque.
        let currentOrigin = FetchRequestState.origin(of: current)
        if !FetchRequestState.isSameOrigin(locationOrigin, currentOrigin) && !FetchRequestState.isSameOrigin(origin, currentOrigin) {
            hasTaintedOrigin = true
        }
        return nil
    }

    /// The CORS check (§4.10) of `response` for this request.
    package func corsCheckPasses(_ response: Response) -> Bool {
        CORSCheck.passes(response.headers, serializedOrigin: serializedOrigin, credentials: credentials)
    }

    /// The header fields the requester may see of a response (§2.2.6 the
    /// "basic", "CORS" and "opaque" filtered responses): all but Set-Cookie
    /// when basic, the CORS-safelisted response headers and those named by
    /// Access-Control-Expose-Headers when CORS, none when opaque.
    package func exposedHeaders(of headers: HTTPHeaders) -> [HTTPHeaders.Field] {
        switch responseTainting {
        case .basic:
            return headers.filter { !FetchHeaderRules.isForbiddenResponseHeaderName($0.name) }
        case .cors:
            let exposed: [String]
            if case .success(let names)? = FetchHeaderRules.extractTokenList("Access-Control-Expose-Headers", from: headers) {
                exposed = names
            } else {
                exposed = []
            }
            return headers.filter {
                FetchHeaderRules.isCORSSafelistedResponseHeaderName($0.name, exposed: exposed,
                                                                    credentialsIncluded: credentials == .include)
            }
        case .opaque:
            return []
        }
    }
}
