internal import CJavaScriptCore
import TernNet
import TernDOM
#if canImport(Glibc)
import Glibc
#endif

/// One JavaScript global context (one per page), with a watchdog, a
/// captured console and Swift functions callable from scripts.
///
/// Not thread-safe: use it on the event loop's thread.
package final class ScriptContext {
    /// A console message a script wrote.
    package typealias ConsoleMessage = ScriptConsoleMessage

    let jsc: tern_jsc_api
    let group: JSContextGroupRef
    let context: JSGlobalContextRef
    /// Why the watchdog is ending the running script (reported by the entry it ends).
    private var pendingTermination: ScriptError?
    /// Script entries (evaluate, call) in progress, nested ones included.
    private var entryDepth = 0
    private var lastMemoryCheck = 0.0
    /// The heap's capacity after the last collection the limit asked for:
    /// the next one waits until it grew by an eighth of the limit.
    private var capacityAfterCollection = 0.0
    /// The process's resident size at the last look at the heap, and the
    /// room the heap then had below the limit: JavaScriptCore's statistics
    /// walk the whole heap, so they are read only once the process has
    /// grown by that room (the heap lives in the process's memory).
    private var residentAtHeapCheck = 0.0
    /// `scriptDOMMemory` at the last heap check.
    private var domMemoryAtHeapCheck = 0
    private var roomAtHeapCheck: Double?
    /// The engine's private object, which no page script can name: the
    /// natives the preludes call (`setInternal`) and the callbacks the
    /// preludes leave for Swift (`callInternal`). It has no prototype, so a
    /// page's setters on `Object.prototype` never see it. Protected.
    let internals: JSObjectRef
    /// The names on `internals`, in the order they were set: a script run
    /// by `runPrelude(_:sourceURL:)` receives them as parameters of the same names.
    private var internalNames: [String] = []
    /// The preludes' shared namespace (`T` in the `.js` files, ScriptPrelude):
    /// what a file defines for the files after it. Like `internals`, it has no
    /// prototype and no page script can name it. Protected.
    let namespace: JSObjectRef
    /// Called for each console message, after it is recorded.
    package var onConsoleMessage: ((ConsoleMessage) -> Void)?
    /// Every console message so far.
    package private(set) var consoleMessages: [ConsoleMessage] = []

    /// Seconds a script may run before the watchdog ends it. Default 10.
    package var executionTimeLimit: Double = 10 {
        didSet { installWatchdog() }
    }

    /// Bytes the context's JavaScript heap, with the DOM's native memory
    /// its scripts made (`scriptDOMMemory`), may hold. Past it the running
    /// script ends and no script runs in this context again (`stopReason`).
    /// Checked every `watchdogInterval` of a script's run and after script
    /// entries (at most every 50 ms). nil: no limit.
    package var memoryLimit: Int?

    /// On the group's owner: the DOM's native memory (`DOMMemory`) the
    /// group's finished script entries made, net of what they freed (never
    /// below zero), and the process's count when the running one began.
    private var domMemoryMade = 0
    private var domMemoryAtEntry = 0

    /// Asked at each watchdog tick (every `watchdogInterval` of a running
    /// script): true ends the script at once (`ScriptError.interrupted`).
    package var shouldInterrupt: (() -> Bool)?

    /// Set when the context stopped for good (the memory limit): every later
    /// evaluate and call fails with it without running anything.
    package private(set) var stopReason: ScriptError?

    /// Called once when the context stops for good, after the entry that
    /// was running has returned.
    package var onStop: ((ScriptError) -> Void)?
    /// Called when no script of the context's group runs any more (an
    /// outermost entry returned, after its microtask checkpoint).
    var afterOutermostEntry: (() -> Void)?
    /// Whether no script of the context's group runs now (a nested event
    /// loop, under `alert`, runs tasks while one does).
    var groupIsIdle: Bool { (groupOwner ?? self).groupEntries.isEmpty }

    /// How often, in CPU seconds of a running script, the watchdog checks
    /// the time limit, the heap and `shouldInterrupt`.
    static let watchdogInterval = 0.025

    /// Whether JavaScriptCore has been loaded into this process (it loads on
    /// the first `ScriptContext`).
    package static var isEngineLoaded: Bool { JavaScriptCoreLibrary.isLoaded }

    /// Loads JavaScriptCore's library (reading it from disk) without
    /// starting its engine (its threads, its reservations); false when it
    /// cannot be loaded.
    package static func loadEngine() -> Bool {
        if case .success = JavaScriptCoreLibrary.api { return true }
        return false
    }

    /// The context whose engine group this one shares (a frame's parent):
    /// it owns the group's watchdog, so it is kept alive as long as this one.
    let groupOwner: ScriptContext?
    /// On the group's owner: the contexts of the group with a script entry
    /// running, innermost last (a frame's script called from its parent's).
    /// The watchdog checks the innermost one's limits, and `runningContext`
    /// tells which window is running script now (postMessage's source).
    private var groupEntries: [Unowned] = []
    /// CPU seconds the group's outermost running entry has used (on the owner).
    private var groupRunTime = 0.0
    /// When the group's outermost running entry began (on the owner): the
    /// microtask guard measures the checkpoint that ends it from here.
    var groupEntryStart = 0.0
    /// Why the microtask guard ended this context's microtasks in the
    /// running task (`ScriptContext+MicrotaskGuard.swift`); nil while they may run.
    var microtaskStop: ScriptError?
    /// On the group's owner: the contexts whose guard stopped in the running task.
    var stoppedMicrotaskContexts: [WeakContext] = []

    struct WeakContext { weak var context: ScriptContext? }

    private struct Unowned { unowned let context: ScriptContext }

    /// The context of the group whose script entry is innermost now; nil when none runs.
    var runningContext: ScriptContext? { (groupOwner ?? self).groupEntries.last?.context }

    /// Whether `other` is in this context's engine group (its objects usable here).
    func sharesGroup(with other: ScriptContext) -> Bool { (groupOwner ?? self) === (other.groupOwner ?? other) }

    /// Makes a global context in a group of its own, or in `owner`'s group
    /// (the frames of one page: their objects are usable across them).
    package init(sharingGroupWith owner: ScriptContext? = nil) throws {
        jsc = try JavaScriptCoreLibrary.api.get()
        groupOwner = owner?.groupOwner ?? owner
        if let groupOwner {
            group = jsc.JSContextGroupRetain!(groupOwner.group)!
        } else {
            group = jsc.JSContextGroupCreate!()!
        }
        context = jsc.JSGlobalContextCreateInGroup!(group, nil)!
        // Made before any page script runs, so Object.create is the engine's own.
        internals = ScriptContext.makeBareObject(jsc, context)
        jsc.JSValueProtect!(context, internals)
        namespace = ScriptContext.makeBareObject(jsc, context)
        jsc.JSValueProtect!(context, namespace)
        installWatchdog()
        installConsole()
        installMicrotaskGuard()
    }

    deinit {
        jsc.JSValueUnprotect!(context, internals)
        jsc.JSValueUnprotect!(context, namespace)
        jsc.JSGlobalContextRelease!(context)
        jsc.JSContextGroupRelease!(group)
    }

    var globalObject: JSObjectRef { jsc.JSContextGetGlobalObject!(context)! }

    /// An object without a prototype (`Object.create(null)`); call it only
    /// before page scripts run or from the engine's own code.
    static func makeBareObject(_ jsc: tern_jsc_api, _ context: JSGlobalContextRef) -> JSObjectRef {
        let source = jsc.JSStringCreateWithUTF8CString!("Object.create(null)")!
        defer { jsc.JSStringRelease!(source) }
        if let value = jsc.JSEvaluateScript!(context, source, nil, nil, 1, nil), let object = jsc.JSValueToObject!(context, value, nil) {
            return object
        }
        return jsc.JSObjectMake!(context, nil, nil)!
    }

    func makeBareObject() -> JSObjectRef { ScriptContext.makeBareObject(jsc, context) }

    /// JavaScriptCore calls the callback after each interval of a script's
    /// CPU time; returning false does not re-arm it (JavaScriptCore 2.50),
    /// so each tick that lets the script go on sets the limit again.
    private func installWatchdog() {
        // The group has one watchdog: its owner's (a callback naming a frame's
        // context would outlive it).
        guard groupOwner == nil else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        jsc.JSContextGroupSetExecutionTimeLimit!(group, min(executionTimeLimit, ScriptContext.watchdogInterval), { _, info in
            let owner = Unmanaged<ScriptContext>.fromOpaque(info!).takeUnretainedValue()
            // The tick is the running frame's: its limits, its stop.
            let running = owner.groupEntries.last?.context ?? owner
            if running.watchdogTick(owner: owner) { return true }  // terminate the script
            owner.installWatchdog()
            return false
        }, me)
    }

    /// One check of a running script; true ends it. The run time counts on
    /// the group's `owner` (one script run, whichever frames it passes through).
    private func watchdogTick(owner: ScriptContext) -> Bool {
        owner.groupRunTime += min(owner.executionTimeLimit, ScriptContext.watchdogInterval)
        guard let reason = reasonToEnd(runTime: owner.groupRunTime) else { return false }
        pendingTermination = reason
        return true
    }

    /// Why the running script must end now, if it must: the context stopped,
    /// the person asked (`shouldInterrupt`), the heap is over its limit (which
    /// stops the context for good) or the task has run `runTime` seconds,
    /// past the time limit. The watchdog and the microtask guard both ask.
    func reasonToEnd(runTime: Double) -> ScriptError? {
        if let stopReason { return stopReason }
        if shouldInterrupt?() == true { return .interrupted }
        if heapIsOverLimit(collecting: true) {
            stop(.memoryLimitExceeded(limit: memoryLimit ?? 0))
            return stopReason
        }
        if runTime >= executionTimeLimit { return .terminated(limit: executionTimeLimit) }
        return nil
    }

    /// Runs native work a script asked for that may be long (a selector
    /// query over a large tree), which the engine's watchdog does not see:
    /// `work` is handed a check to ask as it goes (the watchdog's: the
    /// person's stop, `--timeout`, the heap, and the time limit counting this
    /// work's time), and its time is added to the task's run time, so the
    /// next watchdog tick ends the script when the limit has passed (a
    /// stopped work's answer is incomplete, and the script ends before long).
    func runLongNativeWork<T>(_ work: (_ shouldStop: @escaping () -> Bool) -> T) -> T {
        let owner = groupOwner ?? self
        let start = EventLoop.now()
        defer { owner.groupRunTime += EventLoop.now() - start }
        return work { [unowned self] in reasonToEnd(runTime: owner.groupRunTime + EventLoop.now() - start) != nil }
    }

    /// The DOM's native memory the scripts of this context's group made and
    /// hold now: libxml2's allocations during their script entries (nodes,
    /// text, attribute values, parsed documents), less what they freed. A
    /// page's DOM memory grows only through its scripts (what it parses
    /// from the network is bounded by its size and the parsers' budgets).
    var scriptDOMMemory: Int {
        let owner = groupOwner ?? self
        guard !owner.groupEntries.isEmpty else { return owner.domMemoryMade }
        return max(0, owner.domMemoryMade + DOMMemory.allocatedBytes - owner.domMemoryAtEntry)
    }

    /// Whether the heap holds more than `memoryLimit`. The heap's capacity
    /// (what it holds, garbage included) is read first; only when that is
    /// over the limit is a full collection run (when `collecting`) and the
    /// live size compared, so a page that makes much garbage is not stopped.
    /// The DOM memory the page's scripts made counts with the heap (its
    /// nodes are freed by the collection when no script holds them).
    private func heapIsOverLimit(collecting: Bool) -> Bool {
        guard let limit = memoryLimit, let statistics = jsc.JSGetMemoryUsageStatistics else { return false }
        lastMemoryCheck = EventLoop.now()
        let resident = ScriptContext.residentBytes()
        // Skipped while neither the process nor the page's DOM grew by the room left: the
        // DOM can grow in memory the process freed before, which the resident size does not show.
        let room = roomAtHeapCheck ?? Double(limit), domMemory = scriptDOMMemory
        if let resident, resident - residentAtHeapCheck < room, Double(domMemory - domMemoryAtHeapCheck) < room { return false }
        defer {
            if let resident, let now = read() {
                domMemoryAtHeapCheck = domMemory
                residentAtHeapCheck = resident
                roomAtHeapCheck = max(0, Double(limit) - now.size)
            }
        }
        func read() -> (size: Double, capacity: Double)? {
            guard let object = statistics(context) else { return nil }
            func number(_ name: String) -> Double {
                if case .number(let n) = convert(property(name, of: object)), n.isFinite { return n }
                return 0
            }
            let extra = number("extraMemorySize") + Double(scriptDOMMemory)
            return (number("heapSize") + extra, number("heapCapacity") + extra)
        }
        guard let first = read(), first.capacity > Double(limit) else { return false }
        guard collecting, let collect = jsc.JSSynchronousGarbageCollectForDebugging,
              first.capacity > capacityAfterCollection + Double(limit) / 8 else { return first.size > Double(limit) }
        let owner = groupOwner ?? self
        let domMemoryBefore = DOMMemory.allocatedBytes
        collect(context)
        // Between entries, what the collection freed (the page's nodes) is the page's.
        if owner.groupEntries.isEmpty {
            owner.domMemoryMade = max(0, owner.domMemoryMade + DOMMemory.allocatedBytes - domMemoryBefore)
        }
        guard let after = read() else { return false }
        capacityAfterCollection = after.capacity
        return after.size > Double(limit)
    }

    /// The process's resident memory in bytes (/proc/self/statm), nil where it cannot be read.
    static func residentBytes() -> Double? {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // "size resident shared text lib data dt", in pages.
        let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Double(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Stops the context for good.
    private func stop(_ reason: ScriptError) {
        guard stopReason == nil else { return }
        stopReason = reason
        pendingTermination = reason
    }

    /// Around each evaluate and call: the outermost entry starts the
    /// run-time count, and after it the heap is checked now and then
    /// (scripts that allocate in many short tasks never meet the watchdog).
    private func enter<T>(_ body: () -> Result<T, ScriptError>) -> Result<T, ScriptError> {
        if let stopReason { return .failure(stopReason) }
        let owner = groupOwner ?? self
        if owner.groupEntries.isEmpty {
            owner.groupRunTime = 0
            owner.groupEntryStart = EventLoop.now()
            owner.domMemoryAtEntry = DOMMemory.allocatedBytes
        }
        entryDepth += 1
        owner.groupEntries.append(Unowned(context: self))
        var result = body()
        owner.groupEntries.removeLast()
        entryDepth -= 1
        // The outermost entry has returned, after its microtask checkpoint.
        if owner.groupEntries.isEmpty {
            owner.domMemoryMade = max(0, owner.domMemoryMade + DOMMemory.allocatedBytes - owner.domMemoryAtEntry)
            if let reason = owner.endMicrotaskStops(), case .success = result { result = .failure(reason) }
        }
        guard entryDepth == 0 else { return result }
        if stopReason == nil, memoryLimit != nil, EventLoop.now() - lastMemoryCheck >= 0.05, heapIsOverLimit(collecting: true) {
            stop(.memoryLimitExceeded(limit: memoryLimit ?? 0))
            pendingTermination = nil
        }
        if let stopReason, let onStop {
            self.onStop = nil
            onStop(stopReason)
        }
        if owner.groupEntries.isEmpty { afterOutermostEntry?() }
        return result
    }

    private func installConsole() {
        let console = jsc.JSObjectMake!(context, nil, nil)!
        for level in ["log", "info", "warn", "error", "debug"] {
            let function = makeFunction { [unowned self] arguments in
                let text = arguments.map { self.consoleText($0) }.joined(separator: " ")
                let message = ConsoleMessage(level: level, text: text)
                self.consoleMessages.append(message)
                self.onConsoleMessage?(message)
                return nil
            }
            setProperty(level, of: console, to: function)
        }
        setProperty("console", of: globalObject, to: console)
    }

    private func consoleText(_ value: ScriptValue) -> String {
        if case .string(let s) = value { return s }
        return value.description
    }

    // MARK: Running scripts

    /// Runs `source` and converts its completion value; a thrown exception or
    /// the watchdog's termination comes back as the error.
    package func evaluate(_ source: String, sourceURL: String? = nil, startingLine: Int = 1) -> Result<ScriptValue, ScriptError> {
        evaluateKeepingUndefined(source, sourceURL: sourceURL, startingLine: startingLine).map { $0 ?? .null }
    }

    /// As `evaluate`, but a completion value of `undefined` is nil, told
    /// apart from null (WKWebView's evaluateJavaScript gives nil and NSNull).
    package func evaluateKeepingUndefined(_ source: String, sourceURL: String? = nil,
                                         startingLine: Int = 1) -> Result<ScriptValue?, ScriptError> {
        let script = makeString(source)
        defer { jsc.JSStringRelease!(script) }
        let url = sourceURL.map(makeString)
        defer { if let url { jsc.JSStringRelease!(url) } }
        return enter {
            var exception: JSValueRef?
            let result = jsc.JSEvaluateScript!(context, script, nil, url, Int32(clamping: startingLine), &exception)
            if let error = scriptError(exception) { return .failure(error) }
            if let result, jsc.JSValueGetType!(context, result) == kJSTypeUndefined { return .success(nil) }
            return .success(convert(result))
        }
    }

    /// Calls the global function `name` with `arguments`.
    package func call(_ name: String, _ arguments: [ScriptValue]) -> Result<ScriptValue, ScriptError> {
        guard let function = property(name, of: globalObject).flatMap({ jsc.JSValueToObject!(context, $0, nil) }),
              jsc.JSObjectIsFunction!(context, function) else {
            return .failure(.exception(message: "TypeError: \(name) is not a function", line: nil, sourceURL: nil))
        }
        return call(function, arguments)
    }

    private func call(_ function: JSObjectRef, _ arguments: [ScriptValue]) -> Result<ScriptValue, ScriptError> {
        jsc.JSValueProtect!(context, function)
        defer { jsc.JSValueUnprotect!(context, function) }
        return enter {
            let values = protectedValues(arguments.map { argument in { self.makeValue(argument) } })
            defer { unprotect(values) }
            var exception: JSValueRef?
            let result = values.withUnsafeBufferPointer {
                jsc.JSObjectCallAsFunction!(context, function, nil, $0.count, $0.baseAddress, &exception)
            }
            if let error = scriptError(exception) { return .failure(error) }
            return .success(convert(result))
        }
    }

    private func scriptError(_ exception: JSValueRef?) -> ScriptError? {
        if let reason = pendingTermination, exception != nil {
            pendingTermination = nil
            return reason
        }
        guard let exception else { return nil }
        var line: Int?
        var url: String?
        if let object = jsc.JSValueToObject!(context, exception, nil) {
            // A page can throw anything with any `line` (Infinity, NaN, 1e300).
            if case .number(let n) = convert(property("line", of: object)) { line = WebIDL.int(n, in: 0...Int(UInt32.max)) }
            if case .string(let s) = convert(property("sourceURL", of: object)) { url = s }
        }
        return .exception(message: string(from: exception), line: line, sourceURL: url)
    }

    // MARK: The engine's internals

    /// Puts the native `name` on the private internals object, where only
    /// the preludes reach it (as a parameter of `runPrelude`), never the page.
    func setInternal(_ name: String, _ body: @escaping ([ScriptValue]) -> ScriptValue?) {
        setInternal(name, value: makeFunction(body))
    }

    /// Puts `value` on the private internals object as `name` (an identifier).
    func setInternal(_ name: String, value: JSValueRef?) {
        if !internalNames.contains(name) { internalNames.append(name) }
        setProperty(name, of: internals, to: value)
    }

    /// Runs one of the engine's `.js` files (ScriptPrelude): the body of a
    /// function whose parameters are the global object, `internals` (the
    /// private object: the natives, and the callbacks a file leaves for
    /// Swift) and `namespace` (what the files share), called with `this` the
    /// global object. Nothing of it lands on the global object unless the
    /// file puts it there.
    @discardableResult
    func runPrelude(_ file: ScriptPrelude.File) -> Result<ScriptValue, ScriptError> {
        let (script, url) = file.script(jsc)
        return runWrapped(script, url: url, sourceURL: file.sourceURL, arguments: [globalObject, internals, namespace])
    }

    /// The syntax error in `file`, if it has one, found without running it
    /// (its line is the file's own).
    func syntaxError(in file: ScriptPrelude.File) -> ScriptError? {
        let (script, url) = file.script(jsc)
        var exception: JSValueRef?
        if jsc.JSCheckScriptSyntax!(context, script, url, 1, &exception) { return nil }
        return scriptError(exception) ?? .exception(message: "SyntaxError", line: nil, sourceURL: file.sourceURL)
    }

    /// Runs `source`, a script of the engine's own (a test's), as the body of
    /// a strict function with `this` the global object, whose parameters are
    /// `internals` and every native set so far under its own name.
    @discardableResult
    func runPrelude(_ source: String, sourceURL: String) -> Result<ScriptValue, ScriptError> {
        let names = internalNames
        let wrapper = "(function (internals" + names.map { ", " + $0 }.joined() + ") {'use strict';\n" + source + "\n})"
        let script = makeString(wrapper)
        defer { jsc.JSStringRelease!(script) }
        let url = makeString(sourceURL)
        defer { jsc.JSStringRelease!(url) }
        return runWrapped(script, url: url, sourceURL: sourceURL, startingLine: 0,
                          arguments: [internals] + names.map { property($0, of: internals) })
    }

    /// Evaluates `script`, a function expression, and calls the function
    /// with `this` the global object and `arguments`.
    private func runWrapped(_ script: JSStringRef, url: JSStringRef, sourceURL: String, startingLine: Int32 = 1,
                            arguments: [JSValueRef?]) -> Result<ScriptValue, ScriptError> {
        enter {
            var exception: JSValueRef?
            guard let made = jsc.JSEvaluateScript!(context, script, nil, url, startingLine, &exception),
                  let function = jsc.JSValueToObject!(context, made, nil) else {
                return .failure(scriptError(exception)
                                ?? .exception(message: "prelude \(sourceURL) did not compile", line: nil, sourceURL: sourceURL))
            }
            jsc.JSValueProtect!(context, function)
            defer { jsc.JSValueUnprotect!(context, function) }
            let result = arguments.withUnsafeBufferPointer {
                jsc.JSObjectCallAsFunction!(context, function, globalObject, $0.count, $0.baseAddress, &exception)
            }
            if let error = scriptError(exception) { return .failure(error) }
            return .success(convert(result))
        }
    }

    /// Calls the function a prelude left on the internals object as `name`.
    func callInternal(_ name: String, _ arguments: [ScriptValue]) -> Result<ScriptValue, ScriptError> {
        guard let value = property(name, of: internals), let function = jsc.JSValueToObject!(context, value, nil),
              jsc.JSObjectIsFunction!(context, function) else {
            return .failure(.exception(message: "TypeError: \(name) is not a function", line: nil, sourceURL: nil))
        }
        return call(function, arguments)
    }

    // MARK: Swift functions

    /// Makes `window.NAME` (or `window.a.b.NAME` for `path` ["a", "b"]) call `body`.
    package func setFunction(_ name: String, path: [String] = [], _ body: @escaping ([ScriptValue]) -> ScriptValue?) {
        var object = globalObject
        for component in path {
            if let existing = property(component, of: object), jsc.JSValueIsObject!(context, existing),
               let child = jsc.JSValueToObject!(context, existing, nil) {
                object = child
            } else {
                let child = jsc.JSObjectMake!(context, nil, nil)!
                setProperty(component, of: object, to: child)
                object = child
            }
        }
        setProperty(name, of: object, to: makeFunction(body))
    }

    /// A function object whose calls run `body`; its box is released when
    /// JavaScriptCore collects the function.
    func makeFunction(_ body: @escaping ([ScriptValue]) -> ScriptValue?) -> JSObjectRef {
        let box = Unmanaged.passRetained(FunctionBox(context: self, body: body)).toOpaque()
        return jsc.JSObjectMake!(context, FunctionBox.jsClass(jsc), box)!
    }

    // MARK: Values

    /// Values made one after another and kept in a Swift array, each
    /// protected from JavaScriptCore's collector as soon as it is made (the
    /// collector cannot see Swift arrays, and making the next value may run
    /// it). Release them with `unprotect(_:)`.
    func protectedValues(_ makers: [() -> JSValueRef?]) -> [JSValueRef?] {
        makers.map { make in
            let value = make()
            if let value { jsc.JSValueProtect!(context, value) }
            return value
        }
    }

    func unprotect(_ values: [JSValueRef?]) {
        for value in values { if let value { jsc.JSValueUnprotect!(context, value) } }
    }

    func makeString(_ text: String) -> JSStringRef {
        var text = text
        let units = text.withUTF8 { ScriptContext.utf16(fromUTF8: $0) }
        return units.withUnsafeBufferPointer { jsc.JSStringCreateWithCharacters!($0.baseAddress, $0.count)! }
    }

    /// Valid UTF-8 as UTF-16, each ASCII byte a unit as it is and each run
    /// of other bytes transcoded whole: the scripts' files and most DOM
    /// strings are ASCII, and both `String.utf16` and JavaScriptCore's own
    /// conversion (JSStringCreateWithUTF8CString, about 40 instructions a
    /// byte) go a character at a time.
    static func utf16(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        // A character takes no more UTF-16 units than UTF-8 bytes.
        [UInt16](unsafeUninitializedCapacity: bytes.count) { units, count in
            count = 0
            var i = 0
            while i < bytes.count {
                if bytes[i] < 0x80 {
                    units[count] = UInt16(bytes[i])
                    count += 1
                    i += 1
                    continue
                }
                // A run of other characters, whole: it ends where an ASCII byte begins.
                var end = i + 1
                while end < bytes.count, bytes[end] >= 0x80 { end += 1 }
                for unit in String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self).utf16 {
                    units[count] = unit
                    count += 1
                }
                i = end
            }
        }
    }

    func string(from value: JSValueRef?) -> String {
        guard let value, let js = jsc.JSValueToStringCopy!(context, value, nil) else { return "" }
        defer { jsc.JSStringRelease!(js) }
        return stringFromJSString(js)
    }

    /// UTF-16 as a String; a lone surrogate becomes U+FFFD. ASCII (most
    /// names, classes and values a page hands the DOM) is copied a byte per
    /// unit: `String(decoding:as: UTF16.self)` goes through the standard
    /// library's generic transcoder, about 2,600 instructions for a short name.
    static func string(fromUTF16 units: UnsafeBufferPointer<UInt16>) -> String {
        guard units.allSatisfy({ $0 < 0x80 }) else { return String(decoding: units, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: units.count) { bytes in
            for i in 0..<units.count { bytes[i] = UInt8(truncatingIfNeeded: units[i]) }
            return units.count
        }
    }

    func property(_ name: String, of object: JSObjectRef) -> JSValueRef? {
        let key = makeString(name)
        defer { jsc.JSStringRelease!(key) }
        return jsc.JSObjectGetProperty!(context, object, key, nil)
    }

    func setProperty(_ name: String, of object: JSObjectRef, to value: JSValueRef?) {
        let key = makeString(name)
        defer { jsc.JSStringRelease!(key) }
        jsc.JSObjectSetProperty!(context, object, key, value, JSPropertyAttributes(kJSPropertyAttributeNone), nil)
    }

    /// Converts a JavaScript value; objects nest at most 32 deep and cycles
    /// end as null. At most `conversionBudget` values are converted in all
    /// (an array that holds itself a million times would otherwise never end);
    /// the rest read as null.
    func convert(_ value: JSValueRef?) -> ScriptValue {
        var budget = ScriptContext.conversionBudget
        return convert(value, depth: 0, budget: &budget)
    }

    static let conversionBudget = 1_000_000

    private func convert(_ value: JSValueRef?, depth: Int, budget: inout Int) -> ScriptValue {
        guard let value, budget > 0 else { return .null }
        budget -= 1
        switch jsc.JSValueGetType!(context, value) {
        case kJSTypeBoolean: return .bool(jsc.JSValueToBoolean!(context, value))
        case kJSTypeNumber: return .number(jsc.JSValueToNumber!(context, value, nil))
        case kJSTypeString: return .string(string(from: value))
        case kJSTypeObject:
            guard depth < 32, let object = jsc.JSValueToObject!(context, value, nil) else { return .null }
            if jsc.JSValueIsDate!(context, value) { return .date(jsc.JSValueToNumber!(context, value, nil)) }
            if jsc.JSObjectIsFunction!(context, object) { return .null }
            if jsc.JSValueIsArray!(context, value) {
                // A Proxy of an array answers any `length` (NaN, Infinity, 1e300): an unsigned long, capped.
                let length = property("length", of: object).map { jsc.JSValueToNumber!(context, $0, nil) } ?? 0
                let count = WebIDL.int(length, in: 0...min(budget, 1_000_000))
                var items: [ScriptValue] = []
                items.reserveCapacity(count)
                for index in 0..<count where budget > 0 {
                    items.append(convert(jsc.JSObjectGetPropertyAtIndex!(context, object, UInt32(index), nil), depth: depth + 1, budget: &budget))
                }
                return .array(items)
            }
            var dictionary: [String: ScriptValue] = [:]
            let names = jsc.JSObjectCopyPropertyNames!(context, object)
            defer { jsc.JSPropertyNameArrayRelease!(names) }
            for index in 0..<jsc.JSPropertyNameArrayGetCount!(names) where budget > 0 {
                let name = jsc.JSPropertyNameArrayGetNameAtIndex!(names, index)!
                let key = stringFromJSString(name)
                dictionary[key] = convert(jsc.JSObjectGetProperty!(context, object, name, nil), depth: depth + 1, budget: &budget)
            }
            return .dictionary(dictionary)
        default:
            return .null
        }
    }

    private func stringFromJSString(_ js: JSStringRef) -> String {
        let length = jsc.JSStringGetLength!(js)
        guard length > 0, let characters = jsc.JSStringGetCharactersPtr!(js) else { return "" }
        return ScriptContext.string(fromUTF16: UnsafeBufferPointer(start: characters, count: length))
    }

    func makeValue(_ value: ScriptValue?) -> JSValueRef? {
        switch value {
        case nil, .null?: return jsc.JSValueMakeNull!(context)
        case .bool(let b)?: return jsc.JSValueMakeBoolean!(context, b)
        case .number(let n)?: return jsc.JSValueMakeNumber!(context, n)
        case .string(let s)?:
            let js = makeString(s)
            defer { jsc.JSStringRelease!(js) }
            return jsc.JSValueMakeString!(context, js)
        case .date(let ms)?:
            var argument: JSValueRef? = jsc.JSValueMakeNumber!(context, ms)
            return jsc.JSObjectMakeDate!(context, 1, &argument, nil)
        case .array(let items)?:
            // Each element goes into the JavaScript array as soon as it is
            // made: values held only in a Swift array are invisible to
            // JavaScriptCore's collector, which could free them while the
            // next (large) element is allocated.
            guard let array = jsc.JSObjectMakeArray!(context, 0, nil, nil) else { return jsc.JSValueMakeNull!(context) }
            for (index, item) in items.enumerated() {
                jsc.JSObjectSetPropertyAtIndex!(context, array, UInt32(index), makeValue(item), nil)
            }
            return array
        case .dictionary(let entries)?:
            let object = jsc.JSObjectMake!(context, nil, nil)!
            for (key, entry) in entries { setProperty(key, of: object, to: makeValue(entry)) }
            return object
        }
    }
}

/// The Swift closure behind a function object made by `makeFunction`.
final class FunctionBox {
    /// Weak: a frame's functions can be called from another context of its
    /// group after the frame's context went.
    weak var context: ScriptContext?
    let body: ([ScriptValue]) -> ScriptValue?

    init(context: ScriptContext, body: @escaping ([ScriptValue]) -> ScriptValue?) {
        self.context = context
        self.body = body
    }

    private static var cachedClass: JSClassRef?

    /// A class whose objects are callable and release their box when collected.
    static func jsClass(_ jsc: tern_jsc_api) -> JSClassRef {
        if let cachedClass { return cachedClass }
        var definition = JSClassDefinition()
        definition.callAsFunction = { _, function, _, count, arguments, _ in
            guard let function, let box = JavaScriptCoreLibrary.privateData(of: function) else { return nil }
            let me = Unmanaged<FunctionBox>.fromOpaque(box).takeUnretainedValue()
            guard let context = me.context else { return nil }
            let values = (0..<count).map { context.convert(arguments![$0]) }
            return context.makeValue(me.body(values))
        }
        definition.finalize = { object in
            guard let object, let box = JavaScriptCoreLibrary.privateData(of: object) else { return }
            Unmanaged<FunctionBox>.fromOpaque(box).release()
        }
        let created = jsc.JSClassCreate!(&definition)!
        cachedClass = created
        return created
    }
}

extension JavaScriptCoreLibrary {
    static func privateData(of object: JSObjectRef) -> UnsafeMutableRawPointer? {
        guard case .success(let jsc) = api else { return nil }
        return jsc.JSObjectGetPrivate!(object)
    }
}
