import TernNet
import TernDOM
import TernLayout
import TernCSS
import TernScript

/// The page's frame tree: finding `iframe`/`frame` elements, loading their
/// documents through the web view's loader and policies, their windows,
/// what layout shows of them, targets naming them and their history entries.
extension WebPage {
    /// Frames nested deeper than this are not loaded (Firefox's limit for
    /// content frames; Chromium has none below its frame count cap).
    static let maximumFrameDepth = 10
    /// Frames one page holds at most, all levels together (Chromium's cap
    /// is 1000; a terminal shows far fewer usefully).
    static let maximumFrameCount = 100

    /// Every frame of the page, depth first.
    var allFrames: [Frame] { Frame.all(session.frames) }

    /// The frame with `id`; nil for the main frame's 0 or a frame gone.
    func frame(withID id: Int) -> Frame? {
        allFrames.first { $0.id == id }
    }

    /// The frame whose document `document` is.
    func frame(showing document: Document?) -> Frame? {
        guard let document else { return nil }
        return allFrames.first { $0.document === document }
    }

    /// The frame an element holds.
    func frame(heldBy element: Node) -> Frame? {
        allFrames.first { $0.element == element }
    }

    /// The frame a target names (its window's `name`, which starts as its
    /// element's `name` and scripts may change), anywhere in the page tree.
    func frame(named name: String) -> Frame? {
        guard !name.isEmpty, !name.hasPrefix("_") else { return nil }
        return allFrames.first { ($0.window?.name ?? $0.name) == name && !$0.isDiscarded }
    }

    // MARK: Frame elements

    /// HTML "process the iframe attributes" / the `frame` element's "process
    /// the frame attributes", for every frame element of `document` (the
    /// main document when `parent` is nil): a new element gets a frame, a
    /// changed `src`/`srcdoc` navigates its frame, a removed element's frame
    /// is discarded. Run whenever the document changed (the parser went on,
    /// a script inserted or removed an element, changed an attribute).
    func syncFrames(of document: Document?, in parent: Frame?) {
        let previous = parent?.children ?? session.frames
        // Only a document that has frames, that the parser put frame elements
        // in, or that scripts may have changed can hold frames: no walk otherwise.
        let scriptsRan = parent.map { $0.window != nil } ?? (scriptWindow != nil)
        guard !previous.isEmpty || scriptsRan || document?.parserMadeFrameElements == true else { return }
        var elements: [Node] = []
        document?.node?.walk { node in
            if node.isElement("iframe") || node.isElement("frame") { elements.append(node) }
            return true
        }
        var kept: [Frame] = []
        var changed = false
        for element in elements.prefix(WebPage.maximumFrameCount * 2) {
            let key = WebPage.frameAttributeKey(element)
            if let frame = previous.first(where: { $0.element == element }) {
                kept.append(frame)
                if frame.attributeKey != key {
                    frame.attributeKey = key
                    changed = true
                    startFrame(frame, addsHistory: frame.loadedOnce)
                }
                continue
            }
            let frame = Frame(element: element, parent: parent, session: PageSession(webPage: self), attributeKey: key)
            frame.session.scriptHost.ownerFrame = frame
            // Its initial about:blank document has its parent's settings.
            frame.session.webpagePreferences = parentWebpagePreferences(of: frame)
            kept.append(frame)
            changed = true
            if parent != nil { parent?.children = kept } else { session.frames = kept }
            if frame.depth > WebPage.maximumFrameDepth {
                frameUnavailable(frame, "Not loaded: frames nest more than \(WebPage.maximumFrameDepth) deep")
            } else if allFrames.filter({ $0.hasBrowsingContext }).count > WebPage.maximumFrameCount {
                frameUnavailable(frame, "Not loaded: the page has more than \(WebPage.maximumFrameCount) frames")
            } else if session.restoresFrameEntries, !session.finishedLoading,
                      let entry = backForwardList.currentItem?.frameEntries[path(of: frame)] {
                loadFrame(frame, restoring: entry)
            } else {
                startFrame(frame, addsHistory: false)
            }
        }
        for frame in previous where !kept.contains(where: { $0 === frame }) {
            frame.discard()
            changed = true
        }
        if parent != nil { parent?.children = kept } else { session.frames = kept }
        guard changed else { return }
        // `window[i]` and the named properties follow the child frames.
        (parent.map(\.window) ?? scriptWindow)?.frameTreeDidChange()
        framesDidChange()
    }

