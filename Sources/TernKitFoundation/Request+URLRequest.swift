import TernKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// `urlRequest` as a TernKit request: its URL (nil when it has none or the
    /// URL Standard refuses it, see `WebURL.init(_: URL)`), `httpMethod`,
    /// `allHTTPHeaderFields` (sorted by name), `httpBody`, `cachePolicy` and
    /// `httpShouldHandleCookies`. Not carried: `timeoutInterval` (Foundation's
    /// is how long the transfer may sit idle, while `Request.timeoutInterval`
    /// caps the whole transfer; the loader's `lowSpeedTimeout` plays
    /// Foundation's part), `httpBodyStream`, `mainDocumentURL`,
    /// `networkServiceType`, `allowsCellularAccess` and the other
    /// network-path settings.
    public init?(_ urlRequest: URLRequest) {
        guard let foundationURL = urlRequest.url, let url = WebURL(foundationURL) else { return nil }
        var headers = HTTPHeaders()
        for (name, value) in (urlRequest.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name, value)
        }
        self.init(url: url, method: urlRequest.httpMethod ?? "GET", headers: headers,
                  body: urlRequest.httpBody.map { [UInt8]($0) }, cachePolicy: CachePolicy(urlRequest.cachePolicy))
        handlesCookies = urlRequest.httpShouldHandleCookies
    }
}

extension Request.CachePolicy {
    /// URLRequest's policy by the same name; Foundation's
    /// `reloadIgnoringLocalAndRemoteCacheData` is `reloadIgnoringLocalCacheData`
    /// (TernKit has no cache of its own between it and the server).
    public init(_ policy: URLRequest.CachePolicy) {
        switch policy {
        case .useProtocolCachePolicy: self = .useProtocolCachePolicy
        case .reloadIgnoringLocalCacheData, .reloadIgnoringLocalAndRemoteCacheData: self = .reloadIgnoringLocalCacheData
        case .returnCacheDataElseLoad: self = .returnCacheDataElseLoad
        case .returnCacheDataDontLoad: self = .returnCacheDataDontLoad
        case .reloadRevalidatingCacheData: self = .reloadRevalidatingCacheData
        @unknown default: self = .useProtocolCachePolicy
        }
    }
}
