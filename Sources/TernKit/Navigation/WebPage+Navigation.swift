import TernSystem
import TernNet
import TernDOM
#if canImport(Glibc)
import Glibc
#endif

/// The navigation state machine of ARCHITECTURE.md:
/// decidePolicy(action) → didStartProvisional → [redirects, challenges] →
/// decidePolicy(response) → didCommit → didFinish, with didFailProvisional
/// before commit and didFail after.
extension WebPage {
    func startNavigation(_ request: Request, type: NavigationType, substitute: SubstituteData? = nil,
                         targetItem: BackForwardListItem? = nil, fileAccess: String? = nil,
                         replacing: Bool = false, startedByPage: Bool = false, asDownload: Bool = false,
                         downloadName: String? = nil, activationSource: PageSession? = nil) -> Navigation {
        var request = request
        request.isTopLevelNavigation = true
        let navigation = Navigation(request: request, navigationType: type)
        // A new navigation cancels the one in progress, as in WebKit.
        cancelCurrentLoad(reporting: .cancelled)
        let load = PageLoad(navigation: navigation, request: request, substitute: substitute, targetItem: targetItem,
                            fileAccess: fileAccess, webPage: self)
        load.replacesCurrentItem = replacing
        load.startedByPage = startedByPage
        // A page's navigation counts the activation of the window that started it (the page's by default).
        load.activationSource = activationSource ?? session
        load.forceDownload = asDownload
        load.downloadName = downloadName
        // A page's navigation is not an API request: `url` stays the page's until it starts.
        load.isPendingAPIRequest = !startedByPage
        load.webpagePreferences = configuration.defaultWebpagePreferences
        currentLoad = load
        // As in WebKit, a requested load counts as loading from the call on.
        isLoading = true
        loop.post { [weak self] in self?.decideAction(for: load) }
        return navigation
    }

    /// Ends the current load, telling the delegate with `error` if it had started.
    func cancelCurrentLoad(reporting error: NavigationError) {
        guard let load = currentLoad else { return }
        let phase = load.phase
        load.stop()
        // Not `currentLoad = nil`: a load replacing a pending request shows
        // no step back to the page's URL and progress in between.
        navigationState.currentLoad = nil
        switch phase {
        case .deciding, .ended: break
        case .provisional, .committed: fail(load, phase: phase, error: error)
        }
    }

    private func fail(_ load: PageLoad, phase: PageLoad.Phase, error: NavigationError) {
        load.stop()
        if currentLoad === load { currentLoad = nil }
        // As WebKit, a failed load completes its progress: FrameLoader's
        // clearProvisionalLoad and checkLoadCompleteForThisFrame call
        // ProgressTracker::progressCompleted, and PageLoadState::didFinishProgress
        // sets 1.0 (kept until the next load starts).
        loadProgress = 1.0
        isLoading = false
        if phase == .committed {
            tellNavigationDelegate { $0.webView($1, didFail: load.navigation, withError: error) }
        } else {
            tellNavigationDelegate { $0.webView($1, didFailProvisionalNavigation: load.navigation, withError: error) }
        }
    }

    private func isCurrent(_ load: PageLoad) -> Bool {
        currentLoad === load && load.phase != .ended
    }

    // MARK: Action policy

    private func navigationAction(for request: Request, of load: PageLoad) -> NavigationAction {
        let frame = mainFrameInfo
        var action = NavigationAction(request: request, navigationType: load.navigation.navigationType, sourceFrame: frame,
                                      targetFrame: frame)
        action.isUserInitiated = load.isUserInitiated
        return action
    }

