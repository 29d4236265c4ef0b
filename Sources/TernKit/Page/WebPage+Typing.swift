import TernDOM
import TernScript

/// Typing into a text field or textarea key by key, as a person at a
/// keyboard does: the page sees each key (UI Events §3.7, "keyboard event
/// order") and each edit (Input Events: `beforeinput`, `input`), and may
/// cancel either, or change the value and the selection as it goes (filter
/// as you type, autocomplete, editors that read a hidden textarea).
extension WebPage {
    @discardableResult
    func type(_ key: TextFieldKey, in field: PageElement) -> WebView.TextFieldState? {
        guard let node = field.node else { return nil }
        return type(key, in: node)
    }

    func finishTyping(in field: PageElement) {
        guard let node = field.node else { return }
        finishTyping(in: node)
    }

    func type(_ key: TextFieldKey, in field: Node) -> WebView.TextFieldState? {
        // A text control, or an editing host (contenteditable): its text is edited in place.
        let editingHost = EditingHost.isEditingHost(field)
        guard editingHost || ((field.isElement("input") || field.isElement("textarea"))
                              && HTMLForms.textTypes.contains(HTMLForms.type(of: field)) && !HTMLForms.isDisabled(field)),
              let target = typingTarget(of: field) else { return nil }
        let window = target.window
        let keyFields = key.eventFields
        defer {
            window?.dispatchEvent("keyup", to: field, bubbles: true, cancelable: true, fields: keyFields)
            target.didChange()
        }
        if let window {
            guard window.dispatchEvent("keydown", to: field, bubbles: true, cancelable: true, fields: keyFields) else {
                return state(of: field, in: target)
            }
            if let charCode = key.charCode {
                let fields = keyFields.merging(["charCode": .number(Double(charCode)), "keyCode": .number(Double(charCode)),
                                                "which": .number(Double(charCode))]) { $1 }
                guard window.dispatchEvent("keypress", to: field, bubbles: true, cancelable: true, fields: fields) else {
                    return state(of: field, in: target)
                }
            }
        }
        let value = editableValue(of: field)
        if target.session.valuesBeforeTyping[field] == nil, !editingHost { target.session.valuesBeforeTyping[field] = value }
        guard let edit = TextFieldEdit(key: key, value: value, selection: selection(of: field, in: target),
                                       multiline: editingHost || field.isElement("textarea")) else { return state(of: field, in: target) }
        switch edit {
        case .move(let offset):
            setSelection(offset..<offset, of: field, in: target)
        case .replace(let range, var text, let inputType):
            guard editingHost || !field.hasAttribute("readonly") else { break }
            // HTML's maximum allowed value length: what does not fit is not inserted.
            if let limit = HTMLForms.maxLength(of: field) {
                let room = limit - (value.utf16.count - range.count)
                while !text.isEmpty, text.utf16.count > room { text.removeLast() }
                if text.isEmpty, range.isEmpty { break }
            }
            // Input Events: `data` is the inserted text, null for deletions and line breaks.
            let data: ScriptValue = inputType == "insertText" ? .string(text) : .null
            let inputFields: [String: ScriptValue] = ["inputType": .string(inputType), "data": data]
            if let window, !window.dispatchEvent("beforeinput", to: field, bubbles: true, cancelable: true, fields: inputFields) {
                break
            }
            let utf16 = Array(editableValue(of: field).utf16)
            let lower = min(range.lowerBound, utf16.count), upper = min(max(lower, range.upperBound), utf16.count)
            if editingHost {
                EditingHost.replace(lower..<upper, with: text, in: field)
            } else {
                if target.frame == nil { captureDefault(field) }
                let edited = String(decoding: utf16[..<lower], as: UTF16.self) + text + String(decoding: utf16[upper...], as: UTF16.self)
                ControlState.value(edited).apply(to: field)
            }
            window?.documentDidChangeOutsideScripts()
            let cursor = lower + text.utf16.count
            setSelection(cursor..<cursor, of: field, in: target)
            window?.dispatchEvent("input", to: field, bubbles: true, fields: inputFields)
            if target.frame == nil, !editingHost { rememberState(field) }
        }
        return state(of: field, in: target)
    }

    func finishTyping(in field: Node) {
        guard let target = typingTarget(of: field), let before = target.session.valuesBeforeTyping.removeValue(forKey: field),
              before != ControlState.value(of: field) else { return }
        target.window?.dispatchEvent("change", to: field, bubbles: true)
        target.didChange()
    }

    // MARK: Internals

    /// Where a field's events go: the page's window or its frame's, the
    /// session that keeps its selection, and what to call when it changed.
    private struct TypingTarget {
        let window: ScriptWindow?
        let frame: Frame?
        let session: PageSession
        let didChange: () -> Void
    }

    private func typingTarget(of field: Node) -> TypingTarget? {
        if field.document !== document, let frame = frame(showing: field.document) {
            notifyUserActivation(in: frame)
            return TypingTarget(window: frame.window, frame: frame, session: frame.session) { [weak self] in
                self?.frameDocumentDidChange(frame)
            }
        }
        guard let document, field.document === document else { return nil }
        notifyUserActivation()
        return TypingTarget(window: interactionWindow(), frame: nil, session: session) { [weak self] in
            self?.documentDidChange()
        }
    }

    /// What typing edits: a text control's value, an editing host's text.
    private func editableValue(of field: Node) -> String {
        EditingHost.isEditingHost(field) ? EditingHost.text(of: field) : ControlState.value(of: field)
    }

    /// The field's selection: the page's (`selectionStart`/`selectionEnd`),
    /// or the session's without scripts (and for an editing host); the end of the value at first.
    private func selection(of field: Node, in target: TypingTarget) -> Range<Int> {
        let editingHost = EditingHost.isEditingHost(field)
        if !editingHost, let window = target.window, let range = window.textSelection(of: field) { return range }
        let end = editableValue(of: field).utf16.count
        guard let range = target.session.textSelections[field] else { return end..<end }
        return min(range.lowerBound, end)..<min(range.upperBound, end)
    }

    private func setSelection(_ range: Range<Int>, of field: Node, in target: TypingTarget) {
        target.session.textSelections[field] = range
        if !EditingHost.isEditingHost(field) { target.window?.setTextSelection(range, of: field) }
    }

    private func state(of field: Node, in target: TypingTarget) -> WebView.TextFieldState {
        let value = editableValue(of: field)
        let caret = selection(of: field, in: target).upperBound
        let utf16 = value.utf16
        var index = utf16.index(utf16.startIndex, offsetBy: min(caret, utf16.count))
        while index > utf16.startIndex, index.samePosition(in: value) == nil { index = utf16.index(before: index) }
        return WebView.TextFieldState(value: value, cursor: value[..<index].count)
    }
}
