/// What a frame's `sandbox` attribute forbids (HTML "sandboxing", "parse a
/// sandboxing directive"): every flag is set unless a keyword lifts it.
/// Only the flags Tern acts on are kept.
struct SandboxFlags: Equatable {
    /// No scripts run ("sandboxed scripts browsing context flag"); lifted by `allow-scripts`.
    var scripts = false
    /// The document's origin is opaque ("sandboxed origin"); lifted by `allow-same-origin`.
    var origin = false
    /// No form is submitted ("sandboxed forms"); lifted by `allow-forms`.
    var forms = false
    /// No new window opens ("sandboxed auxiliary navigation"); lifted by `allow-popups`.
    var popups = false
    /// The top-level page is not navigated ("sandboxed top-level navigation
    /// without user activation"); lifted by `allow-top-navigation`.
    var topNavigation = false
    /// Other navigables than its own and its descendants are not navigated
    /// ("sandboxed navigation browsing context flag"); no keyword lifts it.
    var navigation = false

    /// No attribute: nothing is forbidden.
    static let none = SandboxFlags()

    /// HTML "parse a sandboxing directive": the attribute's value split on
    /// ASCII whitespace, keywords compared ASCII case-insensitively; unknown
    /// tokens are ignored. Nil (no attribute) forbids nothing.
    init(attribute: String?) {
        guard let attribute else { return }
        navigation = true
        // A megabyte attribute is read no further than a few hundred tokens.
        let tokens = Set(attribute.lowercased().split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }).prefix(256).map(String.init))
        scripts = !tokens.contains("allow-scripts")
        origin = !tokens.contains("allow-same-origin")
        forms = !tokens.contains("allow-forms")
        popups = !tokens.contains("allow-popups")
        topNavigation = !tokens.contains("allow-top-navigation")
    }

    private init() {}

    /// The union of two sets of flags (a frame inside a sandboxed frame keeps its parent's).
    func union(_ other: SandboxFlags) -> SandboxFlags {
        var flags = self
        flags.scripts = scripts || other.scripts
        flags.origin = origin || other.origin
        flags.forms = forms || other.forms
        flags.popups = popups || other.popups
        flags.topNavigation = topNavigation || other.topNavigation
        flags.navigation = navigation || other.navigation
        return flags
    }
}
