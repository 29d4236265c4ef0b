//# sourceURL=tern:js/dom-parsing.js
// Documents that are not HTML and their text: `DOMParser`
// (https://html.spec.whatwg.org/#dom-domparser-parsefromstring),
// `XMLSerializer` (https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface),
// `DOMImplementation`'s `createDocument`/`createDocumentType`
// (https://dom.spec.whatwg.org/#interface-domimplementation), what a
// document says about itself (`contentType`, `compatMode`,
// `characterSet`, `URL`) and `innerHTML`/`outerHTML` in XML documents.
// Runs after dom-core.js, whose interfaces it extends (DOMBridge+DOMParsing).
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, accessors = T.accessors, methods = T.methods, illegal = T.illegal,
    iface = T.iface, nodeSlot = T.nodeSlot, H = T.H, TYPE = T.TYPE, wrappers = T.wrappers, main = T.main,
    wrap = T.wrap, isNode = T.isNode, hOf = T.hOf, str = T.str, nullToEmpty = T.nullToEmpty, domError = T.domError,
    XHTML = T.XHTML, Document = T.Document, HTMLDocument = T.HTMLDocument, XMLDocument = T.XMLDocument,
    isMain = T.isMain, DOC = T.DOC, DOMImplementation = T.DOMImplementation, Element = T.Element;
// Called by earlier files (T.name): there before this file runs, as function declarations are.
T.wrapDocument = wrapDocument; T.emptyDocumentLike = emptyDocumentLike; T.documentURL = documentURL;

// ---- Document wrappers of a chosen interface: a document's wrapper is
// made once, when the document is, so its prototype says what it is
// (HTMLDocument, XMLDocument or plain Document).
function wrapDocument(h, proto) {
  var w = T.knownWrapper(h);
  if (w === undefined) {
    w = objectCreate(proto);
    nodeSlot.set(w, { h: h, tag: undefined, type: 9 });
    wrappers.set(h, w);
  }
  return w;
}
/// An empty document of the same kind as `document` (cloning a document).
function emptyDocumentLike(document) {
  if (N.isHTMLDocument(H(document))) {
    var copy = wrap(N.newDocument(null));
    while (copy.firstChild) copy.removeChild(copy.firstChild);
    return copy;
  }
  return wrapDocument(N.newXMLDocument(N.docInfo(H(document))[0]), Object.getPrototypeOf(document));
}
/// The URLs of the documents DOMParser made: their creator's URL.
var documentURLs = new WeakMap();
function documentURL(document) {
  if (isMain(document)) return N.state()[1];
  var url = documentURLs.get(document);
  return url === undefined ? 'about:blank' : url;
}
accessors(Document.prototype, {
  URL: [function () { return documentURL(this); }],
  documentURI: [function () { return documentURL(this); }],
  contentType: [function () { return N.docInfo(H(this))[0]; }],
  compatMode: [function () { return N.docInfo(H(this))[1]; }],
  characterSet: [function () { return N.docInfo(H(this))[2]; }],
  charset: [function () { return N.docInfo(H(this))[2]; }],
  inputEncoding: [function () { return N.docInfo(H(this))[2]; }]
});

