import TernNet

/// The network side of XMLHttpRequest and fetch: every request a script makes
/// goes through here, through the page's `Loader` (same user agent, limits and
/// pinning), with the Fetch standard's rules applied hop by hop: method and
/// header validation, forbidden headers, mode and credentials mode, `Origin`,
/// CORS preflight (with a cache), the CORS check of each redirect and of the
/// final response, the tainted origin after a cross-origin redirect, and the
/// filtered response the script sees. The rules themselves are the pure
/// types of `TernNet/Fetch/`; this class only sends what they decide.
/// Arguments are validated here as if the script prelude did not exist.
final class ScriptNetwork {
    let loader: Loader
    /// The page's URL: relative URLs resolve against it.
    var documentURL: WebURL?
    /// The document's origin, serialized ("null" when opaque): the
    /// requester's (Fetch "request's origin" is the client's origin, which
    /// HTML sets once when the document is created, never from its URL).
    var documentOrigin: () -> String = { "null" }
    /// The document's referrer policy and mixed content reports (the web view).
    weak var client: FetchClient?
    private var active: [Int: Exchange] = [:]
    /// What this page's CORS preflights allowed (Fetch §4.9).
    let preflightCache = CORSPreflightCache()

    init(loader: Loader) {
        self.loader = loader
    }

    deinit {
        for exchange in active.values { exchange.load?.cancel() }
    }

    /// What the script gets back: a JS object literal's fields. A network
    /// error carries `error` and nothing else.
    struct Outcome {
        var status = 0
        var statusText = ""
        var url = ""
        var headers: [[String]] = []
        var body: [UInt8] = []
        var error: String?
        /// The filtered response's type: "basic", "cors" or "opaque".
        var type = "basic"
        /// Whether a redirect was followed.
        var redirected = false

        var scriptValue: ScriptValue {
            .dictionary([
                "status": .number(Double(status)), "statusText": .string(statusText), "url": .string(url),
                "headers": .array(headers.map { .array($0.map(ScriptValue.string)) }),
                "body": .string(ScriptNetwork.binaryString(body)), "error": error.map(ScriptValue.string) ?? .null,
                "type": .string(type), "redirected": .bool(redirected),
            ])
        }
    }