    /// Asks the delegate's `decidePolicyFor:preferences:` (which, not
    /// implemented, asks the plain one), offering the configuration's
    /// default preferences each time as WebKit does (a redirect to another
    /// site starts afresh); the preferences answered become the load's,
    /// for the page it commits.
    private func askActionPolicy(_ action: NavigationAction, of load: PageLoad,
                                 answer: @escaping (NavigationActionPolicy) -> Void) {
        let preferences = configuration.defaultWebpagePreferences
        let handler = DecisionHandler(name: "decidePolicyFor navigationAction",
                                      fallback: (NavigationActionPolicy.cancel, preferences)) { policy, chosen in
            load.webpagePreferences = chosen
            answer(policy)
        }
        if let navigationDelegate, let view {
            navigationDelegate.webView(view, decidePolicyFor: action, preferences: preferences) { handler.decide(($0, $1)) }
        } else {
            handler.decide((.allow, preferences))
        }
    }

    private func decideAction(for load: PageLoad) {
        guard isCurrent(load) else { return }
        // A script's navigation is the person's only within a key's transient
        // activation, used up here: one key, one such navigation (a page
        // cannot turn one key into a stream of downloads or program launches).
        if load.startedByPage { load.isUserInitiated = consumeUserActivation(load.activationSource) }
        askActionPolicy(navigationAction(for: load.request, of: load), of: load) { [weak self] policy in
            guard let self, self.isCurrent(load), load.phase == .deciding else { return }
            switch policy {
            case .cancel:
                load.phase = .ended
                self.currentLoad = nil
                self.isLoading = false
            case .allow:
                self.begin(load)
            case .download:
                load.forceDownload = true
                self.begin(load)
            }
        }
    }

    // MARK: Provisional

    private func begin(_ load: PageLoad) {
        // WebPageProxy::didStartProvisionalLoadForFrame: the pending API
        // request gives way to the provisional URL.
        load.phase = .provisional
        load.isPendingAPIRequest = false
        // WebKit's progress starts at 0.1 just before didStartProvisional
        // (PageLoadState::didStartProgress), straight from the last page's
        // 1.0 or the pending request's 0.1: no reset to 0 is seen.
        loadProgress = 0.1
        isLoading = true
        tellNavigationDelegate { $0.webView($1, didStartProvisionalNavigation: load.navigation) }
        guard isCurrent(load) else { return }

        if load.navigation.navigationType == .backForward, let item = load.targetItem,
           let entry = backForwardCache.take(documentID: item.documentID) {
            load.restored = entry
            loop.post { [weak self] in self?.restore(load) }
            return
        }
        if let substitute = load.substitute {
            loop.post { [weak self] in self?.deliver(substitute, url: load.request.url, to: load) }
            return
        }
        let url = load.request.url
        switch url.scheme {
        case "about":
            loop.post { [weak self] in self?.loadAboutPage(url, for: load) }
        case "file":
            guard let root = load.fileAccess, LocalPath.isAllowed(url.filePath, under: root) else {
                loop.post { [weak self] in self?.pageLoad(load, didCompleteWith: .fileAccessDenied(url.filePath)) }
                return
            }
            startResourceLoad(load)
        case "http", "https", "data":
            startResourceLoad(load)
        case let scheme:
            if let handler = configuration.urlSchemeHandler(forURLScheme: scheme), let view {
                let task = URLSchemeTask(request: load.request, client: load)
                load.schemeTask = task
                load.schemeHandler = handler
                handler.webView(view, start: task)
            } else {
                loop.post { [weak self] in self?.pageLoad(load, didCompleteWith: .unsupportedScheme(scheme)) }
            }
        }
    }

    private func startResourceLoad(_ load: PageLoad, credential: (Credential, Credential.Method)? = nil) {
        loader.configuration.userAgent = load.webpagePreferences.customUserAgent ?? userAgent
        load.response = nil
        load.body = []
        load.resourceLoad = loader.load(load.request, credential: credential, proxyCredential: load.proxyCredential,
                                        delegate: load)
    }

