import TernDOM
import TernNet

/// A page's `window`: the JavaScript global context with the browser's
/// globals installed (dialogs, timers, `navigator`, `atob`/`btoa`, native
/// message handlers). One per page, made only when the page needs scripts.
package final class ScriptWindow {
    package let context: ScriptContext
    weak var host: ScriptHost?
    /// Answers `location` and `history`; the web view sets it.
    package weak var navigationHost: ScriptNavigationHost?
    /// Answers `window.open` and `window.close`; the web view sets it.
    package weak var windowingHost: ScriptWindowingHost?
    /// The frame tree this window is in (`parent`, `top`, `frames`,
    /// `contentWindow`); the web view sets it. Nil: a window alone.
    package weak var frameHost: ScriptFrameHost?
    /// The document's origin is opaque whatever its URL says: a frame
    /// sandboxed without `allow-same-origin` (HTML "sandboxed origin browsing
    /// context flag"). The web view sets it before the page's scripts run.
    package var hasOpaqueOrigin = false
    /// The window's name (`window.name`, HTML "target name" of its navigable):
    /// named access from the parent and link/form targets find frames by it.
    /// Until a script or the host sets it, a frame's name is its element's
    /// `name` attribute (HTML: the iframe's name sets its navigable's target name).
    package var name: String {
        get { assignedName ?? frameHost?.scriptFrameElement()?.attribute("name") ?? "" }
        set {
            let old = name
            assignedName = newValue
            // The parent's named properties follow.
            if newValue != old { frameHost?.scriptParentWindow()?.frameTreeDidChange() }
        }
    }
    private var assignedName: String?
    /// The window that opened this one (`window.opener`); nil for `noopener`
    /// and for windows no script opened.
    package weak var opener: ScriptWindow?
    /// Set when the window's navigable is gone (its popup closed, its frame
    /// removed): `closed` reads true and messages to it are dropped.
    package var isClosed = false
    /// The dedicated workers this window made and has not terminated, by id.
    var workers: [Int: ScriptWorker] = [:]
    var lastWorkerID = 0
    /// The window's id in the registry of windows (ScriptWindow+Frames).
    private(set) var windowID = 0
    let loop: EventLoop
    private var timers: [Int: PageTimer] = [:]
    private var nextTimerID = 0
    /// The timer nesting level of the timer task running now (0 outside timer tasks).
    private var runningTimerNestingLevel = 0
    private var messageHandlerNames: Set<String> = []
    private var replyHandlerInstalled = false
    let network: ScriptNetwork
    /// The web view's `sessionStorage` areas.
    package let sessionStorage: WebStorage
    /// The data store's `localStorage` areas.
    package let localStorage: WebStorage
    /// `localStorage` for a page of an opaque origin (data:, file:, sandboxed): its own, kept in memory.
    private lazy var opaqueOriginStorage = WebStorage()
    /// The document's first `<base href>` value as of a DOM version (`documentBaseURL`).
    var baseHrefCache: (version: UInt32, href: String?)?
    /// The lazy files (ScriptPrelude, lazy.js) this window has run, in order:
    /// each once, when the page first touched a name it defines.
    var lazyFilesRun: [String] = []
    /// The DOM bindings' native half (`window.document` and its nodes).
    let dom: DOMBridge

    /// The page's URL: XMLHttpRequest and fetch resolve against it and use its origin.
    package var documentURL: WebURL? {
        get { network.documentURL }
        set { network.documentURL = newValue }
    }

    /// The URL the document was created with: its origin is decided from
    /// this once (HTML "determining the origin"), never from `documentURL`,
    /// which `pushState` and fragment navigations change.
    let creationURL: WebURL?

    /// The document's side of its XMLHttpRequest and fetch requests (its
    /// referrer policy, where mixed content is reported); the web view sets it.
    package weak var fetchClient: FetchClient? {
        get { network.client }
        set { network.client = newValue }
    }

    /// Makes the window. `loader` carries the page's XMLHttpRequest and fetch
    /// requests; its user agent is what `navigator.userAgent` reports.
    /// `sessionStorage` is the web view's (it outlives its pages),
    /// `localStorage` the website data store's. A frame's window shares its
    /// parent's engine (`sharingEngineWith`), so objects pass between them.
    package init(host: ScriptHost, loader: Loader, documentURL: WebURL?, sessionStorage: WebStorage = WebStorage(),
                localStorage: WebStorage = WebStorage(), executionTimeLimit: Double = 10, memoryLimit: Int? = nil,
                sharingEngineWith parent: ScriptWindow? = nil) throws {
        self.sessionStorage = sessionStorage
        self.localStorage = localStorage
        context = try ScriptContext(sharingGroupWith: parent?.context)
        context.executionTimeLimit = executionTimeLimit
        context.memoryLimit = memoryLimit
        self.host = host
        self.loop = loader.loop
        network = ScriptNetwork(loader: loader)
        network.documentURL = documentURL
        creationURL = documentURL
        dom = DOMBridge(context: context)
        network.documentOrigin = { [weak self] in self?.serializedOrigin ?? "null" }
        context.onConsoleMessage = { [weak self] in self?.host?.scriptConsoleMessage($0) }
        // A key such as C-c (or --dump's deadline) ends a script that runs on.
        context.shouldInterrupt = { [weak loop] in loop?.checkForInterrupt() ?? false }
        context.onStop = { [weak self] reason in
            guard let self else { return }
            for timer in self.timers.values { timer.scheduled?.cancel() }
            self.timers = [:]
            self.reportToConsole(level: "error", "\(reason)")
            self.host?.scriptsDidStop(reason)
        }
        installGlobals(userAgent: loader.configuration.userAgent)
        installNetwork()
        installWebAPIs()
        installNavigation()
        windowID = ScriptWindow.register(self)
        installWindows()
        installWorkers()
        installFrames()
        installDOM()
        if parent != nil { shareEngine() }
        context.afterOutermostEntry = { [weak self] in self?.scheduleWrapperSweep() }
        // A frame's window: its parent's `window[i]` and named properties now include it.
        if let parent { parent.loop.post { [weak parent] in parent?.frameTreeDidChange() } }
    }

    deinit {
        for timer in timers.values { timer.scheduled?.cancel() }
    }

    // MARK: Collecting wrappers (DOMBridge+Collection)

    private var wrapperSweepPosted = false
    /// `renderingDidChange` posted an update not run yet.
    var renderingUpdatePosted = false

    /// After a task: once the handle table has grown enough, a sweep is
    /// posted to the event loop, where no script and no native runs.
    private func scheduleWrapperSweep() {
        guard !wrapperSweepPosted, !isClosed, dom.sweepIsDue else { return }
        wrapperSweepPosted = true
        loop.post { [weak self] in
            guard let self else { return }
            wrapperSweepPosted = false
            // Not under a script paused in a nested loop: its frames may hold handles.
            if !isClosed, context.stopReason == nil, context.groupIsIdle { dom.sweepWrappers() }
        }
    }

    /// Runs a script of the page; exceptions are reported to the console and
    /// returned, and never stop the page.
    @discardableResult
    package func run(_ source: String, sourceURL: String? = nil, startingLine: Int = 1) -> Result<ScriptValue, ScriptError> {
        let result = context.evaluate(source, sourceURL: sourceURL, startingLine: startingLine)
        // A stopped context was reported once, when it stopped.
        if case .failure(let error) = result, context.stopReason == nil {
            let message = ScriptContext.ConsoleMessage(level: "error", text: "Uncaught \(error)")
            host?.scriptConsoleMessage(message)
        }
        return result
    }

    /// Writes a line to the page's console, as the browser's own messages do.
    package func reportToConsole(level: String, _ text: String) {
        host?.scriptConsoleMessage(ScriptContext.ConsoleMessage(level: level, text: text))
    }

    /// Exposes `window.webkit.messageHandlers.<name>.postMessage`.
    package func addMessageHandler(named name: String, withReply: Bool = false) {
        messageHandlerNames.insert(name)
        if withReply {
            installReplyHandler(named: name)
            return
        }
        context.setFunction("postMessage", path: ["webkit", "messageHandlers", name]) { [weak self] arguments in
            self?.host?.scriptPostMessage(name: name, body: arguments.first ?? .null, replyHandler: nil)
            return nil
        }
    }

    /// Removes `window.webkit.messageHandlers.<name>`.
    package func removeMessageHandler(named name: String) {
        messageHandlerNames.remove(name)
        _ = context.callInternal("__ternRemoveMessageHandler", [.string(name)])
    }

    // MARK: Suspension (the back/forward cache)

    /// A timer of the page: the loop's timer (nil while suspended), when it
    /// is due, and what it runs, kept to schedule it again on resuming.
    private struct PageTimer {
        var scheduled: EventLoop.Timer?
        var deadline: Double
        let fire: () -> Void
    }

    /// Whether the page sits in the back/forward cache: none of its script
    /// runs (HTML: its document is not fully active, so its tasks wait).
    package private(set) var isSuspended = false
    private var suspendedAt = 0.0
    /// Answers to the page (network responses, message replies) that arrived while it was suspended.
    private var heldWhileSuspended: [() -> Void] = []

    /// Stops the page's timers, keeping how long each had left, and holds
    /// what would call into its scripts until `resume()`: a suspended page
    /// uses no CPU (WebKit suspends a cached page's active DOM objects).
    package func suspend() {
        guard !isSuspended else { return }
        isSuspended = true
        suspendedAt = EventLoop.now()
        for id in timers.keys {
            timers[id]?.scheduled?.cancel()
            timers[id]?.scheduled = nil
        }
    }

    /// Starts the timers again with the time each had left, in their order,
    /// and delivers on later turns what was held.
    package func resume() {
        guard isSuspended else { return }
        isSuspended = false
        let now = EventLoop.now()
        for (id, timer) in timers.sorted(by: { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }) {
            let remaining = max(0, timer.deadline - suspendedAt)
            timers[id] = PageTimer(scheduled: loop.schedule(after: remaining, timer.fire), deadline: now + remaining, fire: timer.fire)
        }
        let held = heldWhileSuspended
        heldWhileSuspended = []
        for work in held { loop.post(work) }
    }

    /// Runs `work` now, or on resuming when the page is suspended.
    func whenActive(_ work: @escaping () -> Void) {
        if isSuspended { heldWhileSuspended.append(work) } else { work() }
    }

    // MARK: Globals

    private func installGlobals(userAgent: String) {
        _ = context.evaluate("var window = this, self = this, globalThis = this;")
        context.setFunction("alert") { [weak self] arguments in
            self?.host?.scriptAlert(arguments.first.map(ScriptWindow.text) ?? "")
            return nil
        }
        context.setFunction("confirm") { [weak self] arguments in
            .bool(self?.host?.scriptConfirm(arguments.first.map(ScriptWindow.text) ?? "") ?? false)
        }
        context.setFunction("prompt") { [weak self] arguments in
            let message = arguments.first.map(ScriptWindow.text) ?? ""
            let defaultText = arguments.count > 1 && arguments[1] != .null ? ScriptWindow.text(arguments[1]) : nil
            return self?.host?.scriptPrompt(message, defaultText: defaultText).map(ScriptValue.string) ?? .null
        }
        // (callback, timeout, repeats): timeout is the IDL `long` of setTimeout
        // (https://html.spec.whatwg.org/#timer-initialisation-steps).
        context.setInternal("__ternSetTimer") { [weak self] arguments in
            guard let self, arguments.count >= 3, case .bool(let repeats) = arguments[2] else { return .number(0) }
            return .number(Double(self.startTimer(milliseconds: WebIDL.long(arguments[1]), repeats: repeats)))
        }
        // clearTimeout(optional long id = 0).
        context.setInternal("__ternClearTimer") { [weak self] arguments in
            self?.timers.removeValue(forKey: Int(WebIDL.long(arguments.first)))?.scheduled?.cancel()
            return nil
        }
        context.setFunction("btoa") { arguments in
            let text = arguments.first.map(ScriptWindow.text) ?? ""
            guard text.unicodeScalars.allSatisfy({ $0.value < 256 }) else { return .null }
            return .string(Base64.encode(text.unicodeScalars.map { UInt8($0.value) }))
        }
        context.setFunction("atob") { arguments in
            guard let bytes = Base64.decodeForgiving(Array((arguments.first.map(ScriptWindow.text) ?? "").utf8)) else { return .null }
            return .string(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })))
        }
        // Timers keep their callbacks in a table on the JS side; Swift schedules by id.
        context.setInternal("__ternUserAgent", value: context.makeValue(.string(userAgent)))
        context.runPrelude(ScriptPrelude.globals)
    }

    private func installNetwork() {
        context.setInternal("__ternHTTP") { [weak self] arguments in
            guard let self, arguments.count >= 6, case .number(let number) = arguments[0],
                  case .string(let method) = arguments[1], case .string(let url) = arguments[2] else { return nil }
            let id = Int(WebIDL.longLong(.number(number)))
            var headers: [[String]] = []
            if case .array(let pairs) = arguments[3] {
                // A malformed pair stays malformed (the network refuses the request), never silently dropped.
                headers = pairs.map { if case .array(let pair) = $0 { return pair.map(ScriptWindow.text) } else { return [] } }
            }
            let body = arguments[4].stringValue.map(ScriptNetwork.bytes(fromBinaryString:))
            let sync = arguments[5] == .bool(true)
            // The 7th argument: { mode, credentials, redirect, referrer, referrerPolicy } (fetch's
            // Request; XHR's withCredentials). A value that is not one of the enums is refused.
            var mode: FetchMode? = .cors, credentials: FetchCredentialsMode? = .sameOrigin
            var redirect: FetchRedirectMode? = .follow, policy: ReferrerPolicy?, referrer: String?, validPolicy = true
            if arguments.count > 6, case .dictionary(let options) = arguments[6] {
                if let value = options["mode"], value != .null { mode = FetchMode(rawValue: ScriptWindow.text(value)) }
                if let value = options["credentials"], value != .null {
                    credentials = FetchCredentialsMode(rawValue: ScriptWindow.text(value))
                }
                if let value = options["redirect"], value != .null { redirect = FetchRedirectMode(rawValue: ScriptWindow.text(value)) }
                if let value = options["referrerPolicy"], value != .null, !ScriptWindow.text(value).isEmpty {
                    policy = ReferrerPolicy(rawValue: ScriptWindow.text(value))
                    validPolicy = policy != nil
                }
                if let value = options["referrer"], value != .null { referrer = ScriptWindow.text(value) }
            }
            var syncOutcome: ScriptNetwork.Outcome?
            let finish: (ScriptNetwork.Outcome) -> Void = { [weak self] outcome in
                if sync { syncOutcome = outcome; return }
                self?.whenActive { [weak self] in
                    _ = self?.context.callInternal("__ternHTTPDone", [.number(Double(id)), outcome.scriptValue])
                }
            }
            if let mode, let credentials, let redirect, validPolicy {
                self.network.start(id: id, method: method, url: url, headers: headers, body: body,
                                   mode: mode, credentials: credentials, redirect: redirect,
                                   referrerPolicy: policy, referrer: referrer, done: finish)
            } else {
                self.loop.post { finish(ScriptNetwork.Outcome(error: "TypeError: not a valid mode, credentials, redirect or referrer policy")) }
            }
            guard sync else { return nil }
            // A synchronous request: the script waits in a nested turn of the loop.
            // Bounded, and it ends (as a network error) when the person interrupts.
            self.loop.run(until: { syncOutcome != nil }, timeout: ScriptWindow.synchronousRequestTimeLimit)
            return syncOutcome?.scriptValue ?? .dictionary(["error": .string("The request was interrupted")])
        }
        context.setInternal("__ternHTTPAbort") { [weak self] arguments in
            if case .number(let id)? = arguments.first { self?.network.abort(id: Int(WebIDL.longLong(.number(id)))) }
            return nil
        }
        // lazy.js asks for a lazy file when the page first touches one of its names.
        context.setInternal("__ternLoad") { [weak self] arguments in
            guard let self, case .string(let name)? = arguments.first else { return .bool(false) }
            return .bool(self.runLazyFile(named: name))
        }
        context.runPrelude(ScriptPrelude.lazy)
        runOrDefer(ScriptPrelude.network)
    }

    private func installWebAPIs() {
        context.setInternal("__ternURLParse") { arguments in
            guard case .string(let input)? = arguments.first else { return nil }
            var base: WebURL?
            if arguments.count > 1, case .string(let baseText) = arguments[1] {
                guard let parsed = WebURL(baseText) else { return nil }
                base = parsed
            }
            guard let url = WebURL(input, base: base) else { return nil }
            return .dictionary([
                "href": .string(url.href), "protocol": .string(url.protocol), "username": .string(url.username),
                "password": .string(url.password), "host": .string(url.host), "hostname": .string(url.hostname),
                "port": .string(url.port), "pathname": .string(url.pathname), "search": .string(url.search),
                "hash": .string(url.hash), "origin": .string(url.origin),
            ])
        }
        context.setInternal("__ternStorageLoad") { [weak self] arguments in
            guard let self, let area = self.storageArea(arguments.first) else { return nil }
            return .dictionary(area.items(for: self.serializedOrigin).mapValues(ScriptValue.string))
        }
        context.setInternal("__ternStorageWrite") { [weak self] arguments in
            guard let self, arguments.count == 3, let area = self.storageArea(arguments[0]) else { return nil }
            // false: over the quota or not saved; setItem throws QuotaExceededError.
            return .bool(area.write(arguments[1].stringValue, arguments[2].stringValue, for: self.serializedOrigin))
        }
        runOrDefer(ScriptPrelude.webAPIs)
    }

    private func storageArea(_ kind: ScriptValue?) -> WebStorage? {
        switch kind {
        case .string("local")?: return serializedOrigin == "null" ? opaqueOriginStorage : localStorage
        case .string("session")?: return sessionStorage
        default: return nil
        }
    }

    /// Seconds a synchronous XMLHttpRequest may keep its script waiting.
    static let synchronousRequestTimeLimit = 120.0

    /// HTML's timer initialisation steps
    /// (https://html.spec.whatwg.org/#timer-initialisation-steps): a timer
    /// set from a timer task nested more than 5 deep waits at least 4 ms, so
    /// a chain of zero-delay timers cannot spin; an interval's repeats count
    /// as nested. Returns the id.
    private func startTimer(milliseconds: Int32, repeats: Bool) -> Int {
        nextTimerID += 1
        // Step 3: the nesting level of the running timer task, else 0.
        scheduleTimer(id: nextTimerID, milliseconds: milliseconds, repeats: repeats, nestingLevel: runningTimerNestingLevel)
        return nextTimerID
    }

    /// Schedules timer `id`'s next run. Its task holds the window weakly, so
    /// a window no longer shown goes away with its timers.
    private func scheduleTimer(id: Int, milliseconds: Int32, repeats: Bool, nestingLevel: Int) {
        // Steps 4-5: negative is 0; nested more than 5 deep, at least 4 ms.
        var timeout = max(0, milliseconds)
        if nestingLevel > 5 && timeout < 4 { timeout = 4 }
        // Steps 10-11: the task's nesting level is one more.
        let taskLevel = nestingLevel + 1
        let seconds = Double(timeout) / 1000
        let fire = { [weak self] in
            guard let self, self.timers[id] != nil else { return }
            let outer = self.runningTimerNestingLevel
            self.runningTimerNestingLevel = taskLevel
            defer { self.runningTimerNestingLevel = outer }
            if repeats {
                self.scheduleTimer(id: id, milliseconds: milliseconds, repeats: true, nestingLevel: taskLevel)
            } else {
                self.timers[id] = nil
            }
            self.runInternal("__ternFireTimer", [.number(Double(id))])
        }
        timers[id] = PageTimer(scheduled: isSuspended ? nil : loop.schedule(after: seconds, fire),
                               deadline: (isSuspended ? suspendedAt : EventLoop.now()) + seconds, fire: fire)
    }

    private func installReplyHandler(named name: String) {
        // postMessage returns a promise the native reply settles. The native
        // and the table of pending promises are internal, shared by every handler.
        if !replyHandlerInstalled {
            replyHandlerInstalled = true
            context.setInternal("__ternPostWithReply") { [weak self] arguments in
                guard let self, arguments.count == 3, case .string(let handler) = arguments[0],
                      self.messageHandlerNames.contains(handler), case .number(let number) = arguments[2] else { return nil }
                let token = WebIDL.int(number)
                self.host?.scriptPostMessage(name: handler, body: arguments[1]) { [weak self] reply, error in
                    let settle = error == nil ? "resolve" : "reject"
                    let value = error.map { ScriptValue.string($0) } ?? reply ?? .null
                    self?.whenActive { [weak self] in self?.settleReply(token, how: settle, value: value) }
                }
                return nil
            }
            context.runPrelude(ScriptPrelude.messageHandlers)
        }
        _ = context.callInternal("__ternAddReplyHandler", [.string(name)])
    }

    private func settleReply(_ token: Int, how: String, value: ScriptValue) {
        _ = context.callInternal("__ternSettle", [.number(Double(token)), .string(how), value])
    }

    /// Calls a prelude's callback for Swift; exceptions go to the console as `run`'s do.
    @discardableResult
    func runInternal(_ name: String, _ arguments: [ScriptValue]) -> Result<ScriptValue, ScriptError> {
        let result = context.callInternal(name, arguments)
        if case .failure(let error) = result {
            host?.scriptConsoleMessage(ScriptContext.ConsoleMessage(level: "error", text: "Uncaught \(error)"))
        }
        return result
    }

    /// JavaScript's String(value) for the few conversions the globals need.
    static func text(_ value: ScriptValue) -> String {
        if case .string(let s) = value { return s }
        return value.description
    }

    /// `text` as a JavaScript string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{2028}", "\u{2029}": out += "\\u\(String(scalar.value, radix: 16))"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
