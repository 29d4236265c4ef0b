import TernDOM

/// A form control of a rendered page.
public struct FormControl {
    /// What the control is. `hidden` controls are listed (a form submits them)
    /// but never shown: they have no regions.
    public enum Kind: String, Hashable, Sendable {
        case text, password, checkbox, radio, submit, reset, button, select, textarea, file, hidden
    }

    public var kind: Kind
    /// The element (`input`, `button`, `select`, `textarea`, or an editing
    /// host: a `contenteditable` element, listed as a textarea; of the frame's
    /// document for a control inside a drawn frame).
    public var node: Node
    /// The nearest enclosing `<form>`, if any.
    public var form: Node?
    /// The `name` attribute ("" when none).
    public var name: String
    /// The current value: the `value` attribute, a textarea's text, a select's
    /// chosen option value (its text when it has no `value`).
    public var value: String
    /// Whether a checkbox or radio button is checked.
    public var checked: Bool
    /// A select's option labels, in order (empty for other kinds).
    public var options: [String]
    /// A select's chosen option (the first `selected`, else 0); nil for other kinds.
    public var selectedIndex: Int?
    /// The number drawn before it (`LayoutOptions.numberFields`), counted
    /// with the links'; nil when not numbered.
    public var number: Int?
    /// Where the control is drawn (a textarea covers several lines).
    public var regions: [TextRegion]

    /// The first region, if the control is shown.
    public var region: TextRegion? { regions.first }

    public init(kind: Kind, node: Node, form: Node?, name: String, value: String, checked: Bool, options: [String],
                selectedIndex: Int?, number: Int? = nil, regions: [TextRegion]) {
        self.kind = kind
        self.node = node
        self.form = form
        self.name = name
        self.value = value
        self.checked = checked
        self.options = options
        self.selectedIndex = selectedIndex
        self.number = number
        self.regions = regions
    }
}
