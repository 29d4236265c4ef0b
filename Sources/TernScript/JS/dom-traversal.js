//# sourceURL=tern:js/dom-traversal.js
// NodeFilter and TreeWalker (https://dom.spec.whatwg.org/#traversal).
//
// `runNodeFilter(traverser, node)` is the spec's "filter" algorithm for
// any traverser (`{ whatToShow, filter, active }`): NodeIterator uses it too.
//
// Runs on first touch (lazy.js) as the body of function (g, internals, T): see ScriptPrelude.swift.
// Its top level takes from T only: the page's scripts may have run.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, platform = T.platform, def = T.def, accessors = T.accessors, methods = T.methods,
    illegal = T.illegal, iface = T.iface, privateSlot = T.privateSlot, H = T.H, TYPE = T.TYPE, wrap = T.wrap,
    hOf = T.hOf, domError = T.domError, Document = T.Document, defineProperty = T.defineProperty;

// ---- NodeFilter (https://dom.spec.whatwg.org/#interface-nodefilter): a callback
// interface with constants; its interface object cannot be called.
var FILTER_ACCEPT = 1, FILTER_REJECT = 2, FILTER_SKIP = 3;
var NodeFilter = platform(function NodeFilter() { illegal(); });
var nodeFilterConstants = [['FILTER_ACCEPT', 1], ['FILTER_REJECT', 2], ['FILTER_SKIP', 3], ['SHOW_ALL', 0xFFFFFFFF],
 ['SHOW_ELEMENT', 0x1], ['SHOW_ATTRIBUTE', 0x2], ['SHOW_TEXT', 0x4], ['SHOW_CDATA_SECTION', 0x8],
 ['SHOW_ENTITY_REFERENCE', 0x10], ['SHOW_ENTITY', 0x20], ['SHOW_PROCESSING_INSTRUCTION', 0x40],
 ['SHOW_COMMENT', 0x80], ['SHOW_DOCUMENT', 0x100], ['SHOW_DOCUMENT_TYPE', 0x200],
 ['SHOW_DOCUMENT_FRAGMENT', 0x400], ['SHOW_NOTATION', 0x800]];
for (var i = 0; i < nodeFilterConstants.length; i++) {
  defineProperty(NodeFilter, nodeFilterConstants[i][0], { __proto__: null, value: nodeFilterConstants[i][1], enumerable: true });
}
def(g, 'NodeFilter', NodeFilter);

/// A NodeFilter argument: null, or an object (callable or with acceptNode), else a TypeError.
function nodeFilterArgument(filter) {
  if (filter === undefined || filter === null) return null;
  if (typeof filter !== 'object' && typeof filter !== 'function') throw new TypeError("parameter 3 is not of type 'NodeFilter'.");
  return filter;
}

// https://dom.spec.whatwg.org/#concept-node-filter
function runNodeFilter(traverser, node) {
  // 1. Re-entry from inside the filter.
  if (traverser.active) throw domError('InvalidStateError', 'The traverser is already running its filter.');
  // 2-3. whatToShow's bit for the node's type.
  var n = (TYPE(node) || 0) - 1;
  if (n < 0 || n > 31 || !((traverser.whatToShow >>> n) & 1)) return FILTER_SKIP;
  // 4. No filter.
  var filter = traverser.filter;
  if (filter === null) return FILTER_ACCEPT;
  // 5-7. "Call a user object's operation" (WebIDL): a callable filter with
  // `this` undefined, else its acceptNode with `this` the filter; the
  // result as an `unsigned short`. The active flag is unset on an exception.
  traverser.active = true;
  var result;
  try {
    if (typeof filter === 'function') result = filter.call(undefined, node);
    else {
      var accept = filter.acceptNode;
      if (typeof accept !== 'function') throw new TypeError("'acceptNode' property of the NodeFilter is not a function.");
      result = accept.call(filter, node);
    }
    result = Number(result) & 0xFFFF;
  } finally {
    traverser.active = false;
  }
  return result;
}

// ---- TreeWalker (https://dom.spec.whatwg.org/#interface-treewalker)
var walkerSlot = privateSlot();
function WALKER(o) {
  var w = walkerSlot.get(o);
  if (w === undefined) throw new TypeError('Illegal invocation');
  return w;
}
var TreeWalker = iface('TreeWalker', null);
function walkerParent(h) { return N.nav(h, 0); }
function walkerSetCurrent(w, h) { w.current = wrap(h); return w.current; }

