/// Per-web-view behaviour switches.
public struct Preferences {
    /// Whether pages run JavaScript. Default true.
    public var javaScriptEnabled = true
    /// Whether scripts may open windows without a user gesture. Default false.
    public var javaScriptCanOpenWindowsAutomatically = false

    public init() {}
}
