/// Hears of one resource load's progress; every method runs on the loop.
public protocol ResourceLoadDelegate: AnyObject {
    /// A redirect is about to be followed to `request`; answer whether to follow.
    /// Not implemented: every allowed redirect is followed.
    func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                      decision: @escaping (Bool) -> Void)
    /// The final response's metadata, before its body.
    func resourceLoad(_ load: ResourceLoad, didReceive response: Response)
    /// Decoded body bytes, in order.
    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer)
    /// The load ended: nil on success. Not called after `cancel()`.
    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?)
}

extension ResourceLoadDelegate {
    public func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                             decision: @escaping (Bool) -> Void) {
        decision(true)
    }
}
