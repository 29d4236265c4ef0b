import TernScript
import TernNet
import TernCSS
import TernDOM

/// The style sheets of one page, collected from its document (`<style>`,
/// `<link rel=stylesheet>` with their `@import`s) and the user's, and the
/// style engine made of them.
///
/// Collected again whenever the document changed (a script added a
/// `<style>`, edited its text, toggled a link's `disabled`): elements seen
/// before keep their sheet (no new parse, no new fetch) while their text
/// and URL stay the same.
final class PageStyles {
    /// A sheet and the element that owns it (nil for the user's sheet and imports).
    struct Entry {
        let sheet: StyleSheet
        let ownerNode: Node?
    }

    /// The page's sheets in cascade order (CSSOM's `document.styleSheets` lists
    /// those with an owner node).
    private(set) var sheets: [Entry] = []
    /// Changes whenever the sheets that apply changed: one added or gone, one
    /// arrived, one's revision, `media` or `disabled` changed.
    private(set) var revision = 0

    /// Nested `@import`s deeper than this are not fetched.
    static let maximumImportDepth = 16
    /// Sheets one page fetches at most (links and imports together).
    static let maximumLoads = 256

    private weak var webPage: WebPage?
    /// The document revision last collected.
    private var collectedRevision: Int?
    /// What that collection depended on besides the document's content.
    private var collectedInputs: CollectionInputs?

    private struct CollectionInputs: Equatable {
        let document: ObjectIdentifier
        let pageURL: WebURL?
        let authorStyles: Bool
        let scripting: Bool
    }
    private var userSheet: (text: String, sheet: StyleSheet)?
    /// `<style>` elements: the text their sheet was parsed from, and what
    /// it took from the budget (no sheet: it did not fit).
    private var inlineSheets: [Node: InlineSheet] = [:]
    /// `<link>` elements: the URL fetched and, once it arrived, the sheet.
    private var linkedSheets: [Node: LinkedSheet] = [:]
    /// What `revision` was computed from, and the sheets it names.
    private var signature: [SheetState] = []
    private var sheetsByIdentity: [ObjectIdentifier: StyleSheet] = [:]
    private var loadsStarted = 0
    /// What the page's fetched sheets (its frames' too) may still hold.
    let budget = StyleSheetBudget()
    /// The `@import` rules fetched (or found not to be fetched) already.
    private var attemptedImports: [ImportRule] = []
    private var pendingLoads: [StyleSheetLoad] = []
    private var whenLoaded: [() -> Void] = []
    /// Whether each sheet names `:focus` (or `:focus-within`, `:focus-visible`),
    /// as of a revision: from its text when parsed, from its rules once changed.
    private var focusSheets: [ObjectIdentifier: (revision: Int, mentionsFocus: Bool)] = [:]

    private struct InlineSheet {
        let text: String
        let sheet: StyleSheet?
        let charge: StyleSheetBudget.Charge?
    }

    private final class LinkedSheet {
        let url: WebURL
        var sheet: StyleSheet?
        /// In the document's head when found: the first layout waits for it.
        let renderBlocking: Bool
        var loading = true
        init(url: WebURL, renderBlocking: Bool) {
            self.url = url
            self.renderBlocking = renderBlocking
        }
    }

    private struct SheetState: Equatable {
        let sheet: ObjectIdentifier
        let revision: Int
        let disabled: Bool
        let media: String?
    }

    deinit {
        for load in pendingLoads { load.cancel() }
    }

    // MARK: Collecting

    /// Collects the sheets of `webView`'s document if it changed since the
    /// last time, starting the fetches of new `<link>`s. Cheap when nothing
    /// changed, and when the document's style store heard every change
    /// since and none touched a `<style>`, `<link>` or `<base>` (a script
    /// toggling a class does not walk the document for its sheets).
    func update(for webPage: WebPage) {
        self.webPage = webPage
        var userSheetChanged = false
        if userSheet?.text != webPage.configuration.userStyleSheet {
            userSheet = webPage.configuration.userStyleSheet.map { text in
                (text, self.makeSheet(text: text, origin: .user, baseURL: nil))
            }
            if let sheet = userSheet?.sheet { fetchImports(of: sheet, encoding: "utf-8", depth: 1, ancestors: []) }
            userSheetChanged = true
        }
        if collectedRevision != webPage.documentRevision || userSheetChanged {
            let inputs = webPage.document.map {
                CollectionInputs(document: ObjectIdentifier($0), pageURL: webPage.pageURL,
                                 authorStyles: webPage.authorStyleSheetsEnabled, scripting: webPage.pageScriptsEnabled)
            }
            let heardEverything = collectedRevision != nil && !userSheetChanged && inputs != nil && inputs == collectedInputs
                && store.map { $0.document === webPage.document && $0.isObserving && !$0.sheetOwnersChanged } == true
            collectedRevision = webPage.documentRevision
            collectedInputs = inputs
            if !heardEverything {
                if let store, store.document === webPage.document { store.sheetOwnersChanged = false }
                collect(webPage)
            }
        }
        updateRevision()
    }

