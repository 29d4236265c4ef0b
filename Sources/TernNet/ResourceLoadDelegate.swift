/// Hears of one resource load's progress; every method runs on the loop.
package protocol ResourceLoadDelegate: AnyObject {
    /// A redirect is about to be followed to `request`; answer whether to follow.
    /// Not implemented: every allowed redirect is followed.
    func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                      decision: @escaping (Bool) -> Void)
    /// A redirect is about to be followed: answer with the next hop's request
    /// (its header fields and `handlesCookies` may differ from `request`'s;
    /// the URL, method and body are the loader's), or nil to stop the load
    /// with `interruptedByPolicy`. By default asks the Bool method above.
    func resourceLoad(_ load: ResourceLoad, willPerformRedirection response: Response, newRequest request: Request,
                      completion: @escaping (Request?) -> Void)
    /// The final response's metadata, before its body.
    func resourceLoad(_ load: ResourceLoad, didReceive response: Response)
    /// Decoded body bytes, in order.
    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer)
    /// The load ended: nil on success. Not called after `cancel()`.
    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?)
}

extension ResourceLoadDelegate {
    package func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                             decision: @escaping (Bool) -> Void) {
        decision(true)
    }

    package func resourceLoad(_ load: ResourceLoad, willPerformRedirection response: Response, newRequest request: Request,
                             completion: @escaping (Request?) -> Void) {
        resourceLoad(load, willRedirectTo: request, from: response) { completion($0 ? request : nil) }
    }
}
