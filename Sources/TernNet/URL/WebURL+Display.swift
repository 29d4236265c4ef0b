extension WebURL {
    /// The host as it should be shown to a person: Unicode where each label
    /// is safe (see `IDNDisplayPolicy`), else punycode as on the wire. For the
    /// status line, URL prompts and page information; never for requests.
    public var displayHost: String { IDNDisplayPolicy.displayHost(hostname) }

    /// `href` as a person should see it: `displayHost` in place of the host,
    /// and without user name and password (a password does not belong on
    /// screen, and `http://bank.example@evil.example/` must read as evil.example).
    public var displayHref: String {
        let plain = withoutCredentials
        let shown = plain.displayHost
        let prefix = plain.scheme + "://"
        guard shown != plain.hostname, !plain.hostname.isEmpty, plain.href.hasPrefix(prefix + plain.hostname) else { return plain.href }
        return prefix + shown + plain.href.dropFirst(prefix.count + plain.hostname.count)
    }

    /// The URL without its user name and password: what goes on the wire
    /// (credentials from a URL are sent only in answer to a challenge).
    public var withoutCredentials: WebURL {
        guard !username.isEmpty || !password.isEmpty, !hasOpaquePath else { return self }
        return WebURL("\(scheme)://\(host)\(pathname)\(search)\(hash)") ?? self
    }
}
