import TernDOM
import TernLayout

/// A form control of a laid-out page, with what a front end shows of it.
/// Its values are those of the moment the layout was made; act on it
/// through the web view (`activate(_:)`, `setValue(_:for:)`, …).
public struct PageControl {
    /// What the control is: text, password, checkbox, radio, submit, reset,
    /// button, select, textarea, file or hidden (listed, never shown).
    public typealias Kind = FormControl.Kind

    let control: FormControl
    let styles: AccessibleName.StyleLookup?
    /// What is read from the element, read already (a control of a page
    /// in a content process, whose element is not here).
    let described: ControlDescription?
    /// The content process's number for the element (a page run there).
    let remoteElement: UInt64?

    init(_ control: FormControl, styles: AccessibleName.StyleLookup? = nil, described: ControlDescription? = nil,
         remoteElement: UInt64? = nil) {
        self.control = control
        self.styles = styles
        self.described = described
        self.remoteElement = remoteElement
    }

    public var kind: Kind { control.kind }
    /// The element (`input`, `button`, `select` or `textarea`), the same across layouts.
    public var element: PageElement { remoteElement.map(PageElement.init(remote:)) ?? PageElement(node: control.node) }
    /// The `name` attribute, "" when missing.
    public var name: String { control.name }
    /// The current value (a field's text, a button's label attribute).
    public var value: String { control.value }
    /// Whether a checkbox or radio button is checked.
    public var checked: Bool { control.checked }
    /// A select's option labels, in order.
    public var options: [String] { control.options }
    /// A select's first selected option.
    public var selectedIndex: Int? { control.selectedIndex }
    /// Whether a select takes several options (`multiple`).
    public var allowsMultipleSelection: Bool { described?.allowsMultipleSelection ?? (control.node.attribute("multiple") != nil) }
    /// The indices in `options` of a select's selected options.
    public var selectedIndices: Set<Int> {
        if let described { return described.selectedIndices }
        return Set(control.node.getElementsByTagName("option").enumerated().compactMap { $1.attribute("selected") != nil ? $0 : nil })
    }
    /// What a button says: its value, else its text (whitespace collapsed).
    public var label: String {
        if let described { return described.label }
        guard control.value.isEmpty else { return control.value }
        return control.node.textContent.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    /// The control's accessible name (W3C Accessible Name Computation with
    /// HTML's rules: `aria-labelledby`, `aria-label`, its `<label>`s, a
    /// button's value or text, `title`, `placeholder`; what CSS hides left
    /// out, `::before`/`::after` content in): what a screen reader calls
    /// it, "" when nothing names it.
    public var accessibleName: String {
        if let described { return described.accessibleName }
        return AccessibleName.of(control.node, elementByID: { control.node.document.element(withID: $0) }, styles: styles)
    }
    /// The number drawn before it, counted with the links' (`WebView.numbersFormFields`); nil when not numbered.
    public var number: Int? { control.number }
    /// Where the control is drawn, one region per line it covers.
    public var regions: [TextRegion] { control.regions }
}
