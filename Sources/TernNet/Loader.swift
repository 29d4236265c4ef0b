/// Starts resource loads on an event loop; every load shares the loop's
/// connection pool and this loader's configuration.
public final class Loader {
    public let loop: EventLoop
    public var configuration: LoaderConfiguration
    /// Serves schemes other than http(s), file and data (held weakly).
    public weak var customSchemes: CustomSchemeLoading?

    public init(loop: EventLoop = .main, configuration: LoaderConfiguration = LoaderConfiguration()) {
        self.loop = loop
        self.configuration = configuration
    }

    /// Starts loading `request`, answering HTTP authentication with
    /// `credential` and the proxy's with `proxyCredential` if given; the
    /// delegate hears of it on later turns of the loop.
    @discardableResult
    public func load(_ request: Request, credential: (Credential, Credential.Method)? = nil,
                     proxyCredential: (Credential, Credential.Method)? = nil,
                     delegate: ResourceLoadDelegate) -> ResourceLoad {
        let load = ResourceLoad(request: request, loader: self, delegate: delegate)
        load.credential = credential
        load.proxyCredential = proxyCredential
        load.start()
        return load
    }
}
