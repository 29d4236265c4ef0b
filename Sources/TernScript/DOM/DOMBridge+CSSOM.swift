internal import CJavaScriptCore
import TernCSS
import TernDOM
import TernNet

/// CSSOM's native functions (the JavaScript half is `ScriptPrelude.domCSSOM`):
/// declaration blocks, computed styles, style sheets by handle, media
/// queries and `CSS`.
extension DOMBridge {
    func installCSSOM(_ define: Define) {
        // A declaration block's declarations as [name, value, "important" or "", …].
        define("styleParse") { [unowned self] a in
            makeStringArray(CSSOMDeclarations.parseBlock(string(a[0])).flatMap { [$0.name, $0.value, $0.important ? "important" : ""] })
        }
        // (name, value): the declarations setting it makes, as [name, value, …] (a shorthand's longhands), or null.
        define("styleValue") { [unowned self] a in
            guard let declarations = cssomMemo.parsedValue(property: string(a[0]), string(a[1])) else { return null }
            return makeStringArray(declarations)
        }
        define("styleLonghands") { [unowned self] a in makeStringArray(CSSOMShorthands.longhands(of: string(a[0])) ?? []) }
        // (shorthand, packed declarations): its value from those longhands, or "".
        define("styleShorthandValue") { [unowned self] a in
            makeString(CSSOMDeclarations.shorthandValue(string(a[0]), declarations(string(a[1]))) ?? "")
        }
        define("styleSerialize") { [unowned self] a in
            let packed = string(a[0])
            return makeString(cssomMemo.serialized(packed: packed) { declarations(packed) })
        }
        define("styleSupported") { [unowned self] a in makeBool(cssomMemo.isSupported(string(a[0]))) }
        // (element, kind): kind 0 the element, 1 ::before, 2 ::after, 3 ::marker; [name, value, …] or null.
        define("computedStyle") { [unowned self] a in
            let element = try node(a[0])
            guard element.isElement else { return null }
            let pseudo: PseudoElement?
            switch WebIDL.int(number(a[1])) {
            case 1: pseudo = .before
            case 2: pseudo = .after
            case 3: pseudo = .marker
            default: pseudo = nil
            }
            guard let style = host?.scriptComputedStyle(of: element, pseudoElement: pseudo) else { return null }
            return computedStyleArray(style)
        }
        installStyleSheets(define)
        define("mediaText") { [unowned self] a in makeString(MediaQueryList(parsing: string(a[0])).text) }
        define("mediaMatches") { [unowned self] a in makeBool(MediaQueryList(parsing: string(a[0])).matches(mediaEnvironment)) }
        // An element's border box relative to the viewport: [x, y, width, height], or null for no box.
        define("boundingBox") { [unowned self] a in
            let element = try node(a[0])
            guard element.isElement, element.isConnected, let box = host?.scriptBoundingBox(of: element) else { return null }
            var values: [JSValueRef?] = [box.x, box.y, box.width, box.height].map { jsc.JSValueMakeNumber!(ctx, $0) }
            return values.withUnsafeMutableBufferPointer { jsc.JSObjectMakeArray!(ctx, $0.count, $0.baseAddress, nil) } ?? null
        }
        define("scrollOffset") { [unowned self] _ in makeNumber(host?.scriptScrollPosition() ?? 0) }
        define("scrollTo") { [unowned self] a in
            host?.scriptScroll(toY: number(a[0]))
            return nil
        }
        // The browser's window in CSS px: its width (0) or height (1).
        define("viewportSize") { [unowned self] a in
            makeNumber(number(a[0]) == 0 ? mediaEnvironment.width : mediaEnvironment.height)
        }
        define("supports") { [unowned self] a in makeBool(CSSSupports.supports(property: string(a[0]), value: string(a[1]))) }
        define("supportsCondition") { [unowned self] a in makeBool(CSSSupports.supports(conditionText: string(a[0]))) }
        // CSSOM §2.1: CSS.escape is "serialize an identifier".
        define("escape") { [unowned self] a in makeString(CSSSerializer.identifier(string(a[0]))) }
    }

