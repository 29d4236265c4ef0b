import TernSystem

extension CertificateSummary: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(subject)
        encoder.encode(issuer)
        encoder.encode(notBefore)
        encoder.encode(notAfter)
        encoder.encode(bytes: der)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        self.init(subject: try decoder.decode(String.self), issuer: try decoder.decode(String.self),
                  notBefore: try decoder.decode(String.self), notAfter: try decoder.decode(String.self),
                  der: Array(try decoder.decodeBytes()))
    }
}

extension ServerTrust: WireCodable {
    private static let failures: [Failure] = [.selfSigned, .expired, .notYetValid, .wrongHost, .unknownIssuer, .changedSinceAccepted, .other]

    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(host)
        encoder.encode(port)
        encoder.encode(reason)
        encoder.encode(UInt8(ServerTrust.failures.firstIndex(of: failure) ?? ServerTrust.failures.count - 1))
        encoder.encode(certificateChain)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        let host = try decoder.decode(String.self)
        let port = try decoder.decode(Int.self)
        guard (0...65535).contains(port) else { throw .malformed("port \(port)") }
        let reason = try decoder.decode(String.self)
        let tag = Int(try decoder.decode(UInt8.self))
        guard tag < ServerTrust.failures.count else { throw .malformed("trust failure \(tag)") }
        let chain = try decoder.decodeArray(CertificateSummary.self, minimumSize: 20, maximum: 32)
        self.init(host: host, port: port, reason: reason, failure: ServerTrust.failures[tag], certificateChain: chain)
    }
}

/// Each case a tag, then its fields.
extension NavigationError: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .badURL(let text): tagged(0, text, into: &encoder)
        case .unsupportedScheme(let text): tagged(1, text, into: &encoder)
        case .cannotFindHost(let text): tagged(2, text, into: &encoder)
        case .cannotConnect(let host, let reason):
            tagged(3, host, into: &encoder)
            encoder.encode(reason)
        case .timedOut: encoder.encode(UInt8(4))
        case .secureConnectionFailed(let reason): tagged(5, reason, into: &encoder)
        case .serverCertificateUntrusted(let trust):
            encoder.encode(UInt8(6))
            encoder.encode(trust)
        case .tooManyRedirects(let count):
            encoder.encode(UInt8(7))
            encoder.encode(count)
        case .redirectToDisallowedScheme(let text): tagged(8, text, into: &encoder)
        case .cancelled: encoder.encode(UInt8(9))
        case .interruptedByPolicy: encoder.encode(UInt8(10))
        case .fileNotFound(let text): tagged(11, text, into: &encoder)
        case .fileNotReadable(let text): tagged(12, text, into: &encoder)
        case .fileAccessDenied(let text): tagged(13, text, into: &encoder)
        case .documentTooLarge(let limit):
            encoder.encode(UInt8(14))
            encoder.encode(Int(limit))
        case .responseHeaderTooLarge(let limit):
            encoder.encode(UInt8(15))
            encoder.encode(limit)
        case .badContentEncoding(let reason): tagged(16, reason, into: &encoder)
        case .badServerResponse(let reason): tagged(17, reason, into: &encoder)
        case .connectionLost(let reason): tagged(18, reason, into: &encoder)
        case .resourceUnavailable(let text): tagged(19, text, into: &encoder)
        case .other(let reason): tagged(20, reason, into: &encoder)
        }
    }

    private func tagged(_ tag: UInt8, _ text: String, into encoder: inout MessageEncoder) {
        encoder.encode(tag)
        encoder.encode(text)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        let tag = try decoder.decode(UInt8.self)
        switch tag {
        case 0: self = .badURL(try decoder.decode(String.self))
        case 1: self = .unsupportedScheme(try decoder.decode(String.self))
        case 2: self = .cannotFindHost(try decoder.decode(String.self))
        case 3: self = .cannotConnect(host: try decoder.decode(String.self), reason: try decoder.decode(String.self))
        case 4: self = .timedOut
        case 5: self = .secureConnectionFailed(reason: try decoder.decode(String.self))
        case 6: self = .serverCertificateUntrusted(try decoder.decode(ServerTrust.self))
        case 7: self = .tooManyRedirects(try decoder.decode(Int.self))
        case 8: self = .redirectToDisallowedScheme(try decoder.decode(String.self))
        case 9: self = .cancelled
        case 10: self = .interruptedByPolicy
        case 11: self = .fileNotFound(try decoder.decode(String.self))
        case 12: self = .fileNotReadable(try decoder.decode(String.self))
        case 13: self = .fileAccessDenied(try decoder.decode(String.self))
        case 14: self = .documentTooLarge(limit: Int64(try decoder.decode(Int.self)))
        case 15: self = .responseHeaderTooLarge(limit: try decoder.decode(Int.self))
        case 16: self = .badContentEncoding(reason: try decoder.decode(String.self))
        case 17: self = .badServerResponse(reason: try decoder.decode(String.self))
        case 18: self = .connectionLost(reason: try decoder.decode(String.self))
        case 19: self = .resourceUnavailable(try decoder.decode(String.self))
        case 20: self = .other(reason: try decoder.decode(String.self))
        default: throw .malformed("navigation error \(tag)")
        }
    }
}