    private func deliver(_ substitute: SubstituteData, url: WebURL, to load: PageLoad) {
        guard isCurrent(load) else { return }
        pageLoad(load, didReceive: Response(url: url, mimeType: substitute.mimeType, textEncodingName: substitute.textEncodingName,
                                            expectedContentLength: Int64(substitute.bytes.count)))
        guard isCurrent(load) else { return }
        substitute.bytes.withUnsafeBytes { pageLoad(load, didReceive: $0) }
        pageLoad(load, didCompleteWith: nil)
    }

    private func loadAboutPage(_ url: WebURL, for load: PageLoad) {
        let name = url.pathname
        if name == "blank" {
            deliver(SubstituteData(bytes: [], mimeType: "text/html", textEncodingName: "utf-8"), url: url, to: load)
            return
        }
        let fromOwnForm = load.navigation.navigationType == .formSubmitted && pageURL?.scheme == "about"
            && pageURL?.pathname == "bookmarks"
        let page = aboutPageSource.map { $0(url, fromOwnForm) }
            ?? AboutPages.page(for: url, fromOwnForm: fromOwnForm, configuration: configuration)
        guard let page else {
            pageLoad(load, didCompleteWith: .unsupportedScheme("about:\(name)"))
            return
        }
        deliver(SubstituteData(bytes: page.bytes, mimeType: "text/html", textEncodingName: "utf-8"), url: page.url, to: load)
    }

    func pageLoad(_ load: PageLoad, willRedirectTo request: Request, decision: @escaping (Bool) -> Void) {
        guard isCurrent(load) else { return decision(false) }
        load.request = request
        updateLoadState()  // PageLoadState::didReceiveServerRedirectForProvisionalLoad
        tellNavigationDelegate { $0.webView($1, didReceiveServerRedirectForProvisionalNavigation: load.navigation) }
        guard isCurrent(load) else { return decision(false) }
        askActionPolicy(navigationAction(for: request, of: load), of: load) { [weak self] policy in
            guard let self, self.isCurrent(load) else { return decision(false) }
            // The next hop goes with the User-Agent chosen for it.
            self.loader.configuration.userAgent = load.webpagePreferences.customUserAgent ?? self.userAgent
            decision(policy != .cancel)
        }
    }

    // MARK: Response

    func pageLoad(_ load: PageLoad, didReceive response: Response) {
        guard isCurrent(load) else { return }
        load.response = response
        if response.statusCode == 401 || response.statusCode == 407,
           let space = ProtectionSpace.from(response: response, proxy: loader.configuration.proxyURL(for: load.request.url)) {
            answerChallenge(for: load, space: space, response: response)
            return
        }
        decideResponse(for: load, response: response)
    }

    private func answerChallenge(for load: PageLoad, space: ProtectionSpace, response: Response) {
        let retry: (Credential) -> Void = { [weak self] credential in
            guard let self else { return }
            load.authenticationFailures[space, default: 0] += 1
            if credential.persistence == .forSession { navigationState.sessionCredentials[space] = credential }
            load.resourceLoad?.cancel()
            // The 401's body may have arrived (or ended) while the person
            // typed: it is not the page.
            load.body = []
            load.bodyComplete = false
            load.receivedBodyCount = 0
            let answer = (credential, Credential.Method(space.authenticationMethod))
            if space.isProxy {
                load.proxyCredential = answer
                self.startResourceLoad(load)
            } else {
                self.startResourceLoad(load, credential: answer)
            }
        }
        if load.authenticationFailures[space, default: 0] == 0, let remembered = navigationState.sessionCredentials[space] {
            return retry(remembered)
        }
        let failures = load.authenticationFailures[space, default: 0]
        let url = load.request.url
        let proposed = space.isProxy || (url.username.isEmpty && url.password.isEmpty) ? nil
            : Credential(user: WebURL.percentDecoded(url.username), password: WebURL.percentDecoded(url.password))
        let challenge = AuthenticationChallenge(protectionSpace: space, previousFailureCount: failures,
                                                failureResponse: response, proposedCredential: proposed)
        ask(challenge, for: load) { [weak self] disposition, credential in
            guard let self else { return }
            switch (disposition, credential) {
            case (.useCredential, let credential?):
                retry(credential)
            case (.performDefaultHandling, _):
                // The URL's credentials, once, and never in the clear without the delegate's choice.
                if let proposed, failures == 0, space.receivesCredentialSecurely {
                    retry(proposed)
                } else {
                    self.decideResponse(for: load, response: response)
                }
            case (.useCredential, nil), (.rejectProtectionSpace, _):
                self.decideResponse(for: load, response: response)
            case (.cancelAuthenticationChallenge, _):
                self.fail(load, phase: load.phase, error: .cancelled)
            }
        }
    }

