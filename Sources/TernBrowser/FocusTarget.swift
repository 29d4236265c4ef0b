import TernKit

/// Something on the page that Tab can focus: a link or a shown form control.
struct FocusTarget {
    enum Kind: Equatable {
        /// Index into `PageLayout.links`.
        case link(Int)
        /// Index into `PageLayout.controls`.
        case control(Int)
    }

    var kind: Kind
    /// The element, which survives a new layout (indices do not).
    var element: PageElement
    var regions: [TextRegion]

    /// The targets of a page in reading order (by where they start).
    static func targets(of page: PageLayout) -> [FocusTarget] {
        var targets: [FocusTarget] = []
        for (index, link) in page.links.enumerated() where !link.regions.isEmpty {
            targets.append(FocusTarget(kind: .link(index), element: link.element, regions: link.regions))
        }
        for (index, control) in page.controls.enumerated() where !control.regions.isEmpty {
            targets.append(FocusTarget(kind: .control(index), element: control.element, regions: control.regions))
        }
        targets.sort { a, b in
            let x = a.regions[0], y = b.regions[0]
            return x.line != y.line ? x.line < y.line : x.columns.lowerBound < y.columns.lowerBound
        }
        return targets
    }
}
