#if canImport(Glibc)
import TernSystem
import Glibc
#endif

/// One resource load from request to last byte: http(s) over curl with
/// redirects followed here (each hop checked and reported), `file:` from disk
/// and `data:` decoded in place. Cancel it at any moment with `cancel()`.
/// A load keeps itself alive until it completes or is cancelled.
package final class ResourceLoad {
    /// The request as first made.
    package let originalRequest: Request
    /// The request of the current hop.
    package private(set) var currentRequest: Request
    /// The final response, once it arrived.
    package private(set) var response: Response?
    /// Redirects followed so far.
    package private(set) var redirectCount = 0
    /// Decoded body bytes received so far.
    package private(set) var receivedByteCount: Int64 = 0

    /// Credentials for HTTP authentication, given for the origin of the
    /// request the load starts with: sent with each hop to that origin and
    /// forgotten at the first redirect to another one (see `followRedirect`).
    package internal(set) var credential: (Credential, Credential.Method)?
    /// Credentials for the proxy, sent with every hop of this load.
    package internal(set) var proxyCredential: (Credential, Credential.Method)?

    let loader: Loader
    /// Who hears of the load; a download takes over a navigation's load this way.
    package weak var delegate: ResourceLoadDelegate?
    private var transfer: CurlTransfer?
    private var isFinished = false
    /// This hop's use of the HTTP cache (ResourceLoad+Cache.swift).
    var cacheUse = CacheUse()

    init(request: Request, loader: Loader, delegate: ResourceLoadDelegate) {
        self.originalRequest = request
        self.currentRequest = request
        self.loader = loader
        self.delegate = delegate
    }

    /// Whether the load ended (completed, failed or cancelled).
    package var isDone: Bool { isFinished }
    /// Whether the response came from the HTTP cache (as stored, or after the server confirmed it with 304).
    package var isFromCache: Bool { cacheUse.deliveredFromCache }

    func start() {
        if let forwarder = loader.forwarder, currentRequest.url.scheme != "data" {
            customSchemeProvider = forwarder
            loader.loop.post { if !self.isFinished { forwarder.startLoading(self) } }
            return
        }
        switch currentRequest.url.scheme {
        case "http", "https":
            let request: Request
            switch consultCache() {
            case .network(let toSend): request = toSend
            case .cached(let cached): return loader.loop.post { self.deliverFromCache(cached) }
            case .unavailable: return loader.loop.post { self.complete(.resourceUnavailable(self.currentRequest.url.href)) }
            }
            let transfer = CurlTransfer(request: request, configuration: loader.configuration,
                                        loop: loader.loop, client: self, credential: credential,
                                        proxyCredential: proxyCredential)
            if !bodySizeLimited { transfer.removeBodySizeLimit() }
            if isPaused { transfer.pause() }
            self.transfer = transfer
            transfer.start()
        case "file":
            loader.loop.post { self.loadFile() }
        case "data":
            loader.loop.post { self.loadDataURL() }
        case let scheme:
            if let provider = loader.customSchemes, provider.canLoad(scheme: scheme) {
                customSchemeProvider = provider
                loader.loop.post { if !self.isFinished { provider.startLoading(self) } }
            } else {
                loader.loop.post { self.complete(.unsupportedScheme(scheme)) }
            }
        }
    }

    /// Who serves this load's custom scheme, while it runs.
    private weak var customSchemeProvider: CustomSchemeLoading?

    /// A custom scheme's response (see `CustomSchemeLoading`); ignored after the load ended.
    package func customSchemeDidReceive(_ response: Response) {
        guard !isFinished else { return }
        deliver(response)
    }

    /// A piece of a custom scheme's body.
    package func customSchemeDidReceive(_ data: UnsafeRawBufferPointer) {
        guard !isFinished else { return }
        deliver(data)
    }

    /// The loader that served this load (`Loader.forwarder`) follows a
    /// redirect to `next`: the delegate is asked as for a redirect followed
    /// here, and `answer` hears the next hop's request (its header fields
    /// and `handlesCookies` the delegate's; nil stops the load).
    package func forwarderWillRedirect(_ response: Response, to next: Request, answer: @escaping (Request?) -> Void) {
        guard !isFinished else { return answer(nil) }
        redirectCount += 1
        let decide: (Request?) -> Void = { chosen in
            guard !self.isFinished, let chosen else { return answer(nil) }
            var hop = next
            hop.headers = chosen.headers
            hop.handlesCookies = chosen.handlesCookies
            self.currentRequest = hop
            answer(hop)
        }
        if let delegate {
            delegate.resourceLoad(self, willPerformRedirection: response, newRequest: next, completion: decide)
        } else {
            decide(next)
        }
    }

    /// The custom scheme's answer ended: nil on success.
    package func customSchemeDidComplete(with error: NavigationError?) {
        customSchemeProvider = nil
        complete(error)
    }

    /// The receiver streams the body to disk (a download): the decoded-size
    /// cap (`LoaderConfiguration.maximumBodySize`), which is for bodies held
    /// in memory, no longer applies to this load.
    package func removeBodySizeLimit() {
        bodySizeLimited = false
        transfer?.removeBodySizeLimit()
    }
    private var bodySizeLimited = true

    /// Stops receiving the body until `resume()` (URLSessionTask's
    /// `suspend()`): an http(s) transfer stops reading its socket, so the
    /// server waits and nothing piles up in memory; the connection stays
    /// open. A `file:` or `data:` body, delivered whole at once, is not held.
    package func pause() {
        isPaused = true
        transfer?.pause()
    }

    /// Goes on receiving after `pause()`.
    package func resume() {
        isPaused = false
        transfer?.resume()
    }
    private var isPaused = false

    /// Stops the load; the delegate hears nothing more.
    package func cancel() {
        guard !isFinished else { return }
        isFinished = true
        transfer?.cancel()
        transfer = nil
        customSchemeProvider?.stopLoading(self)
        customSchemeProvider = nil
    }

    func complete(_ error: NavigationError?) {
        guard !isFinished else { return }
        isFinished = true
        transfer = nil
        if error == nil { storeInCache() }
        delegate?.resourceLoad(self, didCompleteWith: error)
    }

    func deliver(_ response: Response) {
        self.response = response
        delegate?.resourceLoad(self, didReceive: response)
    }

    func deliver(_ bytes: UnsafeRawBufferPointer) {
        receivedByteCount += Int64(bytes.count)
        keepForCache(bytes)
        delegate?.resourceLoad(self, didReceive: bytes)
    }

    // MARK: Redirects

    /// The request for the next hop of a redirect, per the Fetch standard's
    /// HTTP-redirect fetch: https://fetch.spec.whatwg.org/#http-redirect-fetch
    static func redirectRequest(from request: Request, response: Response) -> Result<Request, NavigationError> {
        guard let location = response.headers["Location"], var target = request.url.resolve(location) else {
            return .failure(.badServerResponse(reason: "redirect to an invalid Location"))
        }
        // Step 6: only http(s) may be redirected to.
        guard target.scheme == "http" || target.scheme == "https" else {
            return .failure(.redirectToDisallowedScheme(target.scheme))
        }
        // A Location without a fragment keeps the request's fragment (step 19).
        if target.fragment == nil, let fragment = request.url.fragment { target = target.settingFragment(fragment) }
        var next = request
        next.url = target
        next.redirectedFrom.append(request.url)
        // Step 12: 301/302 turn POST into GET; 303 turns everything but HEAD into GET.
        let method = request.method.uppercased()
        if ((response.statusCode == 301 || response.statusCode == 302) && method == "POST")
            || (response.statusCode == 303 && method != "GET" && method != "HEAD") {
            next.method = "GET"
            next.body = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location"] {
                next.headers[name] = nil
            }
        }
        // Step 13: credentials do not follow a request to another origin.
        if target.origin != request.url.origin { next.headers["Authorization"] = nil }
        // Main fetch again for the new URL: its Referer (Referrer Policy §8.3) and, for a navigation, its Origin.
        ReferrerPolicy.redirect(&next, response: response)
        if next.isTopLevelNavigation, next.initiator != nil { OriginHeader.apply(to: &next) }
        return .success(next)
    }

    private func followRedirect(_ response: Response) {
        redirectCount += 1
        if redirectCount > loader.configuration.maximumRedirects {
            complete(.tooManyRedirects(loader.configuration.maximumRedirects))
            return
        }
        switch ResourceLoad.redirectRequest(from: currentRequest, response: response) {
        case .failure(let error):
            complete(error)
        case .success(let next):
            // Holds the load until the delegate answers.
            let decide: (Request?) -> Void = { answer in
                guard !self.isFinished else { return }
                if let answer {
                    // Credentials belong to one origin, its scheme included (RFC 9110
                    // §11.6.1's protection space; Fetch's HTTP-redirect fetch step 13
                    // drops Authorization at a cross-origin hop): never sent to
                    // another host or port, nor from https down to http, and not
                    // again after such a hop, even back at their own origin.
                    if next.url.origin != self.currentRequest.url.origin { self.credential = nil }
                    // The delegate chooses the header fields and cookies, not where or what is sent.
                    var hop = next
                    hop.headers = answer.headers
                    hop.handlesCookies = answer.handlesCookies
                    self.currentRequest = hop
                    self.start()
                } else {
                    self.complete(.interruptedByPolicy)
                }
            }
            if let delegate {
                delegate.resourceLoad(self, willPerformRedirection: response, newRequest: next, completion: decide)
            } else {
                decide(nil)
            }
        }
    }

    // MARK: file: and data:

    private func loadFile() {
        guard !isFinished else { return }
        let path = currentRequest.url.filePath
        // In pieces, so the file is not held whole next to what the receiver makes of it.
        let error = LocalFile.read(path: path, limit: loader.configuration.maximumBodySize, start: { size in
            deliver(Response(url: currentRequest.url, mimeType: LocalFile.mimeType(forPath: path),
                             expectedContentLength: Int64(size)))
            return !isFinished
        }, chunk: { bytes in
            deliver(bytes)
            return !isFinished
        })
        if let error { return complete(NavigationError(error)) }
        guard !isFinished else { return }
        complete(nil)
    }

    private func loadDataURL() {
        guard !isFinished else { return }
        guard let data = DataURL(currentRequest.url) else {
            complete(.badURL(currentRequest.url.href))
            return
        }
        deliver(Response(url: currentRequest.url, mimeType: data.mimeType, textEncodingName: data.charset,
                         expectedContentLength: Int64(data.body.count)))
        guard !isFinished else { return }
        data.body.withUnsafeBytes { deliver($0) }
        complete(nil)
    }
}

