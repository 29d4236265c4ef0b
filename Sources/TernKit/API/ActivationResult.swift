/// What acting on an element for the user did (`WebView.activate(_:)`,
/// `pressEnter(in:)`): the front end scrolls, waits for the navigation, or
/// just draws the page again.
public enum ActivationResult {
    /// A navigation started in this web view: a link followed or a form
    /// submitted. Its action policy is asked on a later turn of the loop.
    case navigation(Navigation)
    /// A link to a fragment of this document: `url` changed and a history
    /// entry was added, without a load. Scroll to
    /// `renderedPage(width:)?.anchors[fragment]`.
    case fragment(String)
    /// The page went to a new web view, made by the UI delegate's
    /// `createWebViewWith:for:windowFeatures:` (a `target=_blank` link or form).
    case newWindow(WebView)
    /// A page script cancelled the click, key or submission (`preventDefault`).
    case canceled
    /// Nothing more to wait for: a checkbox or radio button toggled, a form
    /// reset, a plain button pressed, a file chooser shown, or nothing to do.
    case done
}

extension ActivationResult: Equatable {
    public static func == (lhs: ActivationResult, rhs: ActivationResult) -> Bool {
        switch (lhs, rhs) {
        case (.navigation(let a), .navigation(let b)): return a === b
        case (.fragment(let a), .fragment(let b)): return a == b
        case (.newWindow(let a), .newWindow(let b)): return a === b
        case (.canceled, .canceled), (.done, .done): return true
        default: return false
        }
    }
}

/// What a file input asks of the open panel (WKOpenPanelParameters).
public struct OpenPanelParameters: Hashable {
    /// The input has `multiple`: more than one file may be chosen.
    public let allowsMultipleSelection: Bool
    /// The input has `webkitdirectory`: folders may be chosen.
    public let allowsDirectories: Bool
    /// The input's `accept` list, as written (".pdf", "image/*", …), lower case.
    public let acceptedTypes: [String]

    public init(allowsMultipleSelection: Bool = false, allowsDirectories: Bool = false, acceptedTypes: [String] = []) {
        self.allowsMultipleSelection = allowsMultipleSelection
        self.allowsDirectories = allowsDirectories
        self.acceptedTypes = acceptedTypes
    }
}