    /// HTML §4.2.6 / CSSOM §6.2 "document or shadow root CSS style sheets":
    /// the sheets of `<style>` and `<link rel=stylesheet>` elements in tree order.
    private func collect(_ webPage: WebPage) {
        var entries: [Entry] = userSheet.map { [Entry(sheet: $0.sheet, ownerNode: nil)] } ?? []
        guard let document = webPage.document, let root = document.node else {
            sheets = entries
            return
        }
        let scripting = webPage.pageScriptsEnabled
        // Relative URLs (a link's href, an inline sheet's imports) resolve against <base href>:
        // looked for (a walk of the whole document) only when a sheet needs it.
        lazy var base = webPage.documentBaseURL
        // `<style>`s gone or changed give their budget back first, for what replaces them.
        var released: Set<Node> = []
        for (node, old) in inlineSheets where !node.isConnected || node.textContent != old.text {
            if let charge = old.charge { budget.release(charge) }
            released.insert(node)
        }
        var seenInline: [Node: InlineSheet] = [:]
        var seenLinks: [Node: LinkedSheet] = [:]
        let (owners, head) = root.styleSheetOwners(scripting: scripting)
        for node in owners {
            if node.isElement("style") {
                if let inline = inlineSheet(node, documentURL: base) {
                    seenInline[node] = inline
                    if let sheet = inline.sheet { entries.append(Entry(sheet: sheet, ownerNode: node)) }
                }
            } else {
                let inHead = head.map { $0.contains(node) } ?? false
                if let linked = linkedSheet(node, base: base, webPage: webPage, renderBlocking: inHead) {
                    seenLinks[node] = linked
                    if let sheet = linked.sheet {
                        StyleSheetCache.shared.setMedia(node.attribute("media"), of: sheet)
                        entries.append(Entry(sheet: sheet, ownerNode: node))
                    }
                }
            }
        }
        // Any other `<style>` not kept as it was (out of the walk: its type changed, it moved into a template).
        for (node, old) in inlineSheets where !released.contains(node) && seenInline[node]?.text != old.text {
            if let charge = old.charge { budget.release(charge) }
        }
        inlineSheets = seenInline
        linkedSheets = seenLinks
        sheets = entries
    }

    /// The sheet of a `<style>` element whose type is CSS (HTML §4.2.6 "update a style block"),
    /// within the page's budget (a sheet that does not fit is dropped, with a console message).
    private func inlineSheet(_ node: Node, documentURL: WebURL?) -> InlineSheet? {
        if let type = node.attribute("type"), !type.isEmpty, type.lowercased() != "text/css" { return nil }
        let text = node.textContent
        let inline: InlineSheet
        if let known = inlineSheets[node], known.text == text {
            inline = known
        } else if let admitted = budget.admitCharged(text, parse: { makeSheet(text: $0, origin: .author, baseURL: documentURL?.href) }) {
            inline = InlineSheet(text: text, sheet: admitted.sheet, charge: admitted.charge)
        } else {
            webPage?.scriptHost.scriptConsoleMessage(ScriptContext.ConsoleMessage(
                level: "error", text: StyleSheetBudget.droppedMessage("<style>")))
            return InlineSheet(text: text, sheet: nil, charge: nil)
        }
        guard let sheet = inline.sheet else { return inline }
        fetchImports(of: sheet, encoding: webPage?.document?.characterSet ?? "utf-8", depth: 1,
                     ancestors: documentURL.map { [$0.href] } ?? [])
        StyleSheetCache.shared.setMedia(node.attribute("media"), of: sheet)
        return inline
    }

