import TernKit
import TernTerminal

extension Browser {
    /// Opens what the person typed: a URL, a file or a host name, or with
    /// `searching`, words to look up with the settings' `search` URL.
    func open(_ target: String, searching: Bool = true) {
        let found = searching ? UserInput.url(for: target, searchTemplate: settings.search) : UserInput.url(for: target)
        guard let url = found else {
            show(message: "Not a valid URL or file: \(target)", isError: true)
            return
        }
        // As browsers treat their new-tab page, what the person opens from
        // the start page takes its place: no entry to go back to, and a page
        // alone in its tab's history may close it (window.close()).
        let onStartPage = tab.webView.backForwardList.currentItem?.url.href == Browser.startPage
        tab.webView.load(userURL: url, replacing: onStartPage)
    }

    func activateFocused() {
        guard let target = tab.viewport.focusedTarget else { return }
        switch target.kind {
        case .link(let index): follow(linkAt: index)
        case .control(let index): activate(controlAt: index, region: target.regions[0])
        }
    }

    func follow(linkAt index: Int) {
        handle(tab.webView.activate(tab.viewport.page.links[index]))
    }

    /// What the browser shows after acting on the page.
    func handle(_ result: ActivationResult) {
        switch result {
        // A fragment scrolls in didSameDocumentNavigation.
        case .fragment, .canceled, .done, .navigation, .newWindow: break
        }
        setNeedsDisplay()
    }

    /// Enter on a form control: fields are edited in place, a select opens
    /// a menu, a textarea opens `$EDITOR`; the rest are clicked.
    func activate(controlAt index: Int, region: TextRegion) {
        let control = tab.viewport.page.controls[index]
        let webView = tab.webView
        switch control.kind {
        case .text, .password:
            editInPlace(control, region: region)
        case .textarea:
            if ExternalEditor.command() != nil { editTextarea(control) } else { editInPlace(control, region: region) }
        case .select:
                        present(MenuBox(title: control.name.isEmpty ? "Choose" : "Choose \(control.name)", items: control.options,
                            selected: control.selectedIndex ?? 0, multiple: control.allowsMultipleSelection, ticked: control.selectedIndices) { [unowned self] indices in
                guard let indices else { return }
                webView.selectOptions(at: indices, in: control.element)
                setNeedsDisplay()
            })
        default:
            handle(webView.activate(control))
        }
    }

    /// The focused text field, password field or textarea, and where it is drawn.
    func focusedTextField() -> (control: PageControl, region: TextRegion)? {
        guard let target = tab.viewport.focusedTarget, case .control(let index) = target.kind else { return nil }
        let control = tab.viewport.page.controls[index]
        guard [.text, .password, .textarea].contains(control.kind) else { return nil }
        return (control, target.regions[0])
    }

    /// A character typed while a text field has the focus: the field is
    /// edited in place, starting with it (`Keymap.typesIntoFields`).
    func typeIntoFocusedField(_ key: Key) -> Bool {
        guard keymap.typesIntoFields, case .character = key, let field = focusedTextField() else { return false }
        editInPlace(field.control, region: field.region)
        if let editor = modals.last as? FieldEditor, editor.handle(key), let index = modals.lastIndex(where: { $0 === editor }) {
            modals.remove(at: index)
        }
        return true
    }

