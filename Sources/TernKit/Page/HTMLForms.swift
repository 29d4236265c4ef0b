import TernNet
import TernDOM

/// HTML's form rules read off the DOM in Swift, for when no script runs (and
/// for the data set, which includes files): control types, form owners,
/// options, the form data set, implicit submission. Control state lives in
/// the attributes (`value`, `checked`, `selected`, a textarea's text), as the
/// JavaScript bindings keep it and layout reads it.
enum HTMLForms {
    /// A control's type as `element.type` reads it: "text", "checkbox",
    /// "submit", "select-one", "textarea", … ("" for other elements).
    static func type(of element: Node) -> String {
        let written = (element.attribute("type") ?? "").lowercased().trimmingSpaces()
        switch element.name {
        case "input":
            return inputTypes.contains(written) ? written : "text"
        case "button":
            return written == "reset" || written == "button" ? written : "submit"
        case "select":
            return element.hasAttribute("multiple") ? "select-multiple" : "select-one"
        case "textarea":
            return "textarea"
        default:
            return ""
        }
    }

    static let inputTypes: Set<String> = ["hidden", "text", "search", "tel", "url", "email", "password", "date", "month",
                                          "week", "time", "datetime-local", "number", "range", "color", "checkbox",
                                          "radio", "file", "submit", "image", "reset", "button"]
    /// Types whose value the user types (https://html.spec.whatwg.org/#concept-input-apply).
    static let textTypes: Set<String> = ["text", "search", "tel", "url", "email", "password", "date", "month", "week",
                                         "time", "datetime-local", "number", "range", "color", "textarea"]
    /// https://html.spec.whatwg.org/#field-that-blocks-implicit-submission
    static let blockingTypes: Set<String> = ["text", "search", "url", "tel", "email", "password", "date", "month",
                                             "week", "time", "datetime-local", "number"]

    static func isControl(_ node: Node) -> Bool {
        node.isElement("input") || node.isElement("button") || node.isElement("select") || node.isElement("textarea")
    }

    static func isSubmitButton(_ node: Node) -> Bool {
        let type = type(of: node)
        return (node.isElement("button") && type == "submit") || (node.isElement("input") && (type == "submit" || type == "image"))
    }

    static func isDisabled(_ node: Node) -> Bool {
        (try? node.matches(":disabled")) ?? node.hasAttribute("disabled")
    }

    /// The control's form owner: the form its `form` attribute names, else
    /// the nearest `<form>` ancestor.
    static func formOwner(of control: Node) -> Node? {
        if let id = control.attribute("form") {
            guard let named = control.document.element(withID: id), named.isElement("form") else { return nil }
            return named
        }
        var current = control.parent
        while let node = current {
            if node.isElement("form") { return node }
            current = node.parent
        }
        return nil
    }

    /// The controls whose form owner is `form`, in tree order.
    static func controls(of form: Node) -> [Node] {
        var found: [Node] = []
        let root = form.document.node ?? form.root
        root.walk { node in
            if isControl(node), formOwner(of: node) == form { found.append(node) }
            return true
        }
        return found
    }

    /// Every control of the document, in tree order.
    static func controls(in document: Document) -> [Node] {
        var found: [Node] = []
        document.node?.walk { node in
            if isControl(node) { found.append(node) }
            return true
        }
        return found
    }

    /// The radio buttons of `radio`'s group (itself included).
    static func radioGroup(of radio: Node) -> [Node] {
        guard let name = radio.attribute("name"), !name.isEmpty else { return [radio] }
        let owner = formOwner(of: radio)
        var group: [Node] = []
        (radio.document.node ?? radio.root).walk { node in
            if node.isElement("input"), type(of: node) == "radio", node.attribute("name") == name, formOwner(of: node) == owner {
                group.append(node)
            }
            return true
        }
        return group
    }

    // MARK: Select

    /// A select's options in the order layout lists them (`FormControl.options`).
    static func options(of select: Node) -> [Node] {
        var found: [Node] = []
        select.walk { node in
            guard node.isElement("option") else { return true }
            found.append(node)
            return false
        }
        return found
    }

    /// The chosen options' indices: those with `selected` (the first only
    /// for a single select), else a single select's first enabled option.
    static func selectedIndices(of select: Node) -> [Int] {
        let options = options(of: select)
        let marked = options.indices.filter { options[$0].hasAttribute("selected") }
        if select.hasAttribute("multiple") { return marked }
        // HTML's selectedness setting algorithm: of several selected options, the last stays.
        if let last = marked.last { return [last] }
        if let size = Int((select.attribute("size") ?? "").trimmingSpaces()), size > 1 { return [] }
        return options.indices.first { !isDisabled(options[$0]) }.map { [$0] } ?? []
    }