    /// What navigates a frame element: its `srcdoc` (an iframe's; it wins
    /// over `src`) or its `src`.
    private static func frameAttributeKey(_ element: Node) -> String {
        if element.isElement("iframe"), let srcdoc = element.attribute("srcdoc") { return "srcdoc:" + srcdoc }
        return "src:" + (element.attribute("src") ?? "")
    }

    /// Navigates `frame` to what its element's attributes say: HTML "process
    /// the iframe attributes" (srcdoc, else src resolved against the
    /// parent's document, else about:blank).
    func startFrame(_ frame: Frame, addsHistory: Bool, restoring: FrameHistoryEntry? = nil) {
        let element = frame.element
        if element.isElement("iframe"), let srcdoc = element.attribute("srcdoc") {
            return navigateFrame(frame, to: WebURL("about:srcdoc"), srcdoc: srcdoc, type: .other, addsHistory: addsHistory,
                                 initiator: frame.parent, restoring: restoring)
        }
        let src = (element.attribute("src") ?? "").trimmingSpaces()
        // An empty src, or one that does not parse, shows about:blank.
        let base = frame.parent.map(frameBaseURL) ?? documentBaseURL
        let url = src.isEmpty ? nil : base?.resolve(src) ?? WebURL(src)
        navigateFrame(frame, to: url, type: .other, addsHistory: addsHistory, initiator: frame.parent, restoring: restoring)
    }

    /// HTML "navigate" for a child navigable: the load goes through the
    /// navigation delegate (its `targetFrame` not the main frame), mixed
    /// content blocking, the referrer policy, and the response policy; a
    /// document that would be a download, or is refused, is not shown.
    /// `addsHistory`: a navigation after the frame's first load adds an
    /// entry to the page's back/forward list (the joint session history);
    /// else the new document replaces the frame's entry. `restoring`: a
    /// traversal loads that entry's document again.
    func navigateFrame(_ frame: Frame, to url: WebURL?, srcdoc: String? = nil, type: NavigationType,
                       addsHistory: Bool, initiator: Frame?, userInitiated: Bool = false, formRequest: Request? = nil,
                       restoring: FrameHistoryEntry? = nil) {
        guard !frame.isDiscarded else { return }
        frame.stopLoading()
        frame.restoringEntry = restoring
        frame.state = .loading
        blockParentLoad(frame)
        let parentURL = frame.parent?.url ?? pageURL
        // about:blank is an empty html/head/body document (libxml2 makes no tree of no bytes).
        let empty = SubstituteData(bytes: Array("<html><head></head><body></body></html>".utf8), mimeType: "text/html",
                                   textEncodingName: "utf-8")
        if let srcdoc {
            // A srcdoc navigation completes on a later task (as Chromium's), unlike the
            // initial about:blank: a script after the element still sees its `load`.
            let data = SubstituteData(bytes: Array(srcdoc.utf8), mimeType: "text/html", textEncodingName: "utf-8")
            let key = frame.attributeKey
            loop.post { [weak self, weak frame] in
                guard let self, let frame, !frame.isDiscarded, frame.state == .loading, frame.load == nil,
                      frame.attributeKey == key else { return }
                self.deliverFrame(frame, url: WebURL("about:srcdoc")!, data, addsHistory: addsHistory)
            }
            return
        }
        guard let url, !(url.scheme == "about" && url.pathname == "blank") else {
            return deliverFrame(frame, url: url ?? WebURL("about:blank")!, empty, addsHistory: addsHistory)
        }
        if url.scheme == "javascript" {
            reportFrameMessage(frame, "A frame's javascript: URL is not run; the frame shows about:blank")
            return deliverFrame(frame, url: WebURL("about:blank")!, empty, addsHistory: addsHistory)
        }
        // A local file only from a local page, and only under the file-access root the main page was opened with.
        if url.scheme == "file" {
            guard parentURL?.scheme == "file", let root = navigationState.fileReadAccessRoot,
                  LocalPath.isAllowed(url.filePath, under: root) else {
                return frameUnavailable(frame, "Not allowed to load local resource: \(url.href)")
            }
        }
        guard WebPage.pageMayOpen(url, from: parentURL) else {
            return frameUnavailable(frame, "Not allowed to load Tern's own page: \(url.href)")
        }
        guard ["http", "https", "data", "file"].contains(url.scheme) || loader.customSchemes?.canLoad(scheme: url.scheme) == true else {
            return frameUnavailable(frame, "Not loaded: unsupported scheme \(url.scheme)")
        }
        // HTML "shared attribute processing steps for iframe and frame
        // elements": a frame does not load the URL of a document it is in.
        var ancestor = frame.parent
        var ancestorURLs = [pageURL?.withoutFragment.href]
        while let each = ancestor { ancestorURLs.append(each.url.withoutFragment.href); ancestor = each.parent }
        if ancestorURLs.contains(url.withoutFragment.href) {
            return frameUnavailable(frame, "Not loaded: a frame cannot show a page it is part of (\(url.href))")
        }
        let destination: MixedContent.Destination = frame.element.isElement("frame") ? .frame : .iframe
        if MixedContent.shouldBlock(url, destination: destination, document: parentURL) {
            return frameUnavailable(frame, MixedContent.blockedMessage(url, destination: destination, document: parentURL))
        }
        var request = formRequest ?? Request(url: url)
        // The referrer is the document that asked: the initiator's, else the parent's (the element's `src`).
        let referrerDocument = initiator?.url ?? (type == .other ? parentURL : pageURL)
        request.initiator = referrerDocument
        request.initiatorOrigin = documentOrigin(of: initiator ?? (type == .other ? frame.parent : nil))
        ReferrerPolicy.apply(WebPage.elementReferrerPolicy(frame.element) ?? documentReferrerPolicy, to: &request, document: referrerDocument)
        OriginHeader.apply(to: &request)  // Fetch "append a request Origin header": a form's POST into a frame
        let source = initiator?.info ?? mainFrameInfo
        var action = NavigationAction(request: request, navigationType: type, sourceFrame: source,
                                      targetFrame: frame.info)
        action.isUserInitiated = userInitiated
        // The delegate starts from the parent document's settings and may
        // change them for the frame's own document (a site's settings apply
        // to its documents in whatever frame: `allowsContentJavaScript`).
        let preferences = parentWebpagePreferences(of: frame)
        let handler = DecisionHandler(name: "decidePolicyFor navigationAction",
                                      fallback: (NavigationActionPolicy.cancel, preferences)) { [weak self, weak frame] policy, chosen in
            guard let self, let frame, !frame.isDiscarded, frame.state == .loading, frame.load == nil else { return }
            switch policy {
            case .allow: self.fetchFrame(frame, request, addsHistory: addsHistory, preferences: chosen)
            case .download: self.frameUnavailable(frame, "Not shown: \(url.href) is a download")
            case .cancel: self.frameUnavailable(frame, "Not loaded: the browser refused \(url.href)")
            }
        }
        if let navigationDelegate, let view {
            navigationDelegate.webView(view, decidePolicyFor: action, preferences: preferences) { handler.decide(($0, $1)) }
        } else {
            handler.decide((.allow, preferences))
        }
    }

