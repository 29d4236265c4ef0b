/// Turns an element's cascaded declarations into its computed values
/// (CSS Cascade 4 §4: cascaded → specified → computed), given its parent's.
public enum StyleComputer {
    /// `declarations` in ascending precedence (later wins); `parent` nil for
    /// the root. `rootFontSize` is the root element's computed font size
    /// (`rem`); `viewport` sizes `vw`/`vh` (80 × 24 cells when nil).
    ///
    /// An unknown property or an invalid value drops just that declaration;
    /// a value with `var()` that is invalid once substituted makes the
    /// property `unset` (CSS Variables 1 §3.1).
    public static func compute(_ declarations: [CascadedDeclaration], parent: CSSStyle?,
                               rootFontSize: Double = 16, viewport: MediaEnvironment? = nil) -> CSSStyle {
        var lengths = CSSLengthParser.Context()
        if let viewport {
            lengths.viewportWidth = CSSLengthParser.clamp(viewport.width)
            lengths.viewportHeight = CSSLengthParser.clamp(viewport.height)
        }
        lengths.rootFontSize = rootFontSize.isFinite && rootFontSize >= 0 ? rootFontSize : 16
        let run = Run(declarations: declarations, names: declarations.map { CSSPropertyName.named($0.name) },
                      environment: CSSPropertyTable.Environment(parent: parent ?? CSSStyle(), lengths: lengths))
        var style = parent.map(inheritedStyle) ?? specifiedInitial
        run.computeCustomProperties(&style)
        // Font size and colour first: `em` and `currentcolor` in the others
        // refer to them (CSS Values 4 §6.1.1, CSS Color 4 §6.4).
        for index in declarations.indices { run.apply(index, earlyOnly: true, to: &style) }
        for index in declarations.indices { run.apply(index, earlyOnly: false, to: &style) }
        // CSS Backgrounds 3 §3.3: no border style, no border width.
        func finish(_ side: inout CSSBorderSide) {
            if side.style == .none || side.style == .hidden { side.width = 0 }
        }
        finish(&style.borderTop)
        finish(&style.borderRight)
        finish(&style.borderBottom)
        finish(&style.borderLeft)
        return style
    }

    /// Whether `property: value` is a declaration Tern implements and would
    /// accept (for `@supports` and `CSS.supports`, CSS Conditional 3 §2.1):
    /// custom properties, CSS-wide keywords and values with `var()` always are.
    public static func supports(property: String, value: [CSSComponentValue]) -> Bool {
        if property.hasPrefix("--") {
            return CSSVariables.isCustomPropertyName(property) && CSSVariables.isValidAtParseTime(value, customProperty: true)
        }
        guard let name = CSSPropertyName.named(CSSComponentValue.asciiLowercased(property)) else { return false }
        let words = value.words
        if words.count == 1, let keyword = words[0].keyword, wideKeywords.contains(keyword) { return true }
        if CSSVariables.containsVar(value) { return CSSVariables.isValidAtParseTime(value, customProperty: false) }
        var style = specifiedInitial
        let environment = CSSPropertyTable.Environment(parent: CSSStyle(), lengths: CSSLengthParser.Context())
        switch name {
        case .longhand(let property): return CSSPropertyTable.apply(property, words, to: &style, environment)
        case .shorthand(let shorthand): return shorthand.apply(words, to: &style, environment)
        }
    }

    /// The other names of longhands (logical properties for horizontal
    /// left-to-right text, legacy names) → the longhand's own name: the
    /// names `getComputedStyle` lists besides the longhands.
    public static var longhandAliases: [String: String] { CSSPropertyName.aliases }

    /// Whether `values` hold a `var()` anywhere (CSS Variables 1 §3: such a
    /// value is checked only once substituted).
    public static func containsVar(_ values: [CSSComponentValue]) -> Bool { CSSVariables.containsVar(values) }

    /// CSS Cascade 4 §7.
    static let wideKeywords: Set<String> = ["inherit", "initial", "unset", "revert", "revert-layer"]

    /// Initial values as specified: `CSSStyle()` with border widths `medium`
    /// (they compute to 0 only while the border style is none).
    static let specifiedInitial: CSSStyle = {
        var style = CSSStyle()
        for side in [\CSSStyle.borderTop, \.borderRight, \.borderBottom, \.borderLeft] { style[keyPath: side].width = 3 }
        return style
    }()

    /// The style a child starts from: `parent`'s inherited properties, the
    /// rest initial.
    static func inheritedStyle(_ parent: CSSStyle) -> CSSStyle {
        var style = specifiedInitial
        style.visibility = parent.visibility
        style.color = parent.color
        style.fontWeight = parent.fontWeight
        style.fontStyle = parent.fontStyle
        style.smallCaps = parent.smallCaps
        style.fontSize = parent.fontSize
        style.textTransform = parent.textTransform
        style.textAlign = parent.textAlign
        style.textIndent = parent.textIndent
        style.whiteSpace = parent.whiteSpace
        style.listStyleType = parent.listStyleType
        style.listStylePosition = parent.listStylePosition
        style.quotes = parent.quotes
        style.customProperties = parent.customProperties
        return style
    }

    /// Whether a child computed against `a` and one computed against `b`
    /// start alike: the two have the same inherited properties (CSS Cascade 4
    /// §7.1; a child that says `inherit` for another property is apart, see
    /// `CSSStyle.Values.explicitlyInherits`).
    static func inheritedPropertiesEqual(_ a: CSSStyle, _ b: CSSStyle) -> Bool {
        a.isIdentical(to: b) || inheritedStyle(a) == inheritedStyle(b)
    }