    /// The fetch of a `<link>` that is a style sheet (HTML §4.6.7.20 "link type
    /// stylesheet"): `rel` has `stylesheet` but not `alternate`, an `href`,
    /// no `disabled` attribute (such a link is not fetched), and no `type`
    /// other than text/css.
    private func linkedSheet(_ node: Node, base: WebURL?, webPage: WebPage, renderBlocking: Bool) -> LinkedSheet? {
        let rel = PageStyles.tokens(node.attribute("rel") ?? "")
        guard rel.contains("stylesheet"), !rel.contains("alternate"), !node.hasAttribute("disabled"),
              let href = node.attribute("href"), !href.isEmpty else { return nil }
        if let type = node.attribute("type"), !type.isEmpty,
           type.split(separator: ";").first.map({ String($0).trimmingSpaces().lowercased() }) != "text/css" { return nil }
        guard let url = base?.resolve(href) ?? WebURL(href) else { return nil }
        if let known = linkedSheets[node], known.url == url { return known }
        // With author styles off, nothing is fetched until they are turned on.
        guard webPage.authorStyleSheetsEnabled else { return nil }
        let linked = LinkedSheet(url: url, renderBlocking: renderBlocking)
        let policy = ReferrerPolicy.parse(attribute: node.attribute("referrerpolicy"))
        let started = fetch(url, referrer: nil, policy: policy, environmentEncoding: webPage.document?.characterSet ?? "utf-8",
                            origin: .author) { [weak self, weak linked] sheet, encoding in
            guard let self, let linked else { return }
            linked.loading = false
            linked.sheet = sheet
            if let sheet { self.fetchImports(of: sheet, encoding: encoding, depth: 1, ancestors: [url.href]) }
            self.sheetArrived()
        }
        if !started { linked.loading = false }
        return linked
    }

    /// Fetches the sheets `sheet` imports (CSS Cascade 4 §2.1) not tried
    /// yet, each within the depth and count caps; an import of a sheet in
    /// its own chain (a cycle) is not fetched.
    private func fetchImports(of sheet: StyleSheet, encoding: String, depth: Int, ancestors: [String]) {
        guard depth <= PageStyles.maximumImportDepth, sheet.origin != .author || webPage?.authorStyleSheetsEnabled == true else { return }
        for rule in sheet.imports where rule.sheet == nil && !attemptedImports.contains(where: { $0 === rule }) {
            attemptedImports.append(rule)
            // The URL as written, resolved against the importing sheet's location.
            let base = sheet.baseURL.flatMap { WebURL($0) }
            guard let url = base?.resolve(rule.url) ?? WebURL(rule.url),
                  !ancestors.contains(url.href) else { continue }
            fetch(url, referrer: base, policy: nil, environmentEncoding: encoding,
                  origin: sheet.origin) { [weak self, weak rule] imported, importedEncoding in
                guard let self, let rule, let imported else { self?.sheetArrived(); return }
                StyleSheetCache.shared.setMedia(rule.media, of: imported)
                rule.sheet = imported
                self.fetchImports(of: imported, encoding: importedEncoding, depth: depth + 1, ancestors: ancestors + [url.href])
                self.sheetArrived()
            }
        }
    }

    /// Starts fetching a sheet through the page's loader, as a subresource
    /// of the page: its cookies, HTTP cache, Referer (the document's, or the
    /// importing sheet's URL, under `policy` or the document's policy), mixed
    /// content blocked, `file:` only from a `file:` page (or the user's
    /// sheet). Answers false when it is not fetched at all.
    @discardableResult
    private func fetch(_ url: WebURL, referrer: WebURL?, policy: ReferrerPolicy?, environmentEncoding: String, origin: CSSOrigin,
                       completion: @escaping (StyleSheet?, String) -> Void) -> Bool {
        guard let webPage, loadsStarted < PageStyles.maximumLoads else { return false }
        let fileAllowed = origin == .user || webPage.pageURL?.scheme == "file"
        guard ["http", "https", "data"].contains(url.scheme) || (url.scheme == "file" && fileAllowed)
                || webPage.loader.customSchemes?.canLoad(scheme: url.scheme) == true,
              origin == .user || !webPage.blocksMixedContent(url, destination: .style) else { return false }
        var request = Request(url: url, headers: ["Accept": "text/css,*/*;q=0.1"])
        if origin == .user {
            request.referrerPolicy = .noReferrer
        } else if let referrer {
            request.initiator = webPage.pageURL
            ReferrerPolicy.apply(policy ?? webPage.documentReferrerPolicy, to: &request, document: referrer)
        } else {
            webPage.prepareDocumentRequest(&request, elementPolicy: policy)
        }
        loadsStarted += 1
        let load = StyleSheetLoad(request: request, loader: webPage.loader, environmentEncoding: environmentEncoding,
                                  budget: origin == .author ? budget : nil,
                                  mayRedirect: { [weak webPage] target in
                                      origin == .user || !(webPage?.blocksMixedContent(target, destination: .style) ?? true)
                                  }) { [weak self] load in
            guard let self else { return completion(nil, load.encoding) }
            self.pendingLoads.removeAll { $0 === load }
            if load.overBudget { self.reportOverBudget(load.finalURL) }
            let sheet = load.text.flatMap { self.budgetedSheet(text: $0, origin: origin, url: load.finalURL) }
            completion(sheet, load.encoding)
        }
        if !load.finished { pendingLoads.append(load) }
        return true
    }