    /// Loads the frame's document again (its `srcdoc` again for an `about:srcdoc` one).
    /// The entry stays, with its state (HTML "reload").
    func reloadFrame(_ frame: Frame) {
        if frame.url.href == "about:srcdoc" { return startFrame(frame, addsHistory: false, restoring: frame.entry) }
        navigateFrame(frame, to: frame.url, type: .reload, addsHistory: false, initiator: frame, restoring: frame.entry)
    }

    /// The URL a frame document's relative references resolve against (HTML
    /// "document base URL"): its first `<base href>`, else its URL, except
    /// that an `about:srcdoc` document's fallback is its parent document's base.
    func frameBaseURL(_ frame: Frame) -> WebURL {
        var fallback = frame.url
        if frame.url.href == "about:srcdoc" {
            fallback = frame.parent.map(frameBaseURL) ?? documentBaseURL ?? frame.url
        }
        let base = frame.document?.firstBase(with: "href")?.attribute("href")
        return base.flatMap { fallback.resolve($0.trimmingSpaces()) } ?? fallback
    }

    /// The origin of `frame`'s document, or of the main page's when nil.
    func documentOrigin(of frame: Frame?) -> String {
        frame?.origin ?? mainFrameInfo.securityOrigin
    }

    /// The main frame, as the API says it: its origin is its window's (set
    /// when the document was made) when it has one; else its URL's, which
    /// `pushState` cannot move to another origin.
    var mainFrameInfo: FrameInfo {
        FrameInfo(isMainFrame: true, request: pageURL.map { Request(url: $0) },
                  securityOrigin: scriptHost.window?.serializedOrigin ?? pageURL?.origin ?? "null")
    }