    /// Starts a request; `done` runs on a later turn with the outcome.
    /// `headers` are the author's (name, value) pairs; invalid ones make the
    /// request fail, forbidden ones are dropped (Fetch §5.2 "Headers" append).
    func start(id: Int, method: String, url: String, headers: [[String]], body: [UInt8]?,
               mode: FetchMode = .cors, credentials: FetchCredentialsMode = .sameOrigin,
               redirect: FetchRedirectMode = .follow, referrerPolicy: ReferrerPolicy? = nil, referrer: String? = nil,
               done: @escaping (Outcome) -> Void) {
        let fail = { (message: String) in self.loader.loop.post { done(Outcome(error: message)) } }
        // Fetch §2.2.1 / XMLHttpRequest open() step 2-4: a method is a token and not CONNECT, TRACE or TRACK.
        guard FetchHeaderRules.isToken(method) else { return fail("SyntaxError: '\(method)' is not a valid HTTP method") }
        guard !FetchHeaderRules.isForbiddenMethod(method) else { return fail("SecurityError: '\(method)' HTTP method is unsupported") }
        let method = FetchHeaderRules.normalizeMethod(method)
        guard let target = documentURL.flatMap({ $0.resolve(url) }) ?? WebURL(url) else {
            return fail("Invalid URL: \(url)")
        }
        // Fetch §4.2 scheme fetch leaves file: to the implementation: as
        // Chromium by default, no script reads a file, a local page's neither
        // (each file: document has an opaque origin of its own).
        guard ["http", "https", "data"].contains(target.scheme)
                || loader.customSchemes?.canLoad(scheme: target.scheme) == true else {
            return fail("\(target.scheme): URLs cannot be fetched from this page")
        }
        // Mixed Content §4.3 (the embedder's own schemes are configured as trustworthy, Secure Contexts §3.1).
        if MixedContent.shouldBlock(target, destination: .empty, document: documentURL), loader.customSchemes?.canLoad(scheme: target.scheme) != true {
            client?.didEncounterMixedContent(target, destination: .empty, blocked: true)
            return fail("Mixed Content: \(target.href) was blocked as mixed content: the page is secure, the URL is not")
        }
        // Fetch §5.1 Request constructor: no-cors only with a CORS-safelisted method.
        if mode == .noCORS && !FetchHeaderRules.isCORSSafelistedMethod(method) {
            return fail("TypeError: '\(method)' is unsupported in no-cors mode")
        }
        var authorHeaders = HTTPHeaders()
        for pair in headers {
            guard pair.count == 2 else { return fail("TypeError: a header is a name and a value") }
            let name = pair[0], value = FetchHeaderRules.normalizeValue(pair[1])
            guard FetchHeaderRules.isToken(name), FetchHeaderRules.isValidValue(value) else {
                return fail("SyntaxError: invalid header name or value")
            }
            // The "request" guard drops forbidden request-headers; "request-no-cors" all but the safelisted.
            if FetchHeaderRules.isForbiddenRequestHeader(name: name, value: value) { continue }
            if mode == .noCORS && !FetchHeaderRules.isNoCORSSafelistedRequestHeader(name: name, value: value) { continue }
            authorHeaders.add(name, value)
        }
        var request = Request(url: target, method: method, headers: authorHeaders,
                              body: method == "GET" || method == "HEAD" ? nil : body)
        request.initiator = documentURL
        request.initiatorOrigin = documentOrigin()
        request.headerValuesAreBytes = true  // Fetch §2.2: the script's values are ByteStrings
        // Fetch §5.4 Request constructor steps 28-29: the request's own policy, else the document's;
        // its referrer: the document ("client", nil), none (""), or a URL of the document's origin.
        ReferrerPolicy.apply(referrerPolicy ?? client?.documentReferrerPolicy ?? .default, to: &request, document: documentURL)
        let origin = documentOrigin()
        if let referrer {
            let source = WebURL(referrer)
            if referrer.isEmpty {
                request.headers["Referer"] = nil
            } else if let source, FetchRequestState.isSameOrigin(FetchRequestState.origin(of: source), origin) {
                request.headers["Referer"] = ReferrerPolicy.determineReferrer(source: source, policy: request.referrerPolicy ?? .default,
                                                                             currentURL: target)?.href
            }
        }
        var state = FetchRequestState(mode: mode, credentials: credentials, origin: origin)
        state.referrerPolicy = request.referrerPolicy ?? .default
        let exchange = Exchange(network: self, state: state, redirectMode: redirect,
                                requestedURL: target) { [weak self] outcome in
            self?.active[id] = nil
            done(outcome)
        }
        active[id]?.load?.cancel()
        active[id] = exchange
        exchange.prepare(request) { [weak self, weak exchange] prepared in
            guard let self, let exchange, let prepared else { return }
            exchange.load = self.loader.load(prepared, delegate: exchange)
        }
    }

    func abort(id: Int) {
        active.removeValue(forKey: id)?.load?.cancel()
    }

    /// Bytes as a JavaScript "binary string" (one UTF-16 unit per byte).
    static func binaryString(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
    }

    /// A binary string back to bytes (units above 0xFF keep their low byte).
    static func bytes(fromBinaryString string: String) -> [UInt8] {
        string.utf16.map { UInt8(truncatingIfNeeded: $0) }
    }

    /// One request, hop by hop, and its response as it arrives.
    final class Exchange: ResourceLoadDelegate {
        /// The load running now: the preflight's, then the request's.
        var load: ResourceLoad?
        private weak var network: ScriptNetwork?
        private var state: FetchRequestState
        private let redirectMode: FetchRedirectMode
        /// The URL the script asked for: errors may name it, never a URL redirected to.
        private let requestedURL: WebURL
        private var outcome = Outcome()
        private var finished = false
        private let done: (Outcome) -> Void

        init(network: ScriptNetwork, state: FetchRequestState, redirectMode: FetchRedirectMode = .follow,
             requestedURL: WebURL, done: @escaping (Outcome) -> Void) {
            self.network = network
            self.state = state
            self.redirectMode = redirectMode
            self.requestedURL = requestedURL
            self.done = done
        }

        /// The preflight running now, if any.
        private var preflight: Preflight?

        /// Ends the exchange with a network error: the script learns nothing of the response.
        private func fail(_ message: String) {
            guard !finished else { return }
            load?.cancel()
            finish(Outcome(error: message))
        }

