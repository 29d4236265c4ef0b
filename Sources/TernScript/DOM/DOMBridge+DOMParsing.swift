internal import CJavaScriptCore
import TernDOM

/// DOM Parsing's native functions (the JavaScript half is
/// `ScriptPrelude.domParsing`): documents that `DOMParser` and
/// `DOMImplementation` make, XML serialization, XML fragments and what a
/// document says about itself (content type, mode, encoding).
extension DOMBridge {
    func installDOMParsing(_ define: Define) {
        // (text, type): a new XML document parsed from text (the parse-error document if not well-formed).
        define("parseXML") { [unowned self] a in
            let document = XMLParser.parse(string(a[0]), contentType: string(a[1]))
            createdDocuments.append(document)
            return handleValue(document.node)
        }
        // (text): a new HTML document parsed from text; its scripts never run (it is not the window's).
        define("parseHTML") { [unowned self] a in
            var document = Document(html: string(a[0]))
            // libxml2 makes no tree of empty input; the HTML parser makes html, head and body.
            if document.documentElement == nil { document = Document(html: "<html><head></head><body></body></html>") }
            createdDocuments.append(document)
            return handleValue(document.node)
        }
        // (type): a new empty XML document.
        define("newXMLDocument") { [unowned self] a in
            let document = Document.makeXML(contentType: string(a[0]))
            createdDocuments.append(document)
            return handleValue(document.node)
        }
        // The document of a handle: [contentType, compatMode, characterSet, "html" or "xml"].
        define("docInfo") { [unowned self] a in
            let document = try node(a[0]).document
            return makeStringArray([document.contentType, document.mode == .quirks ? "BackCompat" : "CSS1Compat",
                                    document.characterSetName, document.isHTML ? "html" : "xml"])
        }
        define("isHTMLDocument") { [unowned self] a in makeBool(try node(a[0]).document.isHTML) }
        // (node, requireWellFormed, childrenOnly): the XML serialization, or InvalidStateError.
        define("serializeXML") { [unowned self] a in
            do {
                return makeString(try XMLSerializer.serialize(try node(a[0]), requireWellFormed: bool(a[1]), childrenOnly: bool(a[2])))
            } catch let error as XMLSerializer.Error {
                throw BridgeError.domException(name: "InvalidStateError", message: "The node cannot be serialized as well-formed XML: \(error.message).")
            }
        }
        // (element, markup, outer): innerHTML/outerHTML set on an element of an XML document.
        define("setXMLFragment") { [unowned self] a in
            let element = try node(a[0])
            let outer = bool(a[2])
            guard let context = outer ? element.parent : element else { return nil }
            let nodes: [Node]
            do {
                nodes = try XMLParser.parseFragment(string(a[1]), context: context)
            } catch let error as XMLParser.ParseError {
                throw BridgeError.domException(name: "SyntaxError", message: "The markup is not well-formed XML: \(error.message).")
            }
            if outer {
                let next = element.nextSibling
                element.remove()
                for node in nodes { try context.insertBefore(node, next) }
            } else {
                element.removeAllChildren()
                for node in nodes { try element.appendChild(node) }
            }
            changed()
            return nil
        }
        // (document, name, publicId, systemId): a new doctype node.
        define("createDoctype") { [unowned self] a in
            let document = try node(a[0]).document
            return handleValue(try document.createDocumentType(name: string(a[1]), publicID: string(a[2]), systemID: string(a[3])))
        }
    }
}
