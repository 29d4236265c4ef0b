/// W3C Mixed Content (Level 2): what a document delivered securely may load
/// over an insecure connection. Blockable content (scripts, XHR and fetch,
/// stylesheets, frames, workers) is blocked; upgradeable content (images,
/// audio, video) is fetched over https instead; top-level navigations go,
/// and a form submitted to an insecure URL is warned about.
package enum MixedContent {
    /// Fetch's request destination, as far as mixed content tells them apart.
    package enum Destination: String, Hashable, Sendable {
        /// XMLHttpRequest, fetch(), beacons: the empty string destination.
        case empty = ""
        case audio, document, font, frame, iframe, image, manifest, object, script, style, track, video, worker
    }

    /// §4.2 "Does settings prohibit mixed security contexts?": a document
    /// (its URL) whose origin is potentially trustworthy prohibits them.
    /// (Tern has no nested frames, so no parent to ask.)
    package static func prohibitsMixedSecurityContexts(_ document: WebURL?) -> Bool {
        document?.hasPotentiallyTrustworthyOrigin ?? false
    }

    /// §4.1 "Upgrade a mixed content request to a potentially trustworthy
    /// URL, if appropriate": an image, audio or video an https document asks
    /// of an http URL (not an IP address) goes to the https URL; nil when
    /// the request is left as it is.
    package static func upgrade(_ url: WebURL, destination: Destination, document: WebURL?) -> WebURL? {
        guard !url.isPotentiallyTrustworthy, prohibitsMixedSecurityContexts(document),
              [.image, .audio, .video].contains(destination), url.scheme == "http" else { return nil }
        switch url.urlHost {
        case .ipv4?, .ipv6?: return nil
        default: return WebURL("https" + url.href.dropFirst("http".count))
        }
    }

    /// §4.3 "Should fetching request be blocked as mixed content?" (and §4.4
    /// for a response's URL after redirects): blocked when the document
    /// prohibits mixed security contexts and the URL is not potentially
    /// trustworthy, unless the request is a top-level navigation.
    package static func shouldBlock(_ url: WebURL, destination: Destination, document: WebURL?,
                                   isTopLevelNavigation: Bool = false) -> Bool {
        guard prohibitsMixedSecurityContexts(document), !url.isPotentiallyTrustworthy else { return false }
        return !(destination == .document && isTopLevelNavigation)
    }

    /// Whether a form submitted from `document` to `action` sends its data
    /// in the clear from a secure page (Mixed Content §5: user agents warn).
    package static func isInsecureFormSubmission(action: WebURL, document: WebURL?) -> Bool {
        prohibitsMixedSecurityContexts(document) && !action.isPotentiallyTrustworthy
    }

    /// The console message for a blocked request (worded as browsers word it).
    package static func blockedMessage(_ url: WebURL, destination: Destination, document: WebURL?) -> String {
        let what = destination == .empty ? "resource" : destination.rawValue
        return "Mixed Content: The page at '\(document?.href ?? "")' was loaded over HTTPS, but requested an insecure "
            + "\(what) '\(url.href)'. This request has been blocked; the content must be served over HTTPS."
    }
}
