/// Starts resource loads on an event loop; every load shares the loop's
/// connection pool and this loader's configuration.
package final class Loader {
    package let loop: EventLoop
    package var configuration: LoaderConfiguration
    /// Serves schemes other than http(s), file and data (held weakly).
    package weak var customSchemes: CustomSchemeLoading?
    /// Serves every load but `data:` in place of the network, the disk and
    /// `customSchemes` (held weakly): a web content process's loader, whose
    /// loads its browser makes, cookies, cache and credentials included.
    package weak var forwarder: CustomSchemeLoading?

    package init(loop: EventLoop = .main, configuration: LoaderConfiguration = LoaderConfiguration()) {
        self.loop = loop
        self.configuration = configuration
    }

    /// Starts loading `request`, answering HTTP authentication with
    /// `credential` and the proxy's with `proxyCredential` if given; the
    /// delegate hears of it on later turns of the loop.
    @discardableResult
    package func load(_ request: Request, credential: (Credential, Credential.Method)? = nil,
                     proxyCredential: (Credential, Credential.Method)? = nil,
                     delegate: ResourceLoadDelegate) -> ResourceLoad {
        let load = ResourceLoad(request: request, loader: self, delegate: delegate)
        load.credential = credential
        load.proxyCredential = proxyCredential
        load.start()
        return load
    }
}
