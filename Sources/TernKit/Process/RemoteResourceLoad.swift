import TernNet

/// One load the browser makes for a content process's page, over the
/// network or through one of the browser's URL scheme handlers: what it
/// hears goes back as `resource…` messages, the body in pieces as it arrives.
final class RemoteResourceLoad: ResourceLoadDelegate, URLSchemeTaskClient {
    /// The content process's number for the load.
    let id: UInt64
    private let send: (WebContentMessage.ToContent) -> Void
    private var load: ResourceLoad?
    private var task: (task: URLSchemeTask, handler: URLSchemeHandler, view: WebView)?
    /// A redirect waiting for the page's answer.
    private var redirectDecision: ((Request?) -> Void)?
    /// A top-level navigation's body is held after its response until the
    /// page's policy says what it becomes (WebKit's network process waits
    /// for the response's policy too): shown, dropped, or a download that
    /// starts with what was held. `ended` holds how the load ended meanwhile.
    private var isHolding = false
    private var held: [UInt8] = []
    private var heldEnd: NavigationError?? = .none
    private(set) var request: Request?
    private(set) var response: Response?

    init(id: UInt64, send: @escaping (WebContentMessage.ToContent) -> Void) {
        self.id = id
        self.send = send
    }

    func start(_ request: Request, with loader: Loader, credential: (Credential, Credential.Method)?,
               proxyCredential: (Credential, Credential.Method)?) {
        self.request = request
        load = loader.load(request, credential: credential, proxyCredential: proxyCredential, delegate: self)
    }

    func start(_ request: Request, with handler: URLSchemeHandler, in view: WebView) {
        let task = URLSchemeTask(request: request, client: self)
        self.task = (task, handler, view)
        handler.webView(view, start: task)
    }

    func cancel() {
        load?.cancel()
        load = nil
        if let (task, handler, view) = task {
            self.task = nil
            task.stop()
            handler.webView(view, stop: task)
        }
    }

    /// Each redirect is the page's to follow or stop (its per-hop checks:
    /// the navigation's policy, Referer, Origin, cookies' site), as a load
    /// of its own process would hear it.
    func resourceLoad(_ load: ResourceLoad, willPerformRedirection response: Response, newRequest request: Request,
                      completion: @escaping (Request?) -> Void) {
        redirectDecision = completion
        send(.resourceRedirect(load: id, response, request))
    }

    /// The page's answer to the redirect waiting: its header fields go with
    /// the next hop once checked (`check` drops or refuses what a page may not send).
    func redirectAnswered(_ answer: Request?, check: (inout Request) -> Bool) {
        guard let decision = redirectDecision else { return }
        redirectDecision = nil
        guard var next = answer, check(&next) else { return decision(nil) }
        decision(next)
    }

    func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
        self.response = response
        // A challenge's body may be the page shown, once it is answered: it comes at once.
        if request?.isTopLevelNavigation == true, response.statusCode != 401, response.statusCode != 407 {
            isHolding = true
            load.pause()
        }
        send(.resourceResponse(load: id, response))
    }

    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
        guard !isHolding else { return held.append(contentsOf: data) }
        send(.resourceData(load: id, Array(data)))
    }

    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
        guard !isHolding else { return heldEnd = .some(error) }
        ended(error)
    }

    /// The page shows the response: what was held goes to it, and the rest as it comes.
    func release() {
        guard isHolding else { return }
        isHolding = false
        if !held.isEmpty { send(.resourceData(load: id, held)) }
        held = []
        if case .some(let error) = heldEnd {
            ended(error)
        } else {
            load?.resume()
        }
    }

    /// The page made the navigation a download: it starts with what was
    /// held and goes on with the rest of the load (nil when it was not held:
    /// part of the body went to the page).
    func becomeDownload(loader: Loader, loop: EventLoop) -> Download? {
        guard isHolding, let request, let response else { return nil }
        isHolding = false
        let download = Download(request: request, response: response, load: heldEnd == nil ? load : nil, buffered: held,
                                loader: loader, loop: loop)
        load = nil
        // It broke before the page decided: the download fails once it has a file.
        if case .some(let error?) = heldEnd { download.loadDidComplete(with: error) }
        return download
    }

    func schemeTask(_ task: URLSchemeTask, didReceive response: Response) { send(.resourceResponse(load: id, response)) }
    func schemeTask(_ task: URLSchemeTask, didReceive data: UnsafeRawBufferPointer) { send(.resourceData(load: id, Array(data))) }
    func schemeTask(_ task: URLSchemeTask, didCompleteWith error: NavigationError?) { ended(error) }

    private func ended(_ error: NavigationError?) {
        load = nil
        task = nil
        send(.resourceDone(load: id, error))
    }
}
