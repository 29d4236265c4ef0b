internal import CJavaScriptCore
internal import TernScriptJS

/// The JavaScript that builds a page's globals on top of the natives
/// ScriptWindow installs: the files in `JS/`, compiled into the binary
/// (by the target TernScriptJS).
///
/// Each file is the body of a strict function `function (g, internals, T)`,
/// run once per window with `this` and `g` the global object. `internals`
/// is the engine's private object (`ScriptContext.internals`): the natives
/// (`__tern…`), the values Swift hands the files (`__ternUserAgent`) and
/// the callbacks the files leave for Swift. `T` is the files' shared
/// namespace (`ScriptContext.namespace`): a file takes what it uses from
/// earlier files at its top (`var wrap = T.wrap, H = T.H;`) and puts what
/// later files use there at its end (`T.wrap = wrap;`). State a file
/// changes after start-up lives in an object (`T.main.document`), and a
/// function of a later file is called through `T` (`T.domError(…)`).
/// No page script can reach either object.
///
/// The wrapper adds no line, so line N of a file is line N in errors and
/// stack traces, under the sourceURL `tern:js/NAME.js`.
enum ScriptPrelude {
    /// One `.js` file, with the script that runs it (made once per process).
    final class File {
        /// The file's name in `JS/`.
        let name: String
        /// The file's text, UTF-8.
        let bytes: [UInt8]
        /// Run on first touch of a name it defines (lazy.js's table), not at start-up.
        let isLazy: Bool
        private var script: JSStringRef?
        private var url: JSStringRef?

        /// The file `name` of JS/ (compiled in by TernScriptJS).
        convenience init(_ name: String, lazy: Bool = false) {
            guard let bytes = ScriptJS.files[name] else { preconditionFailure("JS/\(name) is not compiled in") }
            self.init(name, bytes, lazy: lazy)
        }

        init(_ name: String, _ bytes: [UInt8], lazy: Bool = false) {
            self.name = name
            self.bytes = bytes
            self.isLazy = lazy
        }

        /// The name errors and stack traces give the file.
        var sourceURL: String { "tern:js/" + name }

        /// `(function (g, internals, T) {` + the file + `\n})`: evaluated,
        /// the function whose body is the file.
        var wrappedSource: [UInt8] { Array(File.head.utf8) + bytes + Array(File.tail.utf8) }

        static let head = "(function (g, internals, T) {"
        static let tail = "\n})"

        /// `utf8` as UTF-16 (`ScriptContext.utf16(fromUTF8:)`).
        static func utf16(_ utf8: [UInt8]) -> [UInt16] {
            utf8.withUnsafeBufferPointer { ScriptContext.utf16(fromUTF8: $0) }
        }

        /// The wrapped source as an engine string, made on first use and kept
        /// (an engine string belongs to no context: every window shares it).
        func script(_ jsc: tern_jsc_api) -> (source: JSStringRef, url: JSStringRef) {
            if let script, let url { return (script, url) }
            let source = File.utf16(wrappedSource).withUnsafeBufferPointer { jsc.JSStringCreateWithCharacters!($0.baseAddress, $0.count)! }
            let url = Array((sourceURL + "\0").utf8).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { jsc.JSStringCreateWithUTF8CString!($0.baseAddress)! }
            }
            self.script = source
            self.url = url
            return (source, url)
        }
    }

    /// The microtask guard (ScriptContext+MicrotaskGuard), first of all.
    static let microtasks = File("microtasks.js")
    /// Timers, `queueMicrotask`, `navigator`, `webkit.messageHandlers`.
    static let globals = File("globals.js")
    /// Interfaces made on first touch: the placeholders of the lazy files, and what their top level uses.
    static let lazy = File("lazy.js")
    static let network = File("network.js", lazy: true)
    static let webAPIs = File("web-apis.js", lazy: true)
    static let navigation = File("navigation.js")
    static let windows = File("windows.js")
    /// What a dedicated worker's global adds to (and takes from) the window files.
    static let workerScope = File("worker-scope.js")
    /// Message handlers that answer (`addMessageHandler(named:withReply:)`), on the first one.
    static let messageHandlers = File("message-handlers.js")

    /// The DOM over TernDOM, in order: each file takes from `T` what the
    /// files before it put there. A lazy file runs when the page first
    /// touches a name it defines (issue 29; `lazy.js` lists the names):
    /// until then it costs neither parsing nor running.
    static let dom: [File] = [
        File("dom-support.js"),
        File("dom-events.js"),
        File("dom-event-kinds.js", lazy: true),
        File("dom-core.js"),
        File("dom-nodes.js"),
        File("dom-html.js"),
        File("dom-html-rare.js", lazy: true),
        File("dom-forms.js", lazy: true),
        File("dom-foreign-elements.js"),
        File("dom-cssom.js", lazy: true),
        File("dom-parsing.js"),
        File("dom-traversal.js", lazy: true),
        File("dom-abort.js"),
        File("dom-mutations.js"),
        File("dom-ranges.js", lazy: true),
        File("dom-observers.js", lazy: true),
        File("dom-frames.js"),
        File("workers.js", lazy: true),
    ]

    /// Whether windows made from now on defer the lazy files (tests turn
    /// it off to compare with windows that run every file at start-up).
    nonisolated(unsafe) static var defersLazyFiles = true

    /// Every file, in the order a window runs them (a worker's global runs `workerScope` last).
    static var all: [File] { [microtasks, globals, lazy, network, webAPIs, navigation, windows] + dom + [messageHandlers, workerScope] }
}
