import TernSystem

extension Credential: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(user)
        encoder.encode(password)
        encoder.encode(persistence == .forSession)
        encoder.encode(trust)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        let user = try decoder.decode(String.self)
        let password = try decoder.decode(String.self)
        let persistence: Persistence = try decoder.decode(Bool.self) ? .forSession : .none
        if let trust = try decoder.decodeOptional(ServerTrust.self) {
            self.init(trust: trust)
        } else {
            self.init(user: user, password: password, persistence: persistence)
        }
    }
}

extension Credential.Method: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(self == .digest)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        self = try decoder.decode(Bool.self) ? .digest : .basic
    }
}
