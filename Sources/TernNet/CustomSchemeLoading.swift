/// Serves URL schemes TernNet does not load itself, for every resource load
/// of a `Loader` (pages, scripts, XHR and fetch): TernKit's URL scheme
/// handlers plug in here. The provider answers through the load's
/// `customScheme…` methods, on the loop.
package protocol CustomSchemeLoading: AnyObject {
    /// Whether `scheme` (lowercase) is served.
    func canLoad(scheme: String) -> Bool
    /// Begin serving `load.currentRequest`.
    func startLoading(_ load: ResourceLoad)
    /// The load was cancelled; send nothing more.
    func stopLoading(_ load: ResourceLoad)
}
