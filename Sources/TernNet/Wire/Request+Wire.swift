import TernSystem

/// A request crosses whole, its policy fields too; the receiving side still
/// applies its own rules to it (it came from the other process).
extension Request: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(url)
        encoder.encode(method)
        encoder.encode(headers)
        encoder.encode(body != nil)
        if let body { encoder.encode(bytes: body) }
        encoder.encode(Request.tag(of: cachePolicy))
        encoder.encode(timeoutInterval != nil)
        if let timeoutInterval { encoder.encode(timeoutInterval) }
        encoder.encode(handlesCookies)
        encoder.encode(initiator)
        encoder.encode(initiatorOrigin)
        encoder.encode(isTopLevelNavigation)
        encoder.encode(referrerPolicy?.rawValue)
        encoder.encode(headerValuesAreBytes)
        encoder.encode(redirectedFrom)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        let url = try decoder.decode(WebURL.self)
        let method = try decoder.decode(String.self)
        let headers = try decoder.decode(HTTPHeaders.self)
        let body = try decoder.decode(Bool.self) ? Array(try decoder.decodeBytes()) : nil
        let cachePolicy = try Request.cachePolicy(tag: try decoder.decode(UInt8.self))
        let timeout = try decoder.decode(Bool.self) ? try decoder.decode(Double.self) : nil
        if let timeout, !timeout.isFinite || timeout < 0 { throw .malformed("a timeout of \(timeout) s") }
        self.init(url: url, method: method, headers: headers, body: body, cachePolicy: cachePolicy, timeoutInterval: timeout)
        handlesCookies = try decoder.decode(Bool.self)
        initiator = try decoder.decodeOptional(WebURL.self)
        initiatorOrigin = try decoder.decodeOptional(String.self)
        isTopLevelNavigation = try decoder.decode(Bool.self)
        if let policy = try decoder.decodeOptional(String.self) {
            guard let known = ReferrerPolicy(rawValue: policy) else { throw .malformed("referrer policy \(policy.prefix(40))") }
            referrerPolicy = known
        }
        headerValuesAreBytes = try decoder.decode(Bool.self)
        redirectedFrom = try decoder.decodeArray(WebURL.self, minimumSize: 4, maximum: 64)
    }

    private static func tag(of policy: CachePolicy) -> UInt8 {
        switch policy {
        case .useProtocolCachePolicy: return 0
        case .reloadRevalidatingCacheData: return 1
        case .reloadIgnoringLocalCacheData: return 2
        case .returnCacheDataElseLoad: return 3
        case .returnCacheDataDontLoad: return 4
        }
    }

    private static func cachePolicy(tag: UInt8) throws(MessageError) -> CachePolicy {
        switch tag {
        case 0: return .useProtocolCachePolicy
        case 1: return .reloadRevalidatingCacheData
        case 2: return .reloadIgnoringLocalCacheData
        case 3: return .returnCacheDataElseLoad
        case 4: return .returnCacheDataDontLoad
        default: throw .malformed("cache policy \(tag)")
        }
    }
}

extension Response: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(url)
        encoder.encode(statusCode)
        encoder.encode(headers)
        encoder.encode(mimeType)
        encoder.encode(textEncodingName)
        encoder.encode(Int(expectedContentLength))
        encoder.encode(httpVersion)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        let url = try decoder.decode(WebURL.self)
        let status = try decoder.decode(Int.self)
        // RFC 9110 §15: a three-digit code (0 for a response that is not HTTP's).
        guard (0...999).contains(status) else { throw .malformed("status \(status)") }
        let headers = try decoder.decode(HTTPHeaders.self)
        let mimeType = try decoder.decodeOptional(String.self)
        let encoding = try decoder.decodeOptional(String.self)
        let length = try decoder.decode(Int.self)
        self.init(url: url, statusCode: status, headers: headers, mimeType: mimeType, textEncodingName: encoding,
                  expectedContentLength: Int64(max(-1, length)))
        httpVersion = try decoder.decodeOptional(String.self)
    }
}
