import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// Receives one curl transfer's events, on the loop's thread.
protocol CurlTransferClient: AnyObject {
    /// The header block of the final (non-1xx) response has arrived.
    func curlTransfer(_ transfer: CurlTransfer, didReceive response: Response)
    func curlTransfer(_ transfer: CurlTransfer, didReceive data: UnsafeRawBufferPointer)
    func curlTransfer(_ transfer: CurlTransfer, didCompleteWith error: NavigationError?)
}

/// One HTTP(S) exchange on one curl easy handle: a single hop, never following
/// redirects (Tern follows them itself so each hop is reported and checked).
///
/// Not thread-safe: it lives on its loop's thread. The easy handle is owned
/// here and released in `detach()`.
final class CurlTransfer {
    let request: Request
    private let loop: EventLoop
    /// Held strongly while the transfer runs, so a load lives until it ends.
    private var client: CurlTransferClient?
    private var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    /// The decoded body's cap (`LoaderConfiguration.maximumBodySize`); nil
    /// once a download streams the body to disk.
    private var maximumBodySize: Int64?
    private let maximumHeaderSize: Int
    /// Bytes of the header block being received.
    private var headerSize = 0
    private var statusLine = ""
    private var headers = HTTPHeaders()
    private(set) var finalResponse: Response?
    private var bodySize: Int64 = 0
    private var stopReason: NavigationError?
    /// Set once the client has been told the transfer ended (or cancelled it).
    private var isDone = false
    /// What arrived inside curl's callbacks, delivered after curl returns:
    /// client code may start or stop transfers, which curl forbids in callbacks.
    private enum Event { case response(Response), data([UInt8]), setCookies([String]) }
    private let cookieJar: CookieJar?
    /// Whether SameSite cookies go with this hop and may be set by its response.
    private let sameSiteContext: SameSiteContext
    private var pendingEvents: [Event] = []

    /// Credentials to answer an HTTP authentication challenge with.
    private let credential: (Credential, Credential.Method)?
    /// Digest auth costs a round trip inside curl: its first 401 is not final.
    private var awaitingAuthenticatedReply = false

    /// The Accept header of a request that names none.
    static let defaultAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

    /// Only connects (TLS handshake included, verification off) to read the
    /// server's certificates into `certificateChain`; sends no request.
    private let probesCertificates: Bool
    /// The server's certificates, leaf first, after a certificate probe.
    private(set) var certificateChain: [CertificateSummary] = []

    /// Credentials for the proxy's 407.
    private let proxyCredential: (Credential, Credential.Method)?
    /// A proxy's 407 to CONNECT: curl fails the transfer, Tern reports the response.
    private var proxyRefusal: Response?
    /// Digest auth with a forwarding proxy costs a round trip inside curl: its first 407 is not final.
    private var awaitingProxyAuthenticatedReply = false

    init(request: Request, configuration: LoaderConfiguration, loop: EventLoop, client: CurlTransferClient,
         credential: (Credential, Credential.Method)? = nil, proxyCredential: (Credential, Credential.Method)? = nil,
         probesCertificates: Bool = false) {
        self.credential = credential
        self.proxyCredential = proxyCredential
        self.probesCertificates = probesCertificates
        self.cookieJar = request.handlesCookies ? configuration.cookieJar : nil
        self.sameSiteContext = SameSiteContext(request)
        self.request = request
        self.loop = loop
        self.client = client
        self.maximumBodySize = configuration.maximumBodySize
        self.maximumHeaderSize = configuration.maximumHeaderSize
        errorBuffer.initialize(to: 0)
        // RFC 9110 §9.1: a method is a token; anything else would rewrite the request line.
        guard FetchHeaderRules.isToken(request.method) else {
            stopReason = .other(reason: "not a valid HTTP method")
            return
        }
        guard Curl.isAvailable, loop.multi != nil, let easy = Curl.easyInit() else {
            stopReason = .other(reason: Curl.isAvailable ? "curl could not create a transfer" : Curl.unavailableReason)
            return
        }
        self.easy = easy
        configure(easy, configuration)
    }

    deinit {
        detach()
        errorBuffer.deallocate()
    }