    /// The declarations dom-cssom.js packs into one string (its `pack`):
    /// each name and value after its length in UTF-16 units and a comma,
    /// then `!` when important, else `;`. One string crosses instead of an
    /// array of three strings a declaration (a script setting a dozen
    /// properties one by one sends the block at each step).
    private func declarations(_ packed: String) -> [CSSOMDeclarations.Declaration] {
        let units = Array(packed.utf16)
        var out: [CSSOMDeclarations.Declaration] = []
        var i = 0
        func field() -> String? {
            var length = 0
            while i < units.count, (0x30...0x39).contains(units[i]), length <= units.count {
                length = length * 10 + Int(units[i] - 0x30)
                i += 1
            }
            guard i < units.count, units[i] == 0x2C, length <= units.count - i - 1 else { return nil }
            i += 1
            defer { i += length }
            return units[i..<(i + length)].withUnsafeBufferPointer { ScriptContext.string(fromUTF16: $0) }
        }
        while let name = field(), let value = field(), i < units.count {
            out.append(.init(name: name, value: value, important: units[i] == 0x21))
            i += 1
        }
        return out
    }

    private func installStyleSheets(_ define: Define) {
        // The document's sheets as [sheet handle, owner node handle, …].
        define("sheets") { [unowned self] _ in
            let entries = host?.scriptStyleSheets() ?? []
            return makeNumberArray(entries.flatMap { [Double(sheetHandle($0.sheet)), Double(handle($0.ownerNode))] })
        }
        define("sheetURL") { [unowned self] a in makeOptionalString(try sheet(a[0]).baseURL) }
        define("sheetMedia") { [unowned self] a in makeString(try sheet(a[0]).media.map { MediaQueryList(parsing: $0).text } ?? "") }
        define("setSheetMedia") { [unowned self] a in
            let sheet = try sheet(a[0]), text = string(a[1])
            sheet.media = text.isEmpty ? nil : text
            host?.scriptStyleSheetDidChange(sheet)
            return nil
        }
        // CSSOM §6.1's origin-clean flag of a linked sheet: its rules are the script's to read only from the document's origin.
        define("sheetOriginClean") { [unowned self] a in
            let sheet = try sheet(a[0])
            guard let url = sheet.baseURL.flatMap({ WebURL($0) }) else { return makeBool(true) }
            return makeBool(url.origin != "null" && url.origin == documentOrigin())
        }
        define("sheetDisabled") { [unowned self] a in makeBool(try sheet(a[0]).disabled) }
        define("setSheetDisabled") { [unowned self] a in
            let sheet = try sheet(a[0]), disabled = bool(a[1])
            guard sheet.disabled != disabled else { return nil }
            sheet.disabled = disabled
            host?.scriptStyleSheetDidChange(sheet)
            return nil
        }
        define("sheetRules") { [unowned self] a in makeStringArray(try sheet(a[0]).ruleTexts) }
        define("sheetRevision") { [unowned self] a in makeNumber(Double(try sheet(a[0]).revision)) }
        // (sheet, rule text, index as a number): the IDL `unsigned long` index.
        define("insertRule") { [unowned self] a in
            let sheet = try sheet(a[0])
            let text = string(a[1]), at = Int(WebIDL.unsignedLong(.number(number(a[2]))))
            let index: Int
            do throws(CSSOMError) { index = try sheet.insertRule(text, at: at) } catch { throw error.domException }
            host?.scriptStyleSheetDidChange(sheet)
            return makeNumber(Double(index))
        }
        define("deleteRule") { [unowned self] a in
            let sheet = try sheet(a[0])
            let at = Int(WebIDL.unsignedLong(.number(number(a[1]))))
            do throws(CSSOMError) { try sheet.deleteRule(at: at) } catch { throw error.domException }
            host?.scriptStyleSheetDidChange(sheet)
            return nil
        }
        // A rule's style or selector changed: (sheet, index, new text) → the rule's text as the sheet keeps it.
        define("replaceRule") { [unowned self] a in
            let sheet = try sheet(a[0])
            let index = Int(WebIDL.unsignedLong(.number(number(a[1]))))
            let text = string(a[2])
            do throws(CSSOMError) {
                _ = try sheet.insertRule(text, at: index)
                try sheet.deleteRule(at: index + 1)
            } catch {
                throw error.domException
            }
            host?.scriptStyleSheetDidChange(sheet)
            let texts = sheet.ruleTexts
            return makeString(index < texts.count ? texts[index] : "")
        }
        // A grouping rule's child rules' texts (CSSOM §6.4.6), from its cssText.
        define("groupRules") { [unowned self] a in makeStringArray(DOMBridge.groupingRule(string(a[0]))?.childRules?.map(\.cssText) ?? []) }
        // (group text, rule text, index) → the group's text with the rule inserted.
        define("groupInsert") { [unowned self] a in
            let at = Int(WebIDL.unsignedLong(.number(number(a[2]))))
            guard let group = DOMBridge.groupingRule(string(a[0])) else { throw CSSOMError.hierarchyRequest.domException }
            do throws(CSSOMError) { return makeString(try group.insertingChildRule(string(a[1]), at: at).cssText) } catch { throw error.domException }
        }
        // (group text, index) → the group's text without that rule.
        define("groupDelete") { [unowned self] a in
            let at = Int(WebIDL.unsignedLong(.number(number(a[1]))))
            guard let group = DOMBridge.groupingRule(string(a[0])) else { throw CSSOMError.hierarchyRequest.domException }
            do throws(CSSOMError) { return makeString(try group.deletingChildRule(at: at).cssText) } catch { throw error.domException }
        }
        // A rule's [type, selectorText, declarations text] from its cssText.
        define("ruleParts") { [unowned self] a in makeStringArray(DOMBridge.ruleParts(string(a[0]))) }
    }

