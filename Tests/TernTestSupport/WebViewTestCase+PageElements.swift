import XCTest
import TernKit

/// Finding the page's links and form controls as an embedder does: in the
/// laid-out page (`pageLayout(width:)`), whichever process runs the page.
extension WebViewTestCase {
    /// An element a test looked for is not in the page.
    public struct LookupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The current page laid out `width` columns wide; fails when none is shown.
    public func layout(width: Int = 80, rows: Int = 24, file: StaticString = #filePath, line: UInt = #line) throws -> PageLayout {
        try XCTUnwrap(webView.pageLayout(width: width, rows: rows), "no page laid out", file: file, line: line)
    }

    /// `text` as a JavaScript string literal.
    public func scriptLiteral(_ text: String) -> String {
        var literal = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "'": literal += "\\'"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\u{2028}", "\u{2029}": literal += String(format: "\\u%04x", scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "'"
    }

    /// The form control the layout shows for the element `selector` finds
    /// in the page. A layout lists the document's form controls in document
    /// order, hidden inputs included, so it is the one at that element's
    /// index among the page's `input`, `button`, `select` and `textarea`
    /// elements and editing hosts (`contenteditable`, listed as textareas);
    /// their number and the control's name are checked to agree.
    public func control(_ selector: String, width: Int = 80, file: StaticString = #filePath, line: UInt = #line) throws -> PageControl {
        let found = value("""
            (function () {
              var all = Array.prototype.filter.call(document.querySelectorAll('*'), function (e) {
                return /^(input|button|select|textarea)$/.test(e.localName)
                  || (e.isContentEditable && !(e.parentElement && e.parentElement.isContentEditable));
              });
              var element = document.querySelector(\(scriptLiteral(selector)));
              return [Array.prototype.indexOf.call(all, element), all.length, element ? element.getAttribute('name') || '' : ''];
            })()
            """, file: file, line: line)
        guard case .array(let parts)? = found, parts.count == 3, case .number(let position) = parts[0],
              case .number(let count) = parts[1], case .string(let name) = parts[2] else {
            XCTFail("\(selector): \(String(describing: found))", file: file, line: line)
            throw LookupError(description: "no form control \(selector)")
        }
        let index = try XCTUnwrap(position >= 0 ? Int(position) : nil, "no form control \(selector)", file: file, line: line)
        let layout = try layout(width: width, file: file, line: line)
        XCTAssertEqual(layout.controls.count, Int(count), "the layout lists the page's form controls", file: file, line: line)
        let control = try XCTUnwrap(index < layout.controls.count ? layout.controls[index] : nil,
                                    "\(selector) is not in the layout", file: file, line: line)
        XCTAssertEqual(control.name, name, "the layout's control for \(selector)", file: file, line: line)
        return control
    }

    /// The one link of the layout whose text is `text`.
    public func link(text: String, width: Int = 80, file: StaticString = #filePath, line: UInt = #line) throws -> PageLink {
        let layout = try layout(width: width, file: file, line: line)
        let links = layout.links.filter { $0.text == text }
        XCTAssertEqual(links.count, 1, "links with the text \"\(text)\": \(layout.links.map(\.text))", file: file, line: line)
        return try XCTUnwrap(links.first, "no link \"\(text)\"", file: file, line: line)
    }

    /// The element `selector` finds, as a front end has it: a link (an
    /// `a href`, found in the layout by its resolved URL and text, the
    /// k-th of the links with that URL for the k-th such element; by its
    /// text alone when no link has that URL) or a
    /// form control (see `control(_:)`).
    public func element(_ selector: String, width: Int = 80, file: StaticString = #filePath, line: UInt = #line) throws -> PageElement {
        let found = value("""
            (function () {
              var element = document.querySelector(\(scriptLiteral(selector)));
              if (!element) return null;
              if (element.localName !== 'a' || !element.hasAttribute('href')) return [element.localName];
              var before = Array.prototype.filter.call(document.querySelectorAll('a[href]'), function (a) {
                return a.href === element.href && (a.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
              });
              return ['a', element.href, element.textContent, before.length];
            })()
            """, file: file, line: line)
        guard case .array(let parts)? = found, case .string(let name)? = parts.first else {
            XCTFail("no element \(selector)", file: file, line: line)
            throw LookupError(description: "no element \(selector)")
        }
        guard name == "a" else { return try control(selector, width: width, file: file, line: line).element }
        guard parts.count == 4, case .string(let href) = parts[1], case .string(let text) = parts[2], case .number(let before) = parts[3] else {
            XCTFail("\(selector): \(parts)", file: file, line: line)
            throw LookupError(description: "no link \(selector)")
        }
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let layout = try layout(width: width, file: file, line: line)
        let links = layout.links.filter { $0.url == href }
        // A URL the layout writes otherwise than the DOM (a `javascript:` one): the link by its text.
        guard !links.isEmpty else { return try link(text: collapsed, width: width, file: file, line: line).element }
        let link = try XCTUnwrap(Int(before) < links.count ? links[Int(before)] : nil,
                                 "no link to \(href) in the layout: \(layout.links.map(\.url))", file: file, line: line)
        XCTAssertEqual(link.text, collapsed, "the layout's link for \(selector)", file: file, line: line)
        return link.element
    }
}