    /// The settings of the document holding `frame`: what a frame document
    /// starts from (and keeps when no navigation delegate is asked:
    /// `about:blank`, `about:srcdoc`).
    func parentWebpagePreferences(of frame: Frame) -> WebpagePreferences {
        frame.parent?.session.webpagePreferences ?? session.webpagePreferences
    }

    private func fetchFrame(_ frame: Frame, _ request: Request, addsHistory: Bool, preferences: WebpagePreferences) {
        let parentURL = frame.parent?.url ?? pageURL
        let destination: MixedContent.Destination = frame.element.isElement("frame") ? .frame : .iframe
        loader.configuration.userAgent = pageUserAgent
        weak var weakLoad: FrameLoad?
        let load = FrameLoad(limit: configuration.network.maximumBodySize, mayRedirect: { target in
            !(target.scheme == "file" && parentURL?.scheme != "file")
                && !MixedContent.shouldBlock(target, destination: destination, document: parentURL)
        }, completion: { [weak self, weak frame] response, body, error in
            guard let self, let frame, !frame.isDiscarded, frame.load === weakLoad else { return }
            frame.load = nil
            self.frameFetched(frame, response: response, body: body, error: error, addsHistory: addsHistory, preferences: preferences)
        })
        weakLoad = load
        frame.load = load
        load.resourceLoad = loader.load(request, delegate: load)
    }

    /// The frame's response has arrived whole: `decidePolicyFor navigationResponse` (not for the main frame).
    private func frameFetched(_ frame: Frame, response: Response?, body: [UInt8], error: NavigationError?, addsHistory: Bool,
                              preferences: WebpagePreferences) {
        if let error { return frameUnavailable(frame, "Not loaded: \(error)") }
        guard let response else { return frameUnavailable(frame, "Not loaded: no response") }
        let canShow = NavigationResponse.canShow(mimeType: response.mimeType)
        let navigationResponse = NavigationResponse(response: response, isForMainFrame: false, canShowMIMEType: canShow)
        let handler = DecisionHandler(name: "decidePolicyFor navigationResponse", fallback: NavigationResponsePolicy.cancel) {
            [weak self, weak frame] policy in
            guard let self, let frame, !frame.isDiscarded, frame.state == .loading else { return }
            switch policy {
            case .allow where canShow:
                self.deliverFrame(frame, url: response.url, nil, response: response, body: body, addsHistory: addsHistory,
                                  preferences: preferences)
            case .allow, .download:
                self.frameUnavailable(frame, "Not shown: \(response.url.href) is a download (\(response.mimeType ?? "no type"))")
            case .cancel:
                self.frameUnavailable(frame, "Not loaded: the browser refused the response of \(response.url.href)")
            }
        }
        if let navigationDelegate, let view {
            navigationDelegate.webView(view, decidePolicyFor: navigationResponse, decisionHandler: handler.closure)
        } else {
            handler.decide(canShow ? .allow : .cancel)
        }
    }

