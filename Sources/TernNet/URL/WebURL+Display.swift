extension WebURL {
    /// The host as it should be shown to a person: Unicode where each label
    /// is safe (see `HostDisplay`), else punycode as on the wire. For the
    /// status line, URL prompts and page information; never for requests.
    public var displayHost: String { HostDisplay.displayHost(hostname) }

    /// `href` with `displayHost` in place of the host.
    public var displayHref: String {
        let shown = displayHost
        guard shown != hostname, !hostname.isEmpty else { return href }
        var prefix = scheme + "://"
        if !username.isEmpty || !password.isEmpty {
            prefix += username + (password.isEmpty ? "" : ":" + password) + "@"
        }
        guard href.hasPrefix(prefix + hostname) else { return href }
        return prefix + shown + href.dropFirst(prefix.count + hostname.count)
    }

    /// The URL without its user name and password: what goes on the wire
    /// (credentials from a URL are sent only in answer to a challenge).
    public var withoutCredentials: WebURL {
        guard !username.isEmpty || !password.isEmpty, !hasOpaquePath else { return self }
        return WebURL("\(scheme)://\(host)\(pathname)\(search)\(hash)") ?? self
    }
}
