/// Which selectors two elements of the same kind under equivalent ancestors
/// always answer alike, so that a style engine may give the second the
/// first one's style without matching (WebKit's style sharing, Servo's
/// `StyleSharingCache` with its "revalidation" selectors): selectors whose
/// every compound reads only an element's namespace, name and attributes,
/// joined by descendant or child combinators.
extension Selector {
    /// The attribute names (lower case; "id" and "class" for `#id` and
    /// `.class`) alternative `index` reads in its compounds and in their
    /// `:is()`/`:not()`/`:where()`, and whether that is all it reads. It
    /// reads more with a sibling combinator, a structural, state or
    /// language pseudo-class, `:has()` or a namespaced attribute: elements
    /// styled alike must then match it again (`StyleEngine` revalidates).
    public func sharingAttributeNames(ofAlternative index: Int) -> (names: [[UInt8]], readsNothingElse: Bool) {
        var names: [[UInt8]] = []
        let alone = Selector.collectSharingNames(alternatives[index], into: &names)
        return (names, alone)
    }

    private static func collectSharingNames(_ complex: ComplexSelector, into names: inout [[UInt8]]) -> Bool {
        var alone = complex.combinators.allSatisfy { $0 == .descendant || $0 == .child }
        for compound in complex.compounds {
            for condition in compound.conditions {
                switch condition {
                case .id: names.append(Array("id".utf8))
                case .className: names.append(Array("class".utf8))
                case .attribute(let selector):
                    // Keys hold no namespaced attribute: `[*|name]` is matched again.
                    if selector.anyNamespace { alone = false }
                    names.append(Array(selector.name.prefix { $0 != 0 }))
                case .pseudoClass(.never): continue
                case .not(let list), .is(let list), .where(let list):
                    for inner in list {
                        if inner.pseudoElement != nil || !collectSharingNames(inner, into: &names) { alone = false }
                    }
                case .pseudoClass, .nth, .lang, .has: alone = false
                }
            }
        }
        return alone
    }
}
