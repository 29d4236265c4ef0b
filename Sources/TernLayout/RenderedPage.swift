import TernDOM

/// A document laid out as lines of text for a given width (to be built).
public struct RenderedPage {
    public var lines: [String] = []
    public init() {}
}
