import TernDOM

/// What the user set in one form control, kept to restore it: for a
/// form's reset (the state before the first edit) and in a history item
/// (the state when the page is left, restored on going back to a page
/// loaded again from the network).
enum ControlState: Hashable {
    case value(String)
    case checked(Bool)
    case selection([Int])

    /// The control's state now; nil for controls that hold none (buttons, hidden, file).
    static func read(_ control: Node) -> ControlState? {
        let type = HTMLForms.type(of: control)
        switch type {
        case "checkbox", "radio": return .checked(control.hasAttribute("checked"))
        case "select-one", "select-multiple": return .selection(HTMLForms.selectedIndices(of: control))
        case "textarea": return .value(value(of: control))
        default: return HTMLForms.textTypes.contains(type) ? .value(value(of: control)) : nil
        }
    }

    /// A text field's or textarea's value.
    static func value(of field: Node) -> String {
        field.isElement("textarea") ? HTMLForms.textareaValue(field) : field.attribute("value") ?? ""
    }

    /// Puts the state into the control's attributes (its text for a textarea).
    func apply(to control: Node) {
        switch self {
        case .value(let text):
            if control.isElement("textarea") { control.textContent = text } else { try? control.setAttribute("value", text) }
        case .checked(let checked):
            if checked { try? control.setAttribute("checked", "") } else { control.removeAttribute("checked") }
        case .selection(let indices):
            let chosen = Set(indices)
            for (index, option) in HTMLForms.options(of: control).enumerated() {
                if chosen.contains(index) { try? option.setAttribute("selected", "") } else { option.removeAttribute("selected") }
            }
        }
    }

    /// Whether the state of `control` may be written down for restoring
    /// later: not a password, not `autocomplete=off` (as browsers do).
    static func isRestorable(_ control: Node) -> Bool {
        if HTMLForms.type(of: control) == "password" { return false }
        if control.attribute("autocomplete")?.lowercased().trimmingSpaces() == "off" { return false }
        if let form = HTMLForms.formOwner(of: control), form.attribute("autocomplete")?.lowercased().trimmingSpaces() == "off" {
            return false
        }
        return true
    }

    /// A key that finds the same control in the page loaded again:
    /// tag, type, name and its place among the controls sharing those.
    static func key(for control: Node) -> String? {
        let signature = { (node: Node) in "\(node.name) \(HTMLForms.type(of: node)) \(node.attribute("name") ?? "")" }
        let own = signature(control)
        var occurrence = 0
        for node in HTMLForms.controls(in: control.document) {
            if node == control { return "\(own) #\(occurrence)" }
            if signature(node) == own { occurrence += 1 }
        }
        return nil
    }

    /// Applies saved states (by key) to the document's controls.
    static func restore(_ states: [String: ControlState], in document: Document) {
        guard !states.isEmpty else { return }
        var counts: [String: Int] = [:]
        for node in HTMLForms.controls(in: document) {
            let signature = "\(node.name) \(HTMLForms.type(of: node)) \(node.attribute("name") ?? "")"
            let occurrence = counts[signature, default: 0]
            counts[signature] = occurrence + 1
            if let state = states["\(signature) #\(occurrence)"], isRestorable(node) { state.apply(to: node) }
        }
    }
}
