//# sourceURL=tern:js/dom-core.js
// Node, its subclasses, Document, Element and the collections.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, def = T.def, accessors = T.accessors, methods = T.methods, illegal = T.illegal,
    iface = T.iface, H = T.H, TYPE = T.TYPE, protoByType = T.protoByType, main = T.main, wrap = T.wrap,
    isNode = T.isNode, hOf = T.hOf, documentOf = T.documentOf, asciiLower = T.asciiLower, str = T.str,
    nullToEmpty = T.nullToEmpty, LIST = T.LIST, toIndex = T.toIndex, listItems = T.listItems, listItem = T.listItem,
    namedItem = T.namedItem, liveList = T.liveList, staticList = T.staticList, domError = T.domError,
    createEvent = T.createEvent, EventTarget = T.EventTarget, handlerNames = T.handlerNames,
    defineHandlers = T.defineHandlers;

// ---- Collections
var NodeList = iface('NodeList');
var HTMLCollection = iface('HTMLCollection');
[NodeList, HTMLCollection].forEach(function (C) {
  accessors(C.prototype, { length: [function () { return listItems(LIST(this)).length; }] });
  methods(C.prototype, {
    item: function (i) { var item = listItem(LIST(this), i >>> 0); return item === undefined ? null : item; }
  });
  def(C.prototype, Symbol.iterator, Array.prototype.values);
});
methods(NodeList.prototype, { forEach: Array.prototype.forEach, entries: Array.prototype.entries,
                              keys: Array.prototype.keys, values: Array.prototype.values });
methods(HTMLCollection.prototype, { namedItem: function (name) { return namedItem(LIST(this), str(name)); } });
var childNodesKey = Symbol('childNodes'), childrenKey = Symbol('children'), queriesKey = Symbol('queries');
function cachedCollection(node, kind, argument, compute) {
  var cache = node[queriesKey] || (node[queriesKey] = new Map());
  var key = kind + '\u0000' + argument;
  var list = cache.get(key);
  if (!list) { list = liveList(HTMLCollection.prototype, compute, true, node); cache.set(key, list); }
  return list;
}

// ---- Node (https://dom.spec.whatwg.org/#interface-node)
var Node = iface('Node', EventTarget);
var nodeConstants = { ELEMENT_NODE: 1, ATTRIBUTE_NODE: 2, TEXT_NODE: 3, CDATA_SECTION_NODE: 4, ENTITY_REFERENCE_NODE: 5,
  ENTITY_NODE: 6, PROCESSING_INSTRUCTION_NODE: 7, COMMENT_NODE: 8, DOCUMENT_NODE: 9, DOCUMENT_TYPE_NODE: 10,
  DOCUMENT_FRAGMENT_NODE: 11, NOTATION_NODE: 12, DOCUMENT_POSITION_DISCONNECTED: 1, DOCUMENT_POSITION_PRECEDING: 2,
  DOCUMENT_POSITION_FOLLOWING: 4, DOCUMENT_POSITION_CONTAINS: 8, DOCUMENT_POSITION_CONTAINED_BY: 16,
  DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC: 32 };
