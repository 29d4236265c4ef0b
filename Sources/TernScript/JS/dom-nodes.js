//# sourceURL=tern:js/dom-nodes.js
// Namespaces and Node to the letter, after dom-core.js: element names
// with namespaces, attributes with namespaces (and `Attr` nodes over
// them), the namespace lookups, `isEqualNode`, `compareDocumentPosition`,
// `createElementNS`/`createAttribute(NS)`, `importNode` and `adoptNode`.
// Natives: `DOMBridge+Nodes`.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, def = T.def, accessors = T.accessors, methods = T.methods, iface = T.iface,
    privateSlot = T.privateSlot, nodeSlot = T.nodeSlot, H = T.H, TAG = T.TAG, TYPE = T.TYPE,
    protoByType = T.protoByType, main = T.main, wrap = T.wrap, isNode = T.isNode, hOf = T.hOf,
    documentOf = T.documentOf, asciiLower = T.asciiLower, str = T.str, nullToEmpty = T.nullToEmpty,
    toIndex = T.toIndex, staticList = T.staticList, domError = T.domError,
    attributeHandlerChanged = T.attributeHandlerChanged, NodeList = T.NodeList,
    cachedCollection = T.cachedCollection, Node = T.Node, XHTML = T.XHTML,
    ProcessingInstruction = T.ProcessingInstruction, Document = T.Document, Element = T.Element;
// Called by earlier files (T.name): there before this file runs, as function declarations are.
T.attributeMap = attributeMap;

function optionalString(value) { return value === null || value === undefined ? null : str(value); }
function namespaceArgument(value) { var ns = optionalString(value); return ns === '' ? null : ns; }

// ---- Element names (https://dom.spec.whatwg.org/#interface-element).
// An element outside the HTML namespace has no HTML interface and no TAG.
protoByType[1] = Element.prototype;
accessors(Element.prototype, {
  tagName: [function () { return N.tagName(H(this)); }],
  localName: [function () { var t = TAG(this); return t !== undefined ? t : N.names(H(this))[2]; }],
  namespaceURI: [function () { return TAG(this) !== undefined ? XHTML : N.names(H(this))[0]; }],
  prefix: [function () { return N.names(H(this))[1]; }]
});

accessors(ProcessingInstruction.prototype, { target: [function () { return N.piTarget(H(this)); }] });

