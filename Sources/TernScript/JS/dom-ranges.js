//# sourceURL=tern:js/dom-ranges.js
// `AbstractRange`, `Range` and `StaticRange` (DOM §5). A range's state is
// four values in a private slot: start and end node handles and offsets
// (`sc`, `so`, `ec`, `eo`). A live range's state is also in `liveRanges`
// (weakly), where dom-mutations.js updates it on every mutation.
//
// Runs on first touch (lazy.js) as the body of function (g, internals, T): see ScriptPrelude.swift.
// Its top level takes from T only: the page's scripts may have run.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, def = T.def, accessors = T.accessors, methods = T.methods, iface = T.iface,
    privateSlot = T.privateSlot, H = T.H, TYPE = T.TYPE, main = T.main, wrap = T.wrap, hOf = T.hOf,
    domError = T.domError, mainDocumentHandle = T.mainDocumentHandle, Document = T.Document,
    WeakRefOrStrong = T.WeakRefOrStrong, liveRanges = T.liveRanges, isInclusiveAncestor = T.isInclusiveAncestor,
    defineProperty = T.defineProperty, EngineSymbol = T.Symbol;

// ---- Boundary points (https://dom.spec.whatwg.org/#concept-range-bp)
var rangeSlot = privateSlot();
function RNG(o) { var s = rangeSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
function isCharacterDataHandle(h) { var t = N.type(h); return t === 3 || t === 4 || t === 7 || t === 8; }
function isTextHandle(h) { var t = N.type(h); return t === 3 || t === 4; }
// https://dom.spec.whatwg.org/#concept-node-length
function nodeLength(h) {
  var t = N.type(h);
  if (t === 10) return 0;
  if (t === 3 || t === 4 || t === 7 || t === 8) return N.data(h).length;
  return N.childCount(h);
}
function rootOf(h) { return N.nav(h, 10); }
/// -1 when `a` precedes `b` in tree order, 1 when it follows, 0 when the same (same root assumed).
function treeOrder(a, b) {
  if (a === b) return 0;
  var pa = N.path(a), pb = N.path(b), i = pa.length - 1, j = pb.length - 1;
  while (i >= 0 && j >= 0 && pa[i] === pb[j]) { i--; j--; }
  if (i < 0) return -1;   // a is an ancestor of b
  if (j < 0) return 1;    // b is an ancestor of a
  return N.index(pa[i]) < N.index(pb[j]) ? -1 : 1;
}
// https://dom.spec.whatwg.org/#concept-range-bp-position: -1 before, 0 equal, 1 after
function bpPosition(nodeA, offsetA, nodeB, offsetB) {
  if (nodeA === nodeB) return offsetA === offsetB ? 0 : offsetA < offsetB ? -1 : 1;
  if (treeOrder(nodeA, nodeB) > 0) return -bpPosition(nodeB, offsetB, nodeA, offsetA);
  if (N.contains(nodeA, nodeB)) {
    var child = nodeB;
    for (var parent = N.nav(child, 0); parent !== nodeA; parent = N.nav(child, 0)) child = parent;
    if (N.index(child) < offsetA) return 1;
  }
  return -1;
}
// WebIDL unsigned long (https://webidl.spec.whatwg.org/#es-unsigned-long): ToUint32, as WebIDL.swift's conversions.
function unsignedLong(value) { return Number(value) >>> 0; }
function unsignedShort(value) { return (Number(value) >>> 0) & 0xFFFF; }
function requireArguments(n, count, method) {
  if (n < count) throw new TypeError("Failed to execute '" + method + "' on 'Range': " + count + ' argument' + (count > 1 ? 's' : '') + ' required.');
}

// ---- AbstractRange (https://dom.spec.whatwg.org/#interface-abstractrange)
var AbstractRange = iface('AbstractRange');
accessors(AbstractRange.prototype, {
  startContainer: [function () { return wrap(RNG(this).sc); }],
  startOffset: [function () { return RNG(this).so; }],
  endContainer: [function () { return wrap(RNG(this).ec); }],
  endOffset: [function () { return RNG(this).eo; }],
  collapsed: [function () { var r = RNG(this); return r.sc === r.ec && r.so === r.eo; }]
});

// ---- StaticRange (https://dom.spec.whatwg.org/#interface-staticrange)
var StaticRange = iface('StaticRange', AbstractRange, function StaticRange(init) {
  if (!new.target) throw new TypeError("Constructor StaticRange requires 'new'");
  if (init === null || init === undefined || (typeof init !== 'object' && typeof init !== 'function')) throw new TypeError("parameter 1 is not of type 'StaticRangeInit'.");
  function member(name, convert) {
    var v = init[name];
    if (v === undefined) throw new TypeError("Failed to read the '" + name + "' property from 'StaticRangeInit': Required member is undefined.");
    return convert(v);
  }
  var kept = [];
  function container(v) {
    if (TYPE(v) === 2) throw domError('InvalidNodeTypeError', 'A StaticRange cannot start or end in an attribute.');
    var h = hOf(v);
    kept.push(v);
    return h;
  }
  var ec = member('endContainer', container), eo = member('endOffset', unsignedLong);
  var sc = member('startContainer', container), so = member('startOffset', unsignedLong);
  var ts = N.type(sc), te = N.type(ec);
  if (ts === 10 || te === 10 || ts === 2 || te === 2) throw domError('InvalidNodeTypeError', 'A StaticRange cannot start or end in a doctype or an attribute.');
  // The containers' wrappers are kept: a StaticRange is not live, so no collection sees its handles.
  rangeSlot.set(this, { sc: sc, so: so, ec: ec, eo: eo, keep: kept });
});

// ---- Range (https://dom.spec.whatwg.org/#interface-range)
function makeRange(sc, so, ec, eo) {
  var range = objectCreate(Range.prototype), state = { sc: sc, so: so, ec: ec, eo: eo };
  rangeSlot.set(range, state);
  liveRanges.add(new WeakRefOrStrong(state));
  return range;
}
var Range = iface('Range', AbstractRange, function Range() {
  if (!new.target) throw new TypeError("Constructor Range requires 'new'");
  var h = mainDocumentHandle(), state = { sc: h, so: 0, ec: h, eo: 0 };
  rangeSlot.set(this, state);
  liveRanges.add(new WeakRefOrStrong(state));
});
var rangeConstants = { __proto__: null, START_TO_START: 0, START_TO_END: 1, END_TO_END: 2, END_TO_START: 3 };
for (var rangeConstant in rangeConstants) {
  defineProperty(Range, rangeConstant, { __proto__: null, value: rangeConstants[rangeConstant], enumerable: true });
  defineProperty(Range.prototype, rangeConstant, { __proto__: null, value: rangeConstants[rangeConstant], enumerable: true });
}
function rangeRoot(r) { return rootOf(r.sc); }
// https://dom.spec.whatwg.org/#concept-range-bp-set
function setBoundary(r, h, offset, start) {
  if (N.type(h) === 10) throw domError('InvalidNodeTypeError', 'The node is a doctype.');
  if (offset > nodeLength(h)) throw domError('IndexSizeError', 'The offset ' + offset + ' is larger than the node\'s length (' + nodeLength(h) + ').');
  if (start) {
    if (rangeRoot(r) !== rootOf(h) || bpPosition(h, offset, r.ec, r.eo) > 0) { r.ec = h; r.eo = offset; }
    r.sc = h; r.so = offset;
  } else {
    if (rangeRoot(r) !== rootOf(h) || bpPosition(h, offset, r.sc, r.so) < 0) { r.sc = h; r.so = offset; }
    r.ec = h; r.eo = offset;
  }
}
function parentOrThrow(h) {
  var parent = N.nav(h, 0);
  if (parent === null) throw domError('InvalidNodeTypeError', 'The node has no parent.');
  return parent;
}
// https://dom.spec.whatwg.org/#contained
function isContained(h, r) {
  return rootOf(h) === rangeRoot(r) && bpPosition(h, 0, r.sc, r.so) > 0 && bpPosition(h, nodeLength(h), r.ec, r.eo) < 0;
}
function isPartiallyContained(h, r) {
  return isInclusiveAncestor(h, r.sc) !== isInclusiveAncestor(h, r.ec);
}
/// A live range after changes TernDOM made without the mutation steps (the browser, form
/// controls): offsets past a node's end are clamped, ends in another tree collapse to the start.
function repair(r) {
  var length = nodeLength(r.sc);
  if (r.so > length) r.so = length;
  length = nodeLength(r.ec);
  if (r.eo > length) r.eo = length;
  if (r.sc !== r.ec && (rootOf(r.sc) !== rootOf(r.ec) || bpPosition(r.sc, r.so, r.ec, r.eo) > 0)) { r.ec = r.sc; r.eo = r.so; }
  return r;
}
function commonAncestor(r) {
  repair(r);
  var container = r.sc;
  while (!isInclusiveAncestor(container, r.ec)) container = N.nav(container, 0);
  return container;
}
/// The contained nodes under `ancestor` in tree order, none whose parent is also contained.
function containedTopNodes(r, ancestor) {
  var out = [];
  (function visit(h) {
    for (var c = N.nav(h, 1); c !== null; c = N.nav(c, 3)) {
      if (isContained(c, r)) out.push(c);
      else if (isInclusiveAncestor(c, r.sc) || isInclusiveAncestor(c, r.ec)) visit(c);
    }
  })(ancestor);
  return out;
}
function replaceData(h, offset, count, data) {
  var current = N.data(h);
  if (offset + count > current.length) count = current.length - offset;
  N.setData(h, current.slice(0, offset) + data + current.slice(offset + count), offset, count, data);
}
function cloneShallow(h) { return N.clone(h, false); }
function documentHandleOf(h) { return N.type(h) === 9 ? h : N.nav(h, 11); }
function newFragment(h) { return N.create(documentHandleOf(h), 11, ''); }

// https://dom.spec.whatwg.org/#concept-range-extract (clone when `cloning`)
function extractOrClone(r, cloning) {
  repair(r);
  var fragment = newFragment(r.sc);
  if (r.sc === r.ec && r.so === r.eo) return fragment;
  var osn = r.sc, oso = r.so, oen = r.ec, oeo = r.eo, clone;
  if (osn === oen && isCharacterDataHandle(osn)) {
    clone = cloneShallow(osn);
    N.setData(clone, N.data(osn).substring(oso, oeo));
    N.insert(fragment, clone, null);
    if (!cloning) replaceData(osn, oso, oeo - oso, '');
    return fragment;
  }
  var ancestor = commonAncestor(r);
  var firstPartial = null, lastPartial = null, c;
  if (!isInclusiveAncestor(osn, oen)) {
    for (c = N.nav(ancestor, 1); c !== null; c = N.nav(c, 3)) if (isPartiallyContained(c, r)) { firstPartial = c; break; }
  }
  if (!isInclusiveAncestor(oen, osn)) {
    for (c = N.nav(ancestor, 2); c !== null; c = N.nav(c, 4)) if (isPartiallyContained(c, r)) { lastPartial = c; break; }
  }
  var contained = [];
  for (c = N.nav(ancestor, 1); c !== null; c = N.nav(c, 3)) if (isContained(c, r)) contained.push(c);
  for (var i = 0; i < contained.length; i++) {
    if (N.type(contained[i]) === 10) throw domError('HierarchyRequestError', 'The range contains a doctype.');
  }
  var newNode, newOffset;
  if (!cloning) {
    if (isInclusiveAncestor(osn, oen)) { newNode = osn; newOffset = oso; }
    else {
      var reference = osn;
      while (N.nav(reference, 0) !== null && !isInclusiveAncestor(N.nav(reference, 0), oen)) reference = N.nav(reference, 0);
      newNode = N.nav(reference, 0); newOffset = N.index(reference) + 1;
    }
  }
  if (firstPartial !== null && isCharacterDataHandle(firstPartial)) {
    clone = cloneShallow(osn);
    var startData = N.data(osn);
    N.setData(clone, startData.substring(oso));
    N.insert(fragment, clone, null);
    if (!cloning) replaceData(osn, oso, startData.length - oso, '');
  } else if (firstPartial !== null) {
    clone = cloneShallow(firstPartial);
    N.insert(fragment, clone, null);
    var sub = extractOrClone({ sc: osn, so: oso, ec: firstPartial, eo: nodeLength(firstPartial) }, cloning);
    N.insert(clone, sub, null);
  }
  for (i = 0; i < contained.length; i++) N.insert(fragment, cloning ? N.clone(contained[i], true) : contained[i], null);
  if (lastPartial !== null && isCharacterDataHandle(lastPartial)) {
    clone = cloneShallow(oen);
    N.setData(clone, N.data(oen).substring(0, oeo));
    N.insert(fragment, clone, null);
    if (!cloning) replaceData(oen, 0, oeo, '');
  } else if (lastPartial !== null) {
    clone = cloneShallow(lastPartial);
    N.insert(fragment, clone, null);
    var subEnd = extractOrClone({ sc: lastPartial, so: 0, ec: oen, eo: oeo }, cloning);
    N.insert(clone, subEnd, null);
  }
  if (!cloning) { r.sc = r.ec = newNode; r.so = r.eo = newOffset; }
  return fragment;
}

// https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity (what insertNode must check first)
function ensurePreInsertionValidity(nodeH, parentH, childH) {
  var pt = N.type(parentH), nt = N.type(nodeH);
  if (pt !== 9 && pt !== 11 && typeof pt !== 'string') throw domError('HierarchyRequestError', 'The parent cannot have children.');
  if (isInclusiveAncestor(nodeH, parentH)) throw domError('HierarchyRequestError', 'The node is an ancestor of the parent.');
  if (childH !== null && N.nav(childH, 0) !== parentH) throw domError('NotFoundError', 'The reference child is not a child of the parent.');
  if (nt === 9 || nt === 2) throw domError('HierarchyRequestError', 'The node cannot be inserted.');
  if ((nt === 3 || nt === 4) && pt === 9) throw domError('HierarchyRequestError', 'Text cannot be a child of a document.');
  if (nt === 10 && pt !== 9) throw domError('HierarchyRequestError', 'A doctype can only be a child of a document.');
  if (pt !== 9) return;
  var kids = N.childNodes(parentH), hasElement = false, elementBefore = false, hasDoctype = false, doctypeAfter = false, seenChild = false;
  for (var i = 0; i < kids.length; i++) {
    var t = N.type(kids[i]);
    if (typeof t === 'string') { hasElement = true; if (childH !== null && !seenChild) elementBefore = true; }
    if (t === 10) { hasDoctype = true; if (seenChild) doctypeAfter = true; }
    if (kids[i] === childH) seenChild = true;
  }
  function checkElement() {
    if (hasElement || (childH !== null && (N.type(childH) === 10 || doctypeAfter))) throw domError('HierarchyRequestError', 'The document cannot take another element here.');
  }
  if (nt === 11) {
    var fk = N.childNodes(nodeH), elements = 0;
    for (i = 0; i < fk.length; i++) {
      var ft = N.type(fk[i]);
      if (typeof ft === 'string') elements++;
      if (ft === 3 || ft === 4) throw domError('HierarchyRequestError', 'Text cannot be a child of a document.');
    }
    if (elements > 1) throw domError('HierarchyRequestError', 'A document has one element.');
    if (elements === 1) checkElement();
  } else if (typeof nt === 'string') {
    checkElement();
  } else if (nt === 10) {
    if (hasDoctype || (childH !== null && elementBefore) || (childH === null && hasElement)) throw domError('HierarchyRequestError', 'The document cannot take a doctype here.');
  }
}

// CSSOM View §6.2: a range's boxes, from the elements holding its boundaries.
// (An element's type is its tag name, or -1 / -2 for SVG and MathML.)
function boundaryElement(h) { var t = N.type(h); return typeof t === 'string' || t < 0 ? h : N.nav(h, 9); }
methods(Range.prototype, {
  getBoundingClientRect: function () {
    var s = RNG(this);
    return T.rangeBoundingClientRect(boundaryElement(s.sc), boundaryElement(s.ec));
  },
  getClientRects: function () { return T.rectList(this.getBoundingClientRect()); }
});
methods(Range.prototype, {
  setStart: function (node, offset) { requireArguments(arguments.length, 2, 'setStart'); setBoundary(RNG(this), hOf(node), unsignedLong(offset), true); },
  setEnd: function (node, offset) { requireArguments(arguments.length, 2, 'setEnd'); setBoundary(RNG(this), hOf(node), unsignedLong(offset), false); },
  setStartBefore: function (node) { var h = hOf(node); setBoundary(RNG(this), parentOrThrow(h), N.index(h), true); },
  setStartAfter: function (node) { var h = hOf(node); setBoundary(RNG(this), parentOrThrow(h), N.index(h) + 1, true); },
  setEndBefore: function (node) { var h = hOf(node); setBoundary(RNG(this), parentOrThrow(h), N.index(h), false); },
  setEndAfter: function (node) { var h = hOf(node); setBoundary(RNG(this), parentOrThrow(h), N.index(h) + 1, false); },
  collapse: function (toStart) {
    var r = RNG(this);
    if (toStart) { r.ec = r.sc; r.eo = r.so; } else { r.sc = r.ec; r.so = r.eo; }
  },
  // https://dom.spec.whatwg.org/#concept-range-select
  selectNode: function (node) {
    var r = RNG(this), h = hOf(node), parent = parentOrThrow(h), index = N.index(h);
    r.sc = parent; r.so = index; r.ec = parent; r.eo = index + 1;
  },
  selectNodeContents: function (node) {
    var r = RNG(this), h = hOf(node);
    if (N.type(h) === 10) throw domError('InvalidNodeTypeError', 'The node is a doctype.');
    var length = nodeLength(h);
    r.sc = h; r.so = 0; r.ec = h; r.eo = length;
  },
  // https://dom.spec.whatwg.org/#dom-range-compareboundarypoints
  compareBoundaryPoints: function (how, sourceRange) {
    requireArguments(arguments.length, 2, 'compareBoundaryPoints');
    how = unsignedShort(how);
    var r = RNG(this);
    if (!(sourceRange instanceof Range) || rangeSlot.get(sourceRange) === undefined) throw new TypeError("parameter 2 is not of type 'Range'.");
    var s = RNG(sourceRange);
    if (how > 3) throw domError('NotSupportedError', 'The comparison method is not one of the four.');
    if (rangeRoot(r) !== rangeRoot(s)) throw domError('WrongDocumentError', 'The two ranges are not in the same tree.');
    switch (how) {
      case 0: return bpPosition(r.sc, r.so, s.sc, s.so);
      case 1: return bpPosition(r.ec, r.eo, s.sc, s.so);
      case 2: return bpPosition(r.ec, r.eo, s.ec, s.eo);
      default: return bpPosition(r.sc, r.so, s.ec, s.eo);
    }
  },
  // https://dom.spec.whatwg.org/#dom-range-deletecontents
  deleteContents: function () {
    var r = repair(RNG(this));
    if (r.sc === r.ec && r.so === r.eo) return;
    var osn = r.sc, oso = r.so, oen = r.ec, oeo = r.eo;
    if (osn === oen && isCharacterDataHandle(osn)) { replaceData(osn, oso, oeo - oso, ''); return; }
    var nodesToRemove = containedTopNodes(r, commonAncestor(r));
    var newNode, newOffset;
    if (isInclusiveAncestor(osn, oen)) { newNode = osn; newOffset = oso; }
    else {
      var reference = osn;
      while (N.nav(reference, 0) !== null && !isInclusiveAncestor(N.nav(reference, 0), oen)) reference = N.nav(reference, 0);
      newNode = N.nav(reference, 0); newOffset = N.index(reference) + 1;
    }
    if (isCharacterDataHandle(osn)) replaceData(osn, oso, nodeLength(osn) - oso, '');
    for (var i = 0; i < nodesToRemove.length; i++) N.remove(nodesToRemove[i]);
    if (isCharacterDataHandle(oen)) replaceData(oen, 0, oeo, '');
    r.sc = r.ec = newNode; r.so = r.eo = newOffset;
  },
  extractContents: function () { return wrap(extractOrClone(RNG(this), false)); },
  cloneContents: function () { return wrap(extractOrClone(RNG(this), true)); },
  // https://dom.spec.whatwg.org/#concept-range-insert
  insertNode: function (node) {
    var r = repair(RNG(this)), h = hOf(node), st = N.type(r.sc);
    if (st === 7 || st === 8 || ((st === 3 || st === 4) && N.nav(r.sc, 0) === null) || r.sc === h) {
      throw domError('HierarchyRequestError', 'The node cannot be inserted at the start of this range.');
    }
    var reference = st === 3 || st === 4 ? r.sc : N.childNodes(r.sc)[r.so];
    if (reference === undefined) reference = null;
    var parent = reference === null ? r.sc : N.nav(reference, 0);
    ensurePreInsertionValidity(h, parent, reference);
    if (st === 3 || st === 4) reference = H(wrap(r.sc).splitText(r.so));
    if (h === reference) reference = N.nav(reference, 3);
    if (N.nav(h, 0) !== null) N.remove(h);
    var newOffset = reference === null ? nodeLength(parent) : N.index(reference);
    newOffset += N.type(h) === 11 ? N.childCount(h) : 1;
    wrap(parent).insertBefore(node, wrap(reference));
    if (r.sc === r.ec && r.so === r.eo) { r.ec = parent; r.eo = newOffset; }
  },
  // https://dom.spec.whatwg.org/#dom-range-surroundcontents
  surroundContents: function (newParent) {
    var r = repair(RNG(this)), h = hOf(newParent), n;
    for (n = r.sc; n !== null; n = N.nav(n, 0)) if (!isTextHandle(n) && isPartiallyContained(n, r)) throw domError('InvalidStateError', 'The range partially contains a non-Text node.');
    for (n = r.ec; n !== null; n = N.nav(n, 0)) if (!isTextHandle(n) && isPartiallyContained(n, r)) throw domError('InvalidStateError', 'The range partially contains a non-Text node.');
    var t = N.type(h);
    if (t === 9 || t === 10 || t === 11) throw domError('InvalidNodeTypeError', 'The new parent cannot be a document, doctype or fragment.');
    var fragment = extractOrClone(r, false);
    if (N.nav(h, 1) !== null) N.replaceChildren(h, null);
    this.insertNode(newParent);
    N.insert(h, fragment, null);
    this.selectNode(newParent);
  },
  cloneRange: function () { var r = RNG(this); return makeRange(r.sc, r.so, r.ec, r.eo); },
  detach: function () { RNG(this); },
  // https://dom.spec.whatwg.org/#dom-range-ispointinrange
  isPointInRange: function (node, offset) {
    requireArguments(arguments.length, 2, 'isPointInRange');
    var r = RNG(this), h = hOf(node);
    offset = unsignedLong(offset);
    if (rootOf(h) !== rangeRoot(r)) return false;
    if (N.type(h) === 10) throw domError('InvalidNodeTypeError', 'The node is a doctype.');
    if (offset > nodeLength(h)) throw domError('IndexSizeError', 'The offset is larger than the node\'s length.');
    return bpPosition(h, offset, r.sc, r.so) >= 0 && bpPosition(h, offset, r.ec, r.eo) <= 0;
  },
  // https://dom.spec.whatwg.org/#dom-range-comparepoint
  comparePoint: function (node, offset) {
    requireArguments(arguments.length, 2, 'comparePoint');
    var r = RNG(this), h = hOf(node);
    offset = unsignedLong(offset);
    if (rootOf(h) !== rangeRoot(r)) throw domError('WrongDocumentError', 'The node is not in the range\'s tree.');
    if (N.type(h) === 10) throw domError('InvalidNodeTypeError', 'The node is a doctype.');
    if (offset > nodeLength(h)) throw domError('IndexSizeError', 'The offset is larger than the node\'s length.');
    if (bpPosition(h, offset, r.sc, r.so) < 0) return -1;
    if (bpPosition(h, offset, r.ec, r.eo) > 0) return 1;
    return 0;
  },
  // https://dom.spec.whatwg.org/#dom-range-intersectsnode
  intersectsNode: function (node) {
    var r = RNG(this), h = hOf(node);
    if (rootOf(h) !== rangeRoot(r)) return false;
    var parent = N.nav(h, 0);
    if (parent === null) return true;
    var offset = N.index(h);
    return bpPosition(parent, offset, r.ec, r.eo) < 0 && bpPosition(parent, offset + 1, r.sc, r.so) > 0;
  },
  // https://dom.spec.whatwg.org/#dom-range-stringifier
  toString: function () {
    var r = repair(RNG(this)), s = '';
    if (r.sc === r.ec && isTextHandle(r.sc)) return N.data(r.sc).substring(r.so, r.eo);
    if (isTextHandle(r.sc)) s += N.data(r.sc).substring(r.so);
    var ancestor = commonAncestor(r);
    (function visit(h) {
      for (var c = N.nav(h, 1); c !== null; c = N.nav(c, 3)) {
        if (isTextHandle(c)) { if (isContained(c, r)) s += N.data(c); }
        else if (isContained(c, r) || isInclusiveAncestor(c, r.sc) || isInclusiveAncestor(c, r.ec)) visit(c);
      }
    })(ancestor);
    if (isTextHandle(r.ec)) s += N.data(r.ec).substring(0, r.eo);
    return s;
  }
});
accessors(Range.prototype, {
  commonAncestorContainer: [function () { return wrap(commonAncestor(RNG(this))); }]
});
methods(Document.prototype, { createRange: function () { var h = H(this); return makeRange(h, 0, h, 0); } });

// ---- Selection (https://w3c.github.io/selection-api/#selection-interface): the one range a
// document's selection holds, with no user selection behind it (a terminal shows none).
var selectionSlot = privateSlot();
var Selection = iface('Selection');
function SEL(o) { var s = selectionSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
function selectionRange(o) { var s = SEL(o); return s.range; }
function selectionPoint(o, focus) {
  var range = selectionRange(o);
  if (!range) return [null, 0];
  var r = RNG(range);
  return focus ? [wrap(r.ec), r.eo] : [wrap(r.sc), r.so];
}
accessors(Selection.prototype, {
  rangeCount: [function () { return selectionRange(this) ? 1 : 0; }],
  anchorNode: [function () { return selectionPoint(this, false)[0]; }],
  anchorOffset: [function () { return selectionPoint(this, false)[1]; }],
  focusNode: [function () { return selectionPoint(this, true)[0]; }],
  focusOffset: [function () { return selectionPoint(this, true)[1]; }],
  isCollapsed: [function () { var range = selectionRange(this); return !range || range.collapsed; }],
  type: [function () { var range = selectionRange(this); return !range ? 'None' : range.collapsed ? 'Caret' : 'Range'; }]
});
methods(Selection.prototype, {
  getRangeAt: function (index) {
    var range = selectionRange(this);
    if (!range || unsignedLong(index) !== 0) throw domError('IndexSizeError', 'The index is not in the selection.');
    return range;
  },
  addRange: function (range) {
    var s = SEL(this);
    if (!(range instanceof Range) || rangeSlot.get(range) === undefined) throw new TypeError("parameter 1 is not of type 'Range'.");
    if (s.range || rangeRoot(RNG(range)) !== s.document) return;
    s.range = range;
  },
  removeRange: function (range) {
    var s = SEL(this);
    if (!(range instanceof Range) || rangeSlot.get(range) === undefined) throw new TypeError("parameter 1 is not of type 'Range'.");
    if (s.range !== range) throw domError('NotFoundError', 'The range is not in the selection.');
    s.range = null;
  },
  removeAllRanges: function () { SEL(this).range = null; },
  empty: function () { SEL(this).range = null; },
  collapse: function (node, offset) {
    var s = SEL(this);
    if (node === null) { s.range = null; return; }
    var range = makeRange(s.document, 0, s.document, 0);
    range.setStart(node, offset === undefined ? 0 : offset);
    s.range = rangeRoot(RNG(range)) === s.document ? range : null;
  },
  selectAllChildren: function (node) {
    var s = SEL(this), range = makeRange(s.document, 0, s.document, 0);
    range.selectNodeContents(node);
    s.range = rangeRoot(RNG(range)) === s.document ? range : null;
  },
  containsNode: function (node, allowPartial) {
    var range = selectionRange(this);
    if (!range) return false;
    var r = RNG(range), h = hOf(node);
    if (allowPartial) return range.intersectsNode(node);
    return isContained(h, r);
  },
  toString: function () { var range = selectionRange(this); return range ? range.toString() : ''; }
});
var selectionKey = EngineSymbol('selection');
function selectionOf(document) {
  if (!document[selectionKey]) {
    var selection = objectCreate(Selection.prototype);
    selectionSlot.set(selection, { document: H(document), range: null });
    document[selectionKey] = selection;
  }
  return document[selectionKey];
}
methods(Document.prototype, { getSelection: function () { return selectionOf(this); } });
def(g, 'getSelection', function getSelection() { return main.document ? selectionOf(main.document) : null; });