extension ResourceLoad: CurlTransferClient {
    func curlTransfer(_ transfer: CurlTransfer, didReceive response: Response) {
        guard cacheWillUse(response), !response.isRedirect else { return }
        deliver(response)
    }

    func curlTransfer(_ transfer: CurlTransfer, didReceive data: UnsafeRawBufferPointer) {
        deliver(data)
    }

    func curlTransfer(_ transfer: CurlTransfer, didCompleteWith error: NavigationError?) {
        self.transfer = nil
        if error == nil, let confirmed = cacheUse.confirmedResponse {
            deliverFromCache(confirmed)
        } else if error == nil, let response = transfer.finalResponse, response.isRedirect {
            followRedirect(response)
        } else if case .serverCertificateUntrusted(let trust)? = error {
            probeCertificates(for: trust)
        } else {
            complete(error)
        }
    }

    /// Connects once more, without verifying, to read the untrusted chain
    /// for the trust challenge (a refused handshake leaves curl none).
    private func probeCertificates(for trust: ServerTrust) {
        let probe = CertificateProbe { [weak self] chain in
            self?.transfer = nil
            self?.complete(.serverCertificateUntrusted(trust.with(certificateChain: chain)))
        }
        let transfer = CurlTransfer(request: Request(url: currentRequest.url), configuration: loader.configuration,
                                    loop: loader.loop, client: probe, proxyCredential: proxyCredential,
                                    probesCertificates: true)
        self.transfer = transfer
        transfer.start()
    }
}

/// Hands a certificate probe's chain on when it completes.
private final class CertificateProbe: CurlTransferClient {
    private let done: ([CertificateSummary]) -> Void
    init(done: @escaping ([CertificateSummary]) -> Void) { self.done = done }
    func curlTransfer(_ transfer: CurlTransfer, didReceive response: Response) {}
    func curlTransfer(_ transfer: CurlTransfer, didReceive data: UnsafeRawBufferPointer) {}
    func curlTransfer(_ transfer: CurlTransfer, didCompleteWith error: NavigationError?) {
        done(transfer.certificateChain)
    }
}
