import TernNet

/// One load the browser makes for a content process's page: what it hears
/// goes back as `resource…` messages, the body in pieces as it arrives.
final class RemoteResourceLoad: ResourceLoadDelegate {
    /// The content process's number for the load.
    let id: UInt64
    private let send: (WebContentMessage.ToContent) -> Void
    private var load: ResourceLoad?

    init(id: UInt64, send: @escaping (WebContentMessage.ToContent) -> Void) {
        self.id = id
        self.send = send
    }

    func start(_ request: Request, with loader: Loader) {
        load = loader.load(request, delegate: self)
    }

    func cancel() {
        load?.cancel()
        load = nil
    }

    func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
        send(.resourceResponse(load: id, response))
    }

    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
        send(.resourceData(load: id, Array(data)))
    }

    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
        self.load = nil
        send(.resourceDone(load: id, error))
    }
}