    private func configure(_ easy: UnsafeMutableRawPointer, _ configuration: LoaderConfiguration) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        // Never the URL's user name and password: curl would send them unasked.
        Curl.setoptString(easy, CURLOPT_URL, request.url.withoutCredentials.href)
        Curl.setoptString(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        Curl.setoptLong(easy, CURLOPT_NOSIGNAL, 1)
        if getenv("TERN_CURL_VERBOSE") != nil { Curl.setoptLong(easy, CURLOPT_VERBOSE, 1) }
        Curl.setoptLong(easy, CURLOPT_FOLLOWLOCATION, 0)
        Curl.setoptString(easy, CURLOPT_ACCEPT_ENCODING, "")
        Curl.setoptLong(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        Curl.setoptPointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        Curl.setoptString(easy, CURLOPT_USERAGENT, configuration.userAgent)
        Curl.setoptLong(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
        Curl.setoptLong(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
        Curl.setoptLong(easy, CURLOPT_LOW_SPEED_TIME, Int(configuration.lowSpeedTimeout))
        if let timeout = request.timeoutInterval ?? configuration.overallTimeout {
            Curl.setoptLong(easy, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
        }
        let endpoint = "\(request.url.hostname):\(request.url.portNumber ?? 0)"
        if configuration.trustExceptions.contains(endpoint) || configuration.isInsecure {
            Curl.setoptLong(easy, CURLOPT_SSL_VERIFYPEER, 0)
            Curl.setoptLong(easy, CURLOPT_SSL_VERIFYHOST, 0)
            if !probesCertificates, !configuration.isInsecure, let pin = configuration.trustExceptionPins[endpoint] {
                Curl.setoptString(easy, CURLOPT_PINNEDPUBLICKEY, pin)
            }
        }
        if let caBundle = configuration.caBundlePath {
            Curl.setoptString(easy, CURLOPT_CAINFO, caBundle)
        }
        if probesCertificates {
            Curl.setoptLong(easy, CURLOPT_CONNECT_ONLY, 1)
            Curl.setoptLong(easy, CURLOPT_SSL_VERIFYPEER, 0)
            Curl.setoptLong(easy, CURLOPT_SSL_VERIFYHOST, 0)
            Curl.setoptLong(easy, CURLOPT_CERTINFO, 1)
            Curl.setoptLong(easy, CURLOPT_FRESH_CONNECT, 1)
            Curl.setoptLong(easy, CURLOPT_FORBID_REUSE, 1)
        }
        if let (credential, method) = credential {
            Curl.setoptString(easy, CURLOPT_USERNAME, credential.user)
            Curl.setoptString(easy, CURLOPT_PASSWORD, credential.password)
            Curl.setoptLong(easy, CURLOPT_HTTPAUTH, method == .basic ? tern_curlauth_basic : tern_curlauth_digest)
            awaitingAuthenticatedReply = method == .digest
        }
        if let proxy = configuration.proxy { Curl.setoptString(easy, CURLOPT_PROXY, proxy) }
        if let noProxy = configuration.noProxy { Curl.setoptString(easy, CURLOPT_NOPROXY, noProxy) }
        if let (credential, method) = proxyCredential {
            Curl.setoptString(easy, CURLOPT_PROXYUSERNAME, credential.user)
            Curl.setoptString(easy, CURLOPT_PROXYPASSWORD, credential.password)
            Curl.setoptLong(easy, CURLOPT_PROXYAUTH, method == .basic ? tern_curlauth_basic : tern_curlauth_digest)
            awaitingProxyAuthenticatedReply = method == .digest
        }
        for entry in configuration.resolve { resolveList = Curl.slistAppend(resolveList, entry) }
        if let resolveList { Curl.setoptList(easy, CURLOPT_RESOLVE, resolveList) }

        var fields = request.headers
        if fields["Cookie"] == nil, let cookies = cookieJar?.cookieHeader(for: request.url, context: sameSiteContext) {
            fields["Cookie"] = cookies
        }
        if fields["Accept"] == nil { fields["Accept"] = CurlTransfer.defaultAccept }
        fields["Expect"] = fields["Expect"] ?? ""
        // RFC 9110 §5.1, §5.5: a name that is not a token or a value with CR, LF or NUL never reaches the wire.
        for field in fields where FetchHeaderRules.isToken(field.name) {
            let bytes = request.headerValuesAreBytes && field.name.lowercased() != "cookie"
                ? CurlTransfer.isomorphicEncoded(field.value) : Array(field.value.utf8)
            guard !bytes.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else { continue }
            // "Name:" removes a header curl would add; "Name;" sends it empty.
            let line = field.value.isEmpty ? Array((field.name == "Expect" ? "Expect:" : "\(field.name);").utf8)
                : Array("\(field.name): ".utf8) + bytes
            headerList = Curl.slistAppend(headerList, bytes: line)
        }
        Curl.setoptList(easy, CURLOPT_HTTPHEADER, headerList)

        let method = request.method.uppercased()
        switch method {
        case "GET": Curl.setoptLong(easy, CURLOPT_HTTPGET, 1)
        case "HEAD": Curl.setoptLong(easy, CURLOPT_NOBODY, 1)
        default:
            if method != "POST" { Curl.setoptString(easy, CURLOPT_CUSTOMREQUEST, method) }
        }
        if method != "GET" && method != "HEAD" {
            let body = request.body ?? []
            Curl.setoptOffset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBufferPointer { buffer in
                let empty: CChar = 0
                if let base = buffer.baseAddress {
                    base.withMemoryRebound(to: CChar.self, capacity: body.count) {
                        _ = Curl.setoptPointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0))
                    }
                } else {
                    withUnsafePointer(to: empty) { _ = Curl.setoptPointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0)) }
                }
            }
        }

        Curl.setoptCallback(easy, CURLOPT_WRITEFUNCTION) { pointer, size, count, context in
            let me = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return me.receiveBody(UnsafeRawBufferPointer(start: pointer, count: size * count)) ? size * count : 0
        }
        Curl.setoptPointer(easy, CURLOPT_WRITEDATA, me)
        Curl.setoptCallback(easy, CURLOPT_HEADERFUNCTION) { pointer, size, count, context in
            let me = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return me.receiveHeaderLine(UnsafeRawBufferPointer(start: pointer, count: size * count)) ? size * count : 0
        }
        Curl.setoptPointer(easy, CURLOPT_HEADERDATA, me)
    }