    /// An untrusted certificate: the delegate may proceed for this session
    /// (the load starts again without verification for that host and port).
    private func answerServerTrust(for load: PageLoad, trust: ServerTrust, error: NavigationError) {
        let challenge = AuthenticationChallenge(protectionSpace: .from(trust: trust), previousFailureCount: 0, failureResponse: nil)
        ask(challenge, for: load) { [weak self] disposition, credential in
            guard let self else { return }
            if disposition == .useCredential, let credential, credential.trust?.endpoint == trust.endpoint {
                self.loader.configuration.trustExceptions.insert(trust.endpoint)
                // The exception holds for the certificate shown, not for whatever comes next.
                self.loader.configuration.trustExceptionPins[trust.endpoint] = trust.certificateChain.first?.publicKeyPin
                self.startResourceLoad(load)
            } else {
                self.fail(load, phase: load.phase, error: disposition == .cancelAuthenticationChallenge ? .cancelled : error)
            }
        }
    }

    private func ask(_ challenge: AuthenticationChallenge, for load: PageLoad,
                     answer: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void) {
        let handler = DecisionHandler(name: "didReceive challenge",
                                      fallback: (AuthenticationChallenge.Disposition.performDefaultHandling, Credential?.none)) {
            [weak self] disposition, credential in
            guard let self, self.isCurrent(load) else { return }
            answer(disposition, credential)
        }
        if let navigationDelegate, let view {
            navigationDelegate.webView(view, didReceive: challenge) { handler.decide(($0, $1)) }
        } else {
            handler.decide((.performDefaultHandling, nil))
        }
    }

    private func decideResponse(for load: PageLoad, response: Response) {
        let navigationResponse = NavigationResponse(response: response, isForMainFrame: true,
                                                    canShowMIMEType: NavigationResponse.canShow(mimeType: response.mimeType))
        if load.forceDownload {
            return becomeDownload(load, navigationResponse)
        }
        let handler = DecisionHandler(name: "decidePolicyFor navigationResponse", fallback: NavigationResponsePolicy.cancel) {
            [weak self] policy in
            guard let self, self.isCurrent(load), !load.responseAllowed else { return }
            switch policy {
            case .cancel:
                self.fail(load, phase: .provisional, error: .interruptedByPolicy)
            case .download:
                self.becomeDownload(load, navigationResponse)
            case .allow:
                // The size cap is for documents held in memory (a download streams to disk).
                let limit = self.configuration.network.maximumBodySize
                if response.expectedContentLength > limit, response.headers["Content-Encoding"] == nil {
                    return self.fail(load, phase: .provisional, error: .documentTooLarge(limit: limit))
                }
                load.responseAllowed = true
                if !load.body.isEmpty || load.bodyComplete { self.commit(load) }
                if self.isCurrent(load), load.bodyComplete { self.finish(load) }
            }
        }
        if let navigationDelegate, let view {
            navigationDelegate.webView(view, decidePolicyFor: navigationResponse, decisionHandler: handler.closure)
        } else {
            handler.decide(navigationResponse.canShowMIMEType ? .allow : .cancel)
        }
    }

