import TernNet
import TernDOM
import TernScript

/// What the current document's requests carry of it (its referrer policy,
/// `Referer`, `Origin`) and the mixed content it met.
extension WebPage {
    /// The document's referrer policy (HTML's policy container): its
    /// response's `Referrer-Policy` header, then each valid
    /// `<meta name=referrer>` of the document in tree order (the last one
    /// wins); `strict-origin-when-cross-origin` without either.
    var documentReferrerPolicy: ReferrerPolicy {
        // Kept while the document is unchanged (a page's scripts each ask; a
        // change scripts made this turn counts at once).
        if !documentChangePending, let cached = session.referrerPolicyCache, cached.revision == documentRevision { return cached.policy }
        var policy = page.flatMap { ReferrerPolicy.parse(headers: $0.response.headers) } ?? .default
        if let root = document?.node {
            for meta in root.elements(named: "meta") where WebPage.isReferrerMetaName(meta.attribute("name")) {
                if let declared = ReferrerPolicy.parse(metaContent: meta.attribute("content")) { policy = declared }
            }
        }
        session.referrerPolicyCache = (documentRevision, policy)
        return policy
    }

    /// `name` is "referrer", ASCII case-insensitively.
    private static func isReferrerMetaName(_ name: String?) -> Bool {
        guard let name, name.utf8.count == 8 else { return false }
        return String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self) == "referrer"
    }

    /// Makes `request` one of this document's: its initiator, its referrer
    /// policy (`elementPolicy`, from a `referrerpolicy` attribute or
    /// `rel=noreferrer`, else the document's) and `Referer`, and, for a
    /// navigation other than GET and HEAD, its `Origin`.
    func prepareDocumentRequest(_ request: inout Request, elementPolicy: ReferrerPolicy? = nil, isNavigation: Bool = false) {
        request.initiator = pageURL
        request.initiatorOrigin = mainFrameInfo.securityOrigin
        ReferrerPolicy.apply(elementPolicy ?? documentReferrerPolicy, to: &request, document: pageURL)
        if isNavigation { OriginHeader.apply(to: &request) }
    }

    /// The referrer policy a hyperlink or form asks for: none with
    /// `rel=noreferrer`, else its `referrerpolicy` attribute (nil: the document's).
    static func elementReferrerPolicy(_ element: Node?) -> ReferrerPolicy? {
        guard let element else { return nil }
        if ReferrerPolicy.relIncludesNoReferrer(element.attribute("rel")) { return .noReferrer }
        return ReferrerPolicy.parse(attribute: element.attribute("referrerpolicy"))
    }

    /// Mixed content on this page: it no longer has only secure content,
    /// and the console says what was done about it.
    func reportMixedContent(level: String, _ message: String) {
        hasOnlySecureContent = false
        scriptHost.scriptConsoleMessage(ScriptContext.ConsoleMessage(level: level, text: message))
    }

    /// Mixed Content §4.3 for a subresource of this document: when it must
    /// be blocked, reports it and answers true. The schemes the embedder
    /// handles are configured as trustworthy (Secure Contexts §3.1 step 7).
    func blocksMixedContent(_ target: WebURL, destination: MixedContent.Destination) -> Bool {
        guard MixedContent.shouldBlock(target, destination: destination, document: pageURL),
              loader.customSchemes?.canLoad(scheme: target.scheme) != true else { return false }
        reportMixedContent(level: "error", MixedContent.blockedMessage(target, destination: destination, document: pageURL))
        return true
    }
}

extension PageScriptHost: FetchClient {
    var documentReferrerPolicy: ReferrerPolicy {
        webPage?.documentReferrerPolicy ?? .default
    }

    func didEncounterMixedContent(_ url: WebURL, destination: MixedContent.Destination, blocked: Bool) {
        guard let webPage else { return }
        if blocked {
            webPage.reportMixedContent(level: "error", MixedContent.blockedMessage(url, destination: destination, document: webPage.pageURL))
        } else {
            webPage.reportMixedContent(level: "warn", "Mixed Content: the insecure \(destination.rawValue) '\(url.href)' was requested over HTTPS instead")
        }
    }
}
