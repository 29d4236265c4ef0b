/// The pseudo-elements layout draws (CSS Pseudo-Elements 4).
public enum PseudoElement: Hashable, Sendable {
    case before, after, marker
}
