import TernCSS

extension ComputedStyle {
    /// The layout style of an element whose computed CSS values are `css`,
    /// in a containing block `containerWidth` columns wide.
    ///
    /// CONTRACT STUB (coordinator): the values helper implements every field.
    init(css: CSSStyle, containerWidth: Int) {
        self.init()
        switch css.display {
        case .none: display = .none
        case .block, .flowRoot, .flex, .grid: display = .block
        default: display = .inline
        }
    }
}