// ---- Attr (https://dom.spec.whatwg.org/#interface-attr): an object over
// (element, namespace, local name) while the element has the attribute,
// holding its own value once removed or before it is set.
var Attr = iface('Attr', Node);
var ATTR = Symbol('attr'), attrCacheKey = Symbol('attrs'), attrSerial = 0;
function newAttr(document, ns, prefix, local, value) {
  var attr = objectCreate(Attr.prototype);
  attr[ATTR] = { element: null, ns: ns, prefix: prefix, local: local, value: value, document: document, serial: ++attrSerial };
  nodeSlot.set(attr, { h: undefined, tag: undefined, type: 2 });
  return attr;
}
function attrKey(ns, local) { return (ns === null ? '' : ns) + '\u0000' + local; }
function attrQualifiedName(s) { return s.prefix === null ? s.local : s.prefix + ':' + s.local; }
/// The Attr of the element's attribute (ns, local): the same object while the attribute lives.
function attrNode(element, ns, prefix, local) {
  var cache = element[attrCacheKey] || (element[attrCacheKey] = new Map());
  var key = attrKey(ns, local), attr = cache.get(key);
  if (!attr) { attr = newAttr(documentOf(element), ns, prefix, local, ''); cache.set(key, attr); }
  attr[ATTR].element = element;
  attr[ATTR].prefix = prefix;
  return attr;
}
/// The element lost the attribute: its Attr keeps the last value and no owner.
function detachAttr(element, ns, local) {
  var cache = element[attrCacheKey], key = attrKey(ns, local), attr = cache && cache.get(key);
  if (!attr) return;
  var value = N.attrNS(H(element), ns, local);
  if (value !== null) attr[ATTR].value = value;
  attr[ATTR].element = null;
  cache.delete(key);
}
function attrValue(attr) {
  var s = attr[ATTR];
  if (s.element) {
    var v = N.attrNS(H(s.element), s.ns, s.local);
    if (v !== null) s.value = v; else detachAttr(s.element, s.ns, s.local);
  }
  return s.value;
}
// https://dom.spec.whatwg.org/#set-an-existing-attribute-value
function setAttrValue(attr, value) {
  var s = attr[ATTR];
  s.value = str(value);
  if (s.element) N.putAttr(H(s.element), s.ns, s.prefix, s.local, s.value);
}
function attrState(attr) {
  var s = attr !== null && attr !== undefined && (typeof attr === 'object') ? attr[ATTR] : undefined;
  if (!s || TYPE(attr) !== 2) throw new TypeError("parameter 1 is not of type 'Attr'.");
  return s;
}
accessors(Attr.prototype, {
  name: [function () { return attrQualifiedName(this[ATTR]); }],
  nodeName: [function () { return attrQualifiedName(this[ATTR]); }],
  localName: [function () { return this[ATTR].local; }],
  namespaceURI: [function () { return this[ATTR].ns; }],
  prefix: [function () { return this[ATTR].prefix; }],
  specified: [function () { return true; }],
  ownerElement: [function () { attrValue(this); return this[ATTR].element; }],
  value: [function () { return attrValue(this); }, function (v) { setAttrValue(this, v); }],
  nodeValue: [function () { return attrValue(this); }, function (v) { setAttrValue(this, nullToEmpty(v)); }],
  textContent: [function () { return attrValue(this); }, function (v) { setAttrValue(this, nullToEmpty(v)); }],
  parentNode: [function () { return null; }],
  parentElement: [function () { return null; }],
  firstChild: [function () { return null; }],
  lastChild: [function () { return null; }],
  previousSibling: [function () { return null; }],
  nextSibling: [function () { return null; }],
  ownerDocument: [function () { return this[ATTR].document || main.document; }],
  childNodes: [function () { return staticList(NodeList.prototype, []); }],
  isConnected: [function () { return false; }]
});
methods(Attr.prototype, {
  hasChildNodes: function () { return false; },
  getRootNode: function () { return this; },
  contains: function (other) { return other === this; },
  normalize: function () {},
  cloneNode: function () { var s = this[ATTR]; return newAttr(s.document, s.ns, s.prefix, s.local, attrValue(this)); },
  appendChild: function () { throw domError('HierarchyRequestError', 'An attribute has no children.'); },
  insertBefore: function () { throw domError('HierarchyRequestError', 'An attribute has no children.'); },
  replaceChild: function () { throw domError('HierarchyRequestError', 'An attribute has no children.'); },
  removeChild: function () { throw domError('NotFoundError', 'An attribute has no children.'); }
});

/// The element's attributes as Attr nodes, in order.
function attrNodes(element) {
  var list = N.attrList(H(element)), out = [];
  for (var i = 0; i < list.length; i += 4) out.push(attrNode(element, list[i], list[i + 1], list[i + 2]));
  return out;
}
/// "Get an attribute by name" as an Attr (https://dom.spec.whatwg.org/#concept-element-attributes-get-by-name).
function attrByName(element, qualifiedName) {
  if (N.names(H(element))[4]) qualifiedName = asciiLower(qualifiedName);
  var list = N.attrList(H(element));
  for (var i = 0; i < list.length; i += 4) {
    if ((list[i + 1] === null ? list[i + 2] : list[i + 1] + ':' + list[i + 2]) === qualifiedName) {
      return attrNode(element, list[i], list[i + 1], list[i + 2]);
    }
  }
  return null;
}
function attrByNamespace(element, ns, local) {
  var list = N.attrList(H(element));
  for (var i = 0; i < list.length; i += 4) {
    if (list[i] === ns && list[i + 2] === local) return attrNode(element, list[i], list[i + 1], list[i + 2]);
  }
  return null;
}
// https://dom.spec.whatwg.org/#concept-element-attributes-set
function setAttrNode(element, attr) {
  var s = attrState(attr);
  if (s.element !== null && s.element !== element) throw domError('InUseAttributeError', 'The attribute is in use by another element.');
  var old = attrByNamespace(element, s.ns, s.local);
  if (old === attr) return attr;
  if (old !== null) detachAttr(element, s.ns, s.local);
  N.putAttr(H(element), s.ns, s.prefix, s.local, s.value);
  s.element = element;
  s.document = documentOf(element);
  (element[attrCacheKey] || (element[attrCacheKey] = new Map())).set(attrKey(s.ns, s.local), attr);
  attributeHandlerChanged(element, s.local);
  return old;
}

