import TernCSS
import TernDOM

/// Helpers for the cascade tests: a document, an engine over author sheets,
/// and the winning value of a property (the last cascaded declaration).
enum CascadeTestSupport {
    static func element(_ document: Document, _ selector: String) -> Node {
        guard let node = try? document.querySelector(selector) else { preconditionFailure("no \(selector)") }
        return node
    }

    static func engine(_ css: [String], origin: CSSOrigin = .author, columns: Int = 80) -> StyleEngine {
        StyleEngine(sheets: css.map { StyleSheet(text: $0, origin: origin, baseURL: nil) },
                    environment: MediaEnvironment(columns: columns, rows: 24))
    }

    /// The value that wins for `property` (as CSS text), nil when nothing sets it.
    static func winner(_ property: String, of element: Node, in engine: StyleEngine, pseudo: PseudoElement? = nil) -> String? {
        engine.cascadedDeclarations(for: element, pseudoElement: pseudo).last { $0.name == property }
            .map { CSSSerializer.serialize($0.value) }
    }
}
