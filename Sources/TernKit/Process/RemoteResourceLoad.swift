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

    init(id: UInt64, send: @escaping (WebContentMessage.ToContent) -> Void) {
        self.id = id
        self.send = send
    }

    func start(_ request: Request, with loader: Loader, credential: (Credential, Credential.Method)?,
               proxyCredential: (Credential, Credential.Method)?) {
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

    func resourceLoad(_ load: ResourceLoad, didReceive response: Response) { send(.resourceResponse(load: id, response)) }
    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) { send(.resourceData(load: id, Array(data))) }
    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) { ended(error) }

    func schemeTask(_ task: URLSchemeTask, didReceive response: Response) { send(.resourceResponse(load: id, response)) }
    func schemeTask(_ task: URLSchemeTask, didReceive data: UnsafeRawBufferPointer) { send(.resourceData(load: id, Array(data))) }
    func schemeTask(_ task: URLSchemeTask, didCompleteWith error: NavigationError?) { ended(error) }

    private func ended(_ error: NavigationError?) {
        load = nil
        task = nil
        send(.resourceDone(load: id, error))
    }
}
