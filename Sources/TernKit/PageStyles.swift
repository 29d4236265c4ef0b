import TernCSS
import TernDOM

/// The style sheets of one page, collected from its document (`<style>`,
/// `<link rel=stylesheet>` with their `@import`s) and the user's, and the
/// style engine made of them.
///
/// CONTRACT STUB (coordinator): the style-sources helper implements it.
final class PageStyles {
    /// A sheet and the element that owns it (nil for the user's sheet and imports).
    struct Entry {
        let sheet: StyleSheet
        let ownerNode: Node?
    }

    /// The page's sheets in cascade order (CSSOM's `document.styleSheets` lists
    /// those with an owner node).
    private(set) var sheets: [Entry] = []

    /// `element`'s computed style (or its pseudo-element's), as of now.
    func computedStyle(of element: Node, pseudoElement: PseudoElement?, environment: MediaEnvironment) -> CSSStyle? {
        nil
    }
}