    /// Adds the transfer to the loop's multi handle.
    func start() {
        guard let easy, !isDone else {
            let reason = stopReason ?? .cancelled
            loop.post { self.complete(reason) }
            return
        }
        loop.transfers[easy] = self
        Curl.multiAddHandle(loop.multi!, easy)  // made before the easy handle
        if isPaused { Curl.easyPause(easy, tern_curlpause_all) }
    }

    /// The body goes to disk, not to memory: no size cap from now on.
    func removeBodySizeLimit() {
        maximumBodySize = nil
    }

    /// Whether receiving is paused (`pause()`); kept when the easy handle is made later.
    private var isPaused = false

    /// Stops receiving: curl no longer reads the socket (the server waits on
    /// a full TCP window) and nothing more is buffered here, nor does the
    /// loop wake for it. What arrived before is still delivered.
    func pause() {
        guard !isPaused else { return }
        isPaused = true
        if let easy, !isDone { Curl.easyPause(easy, tern_curlpause_all) }
    }

    /// Goes on receiving after `pause()`. curl may hand over what it held
    /// back from inside the call: it is delivered on the next turn.
    func resume() {
        guard isPaused else { return }
        isPaused = false
        guard let easy, !isDone else { return }
        Curl.easyPause(easy, tern_curlpause_cont)
        loop.post { [weak self] in self?.deliverPendingEvents() }
    }

    /// Stops the transfer at once; the client hears nothing more.
    func cancel() {
        isDone = true
        client = nil
        // Removing a handle is not allowed inside a curl callback, so it waits
        // for the next turn; until then every callback aborts.
        loop.post { [self] in detach() }
    }

    /// Releases the easy handle; idempotent.
    func detach() {
        if let easy {
            loop.transfers[easy] = nil
            Curl.multiRemoveHandle(loop.multi!, easy)
            Curl.easyCleanup(easy)
            self.easy = nil
        }
        if let headerList { Curl.slistFreeAll(headerList); self.headerList = nil }
        if let resolveList { Curl.slistFreeAll(resolveList); self.resolveList = nil }
    }