    /// The frame's new document: a session of its own, with `preferences`
    /// (its navigation's answer; the parent's when none was asked), parsed
    /// with its scripts run by a `PageScriptRunner` as the main page's are.
    private func deliverFrame(_ frame: Frame, url: WebURL, _ substitute: SubstituteData?, response given: Response? = nil,
                              body givenBody: [UInt8] = [], addsHistory: Bool, preferences: WebpagePreferences? = nil) {
        let response = given ?? Response(url: url, mimeType: substitute?.mimeType, textEncodingName: substitute?.textEncodingName,
                                         expectedContentLength: Int64(substitute?.bytes.count ?? 0))
        let body = substitute?.bytes ?? givenBody
        let session = PageSession(webPage: self)
        session.scriptHost.ownerFrame = frame
        session.webpagePreferences = preferences ?? parentWebpagePreferences(of: frame)
        frame.session = session
        // HTML "determine the creation sandboxing flags": the element's and its parent's.
        frame.sandbox = SandboxFlags(attribute: frame.element.attribute("sandbox")).union(frame.parent?.sandbox ?? .none)
        frame.documentCreated(at: url, parentOrigin: mainFrameInfo.securityOrigin)
        navigationState.nextDocumentID += 1
        let documentID = navigationState.nextDocumentID
        if let restoring = frame.restoringEntry {
            frame.restoringEntry = nil
            restoring.url = url
            restoring.documentID = documentID
            frame.entry = restoring
        } else if addsHistory {
            frame.entry = FrameHistoryEntry(url: url, documentID: documentID)
            recordFrameNavigation(frame)
        } else {
            frame.entry.url = url
            frame.entry.documentID = documentID
            frame.entry.stateObject = nil
        }
        if Page.isHTML(response.mimeType) {
            let parser = HTMLParser(charset: response.textEncodingName)
            frame.parser = parser
            if frame.scriptsEnabled(in: self) {
                let runner = PageScriptRunner(webPage: self, window: { [weak self, weak frame] in
                    guard let self, let frame else { return nil }
                    return try? self.frameScriptWindow(frame)
                }, parser: parser, pageURL: url, frame: frame)
                frame.runner = runner
                parser.scriptEnded = { [weak runner] node in runner?.parserReached(node) ?? false }
            }
            body.withUnsafeBytes { parser.feed($0) }
            _ = parser.finish()
            guard parser.isComplete else {
                parser.didComplete = { [weak self, weak frame] in
                    self?.loop.post { [weak self, weak frame] in
                        guard let self, let frame, !frame.isDiscarded, frame.parser === parser else { return }
                        self.finishFrame(frame, response: response, body: body)
                    }
                }
                return
            }
        }
        finishFrame(frame, response: response, body: body)
    }

    /// HTML "the end" for a frame's document: its deferred scripts,
    /// DOMContentLoaded, its own frames, its load event, then `load` at its element.
    private func finishFrame(_ frame: Frame, response: Response, body: [UInt8]) {
        let document = frame.parser?.finish() ?? Page.document(for: response, bytes: body)
        document?.urlFragment = WebPage.fragment(of: frame.url)
        frame.session.page = Page(response: response, bytes: [], document: document, title: document?.title ?? "", referrer: "")
        frame.parser = nil
        if let window = frame.window, window.document == nil, document != nil { _ = try? frameScriptWindow(frame) }
        frameDocumentDidChange(frame)
        let frameUserScripts = configuration.userContentController.userScripts.filter { !$0.isForMainFrameOnly }
        if configuration.preferences.javaScriptEnabled, frameUserScripts.contains(where: { $0.injectionTime == .atDocumentStart }) {
            _ = try? frameScriptWindow(frame)
        }
        let done: () -> Void = { [weak self, weak frame] in
            guard let self, let frame, !frame.isDiscarded else { return }
            self.whenFramesLoaded(frame.children) { [weak self, weak frame] in
                guard let self, let frame, !frame.isDiscarded, frame.state == .loading else { return }
                self.frameDidLoad(frame)
            }
        }
        if let runner = frame.runner { return runner.parserFinished(completion: done) }
        if configuration.preferences.javaScriptEnabled, frameUserScripts.contains(where: { $0.injectionTime == .atDocumentEnd }) {
            let runner = PageScriptRunner(webPage: self, window: { [weak self, weak frame] in
                guard let self, let frame else { return nil }
                return try? self.frameScriptWindow(frame)
            }, parser: nil, pageURL: frame.url, frame: frame)
            frame.runner = runner
            return runner.parserFinished(completion: done)
        }
        done()
    }

    /// The frame's document has loaded: `load` at its element (HTML "iframe
    /// load event steps"), then its parent's load event stops waiting for it.
    private func frameDidLoad(_ frame: Frame) {
        frame.runner = nil
        frame.loadedOnce = true
        let parentWindow = frame.parent.map(\.window) ?? scriptWindow
        parentWindow?.dispatchEvent("load", to: frame.element)
        frame.state = .loaded
        let blocked = frame.blockedRunner
        frame.blockedRunner = nil
        blocked?.loadBlockerDone()
        framesDidChange()
    }

    /// The frame shows no document: `reason` in the layout and the console.
    func frameUnavailable(_ frame: Frame, _ reason: String) {
        frame.stopLoading()
        frame.state = .unavailable(reason)
        reportFrameMessage(frame, reason)
        framesDidChange()
    }

    /// A console message about a frame, from its parent's document.
    func reportFrameMessage(_ frame: Frame, _ text: String) {
        let message = ScriptContext.ConsoleMessage(level: "error", text: text)
        (frame.parent?.session.scriptHost ?? scriptHost).scriptConsoleMessage(message)
    }

