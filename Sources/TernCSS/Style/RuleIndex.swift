import TernDOM

/// Rules filed by what their subject needs (an id, a class, an attribute
/// name, a tag, else the universal list), the way browsers index them: an
/// element only tries the rules filed under its own id, classes, attributes
/// and tag. Each rule is in exactly one bucket; values index `StyleEngine`'s rule list.
struct RuleIndex {
    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byAttribute: [String: [Int]] = [:]
    private var byTag: [String: [Int]] = [:]
    private var universal: [Int] = []

    mutating func add(_ rule: Int, key: Selector.SubjectKey) {
        switch key {
        case .id(let id): byID[id, default: []].append(rule)
        case .className(let name): byClass[name, default: []].append(rule)
        case .attribute(let name): byAttribute[name, default: []].append(rule)
        case .tag(let tag): byTag[tag, default: []].append(rule)
        case .universal: universal.append(rule)
        }
    }

    var isEmpty: Bool { byID.isEmpty && byClass.isEmpty && byAttribute.isEmpty && byTag.isEmpty && universal.isEmpty }

    /// Calls `visit` with each rule that may match `element`, each once.
    func forEachCandidate(of element: Node, _ visit: (Int) -> Void) {
        if !byID.isEmpty, let id = element.attribute("id"), let rules = byID[id] { rules.forEach(visit) }
        if !byClass.isEmpty, let classes = element.attribute("class") {
            var seen = Set<String>()
            for bytes in classes.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }) {
                let name = String(decoding: bytes, as: UTF8.self)
                if seen.insert(name).inserted, let rules = byClass[name] { rules.forEach(visit) }
            }
        }
        if !byAttribute.isEmpty {
            for name in element.attributeNames { byAttribute[name]?.forEach(visit) }
        }
        if !byTag.isEmpty, let rules = byTag[element.name] { rules.forEach(visit) }
        universal.forEach(visit)
    }
}