for (var constant in nodeConstants) {
  Object.defineProperty(Node, constant, { value: nodeConstants[constant] });
  Object.defineProperty(Node.prototype, constant, { value: nodeConstants[constant] });
}
var XHTML = 'http://www.w3.org/1999/xhtml';
var upperTags = objectCreate(null);
function nodeName(node) {
  switch (TYPE(node)) {
    case 1: return node.tagName;
    case 3: return '#text';
    case 4: return '#cdata-section';
    case 7: return node.target;
    case 8: return '#comment';
    case 9: return '#document';
    case 10: return N.doctype(H(node))[0];
    case 11: return '#document-fragment';
  }
  return '';
}
function isCharacterData(t) { return t === 3 || t === 4 || t === 7 || t === 8; }
accessors(Node.prototype, {
  nodeType: [function () { return TYPE(this); }],
  nodeName: [function () { return nodeName(this); }],
  nodeValue: [function () { return isCharacterData(TYPE(this)) ? N.data(H(this)) : null; },
              function (v) { if (isCharacterData(TYPE(this))) N.setData(H(this), nullToEmpty(v)); }],
  textContent: [function () { var t = TYPE(this); return t === 9 || t === 10 ? null : isCharacterData(t) ? N.data(H(this)) : N.text(H(this)); },
                function (v) {
                  var t = TYPE(this);
                  if (isCharacterData(t)) N.setData(H(this), nullToEmpty(v));
                  else if (t === 1 || t === 11) N.setText(H(this), nullToEmpty(v));
                }],
  parentNode: [function () { return wrap(N.nav(H(this), 0)); }],
  parentElement: [function () { return wrap(N.nav(H(this), 9)); }],
  firstChild: [function () { return wrap(N.nav(H(this), 1)); }],
  lastChild: [function () { return wrap(N.nav(H(this), 2)); }],
  nextSibling: [function () { return wrap(N.nav(H(this), 3)); }],
  previousSibling: [function () { return wrap(N.nav(H(this), 4)); }],
  childNodes: [function () {
    var h = H(this);
    return this[childNodesKey] || (this[childNodesKey] = liveList(NodeList.prototype, function () { return N.childNodes(h); }, false, this, true));
  }],
  ownerDocument: [function () { return TYPE(this) === 9 ? null : wrap(N.nav(H(this), 11)); }],
  isConnected: [function () { return N.connected(H(this)); }],
  // HTML "document base URL": the main document's (its <base href>, a srcdoc
  // frame's parent's); a document DOMParser made has its URL.
  baseURI: [function () {
    var document = TYPE(this) === 9 ? this : wrap(N.nav(H(this), 11));
    return !document || isMain(document) ? N.baseURL() : T.documentURL(document);
  }]
});
methods(Node.prototype, {
  appendChild: function (node) { N.insert(H(this), hOf(node), null); return node; },
  insertBefore: function (node, child) {
    if (arguments.length < 2) throw new TypeError("Failed to execute 'insertBefore' on 'Node': 2 arguments required.");
    var nodeHandle = hOf(node);
    N.insert(H(this), nodeHandle, child === null ? null : hOf(child));
    return node;
  },
  removeChild: function (child) { N.removeChild(H(this), hOf(child)); return child; },
  replaceChild: function (node, child) { N.replaceChild(H(this), hOf(node), hOf(child)); return child; },
  cloneNode: function (deep) {
    if (TYPE(this) === 9) return cloneDocument(this, !!deep);
    var copy = wrap(N.clone(H(this), !!deep));
    return copy;
  },
  hasChildNodes: function () { return N.nav(H(this), 1) !== null; },
  contains: function (other) { return other === null || other === undefined || TYPE(other) === 2 ? false : N.contains(H(this), hOf(other)); },
  isSameNode: function (other) { return this === other; },
  getRootNode: function () { return wrap(N.nav(H(this), 10)); },
  normalize: function () { normalize(this); },
});

// https://dom.spec.whatwg.org/#dom-node-normalize
function normalize(node) {
  var kids = N.childNodes(H(node));
  for (var i = 0; i < kids.length; i++) {
    var t = TYPE(wrap(kids[i]));
    if (t === 3) {
      var data = N.data(kids[i]), j = i + 1;
      if (data === '') { N.remove(kids[i]); continue; }
      var extra = '', length = data.length;
      while (j < kids.length && TYPE(wrap(kids[j])) === 3) extra += N.data(kids[j++]);
      if (extra !== '') N.setData(kids[i], data + extra, length, 0, extra);
      for (var k = i + 1; k < j; k++) { T.textMerged(kids[k], kids[i], length); length += N.data(kids[k]).length; }
      for (k = i + 1; k < j; k++) N.remove(kids[k]);
      i = j - 1;
    } else if (t === 1 || t === 11) {
      normalize(wrap(kids[i]));
    }
  }
}

