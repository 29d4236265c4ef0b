import TernNet

/// What a website data store holds for one site: its display name (the
/// registrable domain, such as `example.co.uk` for `www.example.co.uk`)
/// and the kinds of data kept for it, as WKWebsiteDataRecord.
public struct WebsiteDataRecord: Hashable {
    /// The registrable domain; a host that has none (an IP address, a
    /// public suffix, an unlisted name such as `localhost`) stands for
    /// itself, and local files are "file".
    public let displayName: String
    /// The kinds of data kept for the site.
    public let dataTypes: Set<WebsiteDataType>

    public init(displayName: String, dataTypes: Set<WebsiteDataType>) {
        self.displayName = displayName
        self.dataTypes = dataTypes
    }

    /// The display name a host's data is grouped under: the host with its
    /// public suffix (libpsl) and one label more.
    static func displayName(forHost host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix(".") { host.removeFirst() }
        if host.hasPrefix("[") || host.allSatisfy({ $0.isNumber || $0 == "." }) { return host }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        for index in labels.indices {
            // The first match from the left is the longest public suffix.
            if PublicSuffixList.isPublicSuffix(labels[index...].joined(separator: ".")) {
                return index == labels.startIndex ? host : labels[(index - 1)...].joined(separator: ".")
            }
        }
        return host
    }

    /// The display name of a URL's (or an origin's) data.
    static func displayName(for url: WebURL) -> String {
        url.hostname.isEmpty ? url.scheme : displayName(forHost: url.hostname)
    }
}