    private func becomeDownload(_ load: PageLoad, _ navigationResponse: NavigationResponse) {
        let resourceLoad = load.bodyComplete ? nil : load.resourceLoad
        load.resourceLoad = nil  // the download owns it now
        let download = Download(request: load.request, response: navigationResponse.response, load: resourceLoad,
                                buffered: load.body, loader: loader, loop: loop)
        download.isUserInitiated = load.isUserInitiated
        download.proposedFilename = load.downloadName
        tellNavigationDelegate { $0.webView($1, navigationResponse: navigationResponse, didBecome: download) }
        if isCurrent(load) { fail(load, phase: .provisional, error: .interruptedByPolicy) }
    }

    // MARK: Body

    func pageLoad(_ load: PageLoad, didReceive data: UnsafeRawBufferPointer) {
        guard isCurrent(load) else { return }
        load.receivedBodyCount += data.count
        // Once the parser has it, HTML need not be kept too unless the page keeps its source.
        if load.parser == nil || configuration.keepsPageSource { load.body.append(contentsOf: data) }
        guard load.responseAllowed else { return }
        if load.phase == .provisional {
            commit(load)  // feeds what arrived so far
        } else {
            feedParser(load, data)
        }
        updateProgress(load)
    }

    /// HTML is parsed as it arrives, so the first screen can be shown (and
    /// the title known) before the page has fully loaded.
    private func feedParser(_ load: PageLoad, _ data: UnsafeRawBufferPointer) {
        guard let parser = load.parser, isCurrent(load) else { return }
        // WebKit runs document-start user scripts once the document element
        // exists and before any other content: while they are pending, the
        // bytes are fed up to the end of the first start tag first.
        if scriptHost.documentStartScriptsPending, parser.document == nil,
           let end = Page.endOfFirstStartTag(in: data), end < data.count {
            parser.feed(UnsafeRawBufferPointer(rebasing: data[..<end]))
            scriptsDocumentMayExist()
            parser.feed(UnsafeRawBufferPointer(rebasing: data[end...]))
        } else {
            parser.feed(data)
        }
        scriptsDocumentMayExist()
        load.bytesSinceLayout += data.count
        let now = EventLoop.now()
        // Coarse incremental layout: at most every 64 KB or 100 ms.
        if load.bytesSinceLayout >= 65536 || now - load.lastLayoutTime >= 0.1 {
            load.bytesSinceLayout = 0
            load.lastLayoutTime = now
            documentDidChange()
        }
        if title?.isEmpty ?? true, load.receivedBodyCount <= 262_144, let found = parser.document?.title, !found.isEmpty {
            title = found
        }
    }

    private func updateProgress(_ load: PageLoad) {
        let received = Double(load.receivedBodyCount)
        let expected = Double(load.response?.expectedContentLength ?? -1)
        // Known length: proportional. Unknown: approaches 1 as bytes arrive.
        let fraction = expected > 0 ? min(1, received / expected) : received / (received + 65536)
        let value = 0.1 + 0.8 * fraction
        if value > loadProgress { loadProgress = value }
    }

    func pageLoad(_ load: PageLoad, didCompleteWith error: NavigationError?) {
        guard isCurrent(load) else { return }
        load.resourceLoad = nil
        if case .serverCertificateUntrusted(let trust)? = error, load.phase == .provisional {
            return answerServerTrust(for: load, trust: trust, error: error!)
        }
        if let error {
            return fail(load, phase: load.phase, error: error)
        }
        load.bodyComplete = true
        guard load.responseAllowed else { return }  // the response policy answer finishes it
        if load.phase == .provisional { commit(load) }
        if isCurrent(load) { finish(load) }
    }

    // MARK: Commit and finish