// ---- Mixins: ChildNode, NonDocumentTypeChildNode, ParentNode
/// https://dom.spec.whatwg.org/#converting-nodes-into-a-node
function nodeFrom(document, items) {
  if (items.length === 1 && isNode(items[0])) return items[0];
  var fragment = document.createDocumentFragment();
  for (var i = 0; i < items.length; i++) {
    fragment.appendChild(isNode(items[i]) ? items[i] : document.createTextNode(str(items[i])));
  }
  return fragment;
}
var childNodeMethods = {
  before: function () {
    var parent = this.parentNode;
    if (!parent) return;
    var items = Array.prototype.slice.call(arguments);
    var previous = this.previousSibling;
    while (previous && items.indexOf(previous) >= 0) previous = previous.previousSibling;
    var node = nodeFrom(documentOf(this), items);
    parent.insertBefore(node, previous ? previous.nextSibling : parent.firstChild);
  },
  after: function () {
    var parent = this.parentNode;
    if (!parent) return;
    var items = Array.prototype.slice.call(arguments);
    var next = this.nextSibling;
    while (next && items.indexOf(next) >= 0) next = next.nextSibling;
    parent.insertBefore(nodeFrom(documentOf(this), items), next);
  },
  replaceWith: function () {
    var parent = this.parentNode;
    if (!parent) return;
    var items = Array.prototype.slice.call(arguments);
    var next = this.nextSibling;
    while (next && items.indexOf(next) >= 0) next = next.nextSibling;
    var node = nodeFrom(documentOf(this), items);
    if (this.parentNode === parent) parent.replaceChild(node, this); else parent.insertBefore(node, next);
  },
  remove: function () { N.remove(H(this)); }
};
var elementSiblingAccessors = {
  previousElementSibling: [function () { return wrap(N.nav(H(this), 8)); }],
  nextElementSibling: [function () { return wrap(N.nav(H(this), 7)); }]
};
var parentNodeAccessors = {
  children: [function () {
    var h = H(this);
    return this[childrenKey] || (this[childrenKey] = liveList(HTMLCollection.prototype, function () { return N.elementChildren(h); }, true, this, true));
  }],
  firstElementChild: [function () { return wrap(N.nav(H(this), 5)); }],
  lastElementChild: [function () { return wrap(N.nav(H(this), 6)); }],
  childElementCount: [function () { return N.elementChildren(H(this)).length; }]
};
var parentNodeMethods = {
  append: function () { N.insert(H(this), hOf(nodeFrom(documentOf(this), arguments)), null); },
  prepend: function () { N.insert(H(this), hOf(nodeFrom(documentOf(this), arguments)), N.nav(H(this), 1)); },
  replaceChildren: function () {
    var node = arguments.length ? nodeFrom(documentOf(this), arguments) : null;
    N.replaceChildren(H(this), node === null ? null : hOf(node));
  },
  // WebIDL: a required argument left out is a TypeError (not the selector "undefined").
  querySelector: function (selectors) {
    if (arguments.length < 1) throw new TypeError("Failed to execute 'querySelector': 1 argument required.");
    return wrap(N.qs(H(this), str(selectors), false));
  },
  querySelectorAll: function (selectors) {
    if (arguments.length < 1) throw new TypeError("Failed to execute 'querySelectorAll': 1 argument required.");
    return staticList(NodeList.prototype, N.qs(H(this), str(selectors), true));
  },
  getElementById: function (id) { return wrap(N.byId(H(this), str(id))); }
};
var elementQueryMethods = {
  getElementsByTagName: function (name) {
    var h = H(this); name = str(name);
    return cachedCollection(this, 'tag', name, function () { return N.byTag(h, name); });
  },
  getElementsByClassName: function (names) {
    var h = H(this); names = str(names);
    return cachedCollection(this, 'class', names, function () { return N.byClass(h, names); });
  }
};

