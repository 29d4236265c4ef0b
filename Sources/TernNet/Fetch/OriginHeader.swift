/// Fetch's "append a request `Origin` header" for requests whose mode is not
/// "cors" (navigations, form submissions): GET and HEAD send none; other
/// methods send the serialized origin of the document that made the
/// request, or `null` where its origin is opaque, where a redirect made it
/// so, or where the referrer policy asks it.
package enum OriginHeader {
    /// The `Origin` value for a non-CORS request from the document at
    /// `initiator` (nil: the person or the embedder made it, no header),
    /// whose origin is `initiatorOrigin` (nil: the initiator URL's), to
    /// `urlList` (each URL the request went to, the current one last).
    package static func value(method: String, initiator: WebURL?, initiatorOrigin: String? = nil, urlList: [WebURL],
                             policy: ReferrerPolicy) -> String? {
        let method = method.uppercased()
        guard let initiator, let current = urlList.last, method != "GET", method != "HEAD" else { return nil }
        let origin = initiatorOrigin ?? initiator.origin
        // "Serializing a request origin": null unless the redirect-taint is "same-origin".
        let serialized = isRedirectTaintSameOrigin(origin: origin, urlList: urlList) ? origin : "null"
        return applying(policy, to: serialized, origin: origin, requestURL: current)
    }

    /// Step 4 of "append a request `Origin` header": what the referrer
    /// policy leaves of `serialized` (the request's origin, `origin`, or
    /// "null") for a request to `requestURL`.
    package static func applying(_ policy: ReferrerPolicy, to serialized: String, origin: String, requestURL: WebURL) -> String {
        switch policy {
        case .noReferrer:
            return "null"
        case .noReferrerWhenDowngrade, .strictOrigin, .strictOriginWhenCrossOrigin:
            return origin.hasPrefix("https://") && requestURL.scheme != "https" ? "null" : serialized
        case .sameOrigin:
            return origin != "null" && origin == requestURL.origin ? serialized : "null"
        case .origin, .originWhenCrossOrigin, .unsafeURL:
            return serialized
        }
    }

    /// Sets (or removes) `request`'s `Origin` for its current URL: the
    /// initiator is its document, the URL list its redirects and its URL.
    package static func apply(to request: inout Request) {
        request.headers["Origin"] = value(method: request.method, initiator: request.initiator, initiatorOrigin: request.initiatorOrigin,
                                          urlList: request.redirectedFrom + [request.url],
                                          policy: request.referrerPolicy ?? .default)
    }

    /// Fetch's request "redirect-taint" is "same-origin": every hop of the
    /// URL list stayed same origin with the hop before it, or with the
    /// request's origin.
    static func isRedirectTaintSameOrigin(origin: String, urlList: [WebURL]) -> Bool {
        zip(urlList, urlList.dropFirst()).allSatisfy { last, url in
            WebURL.isSameOrigin(url, last) || FetchRequestState.isSameOrigin(origin, last.origin)
        }
    }
}