// https://dom.spec.whatwg.org/#concept-traverse-children (first: true for firstChild)
function traverseChildren(w, first) {
  var node = N.nav(H(w.current), first ? 1 : 2);
  while (node !== null) {
    var result = runNodeFilter(w, wrap(node));
    if (result === FILTER_ACCEPT) return walkerSetCurrent(w, node);
    if (result === FILTER_SKIP) {
      var child = N.nav(node, first ? 1 : 2);
      if (child !== null) { node = child; continue; }
    }
    while (node !== null) {
      var sibling = N.nav(node, first ? 3 : 4);
      if (sibling !== null) { node = sibling; break; }
      var parent = walkerParent(node);
      if (parent === null || parent === H(w.root) || parent === H(w.current)) return null;
      node = parent;
    }
  }
  return null;
}

// https://dom.spec.whatwg.org/#concept-traverse-siblings (next: true for nextSibling)
function traverseSiblings(w, next) {
  var node = H(w.current);
  if (node === H(w.root)) return null;
  while (true) {
    var sibling = N.nav(node, next ? 3 : 4);
    while (sibling !== null) {
      node = sibling;
      var result = runNodeFilter(w, wrap(node));
      if (result === FILTER_ACCEPT) return walkerSetCurrent(w, node);
      sibling = N.nav(node, next ? 1 : 2);
      if (result === FILTER_REJECT || sibling === null) sibling = N.nav(node, next ? 3 : 4);
    }
    node = walkerParent(node);
    if (node === null || node === H(w.root)) return null;
    if (runNodeFilter(w, wrap(node)) === FILTER_ACCEPT) return null;
  }
}

accessors(TreeWalker.prototype, {
  root: [function () { return WALKER(this).root; }],
  whatToShow: [function () { return WALKER(this).whatToShow; }],
  filter: [function () { return WALKER(this).filter; }],
  currentNode: [function () { return WALKER(this).current; },
                function (node) { var w = WALKER(this); hOf(node); w.current = node; }]
});
methods(TreeWalker.prototype, {
  // https://dom.spec.whatwg.org/#dom-treewalker-parentnode
  parentNode: function () {
    var w = WALKER(this), node = H(w.current), root = H(w.root);
    while (node !== null && node !== root) {
      node = walkerParent(node);
      if (node !== null && runNodeFilter(w, wrap(node)) === FILTER_ACCEPT) return walkerSetCurrent(w, node);
    }
    return null;
  },
  firstChild: function () { return traverseChildren(WALKER(this), true); },
  lastChild: function () { return traverseChildren(WALKER(this), false); },
  previousSibling: function () { return traverseSiblings(WALKER(this), false); },
  nextSibling: function () { return traverseSiblings(WALKER(this), true); },
  // https://dom.spec.whatwg.org/#dom-treewalker-previousnode
  previousNode: function () {
    var w = WALKER(this), node = H(w.current), root = H(w.root);
    while (node !== root) {
      var sibling = N.nav(node, 4);
      while (sibling !== null) {
        node = sibling;
        var result = runNodeFilter(w, wrap(node));
        while (result !== FILTER_REJECT && N.nav(node, 1) !== null) {
          node = N.nav(node, 2);
          result = runNodeFilter(w, wrap(node));
        }
        if (result === FILTER_ACCEPT) return walkerSetCurrent(w, node);
        sibling = N.nav(node, 4);
      }
      if (node === root || walkerParent(node) === null) return null;
      node = walkerParent(node);
      if (runNodeFilter(w, wrap(node)) === FILTER_ACCEPT) return walkerSetCurrent(w, node);
    }
    return null;
  },
  // https://dom.spec.whatwg.org/#dom-treewalker-nextnode
  nextNode: function () {
    var w = WALKER(this), node = H(w.current), root = H(w.root), result = FILTER_ACCEPT;
    while (true) {
      while (result !== FILTER_REJECT && N.nav(node, 1) !== null) {
        node = N.nav(node, 1);
        result = runNodeFilter(w, wrap(node));
        if (result === FILTER_ACCEPT) return walkerSetCurrent(w, node);
      }
      var sibling = null, temporary = node;
      while (temporary !== null) {
        if (temporary === root) return null;
        sibling = N.nav(temporary, 3);
        if (sibling !== null) { node = sibling; break; }
        temporary = walkerParent(temporary);
      }
      // The current node outside the root's tree with nothing after it:
      // the spec would filter the same node again, for ever.
      if (sibling === null) return null;
      result = runNodeFilter(w, wrap(node));
      if (result === FILTER_ACCEPT) return walkerSetCurrent(w, node);
    }
  }
});

// https://dom.spec.whatwg.org/#dom-document-createtreewalker
methods(Document.prototype, {
  createTreeWalker: function (root, whatToShow, filter) {
    hOf(root);
    var walker = objectCreate(TreeWalker.prototype);
    walkerSlot.set(walker, { root: root, current: root, active: false,
      whatToShow: whatToShow === undefined ? 0xFFFFFFFF : Number(whatToShow) >>> 0,
      filter: nodeFilterArgument(filter) });
    return walker;
  }
});