// ---- CharacterData, Text, Comment
var CharacterData = iface('CharacterData', Node);
function checkOffset(data, offset) {
  if (offset > data.length) throw domError('IndexSizeError', 'The offset ' + offset + ' is larger than the length ' + data.length + '.');
}
accessors(CharacterData.prototype, {
  data: [function () { return N.data(H(this)); }, function (v) { N.setData(H(this), nullToEmpty(v)); }],
  length: [function () { return N.data(H(this)).length; }]
});
accessors(CharacterData.prototype, elementSiblingAccessors);
methods(CharacterData.prototype, childNodeMethods);
methods(CharacterData.prototype, {
  appendData: function (data) {
    if (arguments.length < 1) throw new TypeError('1 argument required');
    var current = N.data(H(this));
    data = str(data);
    N.setData(H(this), current + data, current.length, 0, data);
  },
  insertData: function (offset, data) { this.replaceData(offset, 0, data); },
  deleteData: function (offset, count) { this.replaceData(offset, count, ''); },
  replaceData: function (offset, count, data) {
    if (arguments.length < 3) throw new TypeError('3 arguments required');
    var current = N.data(H(this));
    offset = offset >>> 0; count = count >>> 0;
    checkOffset(current, offset);
    if (offset + count > current.length) count = current.length - offset;
    data = str(data);
    N.setData(H(this), current.slice(0, offset) + data + current.slice(offset + count), offset, count, data);
  },
  substringData: function (offset, count) {
    if (arguments.length < 2) throw new TypeError('2 arguments required');
    var current = N.data(H(this));
    offset = offset >>> 0; count = count >>> 0;
    checkOffset(current, offset);
    return current.substr(offset, count);
  }
});
function mainDocumentHandle() {
  var h = main.document ? H(main.document) : N.main();
  if (h === null) throw domError('InvalidStateError', 'There is no document.');
  return h;
}
var Text = iface('Text', CharacterData, function Text(data) {
  if (!new.target) illegal();
  return wrap(N.create(mainDocumentHandle(), 3, data === undefined ? '' : str(data)));
});
methods(Text.prototype, {
  splitText: function (offset) {
    var data = N.data(H(this));
    offset = offset >>> 0;
    checkOffset(data, offset);
    // https://dom.spec.whatwg.org/#concept-text-split
    var node = wrap(N.create(H(this), 3, data.slice(offset)));
    var parent = N.nav(H(this), 0);
    if (parent !== null) {
      N.insert(parent, H(node), N.nav(H(this), 3));
      T.textSplit(H(this), H(node), parent, offset);
    }
    N.setData(H(this), data.slice(0, offset), offset, data.length - offset, '');
    return node;
  }
});
accessors(Text.prototype, {
  wholeText: [function () {
    var start = this, text = '';
    while (start.previousSibling && TYPE(start.previousSibling) === 3) start = start.previousSibling;
    for (var n = start; n && TYPE(n) === 3; n = n.nextSibling) text += N.data(H(n));
    return text;
  }],
  assignedSlot: [function () { return null; }]
});
var CDATASection = iface('CDATASection', Text);
var Comment = iface('Comment', CharacterData, function Comment(data) {
  if (!new.target) illegal();
  return wrap(N.create(mainDocumentHandle(), 8, data === undefined ? '' : str(data)));
});
var ProcessingInstruction = iface('ProcessingInstruction', CharacterData);

// ---- DocumentType, DocumentFragment
var DocumentType = iface('DocumentType', Node);
accessors(DocumentType.prototype, {
  name: [function () { return N.doctype(H(this))[0]; }],
  publicId: [function () { return N.doctype(H(this))[1]; }],
  systemId: [function () { return N.doctype(H(this))[2]; }]
});
methods(DocumentType.prototype, childNodeMethods);
var DocumentFragment = iface('DocumentFragment', Node, function DocumentFragment() {
  if (!new.target) illegal();
  return wrap(N.create(mainDocumentHandle(), 11, ''));
});
accessors(DocumentFragment.prototype, parentNodeAccessors);
methods(DocumentFragment.prototype, parentNodeMethods);

