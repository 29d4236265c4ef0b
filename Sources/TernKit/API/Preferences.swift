/// Per-web-view behaviour switches.
public struct Preferences {
    /// Whether pages run JavaScript. Default true.
    public var javaScriptEnabled = true
    /// Whether scripts may open windows without a user gesture. Default false.
    public var javaScriptCanOpenWindowsAutomatically = false
    /// Whether pages' own style sheets and `style` attributes apply. Default
    /// true; false shows pages as the user-agent and user sheets style them
    /// (`tern --no-css`). A web view's `authorStyleSheetsEnabled` starts from it.
    public var authorStyleSheetsEnabled = true

    public init() {}
}
