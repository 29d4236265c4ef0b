import TernCSS
import TernDOM

/// What CSSOM's bindings ask of the embedder: computed styles and the
/// document's style sheets. A host without styles (a test, an embedder
/// that lays nothing out) keeps the defaults: no computed style, no sheets.
extension ScriptHost {
    /// `getComputedStyle(element, pseudoElement)`: `element`'s computed style
    /// as of now (the host brings its styles up to date first), or nil when
    /// it has none (not in the document, no styles). Asked on every read, so
    /// a script sees its own changes. Default: nil (every property reads "").
    package func scriptComputedStyle(of element: Node, pseudoElement: PseudoElement?) -> CSSStyle? { nil }

    /// `document.styleSheets`: the document's sheets with their owner nodes
    /// (`<style>`, `<link rel=stylesheet>`), in document order. Default: none.
    package func scriptStyleSheets() -> [(sheet: StyleSheet, ownerNode: Node)] { [] }

    /// A script changed `sheet` (insertRule, deleteRule, `disabled`, its
    /// media): the page must be styled again. Default: nothing.
    package func scriptStyleSheetDidChange(_ sheet: StyleSheet) {}

    /// `getBoundingClientRect()` and the sizes read from it. Default: no box.
    package func scriptBoundingBox(of element: Node) -> ScriptRect? { nil }

    /// `scrollY`. Default: 0, the top.
    package func scriptScrollPosition() -> Double { 0 }

    /// Default: nothing (no browser focus to move).
    package func scriptFocusDidChange(_ element: Node?) {}

    /// Default: nothing (no viewport to scroll).
    package func scriptScroll(toY y: Double) {}
}
