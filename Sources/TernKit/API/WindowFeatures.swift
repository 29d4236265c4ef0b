/// The size and place a script asked for in `window.open`'s features string
/// (`"width=400,height=300,left=10,top=20"`); nil where it said nothing.
public struct WindowFeatures: Hashable {
    public var width: Int?
    public var height: Int?
    public var x: Int?
    public var y: Int?

    public init(width: Int? = nil, height: Int? = nil, x: Int? = nil, y: Int? = nil) {
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }

    /// Parses a features string: comma- or space-separated `name=value` pairs.
    public init(parsing features: String) {
        self.init()
        for pair in features.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.lowercased() }
            guard parts.count == 2, let value = Int(parts[1]) else { continue }
            switch parts[0] {
            case "width", "innerwidth": width = value
            case "height", "innerheight": height = value
            case "left", "screenx": x = value
            case "top", "screeny": y = value
            default: break
            }
        }
    }
}
