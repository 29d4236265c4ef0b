/// What media queries are evaluated against (Media Queries 4/5): the
/// window in CSS px, where a terminal cell counts as 8 px wide and 16 px
/// tall, so an 80-column window is 640 px wide.
public struct MediaEnvironment: Hashable, Sendable {
    public enum MediaType: Hashable, Sendable { case screen, print }

    public static let cellWidth: Double = 8
    public static let cellHeight: Double = 16

    public var type: MediaType = .screen
    /// The viewport in CSS px.
    public var width: Double
    public var height: Double
    public var prefersDarkColorScheme = false
    public var prefersReducedMotion = false
    /// Bits per colour component (`color` media feature); 0 without colour.
    public var colorBits = 8
    /// The `scripting` media feature: `enabled` when the page runs scripts.
    public var scriptingEnabled = true

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A terminal window of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.init(width: Double(max(0, columns)) * MediaEnvironment.cellWidth,
                  height: Double(max(0, rows)) * MediaEnvironment.cellHeight)
    }
}