    /// The sheet parsed from a fetched `text`, when its decoded bytes and
    /// its rules fit the page's budget (the user's sheets are not counted);
    /// else nil, and a console message.
    private func budgetedSheet(text: String, origin: CSSOrigin, url: WebURL) -> StyleSheet? {
        guard origin == .author else { return makeSheet(text: text, origin: origin, baseURL: url.href) }
        guard let sheet = budget.admit(text, parse: { makeSheet(text: $0, origin: origin, baseURL: url.href) }) else {
            reportOverBudget(url)
            return nil
        }
        return sheet
    }

    /// Says on the page's console that the sheet at `url` was dropped.
    private func reportOverBudget(_ url: WebURL) {
        let message = StyleSheetBudget.droppedMessage(url.href)
        webPage?.scriptHost.scriptConsoleMessage(ScriptContext.ConsoleMessage(level: "error", text: message))
    }

    /// A sheet arrived or failed: the page is styled again, and whoever
    /// waited for the sheets hears it once none is loading.
    private func sheetArrived() {
        // Not a change of the document: the sheets are collected again for it.
        collectedRevision = nil
        webPage?.documentDidChange()
        guard pendingLoads.isEmpty else { return }
        let waiting = whenLoaded
        whenLoaded = []
        for body in waiting { body() }
    }

    private func updateRevision() {
        var state: [SheetState] = []
        func add(_ sheet: StyleSheet) {
            sheetsByIdentity[ObjectIdentifier(sheet)] = sheet
            state.append(SheetState(sheet: ObjectIdentifier(sheet), revision: sheet.revision, disabled: sheet.disabled, media: sheet.media))
            for rule in sheet.imports { if let imported = rule.sheet { add(imported) } }
        }
        for entry in sheets { add(entry.sheet) }
        if state != signature {
            signature = state
            revision += 1
            let live = Set(state.map(\.sheet))
            sheetsByIdentity = sheetsByIdentity.filter { live.contains($0.key) }
            if focusSheets.count > 4 * live.count + 64 { focusSheets = focusSheets.filter { live.contains($0.key) } }
        }
    }

    // MARK: What layout and scripts read

    /// Whether the first layout must wait: a sheet linked from the head is loading.
    var isRenderBlocked: Bool {
        linkedSheets.values.contains { $0.renderBlocking && $0.loading }
    }

    /// HTML "has a style sheet that is blocking scripts": a sheet the
    /// document's `<link>`s asked for is still loading. A parser-inserted
    /// script waits for it (it may read the styles: `getComputedStyle`,
    /// geometry), as the sheets it could read are those above it.
    var isScriptBlocked: Bool {
        linkedSheets.values.contains { $0.loading }
    }

    /// Calls `body` once no sheet is loading (at once when none is).
    func whenSheetsLoaded(_ body: @escaping () -> Void) {
        if pendingLoads.isEmpty { body() } else { whenLoaded.append(body) }
    }

    /// The sheets layout applies: the user's, and the page's when author
    /// styles are on.
    func layoutSheets(authorStylesEnabled: Bool) -> [StyleSheet] {
        sheets.filter { authorStylesEnabled || $0.sheet.origin != .author }.map(\.sheet)
    }