    /// The parent document's load event waits for the frame (HTML "delay the load event").
    private func blockParentLoad(_ frame: Frame) {
        let runner = frame.parent.map(\.runner) ?? currentLoad?.scriptRunner
        guard let runner, !runner.hasFinished else { return }
        runner.loadBlockerStarted()
        frame.blockedRunner = runner
    }

    /// Runs `body` once none of `frames` is loading.
    func whenFramesLoaded(_ frames: [Frame], _ body: @escaping () -> Void) {
        var waiting = frames.count
        guard waiting > 0 else { return body() }
        for frame in frames {
            frame.whenLoaded {
                waiting -= 1
                if waiting == 0 { body() }
            }
        }
    }

    /// A frame's document changed (parsed, scripts): its own frames are
    /// looked at again and the page's layout goes out of date.
    func frameDocumentDidChange(_ frame: Frame) {
        guard !frame.isDiscarded else { return }
        frame.revision += 1
        syncFrames(of: frame.document, in: frame)
        framesDidChange()
    }

    /// Scripts changed the frame's document: it is looked at once, on the
    /// next turn of the loop, however many changes the turn made (and never
    /// inside the script: a `load` listener changing its frame's `src` does
    /// not recurse).
    func scheduleFrameDocumentChange(_ frame: Frame) {
        guard !frame.documentChangePending else { return }
        frame.documentChangePending = true
        loop.post { [weak self, weak frame] in
            guard let self, let frame else { return }
            frame.documentChangePending = false
            self.frameDocumentDidChange(frame)
        }
    }

    /// The page's layout depends on its frames: it is made again on the next turn.
    func framesDidChange() {
        session.framesRevision += 1
        scheduleDocumentChange()
    }

    // MARK: Windows

    /// The frame's window, made now if needed (`contentWindow` exists for
    /// every frame with a browsing context, scripts or not). It shares its
    /// parent's engine group; sandboxed without `allow-same-origin`, its
    /// origin is opaque before any script runs.
    func frameScriptWindow(_ frame: Frame) throws -> ScriptWindow {
        let host = frame.session.scriptHost
        if let window = host.window {
            if window.document == nil, let document = frame.document {
                window.attach(document: document)
                runFrameDocumentStartScripts(in: window)
            }
            return window
        }
        guard !frame.isDiscarded else { throw ScriptError.engineUnavailable("the frame is gone") }
        let parentWindow = try frame.parent.map(frameScriptWindow) ?? pageScriptWindow()
        let window = try makeWindow(host: host, documentURL: frame.url, sharingEngineWith: parentWindow)
        window.hasOpaqueOrigin = frame.sandbox.origin
        host.window = window
        if let document = frame.document {
            window.attach(document: document)
            runFrameDocumentStartScripts(in: window)
        }
        return window
    }

    /// The document-start user scripts that are not for the main frame only.
    private func runFrameDocumentStartScripts(in window: ScriptWindow) {
        for script in configuration.userContentController.userScripts
        where script.injectionTime == .atDocumentStart && !script.isForMainFrameOnly {
            window.run(script.source, sourceURL: "user-script")
        }
    }

    // MARK: Layout

    /// Sheets one frame fetches at most.
    static let maximumFrameSheetLoads = 32

    /// The style sheets of a frame's document, in tree order: the user's,
    /// its `<style>` elements and its `<link rel=stylesheet>` sheets (HTML
    /// §4.2.4; fetched through the page's loader as subresources of the
    /// frame, mixed content blocked; their `@import`s are not followed). A
    /// sheet arriving lays the page out again.
    func frameStyleSheets(_ frame: Frame) -> [StyleSheet] {
        frameStyleSheetEntries(frame).map(\.sheet)
    }