    /// Fetch's "isomorphic encode" of a ByteString held as text: each scalar
    /// up to U+00FF is one byte; a value with a scalar above it is not a
    /// ByteString and goes as UTF-8.
    static func isomorphicEncoded(_ value: String) -> [UInt8] {
        let scalars = value.unicodeScalars
        guard scalars.allSatisfy({ $0.value <= 0xFF }) else { return Array(value.utf8) }
        return scalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    // MARK: curl callbacks

    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !isDone else { return false }
        if bytes.starts(with: "HTTP/".utf8) { headerSize = 0 }
        headerSize += bytes.count
        guard headerSize <= maximumHeaderSize else {
            stopReason = .responseHeaderTooLarge(limit: maximumHeaderSize)
            return false
        }
        // Trim CR LF as bytes: Swift treats "\r\n" as one Character.
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        let line = String(decoding: bytes[..<end], as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            statusLine = line
            headers = HTTPHeaders()
            return true
        }
        if !line.isEmpty {
            if let colon = line.firstIndex(of: ":") {
                headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces())
            } else if let first = line.first, first == " " || first == "\t", let last = headers.fields.last {
                // An obsolete folded continuation line.
                headers[last.name] = last.value + " " + line.trimmingSpaces()
            }
            return true
        }
        guard let easy else { return false }
        var code = 0
        Curl.getinfoLong(easy, CURLINFO_RESPONSE_CODE, &code)
        if code == 0 {
            // A proxy's answer to CONNECT: 200 opens the tunnel, 407 asks for credentials.
            var connectCode = 0
            Curl.getinfoLong(easy, CURLINFO_HTTP_CONNECTCODE, &connectCode)
            if connectCode == 407 {
                proxyRefusal = Response(url: request.url, statusCode: 407, headers: headers, expectedContentLength: 0)
            }
            return true
        }
        if code < 200 { return true }  // 1xx: another header block follows
        if code == 407 && awaitingProxyAuthenticatedReply {
            awaitingProxyAuthenticatedReply = false  // curl answers the proxy's digest challenge next
            return true
        }
        awaitingProxyAuthenticatedReply = false
        if code == 401 && awaitingAuthenticatedReply {
            awaitingAuthenticatedReply = false  // curl answers the digest challenge next
            return true
        }
        awaitingAuthenticatedReply = false
        // Cookies come from every final response, redirects included.
        let setCookies = headers.values(for: "Set-Cookie")
        if !setCookies.isEmpty, cookieJar != nil { pendingEvents.append(.setCookies(setCookies)) }
        var length: curl_off_t = -1
        Curl.getinfoOffset(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
        var response = Response(url: request.url, statusCode: code, headers: headers, expectedContentLength: Int64(length))
        response.httpVersion = String(statusLine.prefix { $0 != " " })
        self.finalResponse = response
        // A navigation's response may become a download, which has no cap:
        // the web view checks the length once it knows (WebView+Navigation).
        if headers["Content-Encoding"] == nil, !request.isTopLevelNavigation, let maximumBodySize, length > maximumBodySize {
            stopReason = .documentTooLarge(limit: maximumBodySize)
            return false
        }
        pendingEvents.append(.response(response))
        // A redirect's body is never read: Tern starts the next hop instead.
        return !response.isRedirect
    }

    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !isDone else { return false }
        guard finalResponse != nil else { return true }  // the body of a 1xx or a digest 401
        bodySize += Int64(bytes.count)
        if let maximumBodySize, bodySize > maximumBodySize {
            stopReason = .documentTooLarge(limit: maximumBodySize)
            return false
        }
        pendingEvents.append(.data(Array(bytes)))
        return true
    }

    /// Hands what arrived to the client; the loop calls it after each perform.
    func deliverPendingEvents() {
        while !isDone, !pendingEvents.isEmpty {
            let events = pendingEvents
            pendingEvents.removeAll()
            for event in events {
                guard !isDone else { return }
                switch event {
                case .response(let response): client?.curlTransfer(self, didReceive: response)
                case .data(let bytes): bytes.withUnsafeBytes { client?.curlTransfer(self, didReceive: $0) }
                case .setCookies(let values): for value in values { cookieJar?.setCookie(value, for: request.url, context: sameSiteContext) }
                }
            }
        }
    }

    /// Called by the loop when curl reports the transfer done.
    func finish(_ code: CURLcode) {
        deliverPendingEvents()
        guard !isDone else { detach(); return }
        if let proxyRefusal, finalResponse == nil, code != CURLE_OK {
            // Reported as the 407 response it is, so the proxy's challenge can be answered.
            finalResponse = proxyRefusal
            detach()
            client?.curlTransfer(self, didReceive: proxyRefusal)
            complete(nil)
            return
        }
        var error: NavigationError?
        if let stopReason {
            error = stopReason
        } else if code != CURLE_OK && !(finalResponse?.isRedirect == true && code == CURLE_WRITE_ERROR) {
            var verifyResult = 0
            if let easy { Curl.getinfoLong(easy, CURLINFO_SSL_VERIFYRESULT, &verifyResult) }
            error = NavigationError.fromCurl(code, host: request.url.hostname, port: request.url.portNumber ?? 0,
                                            detail: String(cString: errorBuffer), verifyResult: verifyResult,
                                            inHeader: finalResponse == nil)
        }
        if probesCertificates, let easy {
            certificateChain = Curl.certificateInfo(easy).compactMap(CertificateSummary.init(curlFields:))
        }
        detach()
        complete(error)
    }

    private func complete(_ error: NavigationError?) {
        guard !isDone else { return }
        isDone = true
        let client = self.client
        self.client = nil
        client?.curlTransfer(self, didCompleteWith: error)
    }
}