    private func commit(_ load: PageLoad) {
        guard let response = load.response else { return }
        leaveCurrentPage(for: load)
        guard isCurrent(load) else { return }
        // The page committed has its own session: a new one, or the one it had when it was left.
        session = load.restored?.session ?? PageSession(webPage: self)
        if load.restored == nil {
            session.webpagePreferences = load.webpagePreferences
            session.restoresFrameEntries = load.targetItem != nil
        }
        // The page's subresources and scripts go with its User-Agent.
        loader.configuration.userAgent = pageUserAgent
        load.phase = .committed
        if let item = load.targetItem, backForwardList.contains(item) {
            backForwardList.moveTo(item)
            // A restored document keeps its entries' URLs (pushState's too).
            if load.restored == nil { item.url = response.url }
        } else {
            let item = BackForwardListItem(url: response.url, initialURL: load.navigation.request.url, title: "",
                                           request: load.navigation.request, substituteData: load.substitute)
            if load.replacesCurrentItem { backForwardList.replaceCurrent(with: item) } else { backForwardList.push(item) }
        }
        if load.restored == nil { navigationState.nextDocumentID += 1 }
        backForwardList.currentItem?.documentID = load.restored?.documentID ?? navigationState.nextDocumentID
        backForwardCache.keepOnly(documentsOf: backForwardList)
        if load.request.url.scheme == "file", let root = load.fileAccess { navigationState.fileReadAccessRoot = root }
        if load.restored == nil {
            if Page.isHTML(response.mimeType) { load.parser = HTMLParser(charset: response.textEncodingName) }
            page = Page(response: response, bytes: [], document: load.parser?.document, title: "",
                        referrer: load.request.headers["Referer"] ?? "")
        }
        pageURL = load.restored == nil ? response.url : backForwardList.currentItem?.url ?? response.url
        title = ""
        hasOnlySecureContent = response.url.scheme == "https" && !loader.configuration.isInsecure
            && !loader.configuration.trustExceptions.contains("\(response.url.hostname):\(response.url.portNumber ?? 0)")
        updateBackForwardState()
        if countsAsVisit(load) { configuration.websiteDataStore.history.recordVisit(to: response.url) }
        tellNavigationDelegate { $0.webView($1, didCommit: load.navigation) }
        if isCurrent(load) {
            if load.restored == nil { scriptsDidCommitPage() } else { scriptWindow?.documentURL = pageURL }
            if let parser = load.parser { attachScriptRunner(to: parser, for: load) }
        }
        if !load.body.isEmpty { load.body.withUnsafeBytes { feedParser(load, $0) } }
        if load.parser != nil, !configuration.keepsPageSource { load.body = [] }
    }

    private func finish(_ load: PageLoad) {
        guard let response = load.response else { return }
        if let parser = load.parser {
            parser.finish()
            // A parsing-blocking script holds the rest of the input: the page finishes after it.
            guard parser.isComplete else {
                // What was parsed up to the script shows meanwhile.
                documentDidChange()
                if title?.isEmpty ?? true, let found = parser.document?.title, !found.isEmpty { title = found }
                parser.didComplete = { [weak self, weak load] in
                    self?.loop.post { [weak self, weak load] in
                        guard let self, let load, self.isCurrent(load) else { return }
                        self.finish(load)
                    }
                }
                return
            }
        }
        let document = load.parser?.finish() ?? Page.document(for: response, bytes: load.body)
        documentDidChange()
        page = Page(response: response, bytes: load.body, document: document, title: document?.title ?? "",
                    referrer: load.request.headers["Referer"] ?? "")
        scriptsDocumentMayExist()
        if let item = load.targetItem, [.backForward, .formResubmitted].contains(load.navigation.navigationType) {
            restoreControlStates(from: item, in: document)
        }
        // The page's style sheets start loading; the load event waits for them.
        session.styles.update(for: self)
        focusAutofocusCandidate()
        // Its frames load (those the parser met already are loading); the load event waits for them.
        syncFrames(of: document, in: nil)
        runScripts(of: document, for: load) { [weak self] in
            guard let self, self.isCurrent(load) else { return }
            load.scriptRunner = nil
            self.whenFramesLoaded(self.session.frames) { [weak self] in
                guard let self, self.isCurrent(load) else { return }
                self.session.styles.whenSheetsLoaded { [weak self] in
                    guard let self, self.isCurrent(load), let parsed = self.page else { return }
                    self.complete(load, with: parsed)
                }
            }
        }
    }

