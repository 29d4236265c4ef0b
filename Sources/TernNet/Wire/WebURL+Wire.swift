import TernSystem

/// A URL crosses as its serialisation and is parsed again on the other side.
extension WebURL: WireCodable {
    package func encode(to encoder: inout MessageEncoder) { encoder.encode(href) }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        let href = try decoder.decode(String.self)
        guard let url = WebURL(href) else { throw .malformed("not a URL: \(href.prefix(80))") }
        self = url
    }
}

extension HTTPHeaders: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(UInt32(truncatingIfNeeded: fields.count))
        for field in fields {
            encoder.encode(field.name)
            encoder.encode(field.value)
        }
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        self.init()
        // Each field is at least two empty strings' counts.
        let count = try decoder.decodeCount(minimumSize: 8)
        for _ in 0..<count { add(try decoder.decode(String.self), try decoder.decode(String.self)) }
    }
}
