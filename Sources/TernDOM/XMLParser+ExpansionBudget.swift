import CLibXML2

extension XMLParser {
    /// What entity expansion may still make in one document, in bytes: each
    /// expansion is charged the nodes and text it makes (a node's size, its
    /// text, its attributes' text) plus `entityReferenceCost`, before it is
    /// made, so that the document never holds more than the budget beyond
    /// what it parsed.
    struct ExpansionBudget {
        /// The bytes the budget started with (for the error message).
        let total: Int
        private var left: Int
        /// What a deep copy of each entity's content makes, by entity.
        private var contentCosts: [xmlEntityPtr: Int] = [:]

        init(bytes: Int) {
            total = bytes
            left = bytes
        }

        /// Takes `bytes` from the budget; throws once it is spent.
        mutating func charge(_ bytes: Int) throws(ParseError) {
            left -= min(bytes, left + 1)
            if left < 0 { throw ParseError(message: "entity expansion makes more than \(total) bytes") }
        }

        /// What a deep copy of `entity`'s content makes, plus `entityReferenceCost`.
        mutating func contentCost(of entity: xmlEntityPtr) -> Int {
            if let known = contentCosts[entity] { return known }
            var cost = XMLParser.entityReferenceCost
            var child = entity.pointee.children
            while let current = child {
                Document.walk(current) { node in
                    cost += XMLParser.expandedNodeCost + (node.pointee.content.map { Int(xmlStrlen($0)) } ?? 0)
                    // A reference's `children` is its entity: charged when it is expanded.
                    if node.pointee.type == XML_ENTITY_REF_NODE { return false }
                    guard node.pointee.type == XML_ELEMENT_NODE else { return true }
                    var attribute = node.pointee.properties
                    while let current = attribute {
                        cost += XMLParser.expandedNodeCost
                        var part = current.pointee.children
                        while let text = part {
                            cost += XMLParser.expandedNodeCost + (text.pointee.content.map { Int(xmlStrlen($0)) } ?? 0)
                            part = text.pointee.next
                        }
                        attribute = current.pointee.next
                    }
                    return true
                }
                child = current.pointee.next
            }
            contentCosts[entity] = cost
            return cost
        }
    }
}