// ---- Document (https://dom.spec.whatwg.org/#interface-document)
var Document = iface('Document', Node, function Document() {
  if (!new.target) illegal();
  // An XML document (https://dom.spec.whatwg.org/#dom-document-document).
  return T.wrapDocument(N.newXMLDocument('application/xml'), Document.prototype);
});
var HTMLDocument = iface('HTMLDocument', Document);
var XMLDocument = iface('XMLDocument', Document);
protoByType[9] = HTMLDocument.prototype;
var implementationKey = Symbol('implementation');
function collection(document, kind, selector) {
  var h = H(document);
  return cachedCollection(document, kind, '', function () { return N.qs(h, selector, true); });
}
function isMain(document) { return document === main.document; }
accessors(Document.prototype, parentNodeAccessors);
methods(Document.prototype, parentNodeMethods);
methods(Document.prototype, elementQueryMethods);
accessors(Document.prototype, {
  documentElement: [function () { return wrap(N.docPart(H(this), 0)); }],
  head: [function () { return wrap(N.docPart(H(this), 1)); }],
  body: [function () { return wrap(N.docPart(H(this), 2)); }],
  doctype: [function () {
    for (var c = this.firstChild; c; c = c.nextSibling) if (TYPE(c) === 10) return c;
    return null;
  }],
  title: [function () { return N.title(H(this)); },
          function (value) {
            var title = this.querySelector('title');
            if (!title) {
              var head = this.head;
              if (!head) return;
              title = head.appendChild(this.createElement('title'));
            }
            title.textContent = str(value);
            N.titleChanged(H(this));
          }],
  URL: [function () { return isMain(this) ? N.state()[1] : 'about:blank'; }],
  documentURI: [function () { return isMain(this) ? N.state()[1] : 'about:blank'; }],
  readyState: [function () { return isMain(this) ? N.state()[0] : 'complete'; }],
  referrer: [function () { return isMain(this) ? N.state()[2] : ''; }],
  domain: [function () { try { return new URL(this.URL).hostname; } catch (e) { return ''; } }],
  cookie: [function () { return isMain(this) ? N.cookie() : ''; }, function (value) { if (isMain(this)) N.setCookie(str(value)); }],
  lastModified: [function () { return new Date().toLocaleString(); }],
  characterSet: [function () { return 'UTF-8'; }],
  charset: [function () { return 'UTF-8'; }],
  inputEncoding: [function () { return 'UTF-8'; }],
  contentType: [function () { return 'text/html'; }],
  compatMode: [function () { return 'CSS1Compat'; }],
  designMode: [function () { return 'off'; }, function () {}],
  dir: [function () { var r = this.documentElement; return r ? r.dir : ''; }, function (v) { var r = this.documentElement; if (r) r.dir = v; }],
  hidden: [function () { return false; }],
  visibilityState: [function () { return 'visible'; }],
  defaultView: [function () { return isMain(this) ? g : null; }],
  location: [function () { return isMain(this) ? g.location || null : null; }, function (v) { if (isMain(this) && g.location) g.location.href = v; }],
  forms: [function () { return collection(this, 'forms', 'form'); }],
  images: [function () { return collection(this, 'images', 'img'); }],
  links: [function () { return collection(this, 'links', 'a[href], area[href]'); }],
  anchors: [function () { return collection(this, 'anchors', 'a[name]'); }],
  scripts: [function () { return collection(this, 'scripts', 'script'); }],
  embeds: [function () { return collection(this, 'embeds', 'embed'); }],
  plugins: [function () { return collection(this, 'embeds', 'embed'); }],
  activeElement: [function () {
    if (!isMain(this)) return this.body;
    var focused = wrap(N.focused());
    if (focused && focused.isConnected) return focused;
    return this.body || this.documentElement;
  }],
  currentScript: [function () { return isMain(this) ? wrap(N.currentScript()) : null; }],
  scrollingElement: [function () { return this.documentElement; }],
  implementation: [function () {
    var document = this;
    return this[implementationKey] || (this[implementationKey] = objectCreate(DOMImplementation.prototype, { [DOC]: { value: document } }));
  }]
});
var DOC = Symbol('document');
methods(Document.prototype, {
  getElementsByName: function (name) {
    var h = H(this); name = str(name);
    return liveList(NodeList.prototype, function () { return N.byName(h, name); }, false, this);
  },
  createElement: function (name) { return wrap(N.create(H(this), 1, str(name))); },
  createTextNode: function (data) { return wrap(N.create(H(this), 3, str(data))); },
  createComment: function (data) { return wrap(N.create(H(this), 8, str(data))); },
  createDocumentFragment: function () { return wrap(N.create(H(this), 11, '')); },
  createEvent: function (name) { return createEvent(name); },
  hasFocus: function () { return isMain(this); },
  getSelection: function () { return null; },
  execCommand: function () { return false; },
  queryCommandSupported: function () { return false; },
  open: function () { return this; },
  close: function () {},
  write: function () { documentWrite(this, Array.prototype.join.call(arguments, '')); },
  writeln: function () { documentWrite(this, Array.prototype.join.call(arguments, '') + '\n'); },
  elementFromPoint: function () { return null; }
});
defineHandlers(Document.prototype, handlerNames.concat(['readystatechange', 'visibilitychange']));
/// document.write: at the parser's insertion point (HTML §8.4.3); else, after
/// the load, it opens the document anew (FIXME: a script-created parser, whose
/// written scripts would run); else (an async or deferred script, a timer
/// while the page loads) it is ignored, as browsers ignore such writes.
var openedMarkup = '';
function documentWrite(document, markup) {
  if (!isMain(document)) return;
  if (N.write(markup)) return;
  if (N.state()[0] === 'complete') {
    var root = document.documentElement;
    if (!root) return;
    openedMarkup += markup;
    root.innerHTML = openedMarkup;
  }
}
function cloneDocument(document, deep) {
  var copy = T.emptyDocumentLike(document);
  if (deep) for (var c = document.firstChild; c; c = c.nextSibling) { if (TYPE(c) !== 10) copy.appendChild(copy.importNode(c, true)); }
  return copy;
}
var DOMImplementation = iface('DOMImplementation');
methods(DOMImplementation.prototype, {
  createHTMLDocument: function (title) { return wrap(N.newDocument(title === undefined ? null : str(title))); },
  createDocument: function (ns, qualifiedName, doctype) {
    var doc = new Document();
    if (qualifiedName) doc.appendChild(doc.createElementNS(ns, qualifiedName));
    return doc;
  },
  createDocumentType: function () { throw domError('NotSupportedError', 'Creating doctypes is not supported.'); },
  hasFeature: function () { return true; }
});

