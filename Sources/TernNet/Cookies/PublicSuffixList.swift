import CLibPSL

/// The public suffix list (libpsl): no cookie may be set for a public suffix
/// such as `co.uk` or `github.io`.
package enum PublicSuffixList {
    /// The newest list on the machine (Debian's publicsuffix package), else
    /// the one built into libpsl.
    private static let context: OpaquePointer? = {
        if let latest = psl_latest(nil) { return latest }
        return psl_builtin()
    }()

    /// Whether `domain` (lower-case, ASCII) is a public suffix.
    package static func isPublicSuffix(_ domain: String) -> Bool {
        guard let context else { return false }
        return psl_is_public_suffix2(context, domain, PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE) != 0
    }
}

extension PublicSuffixList {
    /// The registrable domain of `host` ("www.example.co.uk" → "example.co.uk"),
    /// or nil when it has none (a public suffix itself, an empty host).
    package static func registrableDomain(_ host: String) -> String? {
        guard let context else { return nil }
        // libpsl answers a pointer into its argument: read it while the C string lives.
        return host.withCString { input in psl_registrable_domain(context, input).map { String(cString: $0) } }
    }
}