    /// One computation: the declarations and what they are computed against.
    private struct Run {
        let declarations: [CascadedDeclaration]
        /// What each declaration's name refers to (nil: custom or unknown).
        let names: [CSSPropertyName?]
        let environment: CSSPropertyTable.Environment

        /// CSS Variables 1 §2: the winning declaration of each custom property
        /// (CSS-wide keywords applied), then `var()` substituted among them.
        func computeCustomProperties(_ style: inout CSSStyle) {
            var declared: [(name: String, value: [CSSComponentValue]?)] = []
            var position: [String: Int] = [:]
            for index in declarations.indices where declarations[index].name.hasPrefix("--") {
                let name = declarations[index].name
                guard CSSVariables.isCustomPropertyName(name),
                      CSSVariables.isValidAtParseTime(declarations[index].value, customProperty: true) else { continue }
                let value = customValue(index)
                if let existing = position[name] { declared[existing].value = value } else {
                    position[name] = declared.count
                    declared.append((name, value))
                }
            }
            guard !declared.isEmpty else { return }
            style.customProperties = CSSVariables.resolve(declared: declared, inherited: environment.parent.customProperties)
        }

        /// The value declaration `index` gives its custom property (nil: guaranteed-invalid).
        private func customValue(_ index: Int) -> [CSSComponentValue]? {
            let declaration = declarations[index]
            let value = declaration.value.trimmed
            guard value.count == 1, let keyword = value[0].keyword, wideKeywords.contains(keyword) else { return value }
            switch keyword {
            case "initial": return nil
            case "inherit", "unset": return environment.parent.customProperties[declaration.name]
            default:
                // revert: the last declaration of a lower origin, else unset.
                guard let earlier = declarations[..<index].lastIndex(where: { $0.name == declaration.name && $0.origin < declaration.origin }) else {
                    return environment.parent.customProperties[declaration.name]
                }
                return customValue(earlier)
            }
        }

        /// Applies declaration `index` (only properties others depend on when `earlyOnly`).
        func apply(_ index: Int, earlyOnly: Bool, to style: inout CSSStyle) {
            guard let name = names[index] else { return }
            if earlyOnly {
                switch name {
                case .longhand(let property): guard property.isEarly else { return }
                case .shorthand(let shorthand): guard shorthand.isEarly else { return }
                }
            }
            apply(index, name, to: &style, only: nil)
        }

        /// Applies declaration `index`, named `name`, to `target` (to its
        /// longhand `only` when given); false when the declaration is invalid.
        @discardableResult
        private func apply(_ index: Int, _ name: CSSPropertyName, to target: inout CSSStyle, only: CSSProperty?) -> Bool {
            let declaration = declarations[index]
            var value = declaration.value
            var fromVar = false
            if CSSVariables.containsVar(value) {
                // A malformed var() makes the declaration invalid at parse time: dropped, not unset.
                guard CSSVariables.isValidAtParseTime(value, customProperty: false) else { return false }
                var budget = CSSVariables.maxSize
                let custom = target.customProperties
                guard let substituted = CSSVariables.substitute(value, budget: &budget, { custom[$0] }) else {
                    wide("unset", name, index, &target, only)
                    return true
                }
                value = substituted
                fromVar = true
            }
            let words = value.words
            if words.count == 1, let keyword = words[0].keyword, wideKeywords.contains(keyword) {
                wide(keyword, name, index, &target, only)
                return true
            }
            let valid: Bool
            switch name {
            case .longhand(let property): valid = CSSPropertyTable.apply(property, words, to: &target, environment)
            case .shorthand(let shorthand): valid = shorthand.apply(words, to: &target, environment)
            }
            // Invalid at computed-value time (CSS Variables 1 §3.1): unset.
            if !valid && fromVar { wide("unset", name, index, &target, only) }
            return valid || fromVar
        }

        /// A CSS-wide keyword (CSS Cascade 4 §7) for each longhand of `name`.
        private func wide(_ keyword: String, _ name: CSSPropertyName, _ index: Int, _ target: inout CSSStyle, _ only: CSSProperty?) {
            let longhands: [CSSProperty]
            switch name {
            case .longhand(let property): longhands = [property]
            case .shorthand(let shorthand): longhands = shorthand.longhands
            }
            for property in longhands where only == nil || only == property {
                switch keyword {
                case "inherit":
                    property.copy(from: environment.parent, to: &target)
                    if !property.isInherited { target.explicitlyInherits = true }
                case "initial": property.copy(from: specifiedInitial, to: &target)
                case "unset": property.copy(from: property.isInherited ? environment.parent : specifiedInitial, to: &target)
                default: revert(property, before: index, to: &target)
                }
            }
        }

        /// §7.3 `revert` (and `revert-layer`, as Tern has no layers): the value
        /// the cascade gives `property` from the origins below this
        /// declaration's, or `unset` when they declare none.
        private func revert(_ property: CSSProperty, before index: Int, to target: inout CSSStyle) {
            let origin = declarations[index].origin
            var earlier = index
            while earlier > 0 {
                earlier -= 1
                let declaration = declarations[earlier]
                guard declaration.origin < origin, let name = names[earlier] else { continue }
                switch name {
                case .longhand(let other): guard other == property else { continue }
                case .shorthand(let shorthand): guard shorthand.longhands.contains(property) else { continue }
                }
                var scratch = target
                if apply(earlier, name, to: &scratch, only: property) {
                    property.copy(from: scratch, to: &target)
                    return
                }
            }
            property.copy(from: property.isInherited ? environment.parent : specifiedInitial, to: &target)
        }
    }
}
