/// The pseudo-elements layout draws (CSS Pseudo-Elements 4).
public enum PseudoElement: Hashable, Sendable {
    case before, after, marker

    /// From a selector's lower-case pseudo-element name; nil for one Tern
    /// does not draw (`::selection`, `::first-line` …).
    init?(selectorName: String) {
        switch selectorName {
        case "before": self = .before
        case "after": self = .after
        case "marker": self = .marker
        default: return nil
        }
    }
}
