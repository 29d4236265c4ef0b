import TernNet

/// The network side of XMLHttpRequest and fetch: requests go through the
/// page's `Loader` (same user agent, limits and pinning), same-origin rules
/// apply, and a cross-origin response is handed to the script only when its
/// Access-Control-Allow-Origin allows the page's origin.
final class ScriptNetwork {
    private let loader: Loader
    /// The page's URL: relative URLs resolve against it; its origin is the requester's.
    var documentURL: WebURL?
    /// The document's referrer policy and mixed content reports (the web view).
    weak var client: FetchClient?
    private var active: [Int: Exchange] = [:]

    init(loader: Loader) {
        self.loader = loader
    }

    deinit {
        for exchange in active.values { exchange.load?.cancel() }
    }

    /// What the script gets back: a JS object literal's fields.
    struct Outcome {
        var status = 0
        var statusText = ""
        var url = ""
        var headers: [[String]] = []
        var body: [UInt8] = []
        var error: String?

        var scriptValue: ScriptValue {
            .dictionary([
                "status": .number(Double(status)), "statusText": .string(statusText), "url": .string(url),
                "headers": .array(headers.map { .array($0.map(ScriptValue.string)) }),
                "body": .string(ScriptNetwork.binaryString(body)), "error": error.map(ScriptValue.string) ?? .null,
            ])
        }
    }

    /// Starts a request; `done` runs on a later turn with the outcome.
    func start(id: Int, method: String, url: String, headers: [[String]], body: [UInt8]?, done: @escaping (Outcome) -> Void) {
        guard let target = documentURL.flatMap({ $0.resolve(url) }) ?? WebURL(url) else {
            return loader.loop.post { done(Outcome(error: "Invalid URL: \(url)")) }
        }
        let pageOrigin = documentURL?.origin ?? "null"
        guard ["http", "https", "data"].contains(target.scheme) || (target.scheme == "file" && documentURL?.scheme == "file")
                || loader.customSchemes?.canLoad(scheme: target.scheme) == true else {
            return loader.loop.post { done(Outcome(error: "\(target.scheme): URLs cannot be fetched from this page")) }
        }
        // Mixed Content §4.3 (the embedder's own schemes are configured as trustworthy, Secure Contexts §3.1).
        if MixedContent.shouldBlock(target, destination: .empty, document: documentURL), loader.customSchemes?.canLoad(scheme: target.scheme) != true {
            client?.didEncounterMixedContent(target, destination: .empty, blocked: true)
            return loader.loop.post { done(Outcome(error: "Mixed Content: \(target.href) was blocked as mixed content: the page is secure, the URL is not")) }
        }
        var request = Request(url: target, method: method.uppercased(), body: body)
        request.initiator = documentURL
        for pair in headers where pair.count == 2 { request.headers.add(pair[0], pair[1]) }
        let crossOrigin = target.origin != pageOrigin && target.scheme != "data"
        if crossOrigin {
            request.headers["Origin"] = pageOrigin
            // credentials: 'same-origin', the default of fetch and XMLHttpRequest.
            request.handlesCookies = false
        }
        ReferrerPolicy.apply(client?.documentReferrerPolicy ?? .default, to: &request, document: documentURL)
        let exchange = Exchange(crossOrigin: crossOrigin, pageOrigin: pageOrigin) { [weak self] outcome in
            self?.active[id] = nil
            done(outcome)
        }
        active[id] = exchange
        exchange.load = loader.load(request, delegate: exchange)
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

    /// One request's response as it arrives.
    final class Exchange: ResourceLoadDelegate {
        var load: ResourceLoad?
        private var outcome = Outcome()
        private let crossOrigin: Bool
        private let pageOrigin: String
        private let done: (Outcome) -> Void

        init(crossOrigin: Bool, pageOrigin: String, done: @escaping (Outcome) -> Void) {
            self.crossOrigin = crossOrigin
            self.pageOrigin = pageOrigin
            self.done = done
        }

        func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
            outcome.status = response.statusCode
            outcome.statusText = Exchange.reasonPhrase(response.statusCode)
            outcome.url = response.url.href
            // Fetch's forbidden response header names: scripts never see
            // Set-Cookie (it would hand them HttpOnly cookies).
            outcome.headers = response.headers.filter { !["set-cookie", "set-cookie2"].contains($0.name.lowercased()) }
                .map { [$0.name, $0.value] }
        }

        func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
            outcome.body.append(contentsOf: data)
        }

        func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
            if let error {
                outcome = Outcome(error: error.description)
            } else if crossOrigin {
                let allowed = load.response?.headers["Access-Control-Allow-Origin"]
                if allowed != "*" && allowed != pageOrigin {
                    outcome = Outcome(error: "Cross-origin request blocked: the server does not allow \(pageOrigin)")
                }
            }
            done(outcome)
        }

        static func reasonPhrase(_ status: Int) -> String {
            [200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found", 304: "Not Modified",
             400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 500: "Internal Server Error",
             502: "Bad Gateway", 503: "Service Unavailable"][status] ?? ""
        }
    }
}