// ---- Element (https://dom.spec.whatwg.org/#interface-element)
var Element = iface('Element', Node);
protoByType[3] = Text.prototype;
protoByType[4] = CDATASection.prototype;
protoByType[7] = ProcessingInstruction.prototype;
protoByType[8] = Comment.prototype;
protoByType[10] = DocumentType.prototype;
protoByType[11] = DocumentFragment.prototype;
var classListKey = Symbol('classList'), attributesKey = Symbol('attributes');
accessors(Element.prototype, parentNodeAccessors);
accessors(Element.prototype, elementSiblingAccessors);
methods(Element.prototype, parentNodeMethods);
methods(Element.prototype, childNodeMethods);
methods(Element.prototype, elementQueryMethods);
delete Element.prototype.getElementById;
accessors(Element.prototype, {
  id: [function () { var v = N.attr(H(this), 'id'); return v === null ? '' : v; }, function (v) { N.setAttr(H(this), 'id', str(v)); }],
  className: [function () { var v = N.attr(H(this), 'class'); return v === null ? '' : v; }, function (v) { N.setAttr(H(this), 'class', str(v)); }],
  classList: [function () { return this[classListKey] || (this[classListKey] = tokenList(this, 'class')); },
              function (v) { N.setAttr(H(this), 'class', str(v)); }],
  slot: [function () { var v = N.attr(H(this), 'slot'); return v === null ? '' : v; }, function (v) { N.setAttr(H(this), 'slot', str(v)); }],
  attributes: [function () { return this[attributesKey] || (this[attributesKey] = T.attributeMap(this)); }],
  innerHTML: [function () { return N.html(H(this), false); }, function (v) { N.setHTML(H(this), false, nullToEmpty(v)); }],
  outerHTML: [function () { return N.html(H(this), true); }, function (v) { N.setHTML(H(this), true, nullToEmpty(v)); }],
  shadowRoot: [function () { return null; }],
  assignedSlot: [function () { return null; }],
  scrollTop: [function () { return 0; }, function () {}],
  scrollLeft: [function () { return 0; }, function () {}],
  scrollWidth: [function () { return boxSize(this, 2); }],
  scrollHeight: [function () { return boxSize(this, 3); }],
  clientTop: [function () { return 0; }],
  clientLeft: [function () { return 0; }],
  clientWidth: [function () { return boxSize(this, 2); }],
  clientHeight: [function () { return boxSize(this, 3); }]
});
// CSSOM View §7: an element's width (2) or height (3) in whole px; the
// root element's client size is the viewport's.
function boxSize(element, which) {
  var h = H(element);
  if (which >= 2 && h === N.docPart(h, 0)) return N.viewportSize(which - 2);
  var box = N.boundingBox(h);
  return box === null ? 0 : box[which];
}
T.boxSize = boxSize;
methods(Element.prototype, {
  matches: function (selectors) { return N.matches(H(this), str(selectors)); },
  webkitMatchesSelector: function (selectors) { return N.matches(H(this), str(selectors)); },
  closest: function (selectors) { return wrap(N.closest(H(this), str(selectors))); },
  insertAdjacentElement: function (where, element) { hOf(element); return insertAdjacent(this, where, element); },
  insertAdjacentText: function (where, data) { insertAdjacent(this, where, documentOf(this).createTextNode(str(data))); },
  insertAdjacentHTML: function (where, markup) {
    var position = asciiLower(str(where));
    var context = position === 'beforebegin' || position === 'afterend' ? this.parentNode : this;
    if (position !== 'beforebegin' && position !== 'afterend' && position !== 'afterbegin' && position !== 'beforeend') {
      throw domError('SyntaxError', 'The value provided (' + where + ') is not a valid position.');
    }
    if (!context || TYPE(context) === 9) throw domError('NoModificationAllowedError', 'The element has no parent.');
    var document = documentOf(this);
    var holder = document.createElement(TYPE(context) === 1 ? context.localName : 'body');
    holder.innerHTML = str(markup);
    var fragment = document.createDocumentFragment();
    while (holder.firstChild) fragment.appendChild(holder.firstChild);
    insertAdjacent(this, position, fragment);
  },
  getBoundingClientRect: function () { return T.boundingClientRect(this); },
  getClientRects: function () { return T.clientRects(this); },
  scrollIntoView: function (arg) { T.scrollIntoView(this, arg); },
  scroll: function () {}, scrollTo: function () {}, scrollBy: function () {},
  attachShadow: function () { throw domError('NotSupportedError', 'Shadow trees are not supported.'); }
});
function insertAdjacent(element, where, node) {
  switch (asciiLower(str(where))) {
    case 'beforebegin': var parent = element.parentNode; if (!parent) return null; parent.insertBefore(node, element); return node;
    case 'afterbegin': element.insertBefore(node, element.firstChild); return node;
    case 'beforeend': element.appendChild(node); return node;
    case 'afterend': parent = element.parentNode; if (!parent) return null; parent.insertBefore(node, element.nextSibling); return node;
  }
  throw domError('SyntaxError', 'The value provided (' + where + ') is not a valid position.');
}