// ---- Element attributes (https://dom.spec.whatwg.org/#interface-element)
methods(Element.prototype, {
  getAttribute: function (name) { return N.attrQ(H(this), str(name)); },
  getAttributeNS: function (ns, local) { return N.attrNS(H(this), namespaceArgument(ns), str(local)); },
  setAttribute: function (name, value) {
    if (arguments.length < 2) throw new TypeError("Failed to execute 'setAttribute' on 'Element': 2 arguments required.");
    name = str(name);
    N.setAttr(H(this), name, str(value));
    attributeHandlerChanged(this, asciiLower(name));
  },
  setAttributeNS: function (ns, qualifiedName, value) {
    if (arguments.length < 3) throw new TypeError("Failed to execute 'setAttributeNS' on 'Element': 3 arguments required.");
    N.setAttrNS(H(this), namespaceArgument(ns), str(qualifiedName), str(value));
  },
  removeAttribute: function (name) {
    name = str(name);
    var attr = attrByName(this, name);
    if (attr === null) return;
    detachAttr(this, attr[ATTR].ns, attr[ATTR].local);
    N.removeAttr(H(this), name);
    attributeHandlerChanged(this, asciiLower(name));
  },
  removeAttributeNS: function (ns, local) {
    ns = namespaceArgument(ns); local = str(local);
    detachAttr(this, ns, local);
    N.removeAttrNS(H(this), ns, local);
  },
  hasAttribute: function (name) { return N.hasAttrQ(H(this), str(name)); },
  hasAttributeNS: function (ns, local) { return N.attrNS(H(this), namespaceArgument(ns), str(local)) !== null; },
  hasAttributes: function () { return N.attrList(H(this)).length > 0; },
  toggleAttribute: function (name, force) {
    name = str(name);
    var attr = attrByName(this, name);
    if (attr !== null && (force === undefined || !force)) detachAttr(this, attr[ATTR].ns, attr[ATTR].local);
    var present = N.toggleAttr(H(this), name, force === undefined ? null : !!force);
    attributeHandlerChanged(this, asciiLower(name));
    return present;
  },
  getAttributeNames: function () {
    var list = N.attrList(H(this)), names = [];
    for (var i = 0; i < list.length; i += 4) names.push(list[i + 1] === null ? list[i + 2] : list[i + 1] + ':' + list[i + 2]);
    return names;
  },
  getAttributeNode: function (name) { return attrByName(this, str(name)); },
  getAttributeNodeNS: function (ns, local) { return attrByNamespace(this, namespaceArgument(ns), str(local)); },
  setAttributeNode: function (attr) { return setAttrNode(this, attr); },
  setAttributeNodeNS: function (attr) { return setAttrNode(this, attr); },
  removeAttributeNode: function (attr) {
    var s = attrState(attr);
    if (s.element !== this || attrByNamespace(this, s.ns, s.local) !== attr) throw domError('NotFoundError', 'The attribute is not on this element.');
    detachAttr(this, s.ns, s.local);
    N.removeAttrNS(H(this), s.ns, s.local);
    attributeHandlerChanged(this, s.local);
    return attr;
  }
});