    /// Whether the sheets may style the focused element differently (a
    /// `:focus` rule, or a sheet scripts changed): only then does a change
    /// of focus lay the page out again.
    var mayDependOnFocus: Bool {
        signature.contains { state in
            if let known = focusSheets[state.sheet], known.revision == state.revision { return known.mentionsFocus }
            guard let sheet = sheetsByIdentity[state.sheet] else { return false }
            let mentions = sheet.ruleTexts.contains { PageStyles.mentionsFocus($0) }
            focusSheets[state.sheet] = (state.revision, mentions)
            return mentions
        }
    }

    /// Parses (or finds in the cache) a sheet, noting whether it has a `:focus` rule.
    private func makeSheet(text: String, origin: CSSOrigin, baseURL: String?) -> StyleSheet {
        let sheet = StyleSheetCache.shared.sheet(text: text, origin: origin, baseURL: baseURL)
        focusSheets[ObjectIdentifier(sheet)] = (sheet.revision, PageStyles.mentionsFocus(text))
        return sheet
    }

    /// Whether `text` has ":focus" in any ASCII case (on bytes: a sheet can be megabytes).
    private static func mentionsFocus(_ text: String) -> Bool {
        let bytes = Array(text.utf8), word = Array("focus".utf8)
        var i = bytes.startIndex
        while let colon = bytes[i...].firstIndex(of: UInt8(ascii: ":")) {
            i = colon + 1
            guard bytes.count - i >= word.count else { return false }
            if word.indices.allSatisfy({ bytes[i + $0] | 0x20 == word[$0] }) { return true }
        }
        return false
    }

    /// `element`'s computed style (or its pseudo-element's), as of now.
    func computedStyle(of element: Node, pseudoElement: PseudoElement?, environment: MediaEnvironment,
                       in webPage: WebPage) -> CSSStyle? {
        // The web view is passed in: a script the parser runs may read styles
        // before the page was first laid out (which `update` also serves).
        guard element.isElement, element.isConnected else { return nil }
        update(for: webPage)
        return computedStyle(of: element, pseudoElement: pseudoElement, environment: environment,
                             sheets: layoutSheets(authorStylesEnabled: webPage.authorStyleSheetsEnabled), focus: webPage.focusedNode)
    }

    /// `element`'s computed style from `sheets` (a frame's document gives its
    /// own), through the document's `ElementStyleStore`: styles computed
    /// before are kept, and a change to the document, the sheets, the media
    /// environment or the focus restyles only what it can affect (issue 28).
    /// Scripts that read styles in a loop (jQuery's `.css()`, `:visible`)
    /// compute each element's once, and after a class toggle only what the
    /// class's rules reach.
    func computedStyle(of element: Node, pseudoElement: PseudoElement?, environment: MediaEnvironment, sheets: [StyleSheet],
                       focus: Node?) -> CSSStyle? {
        guard element.isElement, element.isConnected else { return nil }
        let store = self.store(for: element.document, sheets: sheets, environment: environment, focus: focus)
        store.update(sheets: sheets, environment: environment, focusedElement: focus)
        guard let pseudoElement else { return store.style(of: element) }
        return store.style(of: element, pseudoElement: pseudoElement)
    }

    /// The styles scripts read and layout keeps (`LayoutOptions.styleStore`),
    /// for the document they were read from.
    private(set) var store: ElementStyleStore?

    /// `document`'s store, watching it: the one kept, or a new one (made
    /// with these inputs; its user brings it up to date with its own).
    func store(for document: Document, sheets: [StyleSheet], environment: MediaEnvironment, focus: Node?) -> ElementStyleStore {
        if let known = store, known.document === document {
            known.observe()
            return known
        }
        let made = ElementStyleStore(document: document, sheets: sheets, environment: environment, focusedElement: focus)
        store = made
        return made
    }

    /// A script changed the document. Its computed styles follow through the
    /// store, which the document tells of each change; the `<style>`s and
    /// `<link>`s are collected again when next read if a change touched one
    /// (or the store does not watch the page's document).
    func documentDidChange() {
        if let store, store.isObserving, store.document === webPage?.document {
            guard store.sheetOwnersChanged else { return }
            store.sheetOwnersChanged = false
        }
        collectedRevision = nil
    }

    /// HTML's "split a string on ASCII whitespace", ASCII-lowercased.
    static func tokens(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            .map { $0.lowercased() }
    }
}