        /// Hands the outcome to the script on a later turn (never inside the call that started it).
        private func finish(_ outcome: Outcome) {
            guard !finished else { return }
            finished = true
            let done = self.done
            network?.loader.loop.post { done(outcome) }
        }

        /// The header fields the author set (what CORS judges): every field but the ones added here.
        private static func authorHeaders(of request: Request) -> HTTPHeaders {
            var headers = request.headers
            headers["Origin"] = nil
            headers["Referer"] = nil
            return headers
        }

        /// Main fetch (§4.1) for `request`'s URL: decides the tainting, sets
        /// `Origin` and whether cookies go, runs a preflight when one is due,
        /// then hands on the request to send (nil after a network error).
        func prepare(_ request: Request, then send: @escaping (Request?) -> Void) {
            var hop = request
            let author = Exchange.authorHeaders(of: request)
            let loadsScheme = network?.loader.customSchemes?.canLoad(scheme: hop.url.scheme) == true
            let decision = state.mainFetch(url: hop.url, method: hop.method, headers: author, loadsScheme: loadsScheme)
            if case .networkError(let reason) = decision {
                fail("Failed to fetch: \(reason)")
                return send(nil)
            }
            // HTTP-network-or-cache fetch: credentials per the credentials mode for this URL; `Origin` per §3.1.
            hop.handlesCookies = state.includesCredentials
            hop.headers["Origin"] = state.originHeader(method: hop.method, url: hop.url)
            guard case .cors(preflight: true) = decision, let network,
                  network.preflightCache.needsPreflight(url: hop.url, method: hop.method, headers: author,
                                                        serializedOrigin: state.serializedOrigin,
                                                        credentials: state.credentials) else {
                return send(hop)
            }
            let preflight = Preflight(request: hop, authorHeaders: author, state: state) { [weak self] result in
                guard let self, !self.finished else { return }
                self.preflight = nil
                switch result {
                case .success(let grant):
                    network.preflightCache.store(grant, url: hop.url, serializedOrigin: self.state.serializedOrigin,
                                                 credentials: self.state.credentials)
                    send(hop)
                case .failure(let error):
                    self.fail("Cross-origin request blocked: \(error.reason)")
                    send(nil)
                }
            }
            var options = CORSPreflight.request(for: hop.url, method: hop.method, headers: author,
                                                origin: state.serializedOrigin)
            options.initiator = hop.initiator
            options.headers["Referer"] = hop.headers["Referer"]
            self.preflight = preflight
            load = network.loader.load(options, delegate: preflight)
        }

        func resourceLoad(_ load: ResourceLoad, willPerformRedirection response: Response, newRequest request: Request,
                          completion: @escaping (Request?) -> Void) {
            // HTTP fetch step 4.4: a CORS request's redirect response passes the CORS check too.
            if state.responseTainting == .cors && !state.corsCheckPasses(response) {
                fail("Cross-origin request blocked: a redirect of a cross-origin request did not allow the origin")
                return completion(nil)
            }
            // HTTP fetch step 4.x (§4.4): "error" makes a redirect a network error; "manual" hands
            // the requester an opaque-redirect filtered response (§2.2.6: type "opaqueredirect",
            // status 0, no headers, no body; its URL the one that answered with the redirect).
            switch redirectMode {
            case .follow:
                break
            case .error:
                fail("Failed to fetch: a redirect in redirect mode \"error\"")
                return completion(nil)
            case .manual:
                var outcome = Outcome(type: "opaqueredirect", redirected: false)
                outcome.url = load.currentRequest.url.withoutFragment.href
                finish(outcome)
                load.cancel()
                return completion(nil)
            }
            // Mixed Content §4.4: a secure page's request is not redirected to an insecure URL.
            if let network, network.loader.customSchemes?.canLoad(scheme: request.url.scheme) != true,
               MixedContent.shouldBlock(request.url, destination: .empty, document: network.documentURL) {
                network.client?.didEncounterMixedContent(request.url, destination: .empty, blocked: true)
                fail("Mixed Content: a redirect to an insecure URL was blocked")
                return completion(nil)
            }
            // HTTP-redirect fetch steps 7, 8 and 10.
            if let reason = state.redirect(from: load.currentRequest.url, to: request.url) {
                fail("Failed to fetch: \(reason)")
                return completion(nil)
            }
            // Step 21: main fetch again, for the new URL.
            prepare(request) { [weak self] hop in
                if hop != nil, self?.finished == false { self?.load = load }
                completion(hop)
            }
        }