// ---- NamedNodeMap (https://dom.spec.whatwg.org/#interface-namednodemap)
var NamedNodeMap = iface('NamedNodeMap');
var mapSlot = privateSlot();
function mapElement(map) {
  var element = mapSlot.get(map);
  if (element === undefined) throw new TypeError('Illegal invocation');
  return element;
}
accessors(NamedNodeMap.prototype, { length: [function () { return N.attrList(H(mapElement(this))).length / 4; }] });
methods(NamedNodeMap.prototype, {
  item: function (i) { var item = attrNodes(mapElement(this))[i >>> 0]; return item === undefined ? null : item; },
  getNamedItem: function (name) { return attrByName(mapElement(this), str(name)); },
  getNamedItemNS: function (ns, local) { return attrByNamespace(mapElement(this), namespaceArgument(ns), str(local)); },
  setNamedItem: function (attr) { return setAttrNode(mapElement(this), attr); },
  setNamedItemNS: function (attr) { return setAttrNode(mapElement(this), attr); },
  removeNamedItem: function (name) {
    var element = mapElement(this), attr = attrByName(element, str(name));
    if (!attr) throw domError('NotFoundError', 'No attribute named ' + name + '.');
    return element.removeAttributeNode(attr);
  },
  removeNamedItemNS: function (ns, local) {
    var element = mapElement(this), attr = attrByNamespace(element, namespaceArgument(ns), str(local));
    if (!attr) throw domError('NotFoundError', 'No such attribute.');
    return element.removeAttributeNode(attr);
  }
});
def(NamedNodeMap.prototype, Symbol.iterator, function () { return attrNodes(mapElement(this)).values(); });
/// Supported property names: qualified names (for an HTML element in an
/// HTML document, those without ASCII upper case), each once.
function mapNames(element) {
  var list = N.attrList(H(element)), html = N.names(H(element))[4], names = [];
  for (var i = 0; i < list.length; i += 4) {
    var name = list[i + 1] === null ? list[i + 2] : list[i + 1] + ':' + list[i + 2];
    if (html && /[A-Z]/.test(name)) continue;
    if (names.indexOf(name) < 0) names.push(name);
  }
  return names;
}
var attributeMapHandler = {
  get: function (t, key, receiver) {
    var i = toIndex(key), element = mapSlot.get(t);
    if (i >= 0) return attrNodes(element)[i];
    if (typeof key === 'string' && !(key in t) && mapNames(element).indexOf(key) >= 0) return attrByName(element, key);
    return Reflect.get(t, key, receiver);
  },
  has: function (t, key) {
    var i = toIndex(key), element = mapSlot.get(t);
    if (i >= 0) return i < N.attrList(H(element)).length / 4;
    return key in t || (typeof key === 'string' && mapNames(element).indexOf(key) >= 0);
  },
  set: function (t, key, value, receiver) { return toIndex(key) >= 0 ? false : Reflect.set(t, key, value, receiver); },
  defineProperty: function (t, key, descriptor) { return toIndex(key) >= 0 ? false : Reflect.defineProperty(t, key, descriptor); },
  ownKeys: function (t) {
    var element = mapSlot.get(t), n = N.attrList(H(element)).length / 4, keys = [];
    for (var i = 0; i < n; i++) keys.push(String(i));
    return keys.concat(mapNames(element), Reflect.ownKeys(t));
  },
  getOwnPropertyDescriptor: function (t, key) {
    var element = mapSlot.get(t), i = toIndex(key);
    var value = i >= 0 ? attrNodes(element)[i] : typeof key === 'string' && !(key in t) && mapNames(element).indexOf(key) >= 0 ? attrByName(element, key) : undefined;
    if (value !== undefined) return { value: value, writable: false, enumerable: i >= 0, configurable: true };
    return Reflect.getOwnPropertyDescriptor(t, key);
  }
};
function attributeMap(element) {
  var target = objectCreate(NamedNodeMap.prototype);
  mapSlot.set(target, element);
  var map = new Proxy(target, attributeMapHandler);
  mapSlot.set(map, element);
  return map;
}

