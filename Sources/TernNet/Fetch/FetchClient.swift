/// Fetch's "request's client", the environment a page's requests come from,
/// for the requests that are made below the embedder (XMLHttpRequest and
/// fetch in TernScript): the document's referrer policy, and where mixed
/// content is reported. TernKit's web view is the client of its page.
package protocol FetchClient: AnyObject {
    /// The document's referrer policy (its policy container's: the
    /// `Referrer-Policy` header, then `<meta name=referrer>`).
    var documentReferrerPolicy: ReferrerPolicy { get }
    /// A request of the document was blocked (or upgraded) as mixed content.
    func didEncounterMixedContent(_ url: WebURL, destination: MixedContent.Destination, blocked: Bool)
}