// ---- DOMTokenList (classList, relList) over an attribute
var DOMTokenList = iface('DOMTokenList');
var TOKENS = Symbol('tokens');
function tokensOf(list) {
  var s = list[TOKENS], value = N.attr(H(s.element), s.attribute);
  if (value === null || value === '') return [];
  var out = [], parts = value.split(/[\t\n\f\r ]+/);
  for (var i = 0; i < parts.length; i++) if (parts[i] !== '' && out.indexOf(parts[i]) < 0) out.push(parts[i]);
  return out;
}
function checkToken(token) {
  token = str(token);
  if (token === '') throw domError('SyntaxError', 'The token provided must not be empty.');
  if (/[\t\n\f\r ]/.test(token)) throw domError('InvalidCharacterError', "The token provided ('" + token + "') contains HTML space characters.");
  return token;
}
function writeTokens(list, tokens) { N.setAttr(H(list[TOKENS].element), list[TOKENS].attribute, tokens.join(' ')); }
accessors(DOMTokenList.prototype, {
  length: [function () { return tokensOf(this).length; }],
  value: [function () { var v = N.attr(H(this[TOKENS].element), this[TOKENS].attribute); return v === null ? '' : v; },
          function (v) { N.setAttr(H(this[TOKENS].element), this[TOKENS].attribute, str(v)); }]
});
methods(DOMTokenList.prototype, {
  item: function (i) { var t = tokensOf(this)[i >>> 0]; return t === undefined ? null : t; },
  contains: function (token) { return tokensOf(this).indexOf(str(token)) >= 0; },
  add: function () {
    var tokens = Array.prototype.map.call(arguments, checkToken), current = tokensOf(this);
    for (var i = 0; i < tokens.length; i++) if (current.indexOf(tokens[i]) < 0) current.push(tokens[i]);
    writeTokens(this, current);
  },
  remove: function () {
    var tokens = Array.prototype.map.call(arguments, checkToken), current = tokensOf(this);
    current = current.filter(function (t) { return tokens.indexOf(t) < 0; });
    if (N.hasAttr(H(this[TOKENS].element), this[TOKENS].attribute)) writeTokens(this, current);
  },
  toggle: function (token, force) {
    token = checkToken(token);
    var current = tokensOf(this), i = current.indexOf(token);
    if (i >= 0) {
      if (force === undefined || !force) { current.splice(i, 1); writeTokens(this, current); return false; }
      return true;
    }
    if (force === undefined || force) { current.push(token); writeTokens(this, current); return true; }
    return false;
  },
  replace: function (token, newToken) {
    // https://dom.spec.whatwg.org/#dom-domtokenlist-replace: both empty checks
    // (SyntaxError) before both whitespace checks (InvalidCharacterError).
    token = str(token); newToken = str(newToken);
    if (token === '' || newToken === '') throw domError('SyntaxError', 'The token provided must not be empty.');
    checkToken(token); checkToken(newToken);
    var current = tokensOf(this);
    if (current.indexOf(token) < 0) return false;
    // "Replace" in an ordered set: the first of either becomes newToken, the other goes.
    var out = [];
    for (var k = 0; k < current.length; k++) {
      var t = current[k] === token ? newToken : current[k];
      if (out.indexOf(t) < 0) out.push(t);
    }
    writeTokens(this, out);
    return true;
  },
  supports: function () { throw new TypeError('This DOMTokenList has no supported tokens.'); },
  toString: function () { return this.value; },
  forEach: function (fn, self) { var t = tokensOf(this); for (var i = 0; i < t.length; i++) fn.call(self, t[i], i, this); },
  entries: function () { return tokensOf(this).entries(); },
  keys: function () { return tokensOf(this).keys(); },
  values: function () { return tokensOf(this).values(); }
});
def(DOMTokenList.prototype, Symbol.iterator, function () { return tokensOf(this).values(); });
var tokenListHandler = {
  get: function (t, key, receiver) {
    var i = toIndex(key);
    if (i >= 0) return tokensOf(t)[i];
    return Reflect.get(t, key, receiver);
  },
  has: function (t, key) { var i = toIndex(key); return i >= 0 ? i < tokensOf(t).length : key in t; },
  ownKeys: function (t) { return tokensOf(t).map(function (_, i) { return String(i); }).concat(Reflect.ownKeys(t)); },
  getOwnPropertyDescriptor: function (t, key) {
    var i = toIndex(key);
    if (i >= 0) { var v = tokensOf(t)[i]; return v === undefined ? undefined : { value: v, writable: false, enumerable: true, configurable: true }; }
    return Reflect.getOwnPropertyDescriptor(t, key);
  }
};
function tokenList(element, attribute) {
  var target = objectCreate(DOMTokenList.prototype);
  target[TOKENS] = { element: element, attribute: attribute };
  return new Proxy(target, tokenListHandler);
}

def(internals, '__ternDOMAttach', function (h) {
  main.document = wrap(h);
  Object.defineProperty(g, 'document', { get: function () { return main.document; }, enumerable: true, configurable: true });
});

// For the files after this one.
T.NodeList = NodeList; T.HTMLCollection = HTMLCollection; T.cachedCollection = cachedCollection; T.Node = Node;
T.XHTML = XHTML; T.mainDocumentHandle = mainDocumentHandle; T.ProcessingInstruction = ProcessingInstruction;
T.Document = Document; T.HTMLDocument = HTMLDocument; T.XMLDocument = XMLDocument; T.isMain = isMain; T.DOC = DOC;
T.DOMImplementation = DOMImplementation; T.Element = Element; T.classListKey = classListKey; T.tokenList = tokenList;