    static func value(ofOption option: Node) -> String {
        if let value = option.attribute("value") { return value }
        return option.textContent.split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }).joined(separator: " ")
    }

    // MARK: Values

    /// What the control holds now: a text field's value, a textarea's text.
    static func value(of control: Node) -> String {
        if control.isElement("textarea") { return textareaValue(control) }
        switch type(of: control) {
        case "checkbox", "radio": return control.attribute("value") ?? "on"
        case "file": return ""
        default: return control.attribute("value") ?? ""
        }
    }

    /// A text field's `maxlength` (HTML "maximum allowed value length"), nil
    /// when absent or not a valid non-negative integer.
    static func maxLength(of field: Node) -> Int? {
        field.attribute("maxlength").flatMap(nonNegativeInteger)
    }

    /// HTML §2.3.4.1, the rules for parsing non-negative integers: leading
    /// ASCII whitespace, an optional `+`, then digits up to the first
    /// non-digit; nil for none (or a `-` before them). Huge values stay huge.
    static func nonNegativeInteger(_ string: String) -> Int? {
        var scalars = Substring(string).unicodeScalars.drop { [" ", "\t", "\n", "\u{0C}", "\r"].contains($0) }
        if scalars.first == "+" { scalars = scalars.dropFirst() }
        var value = 0, digits = 0
        for scalar in scalars {
            guard ("0"..."9").contains(scalar) else { break }
            value = min(value &* 10 &+ Int(scalar.value - 48), Int(Int32.max))
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// A textarea's text without the newline right after the start tag (as the parser drops it).
    static func textareaValue(_ textarea: Node) -> String {
        var text = textarea.textContent
        if text.hasPrefix("\r\n") { text.removeFirst() } else if text.hasPrefix("\n") { text.removeFirst() }
        return text
    }

    // MARK: The form data set

    /// https://html.spec.whatwg.org/#constructing-the-form-data-set, with
    /// the chosen files of file inputs.
    static func entries(of form: Node, submitter: Node?, files: (Node) -> [String]) -> [FormEntry] {
        var entries: [FormEntry] = []
        for control in controls(of: form) {
            if hasDatalistAncestor(control) || isDisabled(control) { continue }
            let type = type(of: control)
            if control.isElement("button") || ["submit", "image", "reset", "button"].contains(type) {
                if control != submitter { continue }
            }
            let name = control.attribute("name") ?? ""
            if type == "image" {
                let prefix = name.isEmpty ? "" : name + "."
                entries.append(FormEntry(name: prefix + "x", value: .string("0")))
                entries.append(FormEntry(name: prefix + "y", value: .string("0")))
                continue
            }
            if name.isEmpty { continue }
            if (type == "checkbox" || type == "radio") && !control.hasAttribute("checked") { continue }
            if control.isElement("select") {
                let options = options(of: control)
                for index in selectedIndices(of: control) where !isDisabled(options[index]) {
                    entries.append(FormEntry(name: name, value: .string(value(ofOption: options[index]))))
                }
                continue
            }
            if type == "file" {
                let paths = files(control)
                if paths.isEmpty { entries.append(FormEntry(name: name, value: .file(path: nil))) }
                for path in paths { entries.append(FormEntry(name: name, value: .file(path: path))) }
                continue
            }
            if type == "hidden", name.lowercased() == "_charset_" {
                entries.append(FormEntry(name: name, value: .string("UTF-8")))
                continue
            }
            entries.append(FormEntry(name: name, value: .string(value(of: control))))
        }
        return entries
    }

    private static func hasDatalistAncestor(_ node: Node) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if ancestor.isElement("datalist") { return true }
            current = ancestor.parent
        }
        return false
    }

    // MARK: Implicit submission

    /// The form's default button: its first submit button in tree order.
    static func defaultButton(of form: Node) -> Node? {
        controls(of: form).first(where: isSubmitButton)
    }

    /// How many of the form's fields block implicit submission.
    static func blockingFieldCount(of form: Node) -> Int {
        controls(of: form).filter { $0.isElement("input") && blockingTypes.contains(type(of: $0)) }.count
    }
}

/// One entry of a form data set.
struct FormEntry: Hashable {
    enum Value: Hashable {
        case string(String)
        /// A chosen file (nil: a file input with no file chosen).
        case file(path: String?)
    }
    var name: String
    var value: Value
}