// ---- Namespace lookups (https://dom.spec.whatwg.org/#locate-a-namespace)
function lookupStart(node) { return TYPE(node) === 2 ? node[ATTR].element : node; }
function locateNamespace(node, prefix) {
  var start = lookupStart(node);
  return start ? N.lookupNS(H(start), prefix) : null;
}
methods(Node.prototype, {
  lookupNamespaceURI: function (prefix) {
    prefix = optionalString(prefix);
    return locateNamespace(this, prefix === '' ? null : prefix);
  },
  lookupPrefix: function (ns) {
    ns = namespaceArgument(ns);
    var start = lookupStart(this);
    return ns === null || !start ? null : N.lookupPrefix(H(start), ns);
  },
  isDefaultNamespace: function (ns) { return locateNamespace(this, null) === namespaceArgument(ns); },
  isEqualNode: function (other) { return other !== null && other !== undefined && equalNodes(this, other); },
  compareDocumentPosition: function (other) {
    if (!isNode(other) && TYPE(other) !== 2) throw new TypeError("parameter 1 is not of type 'Node'.");
    return comparePosition(this, other);
  }
});

// https://dom.spec.whatwg.org/#concept-node-equals
function equalNodes(a, b) {
  if (a === b) return true;
  var ta = TYPE(a), tb = TYPE(b);
  if (ta === undefined || ta !== tb) return false;
  switch (ta) {
    case 10: if (N.doctype(H(a)).join('\u0000') !== N.doctype(H(b)).join('\u0000')) return false; break;
    case 1:
      var na = N.names(H(a)), nb = N.names(H(b));
      if (na[0] !== nb[0] || na[1] !== nb[1] || na[2] !== nb[2]) return false;
      var x = N.attrList(H(a)), y = N.attrList(H(b));
      if (x.length !== y.length) return false;
      for (var i = 0; i < x.length; i += 4) {
        var found = false;
        for (var k = 0; k < y.length; k += 4) {
          if (x[i] === y[k] && x[i + 2] === y[k + 2] && x[i + 3] === y[k + 3]) { found = true; break; }
        }
        if (!found) return false;
      }
      break;
    case 2: {
      var sa = a[ATTR], sb = b[ATTR];
      return sa.ns === sb.ns && sa.local === sb.local && attrValue(a) === attrValue(b);
    }
    case 3: case 4: case 8: if (N.data(H(a)) !== N.data(H(b))) return false; break;
    case 7: if (a.target !== b.target || N.data(H(a)) !== N.data(H(b))) return false; break;
  }
  var ca = N.childNodes(H(a)), cb = N.childNodes(H(b));
  if (ca.length !== cb.length) return false;
  for (var j = 0; j < ca.length; j++) if (!equalNodes(wrap(ca[j]), wrap(cb[j]))) return false;
  return true;
}

// https://dom.spec.whatwg.org/#dom-node-comparedocumentposition
function comparePosition(reference, other) {
  // 1.–4.
  if (reference === other) return 0;
  var node1 = other, node2 = reference, attr1 = null, attr2 = null;
  // 5. An attribute stands for its element.
  if (TYPE(node1) === 2) { attr1 = node1; node1 = attr1[ATTR].element; }
  // 6. Two attributes of the same element: their order in its list.
  if (TYPE(node2) === 2) {
    attr2 = node2; node2 = attr2[ATTR].element;
    if (attr1 !== null && node1 !== null && node2 === node1) {
      var attrs = attrNodes(node2);
      for (var a = 0; a < attrs.length; a++) {
        if (attrs[a] === attr1) return 32 | 2;
        if (attrs[a] === attr2) return 32 | 4;
      }
    }
  }
  // 7. Disconnected (or owner-less attributes): implementation-specific,
  //    consistent: ordered by the roots' handles, an Attr after any tree.
  if (node1 === null && node2 === null) return 1 | 32 | (attr1[ATTR].serial < attr2[ATTR].serial ? 2 : 4);
  if (node1 === null || node2 === null) return 1 | 32 | (node1 === null ? 4 : 2);
  var path1 = N.path(H(node1)), path2 = N.path(H(node2));
  var root1 = path1[path1.length - 1], root2 = path2[path2.length - 1];
  if (root1 !== root2) return 1 | 32 | (root1 < root2 ? 2 : 4);
  // 8. node1 an ancestor of node2 (or the element of attribute node2).
  if ((attr1 === null && path2.indexOf(H(node1)) >= 0 && node1 !== node2) || (attr2 !== null && node1 === node2)) return 8 | 2;
  // 9. node1 a descendant of node2 (or an attribute of element node2).
  if ((attr2 === null && path1.indexOf(H(node2)) >= 0 && node1 !== node2) || (attr1 !== null && node1 === node2)) return 16 | 4;
  // 10.–11. Tree order.
  var i = path1.length - 1, j = path2.length - 1;
  while (i >= 0 && j >= 0 && path1[i] === path2[j]) { i--; j--; }
  return N.index(path1[i]) < N.index(path2[j]) ? 2 : 4;
}

