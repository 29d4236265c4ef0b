import TernNet

/// The fetch of a frame's document: its response and body, handed to the
/// web view once complete (a frame's document is parsed whole).
final class FrameLoad: ResourceLoadDelegate {
    var resourceLoad: ResourceLoad?
    private(set) var response: Response?
    private(set) var body: [UInt8] = []
    private let limit: Int64
    /// Answers whether a redirect may be followed (mixed content, `file:`).
    let mayRedirect: (WebURL) -> Bool
    /// The load ended: the response and body, or the error.
    let completion: (Response?, [UInt8], NavigationError?) -> Void
    private var ended = false

    init(limit: Int64, mayRedirect: @escaping (WebURL) -> Bool, completion: @escaping (Response?, [UInt8], NavigationError?) -> Void) {
        self.limit = limit
        self.mayRedirect = mayRedirect
        self.completion = completion
    }

    func cancel() {
        ended = true
        resourceLoad?.cancel()
        resourceLoad = nil
    }

    func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                      decision: @escaping (Bool) -> Void) {
        decision(!ended && mayRedirect(request.url))
    }

    func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
        self.response = response
        body = []
    }

    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
        guard !ended else { return }
        if Int64(body.count + data.count) > limit {
            cancel()
            completion(response, [], .documentTooLarge(limit: limit))
            return
        }
        body.append(contentsOf: data)
    }

    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
        guard !ended else { return }
        ended = true
        resourceLoad = nil
        completion(response, body, error)
    }
}