// ---- DOMImplementation (https://dom.spec.whatwg.org/#interface-domimplementation)
var SVG = 'http://www.w3.org/2000/svg';
function nullableString(value) { return value === null || value === undefined ? null : str(value); }
methods(DOMImplementation.prototype, {
  createDocumentType: function (name, publicId, systemId) {
    if (arguments.length < 3) throw new TypeError("Failed to execute 'createDocumentType' on 'DOMImplementation': 3 arguments required.");
    return wrap(N.createDoctype(H(this[DOC]), str(name), str(publicId), str(systemId)));
  },
  createDocument: function (namespace, qualifiedName, doctype) {
    if (arguments.length < 2) throw new TypeError("Failed to execute 'createDocument' on 'DOMImplementation': 2 arguments required.");
    namespace = nullableString(namespace);
    if (namespace === '') namespace = null;
    qualifiedName = qualifiedName === null ? '' : str(qualifiedName);
    if (doctype === undefined) doctype = null;
    if (doctype !== null && TYPE(doctype) !== 10) throw new TypeError("Failed to execute 'createDocument' on 'DOMImplementation': parameter 3 is not of type 'DocumentType'.");
    // 1., 7. An XMLDocument whose content type follows the namespace.
    var type = namespace === XHTML ? 'application/xhtml+xml' : namespace === SVG ? 'image/svg+xml' : 'application/xml';
    var document = wrapDocument(N.newXMLDocument(type), XMLDocument.prototype);
    // 2.–5.
    var element = qualifiedName === '' ? null : document.createElementNS(namespace, qualifiedName);
    if (doctype !== null) document.appendChild(doctype);
    if (element !== null) document.appendChild(element);
    return document;
  },
  createHTMLDocument: function (title) {
    return wrapDocument(N.newDocument(title === undefined ? null : str(title)), HTMLDocument.prototype);
  }
});

// ---- DOMParser (https://html.spec.whatwg.org/#dom-domparser-parsefromstring)
var DOMParser = iface('DOMParser', null, function DOMParser() { if (!new.target) illegal(); });
methods(DOMParser.prototype, {
  parseFromString: function (string, type) {
    if (arguments.length < 2) throw new TypeError("Failed to execute 'parseFromString' on 'DOMParser': 2 arguments required.");
    string = str(string); type = str(type);
    var document;
    switch (type) {
      case 'text/html':
        // Parsed with scripting disabled: the document is no window's, its scripts never run.
        document = wrapDocument(N.parseHTML(string), HTMLDocument.prototype);
        break;
      case 'text/xml': case 'application/xml': case 'application/xhtml+xml': case 'image/svg+xml':
        // A Document (not an XMLDocument); on a well-formedness error, the parsererror document.
        document = wrapDocument(N.parseXML(string, type), Document.prototype);
        break;
      default:
        throw new TypeError("Failed to execute 'parseFromString' on 'DOMParser': The provided value '" + type +
                            "' is not a valid enum value of type DOMParserSupportedType.");
    }
    documentURLs.set(document, main.document ? documentURL(main.document) : 'about:blank');
    return document;
  }
});

// ---- XMLSerializer (https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface)
var XMLSerializer = iface('XMLSerializer', null, function XMLSerializer() { if (!new.target) illegal(); });
methods(XMLSerializer.prototype, {
  serializeToString: function (root) {
    if (arguments.length < 1) throw new TypeError("Failed to execute 'serializeToString' on 'XMLSerializer': 1 argument required.");
    // An Attr has no serialization of its own (and no handle here).
    if (isNode(root) && TYPE(root) === 2) return '';
    return N.serializeXML(hOf(root), false, false);
  }
});

// ---- innerHTML and outerHTML of elements in XML documents: the XML
// serialization with the "require well-formed" flag, and the XML
// fragment parsing algorithm (https://w3c.github.io/DOM-Parsing/#dfn-fragment-serializing-algorithm).
var htmlInnerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
var htmlOuterHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'outerHTML');
accessors(Element.prototype, {
  innerHTML: [function () { return N.isHTMLDocument(H(this)) ? htmlInnerHTML.get.call(this) : N.serializeXML(H(this), true, true); },
              function (v) {
                if (N.isHTMLDocument(H(this))) return htmlInnerHTML.set.call(this, v);
                N.setXMLFragment(H(this), nullToEmpty(v), false);
              }],
  outerHTML: [function () { return N.isHTMLDocument(H(this)) ? htmlOuterHTML.get.call(this) : N.serializeXML(H(this), true, false); },
              function (v) {
                if (N.isHTMLDocument(H(this))) return htmlOuterHTML.set.call(this, v);
                var parent = N.nav(H(this), 0);
                if (parent === null) return;
                if (TYPE(wrap(parent)) === 9) throw domError('NoModificationAllowedError', 'Cannot set outerHTML of a document\'s root.');
                N.setXMLFragment(H(this), nullToEmpty(v), true);
              }]
});
