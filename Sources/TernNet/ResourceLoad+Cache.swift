/// How one hop of a resource load uses the loader's HTTP cache: looked up
/// before the request goes out (as its `cachePolicy` says), made
/// conditional to revalidate a stale response, and the response stored
/// when its last byte has arrived (a load that fails stores nothing).
struct CacheUse {
    /// The stored response a conditional request is asking about.
    var revalidating: CachedResponse?
    /// The stored response as a 304 confirmed it, to deliver when the hop ends.
    var confirmedResponse: CachedResponse?
    /// The response being received, with its body so far, to store when it completes.
    var storing: (response: Response, body: [UInt8])?
    /// When the request went out, for the response's age.
    var requestTime: Double = 0
    /// Whether the cache held a response for the URL (made obsolete by what arrives instead).
    var hadStoredResponse = false
    var deliveredFromCache = false
}

extension ResourceLoad {
    enum CacheDecision {
        /// Send this request (the original, or made conditional).
        case network(Request)
        /// Answer with this stored response.
        case cached(CachedResponse)
        /// The policy forbids the network and nothing is stored.
        case unavailable
    }

    private var httpCache: HTTPCache? { loader.configuration.httpCache }

    /// Headers whose presence means the caller asks the server something
    /// itself: the cache does not answer for it.
    private static let callerConditions = ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range"]

    func consultCache() -> CacheDecision {
        cacheUse = CacheUse()
        let request = currentRequest
        guard let cache = httpCache, request.method.uppercased() == "GET" else { return .network(request) }
        cacheUse.requestTime = cache.clock()
        let policy = request.cachePolicy
        if policy == .reloadIgnoringLocalCacheData { return .network(request) }
        let askedByCaller = ResourceLoad.callerConditions.contains { request.headers[$0] != nil }
        guard !askedByCaller, let cached = cache.cachedResponse(for: request, sentValue: sentHeaderValue) else {
            return policy == .returnCacheDataDontLoad ? .unavailable : .network(request)
        }
        cacheUse.hadStoredResponse = true
        switch policy {
        case .returnCacheDataElseLoad, .returnCacheDataDontLoad:
            return .cached(cached)
        case .useProtocolCachePolicy:
            let control = CacheControl(request.headers)
            let now = cache.clock()
            let youngEnough = control.maxAge.map { cached.currentAge(at: now) <= $0 } ?? true
            if cached.isFresh(at: now) && !control.noCache && youngEnough { return .cached(cached) }
        case .reloadRevalidatingCacheData, .reloadIgnoringLocalCacheData:
            break
        }
        guard cached.canBeRevalidated else { return .network(request) }
        cacheUse.revalidating = cached
        return .network(cached.conditionalRequest(from: request))
    }

    /// The value of header `name` (lower-case) as the request goes out, for Vary.
    func sentHeaderValue(_ name: String) -> String? {
        if let value = currentRequest.headers[name] { return value }
        let configuration = loader.configuration
        switch name {
        case "user-agent": return configuration.userAgent
        case "accept": return CurlTransfer.defaultAccept
        case "accept-encoding": return "(every encoding curl decodes)"
        case "cookie": return currentRequest.handlesCookies ? configuration.cookieJar?.cookieHeader(for: currentRequest.url) : nil
        default: return nil
        }
    }

    /// A response arrived from the network: false when it is a 304 that
    /// confirms the stored response (which is then delivered instead).
    func cacheWillUse(_ response: Response) -> Bool {
        guard let cache = httpCache else { return true }
        let method = currentRequest.method.uppercased()
        if method != "GET" && method != "HEAD" {
            // RFC 9111 §4.4: an unsafe request that succeeds makes the stored response obsolete.
            if response.statusCode < 400 { cache.removeCachedResponse(for: currentRequest.url) }
            return true
        }
        let now = cache.clock()
        if response.statusCode == 304, let stored = cacheUse.revalidating {
            let confirmed = stored.freshened(by: response, requestTime: cacheUse.requestTime, responseTime: now)
            cache.update(confirmed, for: currentRequest)
            cacheUse.confirmedResponse = confirmed
            return false
        }
        guard method == "GET", !response.isRedirect else { return true }
        if HTTPCache.mayStore(response, for: currentRequest) {
            cacheUse.storing = (response, [])
        } else if cacheUse.hadStoredResponse {
            cache.removeCachedResponse(for: currentRequest.url)
        }
        return true
    }

    /// Keeps the body of a response that will be stored, unless it grows too large.
    func keepForCache(_ bytes: UnsafeRawBufferPointer) {
        guard cacheUse.storing != nil, let cache = httpCache else { return }
        if cacheUse.storing!.body.count + bytes.count > cache.maximumEntrySize {
            cacheUse.storing = nil
        } else {
            cacheUse.storing!.body.append(contentsOf: bytes)
        }
    }

    /// Stores the response that has just arrived whole.
    func storeInCache() {
        guard let (response, body) = cacheUse.storing, let cache = httpCache else { return }
        cacheUse.storing = nil
        cache.store(response, body: body, for: currentRequest, requestTime: cacheUse.requestTime, responseTime: cache.clock(),
                    sentValue: sentHeaderValue)
    }

    /// Answers the load with a stored response, in pieces as the network would.
    func deliverFromCache(_ cached: CachedResponse) {
        guard !isDone else { return }
        cacheUse.storing = nil
        cacheUse.deliveredFromCache = true
        var response = cached.response
        response.url = currentRequest.url
        deliver(response)
        let pieceSize = 65536
        var offset = 0
        while offset < cached.body.count {
            guard !isDone else { return }
            let end = min(offset + pieceSize, cached.body.count)
            cached.body[offset..<end].withUnsafeBytes { deliver($0) }
            offset = end
        }
        guard !isDone else { return }
        complete(nil)
    }
}