// ---- Document: creating and moving nodes
methods(Document.prototype, {
  createElementNS: function (ns, qualifiedName) {
    return wrap(N.createNS(H(this), namespaceArgument(ns), str(qualifiedName)));
  },
  createProcessingInstruction: function (target, data) {
    if (arguments.length < 2) throw new TypeError("Failed to execute 'createProcessingInstruction' on 'Document': 2 arguments required.");
    return wrap(N.createPI(H(this), str(target), str(data)));
  },
  // https://dom.spec.whatwg.org/#dom-document-createattribute
  createAttribute: function (localName) {
    localName = str(localName);
    if (localName === '' || /[\t\n\f\r \u0000\/=>]/.test(localName)) throw domError('InvalidCharacterError', 'The string contains invalid characters.');
    if (N.isHTMLDocument(H(this))) localName = asciiLower(localName);
    return newAttr(this, null, null, localName, '');
  },
  createProcessingInstruction: function (target, data) {
    if (arguments.length < 2) throw new TypeError("Failed to execute 'createProcessingInstruction' on 'Document': 2 arguments required.");
    return wrap(N.createPI(H(this), str(target), str(data)));
  },
  // https://dom.spec.whatwg.org/#dom-document-createattributens
  createAttributeNS: function (ns, qualifiedName) {
    var name = N.validate(namespaceArgument(ns), str(qualifiedName), false);
    return newAttr(this, name[0], name[1], name[2], '');
  },
  // https://dom.spec.whatwg.org/#dom-document-importnode
  importNode: function (node, deep) {
    if (TYPE(node) === 2) { var s = node[ATTR]; return newAttr(this, s.ns, s.prefix, s.local, attrValue(node)); }
    var h = hOf(node);
    if (TYPE(node) === 9) throw domError('NotSupportedError', 'A document cannot be imported.');
    return wrap(N.importNode(H(this), h, !!deep));
  },
  // https://dom.spec.whatwg.org/#dom-document-adoptnode
  adoptNode: function (node) {
    if (TYPE(node) === 2) {
      var s = node[ATTR];
      if (s.element) s.element.removeAttributeNode(node);
      s.document = this;
      return node;
    }
    var h = hOf(node);
    if (TYPE(node) === 9) throw domError('NotSupportedError', 'A document cannot be adopted.');
    N.adopt(H(this), h);
    return node;
  }
});
function getElementsByTagNameNS(ns, local) {
  var h = H(this);
  ns = namespaceArgument(ns); local = str(local);
  return cachedCollection(this, 'tagNS', (ns === null ? '' : ns) + '\u0000' + local, function () { return N.byTagNS(h, ns, local); });
}
methods(Document.prototype, { getElementsByTagNameNS: getElementsByTagNameNS });
methods(Element.prototype, { getElementsByTagNameNS: getElementsByTagNameNS });

// For the files after this one.
T.comparePosition = comparePosition;