    /// Shows the page `load` took from the back/forward cache: no request,
    /// no script runs again; `pageshow` says it persisted.
    private func restore(_ load: PageLoad) {
        guard isCurrent(load), let entry = load.restored, let cached = entry.session.page else { return }
        load.response = cached.response
        load.responseAllowed = true
        commit(load)
        guard isCurrent(load) else { return }
        showRestoredPage()
        guard isCurrent(load) else { return }
        complete(load, with: cached)
    }

    private func complete(_ load: PageLoad, with finishedPage: Page) {
        load.phase = .ended
        currentLoad = nil
        var newPage = finishedPage
        // The title as the document has it now: the page's scripts may have
        // set document.title while it loaded (or, restored, since it was cached).
        if let document = newPage.document { newPage.title = document.title }
        page = newPage
        scriptsDocumentMayExist()
        documentDidChange()
        title = newPage.title
        if countsAsVisit(load), let pageURL { configuration.websiteDataStore.history.setTitle(newPage.title, for: pageURL) }
        backForwardList.currentItem?.title = newPage.title
        session.finishedLoading = true
        pruneInteractionState()
        loadProgress = 1.0
        isLoading = false
        tellNavigationDelegate { $0.webView($1, didFinish: load.navigation) }
    }
}

extension WebPage {
    /// Whether a navigation goes into the global history: a GET of an
    /// http, https or file page, other than a reload or a move back or forward.
    func countsAsVisit(_ load: PageLoad) -> Bool {
        guard configuration.recordsHistory, load.substitute == nil, load.request.method.uppercased() == "GET",
              let scheme = load.response?.url.scheme, ["http", "https", "file"].contains(scheme) else { return false }
        return ![.reload, .backForward, .formResubmitted].contains(load.navigation.navigationType)
    }
}

extension Page {
    static func isHTML(_ mimeType: String?) -> Bool {
        guard let mimeType else { return true }
        return mimeType == "text/html" || mimeType == "application/xhtml+xml"
    }

    /// The offset just past the `>` of the first start tag in `bytes`, when
    /// only a BOM, whitespace, a doctype, comments or processing
    /// instructions come before it; nil otherwise (text first, no tag in
    /// these bytes, or an encoding that is not ASCII-based).
    static func endOfFirstStartTag(in bytes: UnsafeRawBufferPointer) -> Int? {
        let n = bytes.count
        func at(_ k: Int, _ c: Unicode.Scalar) -> Bool { k < n && bytes[k] == UInt8(ascii: c) }
        var i = 0
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < n {
            let byte = bytes[i]
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { i += 1; continue }
            guard byte == UInt8(ascii: "<"), i + 1 < n else { return nil }
            let letter = bytes[i + 1] | 0x20
            if letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") {
                // The tag ends at the first `>` outside a quoted attribute value.
                var quote: UInt8 = 0
                for j in (i + 2)..<n {
                    let c = bytes[j]
                    if quote != 0 {
                        if c == quote { quote = 0 }
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: ">") {
                        return j + 1
                    }
                }
                return nil
            }
            guard at(i + 1, "!") || at(i + 1, "?") else { return nil }
            // A comment ends at `-->`, a doctype or processing instruction at `>`.
            let isComment = at(i + 2, "-") && at(i + 3, "-")
            var j = i + (isComment ? 4 : 2)
            while j < n, !(at(j, ">") && (!isComment || (at(j - 1, "-") && at(j - 2, "-")))) { j += 1 }
            i = j + 1
        }
        return nil
    }
}