        /// Whether the request was sent again with its URL's credentials (once).
        private var isAuthenticationFetch = false

        func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
            // Fetch §4.6 HTTP-network-or-cache fetch step 14: a 401 to a request not CORS-tainted
            // that includes credentials, whose URL holds credentials (XHR open()'s user and password),
            // is sent once more with the URL's credentials as a Basic `Authorization` (step 8.22.3).
            let url = load.currentRequest.url
            if response.statusCode == 401, !isAuthenticationFetch, state.responseTainting != .cors, state.includesCredentials,
               !url.username.isEmpty || !url.password.isEmpty, let network {
                isAuthenticationFetch = true
                load.cancel()
                let credential = Credential(user: WebURL.percentDecoded(url.username), password: WebURL.percentDecoded(url.password))
                let request = load.currentRequest
                network.loader.loop.post { [weak self] in
                    guard let self, !self.finished, let network = self.network else { return }
                    self.load = network.loader.load(request, credential: (credential, .basic), delegate: self)
                }
                return
            }
            outcome.redirected = load.redirectCount > 0
            outcome.type = state.responseTainting.rawValue
            switch state.responseTainting {
            case .opaque:
                // The opaque filtered response: no status, URL, headers or body.
                outcome = Outcome(type: "opaque", redirected: false)
                load.cancel()
                return finish(outcome)
            case .cors:
                // HTTP fetch step 4.4: the final response must allow the (possibly "null") origin.
                guard state.corsCheckPasses(response) else {
                    return fail("Cross-origin request blocked: the server does not allow \(state.serializedOrigin)")
                }
            case .basic:
                break
            }
            outcome.status = response.statusCode
            outcome.statusText = Exchange.reasonPhrase(response.statusCode)
            outcome.url = response.url.withoutFragment.href
            outcome.headers = state.exposedHeaders(of: response.headers).map { [$0.name, $0.value] }
        }

        func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
            guard !finished else { return }
            outcome.body.append(contentsOf: data)
        }

        func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
            guard let error else { return finish(outcome) }
            // After a redirect the error could name where it led: only the URL asked for may show.
            if load.redirectCount > 0 && load.currentRequest.url.origin != requestedURL.origin {
                fail("Failed to fetch: network error")
            } else {
                fail(error.description)
            }
        }

        static func reasonPhrase(_ status: Int) -> String {
            [200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found", 304: "Not Modified",
             400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 500: "Internal Server Error",
             502: "Bad Gateway", 503: "Service Unavailable"][status] ?? ""
        }
    }

    /// One CORS-preflight fetch (§4.8): its response is checked, never followed nor shown.
    /// Its exchange holds it (a load holds its delegate weakly).
    final class Preflight: ResourceLoadDelegate {
        private let request: Request
        private let authorHeaders: HTTPHeaders
        private let state: FetchRequestState
        private var response: Response?
        private var done: ((Result<CORSPreflight.Grant, CORSPreflight.PreflightError>) -> Void)?

        init(request: Request, authorHeaders: HTTPHeaders, state: FetchRequestState,
             done: @escaping (Result<CORSPreflight.Grant, CORSPreflight.PreflightError>) -> Void) {
            self.request = request
            self.authorHeaders = authorHeaders
            self.state = state
            self.done = done
        }

        private func answer(_ result: Result<CORSPreflight.Grant, CORSPreflight.PreflightError>) {
            let done = self.done
            self.done = nil
            done?(result)
        }

        func resourceLoad(_ load: ResourceLoad, willPerformRedirection response: Response, newRequest request: Request,
                          completion: @escaping (Request?) -> Void) {
            // A redirect is not an ok status: the preflight fails.
            completion(nil)
            answer(.failure(CORSPreflight.PreflightError(reason: "the preflight was redirected")))
        }

        func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
            self.response = response
        }

        func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {}

        func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
            guard error == nil, let response else {
                return answer(.failure(CORSPreflight.PreflightError(reason: "the preflight failed")))
            }
            answer(CORSPreflight.check(response, method: request.method, headers: authorHeaders,
                                       serializedOrigin: state.serializedOrigin, credentials: state.credentials))
        }
    }
}