    /// The same with the element each sheet belongs to (nil for the user's), for `document.styleSheets`.
    func frameStyleSheetEntries(_ frame: Frame) -> [(sheet: StyleSheet, ownerNode: Node?)] {
        if let cached = frame.sheetCache, cached.revision == frame.revision { return cached.sheets }
        var sheets: [(sheet: StyleSheet, ownerNode: Node?)] = []
        if let user = configuration.userStyleSheet { sheets.append((StyleSheetCache.shared.sheet(text: user, origin: .user, baseURL: nil), nil)) }
        if authorStyleSheetsEnabled, let root = frame.document?.node {
            root.walk { node in
                guard node.isElement else { return true }
                if node.isElement("style") {
                    sheets.append((StyleSheetCache.shared.sheet(text: node.textContent, origin: .author, baseURL: frame.url.href), node))
                    return false
                }
                if node.isElement("link"), !node.hasAttribute("disabled"),
                   let rel = node.attribute("rel")?.lowercased().split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }),
                   rel.contains("stylesheet"), !rel.contains("alternate"),
                   let href = node.attribute("href")?.trimmingSpaces(), !href.isEmpty, let url = frameBaseURL(frame).resolve(href) {
                    if let sheet = frame.linkedSheets[url.href]?.sheet {
                        sheets.append((sheet, node))
                    } else if frame.linkedSheets[url.href] == nil {
                        fetchFrameSheet(url, for: frame)
                    }
                }
                return true
            }
        }
        frame.sheetCache = (frame.revision, sheets)
        return sheets
    }

    /// `element`'s computed style in a frame's document (CSSOM
    /// getComputedStyle), from the frame's own sheets.
    func frameComputedStyle(of element: Node, pseudoElement: PseudoElement?, environment: MediaEnvironment,
                            in frame: Frame) -> CSSStyle? {
        guard element.document === frame.document else { return nil }
        return frame.session.styles.computedStyle(of: element, pseudoElement: pseudoElement, environment: environment,
                                                  sheets: frameStyleSheets(frame), focus: nil)
    }

    private func fetchFrameSheet(_ url: WebURL, for frame: Frame) {
        guard frame.linkedSheets.count < WebPage.maximumFrameSheetLoads,
              ["http", "https", "data"].contains(url.scheme) || loader.customSchemes?.canLoad(scheme: url.scheme) == true,
              !MixedContent.shouldBlock(url, destination: .style, document: frame.url) else {
            frame.linkedSheets[url.href] = (nil, nil)
            return
        }
        var request = Request(url: url, headers: ["Accept": "text/css,*/*;q=0.1"])
        request.initiator = frame.url
        request.initiatorOrigin = frame.origin
        ReferrerPolicy.apply(documentReferrerPolicy, to: &request, document: frame.url)
        let documentURL = frame.url
        frame.linkedSheets[url.href] = (nil, nil)
        // A frame's sheets count in the page's budget (issue 27 item 6).
        let budget = session.styles.budget
        let load = StyleSheetLoad(request: request, loader: loader, environmentEncoding: frame.document?.characterSet ?? "utf-8",
                                  budget: budget,
                                  mayRedirect: { !MixedContent.shouldBlock($0, destination: .style, document: documentURL) }) {
            [weak self, weak frame] load in
            guard let self, let frame, !frame.isDiscarded, frame.url == documentURL else { return }
            let sheet = load.text.flatMap {
                budget.admit($0) { StyleSheetCache.shared.sheet(text: $0, origin: .author, baseURL: load.finalURL.href) }
            }
            if load.overBudget || (load.text != nil && sheet == nil) {
                self.scriptHost.scriptConsoleMessage(ScriptContext.ConsoleMessage(level: "error",
                                                                                  text: StyleSheetBudget.droppedMessage(load.finalURL.href)))
            }
            frame.linkedSheets[url.href] = (nil, sheet)
            frame.revision += 1
            self.framesDidChange()
        }
        if !load.finished, frame.linkedSheets[url.href]?.sheet == nil { frame.linkedSheets[url.href] = (load, nil) }
    }

    /// What layout shows for a frame element of the page or of one of its frames.
    func frameContent(for element: Node) -> FrameContent? {
        guard let frame = frame(heldBy: element) else { return nil }
        if case .unavailable(let reason) = frame.state { return .unavailable(reason: reason) }
        guard let document = frame.document else { return nil }
        let title = document.title.trimmingSpaces()
        let resolver = WebURL.HrefResolver(base: frameBaseURL(frame))
        // An about:srcdoc document without a title: layout shows the element's title or name.
        let fallback = frame.url.href == "about:srcdoc" ? "" : frame.url.href
        return .document(FrameDocument(document: document, title: title.isEmpty ? fallback : title,
                                       styleSheets: frameStyleSheets(frame),
                                       resolveURL: { resolver.resolveHref($0) ?? $0 }, scriptingEnabled: frame.scriptsEnabled(in: self)))
    }
}
