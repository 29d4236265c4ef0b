import TernSystem
import CCurl

/// Why a load failed, in words a person understands. HTTP 4xx and 5xx are not
/// errors: those pages are shown.
public enum NavigationError: Error, Hashable, CustomStringConvertible {
    case badURL(String)
    case unsupportedScheme(String)
    case cannotFindHost(String)
    case cannotConnect(host: String, reason: String)
    case timedOut
    case secureConnectionFailed(reason: String)
    /// The server's certificate could not be verified (unknown CA, self-signed, wrong host, expired).
    case serverCertificateUntrusted(ServerTrust)
    case tooManyRedirects(Int)
    case redirectToDisallowedScheme(String)
    case cancelled
    /// A navigation policy (decidePolicyFor…) stopped the load.
    case interruptedByPolicy
    case fileNotFound(String)
    case fileNotReadable(String)
    /// loadFileURL was asked for a file outside its allowed directory.
    case fileAccessDenied(String)
    case documentTooLarge(limit: Int64)
    /// The response's header block (or one of its lines) is longer than `limit` bytes.
    case responseHeaderTooLarge(limit: Int)
    case badContentEncoding(reason: String)
    case badServerResponse(reason: String)
    case connectionLost(reason: String)
    /// The request's cache policy (`returnCacheDataDontLoad`) allows only the
    /// cache, which holds no response for the URL (URLError's resourceUnavailable).
    case resourceUnavailable(String)
    case other(reason: String)

    public var description: String {
        switch self {
        case .badURL(let s): return "Not a valid URL: \(s)"
        case .unsupportedScheme(let s): return "Tern cannot open \(s): URLs"
        case .cannotFindHost(let h): return "Cannot find the server \(h) (DNS lookup failed)"
        case .cannotConnect(let h, let r): return "Cannot connect to \(h): \(r)"
        case .timedOut: return "The server took too long to respond"
        case .secureConnectionFailed(let r): return "Secure connection failed: \(r)"
        case .serverCertificateUntrusted(let t): return "The certificate of \(t.host) is not trusted: \(t.reason)"
        case .tooManyRedirects(let n): return "Too many redirects (more than \(n))"
        case .redirectToDisallowedScheme(let s): return "A web page may not redirect to a \(s): URL"
        case .cancelled: return "Cancelled"
        case .interruptedByPolicy: return "The load was stopped by a navigation policy"
        case .fileNotFound(let p): return "File not found: \(p)"
        case .fileNotReadable(let p): return "File not readable: \(p)"
        case .fileAccessDenied(let p): return "Access to \(p) is not allowed"
        case .documentTooLarge(let l): return "The document is larger than the limit of \(l) bytes"
        case .responseHeaderTooLarge(let l): return "The server's response header is too large (more than \(l) bytes)"
        case .badContentEncoding(let r): return "The server sent data Tern cannot decode: \(r)"
        case .badServerResponse(let r): return "The server sent a malformed response: \(r)"
        case .connectionLost(let r): return "The connection was lost: \(r)"
        case .resourceUnavailable(let u): return "\(u) is not in the cache, and this load may not use the network"
        case .other(let r): return r
        }
    }

    /// Maps a finished curl transfer's code once, at the boundary.
    /// `inHeader`: the transfer failed before the final response's header
    /// block was complete.
    static func fromCurl(_ code: CURLcode, host: String, port: Int, detail: String, verifyResult: Int = 0,
                         inHeader: Bool = false) -> NavigationError {
        let reason = detail.isEmpty ? Curl.easyStrerror(code) : detail
        // A header line longer than curl's buffer (CURL_MAX_HTTP_HEADER) fails
        // with "Out of memory" and no message up to curl 8.5, with
        // CURLE_TOO_LARGE (100) from 8.6; too many header bytes in all with
        // a receive error naming them.
        if inHeader && (code == CURLE_OUT_OF_MEMORY || code.rawValue == 100) {
            return .responseHeaderTooLarge(limit: Int(CURL_MAX_HTTP_HEADER))
        }
        if code == CURLE_RECV_ERROR, detail.hasPrefix("Too large response headers") {
            return .responseHeaderTooLarge(limit: 300 * 1024)
        }
        switch code {
        case CURLE_PEER_FAILED_VERIFICATION:
            let failure = ServerTrust.failure(verifyResult: verifyResult, message: reason)
            return .serverCertificateUntrusted(ServerTrust(host: host, port: port, reason: reason.trimmingCurlPrefix(), failure: failure))
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotFindHost(host)
        case CURLE_COULDNT_CONNECT: return .cannotConnect(host: host, reason: reason)
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            // Only trust exceptions are pinned: the server's key is not the one accepted.
            return .serverCertificateUntrusted(ServerTrust(host: host, port: port, reason: "the certificate changed since it was accepted",
                                                           failure: .changedSinceAccepted))
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE,
             CURLE_SSL_ISSUER_ERROR, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED:
            return .secureConnectionFailed(reason: reason)
        case CURLE_BAD_CONTENT_ENCODING: return .badContentEncoding(reason: reason)
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_HTTP2, CURLE_HTTP2_STREAM,
             CURLE_GOT_NOTHING, CURLE_HTTP3:
            return .badServerResponse(reason: reason)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .connectionLost(reason: reason)
        case CURLE_URL_MALFORMAT: return .badURL(reason)
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        default: return .other(reason: reason)
        }
    }
}

extension String {
    /// "SSL certificate problem: self-signed certificate" → "self-signed certificate".
    fileprivate func trimmingCurlPrefix() -> String {
        for prefix in ["SSL certificate problem: ", "SSL: "] where hasPrefix(prefix) {
            return String(dropFirst(prefix.count))
        }
        return self
    }
}

extension NavigationError {
    /// A local file's read error as a load's.
    public init(_ error: LocalFile.ReadError) {
        switch error {
        case .fileNotFound(let path): self = .fileNotFound(path)
        case .fileNotReadable(let path): self = .fileNotReadable(path)
        case .tooLarge(let limit): self = .documentTooLarge(limit: limit)
        }
    }
}
