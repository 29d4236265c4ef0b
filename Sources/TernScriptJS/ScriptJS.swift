/// The bytes of the preludes' `.js` files (Sources/TernScript/JS, here
/// through the symlink `JS`), compiled in with SwiftPM's `embedInCode`, which
/// makes each file a Swift array literal. Compiling them takes about a
/// minute, so they are a target of their own: only a change to a `.js`
/// file pays it, not every change to TernScript. TernScript's
/// `ScriptPrelude` says what each file is and when it runs.
public enum ScriptJS {
    /// Each file's name in JS/ and its text, UTF-8.
    public static let files: [String: [UInt8]] = [
        "microtasks.js": PackageResources.microtasks_js,
        "globals.js": PackageResources.globals_js,
        "lazy.js": PackageResources.lazy_js,
        "network.js": PackageResources.network_js,
        "web-apis.js": PackageResources.web_apis_js,
        "navigation.js": PackageResources.navigation_js,
        "windows.js": PackageResources.windows_js,
        "message-handlers.js": PackageResources.message_handlers_js,
        "dom-support.js": PackageResources.dom_support_js,
        "dom-events.js": PackageResources.dom_events_js,
        "dom-event-kinds.js": PackageResources.dom_event_kinds_js,
        "dom-core.js": PackageResources.dom_core_js,
        "dom-nodes.js": PackageResources.dom_nodes_js,
        "dom-html.js": PackageResources.dom_html_js,
        "dom-html-rare.js": PackageResources.dom_html_rare_js,
        "dom-forms.js": PackageResources.dom_forms_js,
        "dom-foreign-elements.js": PackageResources.dom_foreign_elements_js,
        "dom-cssom.js": PackageResources.dom_cssom_js,
        "dom-parsing.js": PackageResources.dom_parsing_js,
        "dom-traversal.js": PackageResources.dom_traversal_js,
        "dom-abort.js": PackageResources.dom_abort_js,
        "dom-mutations.js": PackageResources.dom_mutations_js,
        "dom-ranges.js": PackageResources.dom_ranges_js,
        "dom-observers.js": PackageResources.dom_observers_js,
        "dom-frames.js": PackageResources.dom_frames_js,
        "workers.js": PackageResources.workers_js,
        "worker-scope.js": PackageResources.worker_scope_js,
    ]
}