    /// A field or textarea edited where it is, each key going to the page
    /// as it is typed; the page's focus is in it meanwhile. In a textarea
    /// Enter breaks the line; in a field it presses Enter (which may submit).
    func editInPlace(_ control: PageControl, region: TextRegion) {
        let webView = tab.webView
        let multiline = control.kind == .textarea
        var region = region, rows = 1
        // A textarea drawn as a box (┌─┐ rows └─┘) is edited on the rows inside it.
        if multiline, control.regions.count >= 3, control.regions[0].columns.count > 2 {
            let box = control.regions
            region = TextRegion(line: box[1].line, columns: (box[0].columns.lowerBound + 1)..<(box[0].columns.upperBound - 1))
            rows = box.count - 2
        }
        let position = tab.viewport.screenPosition(of: region) ?? (region.line - tab.viewport.top, region.columns.lowerBound - tab.viewport.left)
        let row = pageTop + position.row, column = position.column
        // Rows of the box the screen shows.
        rows = max(1, min(rows, pageTop + pageHeight - row))
        webView.focus(control.element)
        present(FieldEditor(text: control.value, masked: control.kind == .password, multiline: multiline, row: row,
                            column: max(0, column), width: region.columns.count, rows: rows, type: { [unowned self] key in
            let state = webView.type(key, in: control.element)
            setNeedsDisplay()
            return state
        }) { [unowned self] ending in
            switch ending {
            case .enter:
                handle(webView.pressEnter(in: control.element))
            case .tab:
                webView.finishTyping(in: control.element)
                webView.focus(nil)
                tab.viewport.moveFocus(forward: true)
            case .escape:
                webView.finishTyping(in: control.element)
            case .externalEditor(let text):
                webView.finishTyping(in: control.element)
                editTextarea(control, text: text)
            }
            setNeedsDisplay()
        })
    }

    /// A textarea in `$VISUAL`/`$EDITOR` (the terminal is handed over while
    /// it runs): the page sees it focused, its new text as one edit, and `change`.
    func editTextarea(_ control: PageControl, text: String? = nil) {
        guard let editor = ExternalEditor.command() else { return show(message: "Set $VISUAL or $EDITOR to edit in an editor") }
        let webView = tab.webView
        webView.focus(control.element)
        terminal.suspend()
        let result = ExternalEditor.edit(text ?? control.value, with: editor)
        terminal.resume()
        switch result {
        case .success(let text): webView.setValue(text, for: control.element)
        case .failure(let problem): show(message: problem.description, isError: true)
        }
        setNeedsDisplay()
    }

    func showPageInfo() {
        let webView = tab.webView
        var lines: [String] = []
        lines.append("Title:    \(webView.title ?? "(none)")")
        // The shown page's URL (`webView.url` names the one loading meanwhile).
        let pageURL = webView.backForwardList.currentItem?.url
        lines.append("URL:      \(pageURL?.displayHref ?? "(none)")")
        if let url = pageURL, url.displayHref != url.href { lines.append("          (\(url.href))") }
        lines.append("Type:     \(webView.response?.mimeType ?? "(unknown)")")
        lines.append("Encoding: \(webView.response?.textEncodingName ?? "(not given)")")
        let secure: String
        if pageURL?.scheme != "https" {
            secure = "no (not https)"
        } else if webView.hasOnlySecureContent {
            secure = "yes (https, certificate verified)"
        } else {
            secure = "not fully (certificate not verified, or the page asked for content over plain http)"
        }
        lines.append("Secure:   \(secure)")
        let page = tab.viewport.page
        lines.append("Lines:    \(page.lines.count), links: \(page.links.count), form controls: \(page.controls.count)")
        if let process = webView.webContentProcessIdentifier {
            lines.append("Process:  \(process) (sandboxed content process)")
        } else if webView.configuration.processModel == .contentProcess {
            lines.append("Process:  none (the page stopped, or nothing loaded)")
        }
        present(MessageBox(title: "Page information", message: lines.joined(separator: "\n")) { _ in })
    }

    func showHistory() {
        let list = tab.webView.backForwardList
        let items = list.backList + (list.currentItem.map { [$0] } ?? []) + list.forwardList
        guard !items.isEmpty else {
            show(message: "No history yet")
            return
        }
        let current = list.backList.count
        let labels = items.enumerated().map { index, item in
            (index == current ? "* " : "  ") + (item.title.isEmpty ? item.url.displayHref : "\(item.title) — \(item.url.displayHref)")
        }
        present(MenuBox(title: "History (Enter goes there)", items: labels, selected: current) { [unowned self] chosen in
            guard let index = chosen?.first, index != current else { return }
            _ = tab.webView.go(to: items[index])
        })
    }
}