    func sheetHandle(_ sheet: StyleSheet) -> Int {
        if let index = styleSheets.firstIndex(where: { $0 === sheet }) { return index }
        styleSheets.append(sheet)
        return styleSheets.count - 1
    }

    func sheet(_ value: JSValueRef?) throws -> StyleSheet {
        guard let value, jsc.JSValueGetType!(ctx, value) == kJSTypeNumber else { throw BridgeError.typeError("not a style sheet") }
        let number = number(value)
        guard number >= 0, number < Double(styleSheets.count), number == number.rounded(.towardZero) else {
            throw BridgeError.typeError("not a style sheet")
        }
        return styleSheets[Int(number)]
    }

    func makeNumberArray(_ numbers: [Double]) -> JSValueRef {
        var values: [JSValueRef?] = numbers.map { jsc.JSValueMakeNumber!(ctx, $0) }
        return values.withUnsafeMutableBufferPointer { jsc.JSObjectMakeArray!(ctx, $0.count, $0.baseAddress, nil) } ?? null
    }

    /// The grouping rule `text` (a rule's cssText) is, parsed again.
    static func groupingRule(_ text: String) -> StyleSheetRule? {
        StyleSheet(text: text, origin: .author, baseURL: nil).rules.first.flatMap { $0.childRules == nil ? nil : $0 }
    }

    /// CSSOM §6.4's `type` of a rule (1 style, 3 import, 4 media, 5 font-face,
    /// 6 page, 7 keyframes, 10 namespace, 12 supports; 0 for the rest), its
    /// selector text and its declarations, read from its serialisation.
    static func ruleParts(_ text: String) -> [String] {
        switch CSSParser.parseRule(text) {
        case .success(.qualified(let prelude, let block)):
            return ["1", CSSSerializer.serialize(CSSOMDeclarations.trimmed(prelude)), CSSSerializer.serialize(CSSOMDeclarations.trimmed(block))]
        case .success(.at(let name, _, _)):
            let types = ["import": "3", "media": "4", "font-face": "5", "page": "6", "keyframes": "7", "-webkit-keyframes": "7",
                         "namespace": "10", "supports": "12", "charset": "2"]
            return [types[CSSOMDeclarations.asciiLowercased(name)] ?? "0", "", ""]
        case .failure:
            return ["0", "", ""]
        }
    }

    /// The [name, value, …] array of `style`, made once per style box: elements
    /// styled alike share a box, and a script reading one property after
    /// another of one element asks for the same box each time.
    private func computedStyleArray(_ style: CSSStyle) -> JSValueRef {
        if let known = computedStyleArrays[style.identity], known.style.isIdentical(to: style) { return known.array }
        let made = makeStringArray(ComputedStyleSerializer.declarations(style).flatMap { [$0.name, $0.value] })
        guard let array = jsc.JSValueToObject!(ctx, made, nil) else { return made }
        if computedStyleArrays.count >= DOMBridge.computedStyleArrayLimit {
            for entry in computedStyleArrays.values { jsc.JSValueUnprotect!(ctx, entry.array) }
            computedStyleArrays.removeAll()
        }
        jsc.JSValueProtect!(ctx, array)
        computedStyleArrays[style.identity] = (style, array)
        return array
    }

    /// Style boxes whose arrays are kept at most (then all are dropped).
    static let computedStyleArrayLimit = 256
}

extension CSSOMError {
    /// The DOMException of this name, for the script.
    var domException: DOMBridge.BridgeError {
        let name: String
        switch self {
        case .indexSize: name = "IndexSizeError"
        case .syntax: name = "SyntaxError"
        case .hierarchyRequest: name = "HierarchyRequestError"
        case .invalidState: name = "InvalidStateError"
        }
        return .domException(name: name, message: self == .syntax ? "The rule could not be parsed." : "The rule cannot be inserted or removed there.")
    }
}
