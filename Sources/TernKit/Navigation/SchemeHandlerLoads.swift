import TernNet

/// Serves a web view's custom schemes to its resource loads — scripts, XHR,
/// fetch — through the configuration's `URLSchemeHandler`s, each as its own
/// `URLSchemeTask`, as WebKit does for subresources. (Main-frame loads
/// start their task in the navigation itself.)
final class SchemeHandlerLoads: CustomSchemeLoading, URLSchemeTaskClient {
    private weak var webPage: WebPage?
    /// The running tasks, and the loads they feed.
    private var tasks: [ObjectIdentifier: (task: URLSchemeTask, load: ResourceLoad, handler: URLSchemeHandler)] = [:]
    private var loadsByTask: [ObjectIdentifier: ObjectIdentifier] = [:]

    init(webPage: WebPage) {
        self.webPage = webPage
    }

    func canLoad(scheme: String) -> Bool {
        webPage?.configuration.urlSchemeHandler(forURLScheme: scheme) != nil
    }

    func startLoading(_ load: ResourceLoad) {
        guard let view = webPage?.view, let handler = view.configuration.urlSchemeHandler(forURLScheme: load.currentRequest.url.scheme) else {
            return load.customSchemeDidComplete(with: .unsupportedScheme(load.currentRequest.url.scheme))
        }
        let task = URLSchemeTask(request: load.currentRequest, client: self)
        tasks[ObjectIdentifier(load)] = (task, load, handler)
        loadsByTask[ObjectIdentifier(task)] = ObjectIdentifier(load)
        handler.webView(view, start: task)
    }

    func stopLoading(_ load: ResourceLoad) {
        guard let entry = tasks.removeValue(forKey: ObjectIdentifier(load)) else { return }
        loadsByTask[ObjectIdentifier(entry.task)] = nil
        entry.task.stop()
        if let view = webPage?.view { entry.handler.webView(view, stop: entry.task) }
    }

    private func load(of task: URLSchemeTask) -> ResourceLoad? {
        loadsByTask[ObjectIdentifier(task)].flatMap { tasks[$0]?.load }
    }

    func schemeTask(_ task: URLSchemeTask, didReceive response: Response) {
        load(of: task)?.customSchemeDidReceive(response)
    }

    func schemeTask(_ task: URLSchemeTask, didReceive data: UnsafeRawBufferPointer) {
        load(of: task)?.customSchemeDidReceive(data)
    }

    func schemeTask(_ task: URLSchemeTask, didCompleteWith error: NavigationError?) {
        guard let load = load(of: task) else { return }
        tasks[ObjectIdentifier(load)] = nil
        loadsByTask[ObjectIdentifier(task)] = nil
        load.customSchemeDidComplete(with: error)
    }
}
