/// A JavaScript `Date` once it has crossed into Swift as `Any`: WKWebView
/// hands over a Foundation `Date` there, and TernKit does without Foundation.
/// `Date(timeIntervalSince1970: value.timeIntervalSince1970)` makes the
/// Foundation one where it exists.
public struct ScriptDate: Hashable, CustomStringConvertible {
    /// Milliseconds since 1970 UTC, as JavaScript keeps time; NaN for an
    /// Invalid Date (a page's `new Date(NaN)`).
    public let millisecondsSince1970: Double

    public init(millisecondsSince1970: Double) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    public init(timeIntervalSince1970 seconds: Double) {
        millisecondsSince1970 = seconds * 1000
    }

    /// Seconds since 1970, as Foundation's `Date` counts them.
    public var timeIntervalSince1970: Double { millisecondsSince1970 / 1000 }

    public var description: String { "Date(\(millisecondsSince1970))" }
}
