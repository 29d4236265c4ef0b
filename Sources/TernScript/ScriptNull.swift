/// JavaScript's `null` once it has crossed into Swift as `Any`: WKWebView
/// hands over `NSNull` there, and TernKit does without Foundation. A page's
/// `{a: null}` arrives as `["a": ScriptNull()]`, so `body["a"] is ScriptNull`
/// is the port of `body["a"] is NSNull`.
public struct ScriptNull: Hashable, CustomStringConvertible {
    public init() {}
    public var description: String { "null" }
}
