/// The cascade layers of each origin (CSS Cascade 5 §6.4): a tree of named
/// layers in order of first declaration, ranked so that a layer's sublayers
/// come before its own rules and unlayered rules (the root) come last.
struct CascadeLayers {
    private struct Layer {
        var children: [Int] = []
        var childByName: [String: Int] = [:]
    }

    private var layers: [Layer]

    init() {
        layers = [Layer(), Layer(), Layer()]  // one root per origin, by raw value
    }

    /// The root (unlayered) node of `origin`.
    func root(of origin: CSSOrigin) -> Int { origin.rawValue }

    /// The node for the dotted `name` under `parent`, declared now if it is new.
    /// An empty name is an anonymous layer: always a new one.
    mutating func layer(named name: String, under parent: Int) -> Int {
        guard !name.isEmpty else { return add(nil, under: parent) }
        var node = parent
        for part in name.split(separator: ".") {
            node = layers[node].childByName[String(part)] ?? add(String(part), under: node)
        }
        return node
    }

    private mutating func add(_ name: String?, under parent: Int) -> Int {
        layers.append(Layer())
        let node = layers.count - 1
        layers[parent].children.append(node)
        if let name { layers[parent].childByName[name] = node }
        return node
    }

    /// Each node's rank: post-order, so sublayers precede their parent and
    /// the root (unlayered rules) has the highest rank of its origin.
    func ranks() -> [Int] {
        var ranks = [Int](repeating: 0, count: layers.count)
        var next = 0
        // Iterative post-order: (node, whether its children are done).
        var stack: [(Int, Bool)] = [(2, false), (1, false), (0, false)]
        while let (node, done) = stack.popLast() {
            if done {
                ranks[node] = next
                next += 1
                continue
            }
            stack.append((node, true))
            for child in layers[node].children.reversed() { stack.append((child, false)) }
        }
        return ranks
    }
}
