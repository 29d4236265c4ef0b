import TernDOM
import TernLayout

/// Something on the page that Tab can focus: a link or a shown form control.
struct FocusTarget {
    enum Kind: Equatable {
        /// Index into `RenderedPage.links`.
        case link(Int)
        /// Index into `RenderedPage.controls`.
        case control(Int)
    }

    var kind: Kind
    /// The element, which survives a new layout (indices do not).
    var node: Node
    var regions: [TextRegion]

    /// The targets of a page in reading order (by where they start).
    static func targets(of page: RenderedPage) -> [FocusTarget] {
        var targets: [FocusTarget] = []
        for (index, link) in page.links.enumerated() where !link.regions.isEmpty {
            targets.append(FocusTarget(kind: .link(index), node: link.node, regions: link.regions))
        }
        for (index, control) in page.controls.enumerated() where !control.regions.isEmpty {
            targets.append(FocusTarget(kind: .control(index), node: control.node, regions: control.regions))
        }
        targets.sort { a, b in
            let x = a.regions[0], y = b.regions[0]
            return x.line != y.line ? x.line < y.line : x.columns.lowerBound < y.columns.lowerBound
        }
        return targets
    }
}
