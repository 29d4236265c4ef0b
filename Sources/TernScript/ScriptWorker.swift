import TernNet

/// A dedicated worker (HTML §10.2 "Workers"): the script at `url` runs in a
/// global of its own, in an engine of its own, on its owner's event loop in
/// tasks of its own. The worker and the window that made it share nothing:
/// they talk by messages, serialized as `postMessage` serializes them.
final class ScriptWorker {
    /// The owner's handle for it (`__ternWorkerCreate`'s answer).
    let id: Int
    private weak var owner: ScriptWindow?
    /// The worker's global; nil once closed or terminated.
    private(set) var global: ScriptWindow?
    private let host: WorkerHost
    /// Messages to the worker before its script has run (HTML: its port's
    /// message queue is enabled once the script ran).
    private var held: [String] = []
    private var started = false

    init(id: Int, owner: ScriptWindow, url: WebURL, name: String) throws {
        self.id = id
        self.owner = owner
        host = WorkerHost(owner: owner)
        let global = try ScriptWindow(host: host, loader: owner.network.loader, documentURL: url,
                                      executionTimeLimit: owner.context.executionTimeLimit, memoryLimit: owner.context.memoryLimit)
        global.name = name
        self.global = global
        installNatives(in: global)
        if case .failure(let error) = global.context.runPrelude(ScriptPrelude.workerScope) {
            owner.reportToConsole(level: "error", "The worker could not start: \(error)")
        }
        _ = global.runInternal("__ternWorkerStart", [.string(url.href)])
    }

    /// The worker's natives: messages to its owner, `close()`, its script and `importScripts`.
    private func installNatives(in global: ScriptWindow) {
        global.context.setInternal("__ternWorkerPostToOwner") { [weak self] arguments in
            guard let self, case .string(let text)? = arguments.first else { return nil }
            self.toOwner("__ternWorkerMessage", [.number(Double(self.id)), .string(text)])
            return nil
        }
        global.context.setInternal("__ternWorkerClose") { [weak self] _ in
            self?.close()
            return nil
        }
        // Runs a script in the worker's global (its own, or one importScripts fetched); an
        // exception goes back to the caller, with its message.
        global.context.setInternal("__ternWorkerRun") { [weak self] arguments in
            guard let global = self?.global, arguments.count >= 2, case .string(let source) = arguments[0],
                  case .string(let url) = arguments[1] else { return nil }
            switch global.context.evaluate(source, sourceURL: url) {
            case .success: return .null
            case .failure(.exception(let message, let line, let sourceURL)):
                return .array([.string(message), .string(sourceURL ?? url), .number(Double(line ?? 0))])
            case .failure(let error): return .array([.string(error.description), .string(url), .number(0)])
            }
        }
        // The script ran (or could not be fetched: `failed`): messages flow from now on.
        global.context.setInternal("__ternWorkerStarted") { [weak self] arguments in
            guard let self else { return nil }
            if arguments.first == .bool(false) {
                self.toOwner("__ternWorkerFailed", [.number(Double(self.id))])
                self.close()
                return nil
            }
            self.started = true
            for text in self.held { self.toWorker(text) }
            self.held = []
            return nil
        }
        // An exception no handler of the worker took: an `error` event at the Worker object.
        global.context.setInternal("__ternWorkerError") { [weak self] arguments in
            guard let self else { return nil }
            self.toOwner("__ternWorkerError", [.number(Double(self.id))] + arguments.prefix(3))
            return nil
        }
    }

    /// `worker.postMessage(message)` from the owner, serialized.
    func post(_ text: String) {
        guard global != nil else { return }
        if started { toWorker(text) } else { held.append(text) }
    }

    private func toWorker(_ text: String) {
        guard let loop = global?.loop else { return }
        loop.post { [weak self] in
            guard let global = self?.global else { return }
            global.whenActive { [weak global] in _ = global?.runInternal("__ternWorkerReceive", [.string(text)]) }
        }
    }

    private func toOwner(_ name: String, _ arguments: [ScriptValue]) {
        guard let owner else { return }
        owner.loop.post { [weak owner] in
            owner?.whenActive { [weak owner] in _ = owner?.runInternal(name, arguments) }
        }
    }

    /// `terminate()` or the worker's `close()`: its global goes, with its timers and what it held.
    func close() {
        guard let global else { return }
        global.isClosed = true
        self.global = nil
        held = []
        // Let go on a later turn: close() runs inside the worker's own script. Its timers
        // are cancelled when the global goes (ScriptWindow.deinit).
        global.loop.post { _ = global }
    }
}

/// What a worker's scripts ask of the browser: its console goes to its
/// owner's (workers have no dialogs and no document).
private final class WorkerHost: ScriptHost {
    weak var owner: ScriptWindow?

    init(owner: ScriptWindow) { self.owner = owner }

    func scriptAlert(_ message: String) {}
    func scriptConfirm(_ message: String) -> Bool { false }
    func scriptPrompt(_ message: String, defaultText: String?) -> String? { nil }
    func scriptPostMessage(name: String, body: ScriptValue, replyHandler: ((ScriptValue?, String?) -> Void)?) {}
    func scriptConsoleMessage(_ message: ScriptContext.ConsoleMessage) { owner?.host?.scriptConsoleMessage(message) }
}
