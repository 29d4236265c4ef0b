extension WebURL {
    /// The URL without its user name and password: what goes on the wire
    /// (credentials from a URL are sent only in answer to a challenge).
    public var withoutCredentials: WebURL {
        guard !username.isEmpty || !password.isEmpty, !hasOpaquePath else { return self }
        return WebURL("\(scheme)://\(host)\(pathname)\(search)\(hash)") ?? self
    }
}
