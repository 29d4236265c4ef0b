/// One certificate of a server's chain, as a person checks it before
/// trusting a server: who it names, who vouches for it, when it is valid,
/// and the SHA-256 fingerprint to compare with one obtained another way.
public struct CertificateSummary: Hashable {
    /// The subject's distinguished name, as OpenSSL prints it ("CN = example.org").
    public let subject: String
    /// The issuer's distinguished name.
    public let issuer: String
    /// The start of validity, as OpenSSL prints it ("Jan  1 00:00:00 2020 GMT").
    public let notBefore: String
    /// The end of validity.
    public let notAfter: String
    /// SHA-256 of the DER encoding as uppercase hex pairs joined by colons
    /// (how browsers and `openssl x509 -fingerprint -sha256` show it).
    public let sha256Fingerprint: String
    /// The certificate's DER encoding.
    public let der: [UInt8]

    /// curl's pin of this certificate's public key ("sha256//BASE64" of the
    /// DER SubjectPublicKeyInfo, CURLOPT_PINNEDPUBLICKEY), or nil when the
    /// DER cannot be read. A trust exception holds only for this key.
    public var publicKeyPin: String? {
        CertificateSummary.subjectPublicKeyInfo(in: der).map { "sha256//" + Base64.encode(SHA256.hash($0)) }
    }

    public init(subject: String, issuer: String, notBefore: String, notAfter: String, der: [UInt8]) {
        self.subject = subject
        self.issuer = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.der = der
        let digits = Array("0123456789ABCDEF")
        sha256Fingerprint = SHA256.hash(der).map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined(separator: ":")
    }

    /// A certificate from the "Name:value" fields of curl's CURLINFO_CERTINFO.
    init?(curlFields: [String]) {
        var values: [String: String] = [:]
        for field in curlFields {
            guard let colon = field.firstIndex(of: ":") else { continue }
            let name = String(field[..<colon])
            if values[name] == nil { values[name] = String(field[field.index(after: colon)...]) }
        }
        guard let pem = values["Cert"], let der = CertificateSummary.der(fromPEM: pem) else { return nil }
        self.init(subject: values["Subject"] ?? "", issuer: values["Issuer"] ?? "",
                  notBefore: values["Start date"] ?? "", notAfter: values["Expire date"] ?? "", der: der)
    }

    /// The SubjectPublicKeyInfo element of a DER certificate: the seventh
    /// element of tbsCertificate when it has an explicit version, else the sixth.
    static func subjectPublicKeyInfo(in der: [UInt8]) -> [UInt8]? {
        /// (tag, start of content, end of element) of the element at `index`.
        func element(at index: Int) -> (tag: UInt8, content: Int, end: Int)? {
            guard index + 1 < der.count else { return nil }
            var length = Int(der[index + 1])
            var content = index + 2
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard count >= 1, count <= 4, content + count <= der.count else { return nil }
                length = der[content..<(content + count)].reduce(0) { $0 << 8 | Int($1) }
                content += count
            }
            guard content + length <= der.count else { return nil }
            return (der[index], content, content + length)
        }
        guard let certificate = element(at: 0), certificate.tag == 0x30,
              let tbs = element(at: certificate.content), tbs.tag == 0x30 else { return nil }
        var index = tbs.content
        var position = 0
        while index < tbs.end, let field = element(at: index) {
            if position == 0 && field.tag != 0xA0 { position = 1 }  // no explicit version
            if position == 6 { return field.tag == 0x30 ? Array(der[index..<field.end]) : nil }
            index = field.end
            position += 1
        }
        return nil
    }

    /// The bytes between a PEM block's BEGIN and END lines.
    static func der(fromPEM pem: String) -> [UInt8]? {
        let body = pem.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).filter { !$0.hasPrefix("-----") }.joined()
        return Base64.decodeForgiving(Array(body.utf8))
    }
}
