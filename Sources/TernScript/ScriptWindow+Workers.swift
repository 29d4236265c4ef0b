import TernNet

/// The window's side of dedicated workers (HTML §10.2.6 "The Worker
/// interface"): `new Worker(url)` makes a `ScriptWorker`, and messages go
/// both ways as tasks (workers.js has the interface).
extension ScriptWindow {
    func installWorkers() {
        // (url, name) → the worker's id, or an error message: HTML "run a worker"
        // with the script fetched from `url`, same origin as this window only.
        context.setInternal("__ternWorkerCreate") { [weak self] arguments in
            guard let self, arguments.count >= 2, case .string(let href) = arguments[0], case .string(let name) = arguments[1]
            else { return nil }
            guard let url = WebURL(href, base: self.network.documentURL) else { return .string("SyntaxError") }
            // §10.2.6.3 step 7 (the worker's request is same-origin): data: URLs run with an opaque origin.
            if url.scheme != "data", FetchRequestState.origin(of: url) != self.serializedOrigin || self.serializedOrigin == "null" {
                return .string("SecurityError")
            }
            self.lastWorkerID += 1
            do {
                let worker = try ScriptWorker(id: self.lastWorkerID, owner: self, url: url, name: name)
                self.workers[worker.id] = worker
                return .number(Double(worker.id))
            } catch {
                return .string("NotSupportedError")
            }
        }
        context.setInternal("__ternWorkerPost") { [weak self] arguments in
            guard let self, arguments.count >= 2, case .number(let id) = arguments[0], case .string(let text) = arguments[1],
                  let worker = self.workers[Int(WebIDL.longLong(.number(id)))] else { return nil }
            worker.post(text)
            return nil
        }
        context.setInternal("__ternWorkerTerminate") { [weak self] arguments in
            guard let self, case .number(let id)? = arguments.first else { return nil }
            self.workers.removeValue(forKey: Int(WebIDL.longLong(.number(id))))?.close()
            return nil
        }
    }
}
