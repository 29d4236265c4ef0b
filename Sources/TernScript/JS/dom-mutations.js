//# sourceURL=tern:js/dom-mutations.js
// The steps the DOM Standard runs on every mutation, for the parts that
// watch them (live ranges, NodeIterators, MutationObservers).
//
// Every change a script makes reaches TernDOM through a handful of
// natives on `N` (insert, removeChild, replaceChild, remove,
// replaceChildren, setText, setHTML, setData, setAttr, removeAttr,
// toggleAttr). This file puts a wrapper in front of each: it reads what
// the steps need from the tree before the change (indexes, siblings, old
// values), lets the native do the change (and its validity checks), then
// runs the spec's "insert", "remove", "replace", "replace all", "replace
// data" and "change an attribute" steps. With no live range, iterator or
// observer a wrapper costs one test. Changes made natively without a
// script (form controls, the browser) are not seen; the watchers clamp.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var def = T.def, asciiLower = T.asciiLower, str = T.str;
// Called by earlier files (T.name): there before this file runs, as function declarations are.
T.textSplit = textSplit; T.textMerged = textMerged;

// ---- Watchers (https://dom.spec.whatwg.org/#concept-live-range, #nodeiterator, #mutation-observers)
var WeakRefOrStrong = typeof WeakRef === 'function' ? WeakRef : function (v) { this.v = v; };
if (typeof WeakRef !== 'function') WeakRefOrStrong.prototype.deref = function () { return this.v; };
var liveRanges = new Set();      // WeakRefs to range states {sc, so, ec, eo}
var liveIterators = new Set();   // WeakRefs to NodeIterator states
var registeredObservers = new Map(); // node handle → [registered observer]
function forEachLive(set, f) {
  set.forEach(function (ref) { var s = ref.deref(); if (s === undefined) set.delete(ref); else f(s); });
}
function watching() { return liveRanges.size > 0 || liveIterators.size > 0 || registeredObservers.size > 0; }
function childrenOf(h) { return N.childNodes(h); }
function isInclusiveAncestor(a, b) { return a === b || N.contains(a, b); }

// ---- Live range steps of "remove" (https://dom.spec.whatwg.org/#concept-node-remove, steps 4–7)
function rangesRemoved(nodeH, parentH, index) {
  if (liveRanges.size === 0) return;
  // Many ranges share a few containers: ask the tree once per container.
  var inside = new Map();
  function removedWith(h) {
    var known = inside.get(h);
    if (known === undefined) { known = isInclusiveAncestor(nodeH, h); inside.set(h, known); }
    return known;
  }
  forEachLive(liveRanges, function (r) {
    if (removedWith(r.sc)) { r.sc = parentH; r.so = index; }
    if (removedWith(r.ec)) { r.ec = parentH; r.eo = index; }
    if (r.sc === parentH && r.so > index) r.so--;
    if (r.ec === parentH && r.eo > index) r.eo--;
  });
}
// "insert", step 5
function rangesInserted(parentH, index, count) {
  if (liveRanges.size === 0) return;
  forEachLive(liveRanges, function (r) {
    if (r.sc === parentH && r.so > index) r.so += count;
    if (r.ec === parentH && r.eo > index) r.eo += count;
  });
}
// "replace data", steps 8–11
function rangesReplacedData(nodeH, offset, count, length) {
  if (liveRanges.size === 0) return;
  forEachLive(liveRanges, function (r) {
    if (r.sc === nodeH && r.so > offset && r.so <= offset + count) r.so = offset;
    if (r.ec === nodeH && r.eo > offset && r.eo <= offset + count) r.eo = offset;
    if (r.sc === nodeH && r.so > offset + count) r.so += length - count;
    if (r.ec === nodeH && r.eo > offset + count) r.eo += length - count;
  });
}

// "split a Text node", step 7.2–7.5 (https://dom.spec.whatwg.org/#concept-text-split), after the new node went in
function textSplit(nodeH, newH, parentH, offset) {
  if (liveRanges.size === 0) return;
  var after = N.index(nodeH) + 1;
  forEachLive(liveRanges, function (r) {
    if (r.sc === nodeH && r.so > offset) { r.sc = newH; r.so -= offset; }
    if (r.ec === nodeH && r.eo > offset) { r.ec = newH; r.eo -= offset; }
    if (r.sc === parentH && r.so === after) r.so++;
    if (r.ec === parentH && r.eo === after) r.eo++;
  });
}
// normalize(), step 6.5.1–6.5.2 (https://dom.spec.whatwg.org/#dom-node-normalize), before `currentH` goes
function textMerged(currentH, nodeH, length) {
  if (liveRanges.size === 0) return;
  var parentH = N.nav(currentH, 0), index = N.index(currentH);
  forEachLive(liveRanges, function (r) {
    if (r.sc === currentH) { r.so += length; r.sc = nodeH; }
    if (r.ec === currentH) { r.eo += length; r.ec = nodeH; }
    if (r.sc === parentH && r.so === index) { r.sc = nodeH; r.so = length; }
    if (r.ec === parentH && r.eo === index) { r.ec = nodeH; r.eo = length; }
  });
}

// ---- NodeIterator pre-removing steps (https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps),
// worked out before the change and applied after it succeeded.
function iteratorsPreRemoving(nodeH) {
  if (liveIterators.size === 0) return null;
  var updates = [];
  forEachLive(liveIterators, function (it) {
    // (A node removed with the root inside it leaves the iterator alone, as browsers and WPT do.)
    if (isInclusiveAncestor(nodeH, it.root) || !isInclusiveAncestor(nodeH, it.reference)) return;
    if (it.pointerBeforeReference) {
      var next = followingOutside(nodeH, it.root);
      if (next !== null) { updates.push([it, next, true]); return; }
    }
    var previous = N.nav(nodeH, 4), reference;
    if (previous === null) reference = N.nav(nodeH, 0);
    else { reference = previous; for (var last = N.nav(reference, 2); last !== null; last = N.nav(reference, 2)) reference = last; }
    updates.push([it, reference, false]);
  });
  return updates;
}
/// The first node after `h` in tree order, not inside `h`, within `root`.
function followingOutside(h, root) {
  for (var n = h; n !== null && n !== root; n = N.nav(n, 0)) {
    var next = N.nav(n, 3);
    if (next !== null) return N.contains(root, next) ? next : null;
  }
  return null;
}
function applyIteratorUpdates(updates) {
  if (updates) for (var i = 0; i < updates.length; i++) { updates[i][0].reference = updates[i][1]; updates[i][0].pointerBeforeReference = updates[i][2]; }
}

// ---- Mutation records (https://dom.spec.whatwg.org/#queue-a-mutation-record) and transient
// observers: dom-observers.js replaces these, in an object every file reads.
var observerHooks = { queueRecord: function () {}, addTransientObservers: function () {} };

function observing() { return registeredObservers.size > 0; }

// ---- Removal (https://dom.spec.whatwg.org/#concept-node-remove), after the node left `parentH`.
function removedSteps(nodeH, parentH, index, previous, next, suppress) {
  rangesRemoved(nodeH, parentH, index);
  if (!observing()) return;
  observerHooks.addTransientObservers(nodeH, parentH);
  if (!suppress) observerHooks.queueRecord('childList', parentH, null, null, null, [], [nodeH], previous, next);
}
/// What removing `nodeH` from its parent needs, read before the change (null when it has none).
function beforeRemoval(nodeH) {
  var parentH = N.nav(nodeH, 0);
  if (parentH === null) return null;
  return { node: nodeH, parent: parentH, index: N.index(nodeH), previous: N.nav(nodeH, 4), next: N.nav(nodeH, 3),
           iterators: iteratorsPreRemoving(nodeH) };
}
function afterRemoval(info, suppress) {
  if (info === null) return;
  applyIteratorUpdates(info.iterators);
  removedSteps(info.node, info.parent, info.index, info.previous, info.next, suppress);
}
/// A fragment's children leaving it one by one ("insert", step 4): each is at index 0 when it goes.
function beforeFragmentEmptied(fragmentH, kids) {
  if (liveIterators.size === 0) return null;
  var updates = [];
  forEachLive(liveIterators, function (it) {
    for (var k = 0; k < kids.length; k++) {
      if (isInclusiveAncestor(kids[k], it.root) || !isInclusiveAncestor(kids[k], it.reference)) continue;
      if (it.pointerBeforeReference && k + 1 < kids.length && N.contains(it.root, kids[k + 1])) { updates.push([it, kids[k + 1], true]); continue; }
      updates.push([it, fragmentH, false]);
    }
  });
  return updates;
}
function afterFragmentEmptied(fragmentH, kids, updates) {
  applyIteratorUpdates(updates);
  for (var k = 0; k < kids.length; k++) removedSteps(kids[k], fragmentH, 0, null, null, true);
  // "This step intentionally does not pay attention to the suppress observers flag."
  if (kids.length && observing()) observerHooks.queueRecord('childList', fragmentH, null, null, null, [], kids.slice(), null, null);
}
function nodesOf(nodeH) { return N.type(nodeH) === 11 ? childrenOf(nodeH) : [nodeH]; }

var rawN = {};
['insert', 'removeChild', 'replaceChild', 'remove', 'replaceChildren', 'setText', 'setHTML', 'setData',
 'setAttr', 'removeAttr', 'toggleAttr'].forEach(function (name) { rawN[name] = N[name]; });

// ---- "pre-insert" and "insert" (https://dom.spec.whatwg.org/#concept-node-insert)
N.insert = function (parentH, nodeH, childH) {
  if (!watching()) return rawN.insert(parentH, nodeH, childH);
  var reference = childH === nodeH ? N.nav(nodeH, 3) : childH;
  var isFragment = N.type(nodeH) === 11;
  var kids = isFragment ? childrenOf(nodeH) : null;
  var fragmentUpdates = isFragment ? beforeFragmentEmptied(nodeH, kids) : null;
  var childIndex = reference === null || reference === undefined ? null : N.index(reference);
  var previous = childIndex === null ? N.nav(parentH, 2) : N.nav(reference, 4);
  var moved = isFragment ? null : beforeRemoval(nodeH);
  var result = rawN.insert(parentH, nodeH, childH);
  insertedSteps(parentH, nodeH, isFragment ? kids : [nodeH], fragmentUpdates, childIndex, previous, reference, moved, false);
  return result;
};
function insertedSteps(parentH, nodeH, nodes, fragmentUpdates, childIndex, previous, reference, moved, suppress) {
  if (nodes.length === 0) return;
  if (N.type(nodeH) === 11) afterFragmentEmptied(nodeH, nodes, fragmentUpdates);
  if (childIndex !== null) rangesInserted(parentH, childIndex, nodes.length);
  afterRemoval(moved, false);
  if (!suppress && observing()) observerHooks.queueRecord('childList', parentH, null, null, null, nodes, [], previous, reference === undefined ? null : reference);
}

// ---- "remove"
N.removeChild = function (parentH, childH) {
  if (!watching()) return rawN.removeChild(parentH, childH);
  var info = N.nav(childH, 0) === parentH ? beforeRemoval(childH) : null;
  var result = rawN.removeChild(parentH, childH);
  afterRemoval(info, false);
  return result;
};
N.remove = function (nodeH) {
  if (!watching()) return rawN.remove(nodeH);
  var info = beforeRemoval(nodeH);
  var result = rawN.remove(nodeH);
  afterRemoval(info, false);
  return result;
};

// ---- "replace" (https://dom.spec.whatwg.org/#concept-node-replace)
N.replaceChild = function (parentH, nodeH, childH) {
  if (!watching()) return rawN.replaceChild(parentH, nodeH, childH);
  var reference = N.nav(childH, 3);
  if (reference === nodeH) reference = N.nav(nodeH, 3);
  var previous = N.nav(childH, 4);
  if (previous === nodeH) previous = N.nav(nodeH, 4);
  var isFragment = N.type(nodeH) === 11;
  var kids = isFragment ? childrenOf(nodeH) : [nodeH];
  var fragmentUpdates = isFragment ? beforeFragmentEmptied(nodeH, kids) : null;
  // Adopting node removes it first (with its own record): replacing a child by itself leaves nothing to remove after.
  var moved = isFragment ? null : beforeRemoval(nodeH);
  var removed = nodeH !== childH && N.nav(childH, 0) === parentH ? beforeRemoval(childH) : null;
  var result = rawN.replaceChild(parentH, nodeH, childH);
  afterRemoval(moved, false);                                  // adopt node (step 14)
  if (removed && moved && moved.parent === parentH && moved.index < removed.index) removed.index--;
  afterRemoval(removed, true);                                 // step 16
  var childIndex = null;
  if (reference !== null && kids.length) childIndex = N.index(reference) - kids.length;
  insertedSteps(parentH, nodeH, kids, fragmentUpdates, childIndex, previous, reference, null, true);
  if (observing()) observerHooks.queueRecord('childList', parentH, null, null, null, kids, removed ? [childH] : [], previous, reference);
  return result;
};

// ---- "replace all" (https://dom.spec.whatwg.org/#concept-node-replace-all): replaceChildren, textContent, innerHTML
function beforeReplaceAll(parentH, nodeH) {
  var old = childrenOf(parentH), infos = [];
  for (var i = 0; i < old.length; i++) {
    infos.push({ node: old[i], parent: parentH, index: 0, previous: null, next: null, iterators: iteratorsPreRemoving(old[i]) });
  }
  var isFragment = nodeH !== null && N.type(nodeH) === 11;
  return { old: old, infos: infos, node: nodeH, isFragment: isFragment,
           kids: nodeH === null ? [] : isFragment ? childrenOf(nodeH) : [nodeH],
           fragmentUpdates: isFragment ? beforeFragmentEmptied(nodeH, childrenOf(nodeH)) : null,
           moved: nodeH !== null && !isFragment && N.nav(nodeH, 0) !== parentH ? beforeRemoval(nodeH) : null };
}
function afterReplaceAll(parentH, state, added) {
  for (var i = 0; i < state.infos.length; i++) afterRemoval(state.infos[i], true);
  if (state.isFragment) afterFragmentEmptied(state.node, state.kids, state.fragmentUpdates);
  afterRemoval(state.moved, false);
  if ((added.length || state.old.length) && observing()) observerHooks.queueRecord('childList', parentH, null, null, null, added, state.old, null, null);
}
N.replaceChildren = function (parentH, nodeH) {
  if (!watching()) return rawN.replaceChildren(parentH, nodeH);
  var state = beforeReplaceAll(parentH, nodeH === undefined ? null : nodeH);
  var result = rawN.replaceChildren(parentH, nodeH);
  afterReplaceAll(parentH, state, state.kids);
  return result;
};
N.setText = function (h, text) {
  if (!watching()) return rawN.setText(h, text);
  var t = N.type(h);
  if (t !== 11 && typeof t !== 'string') return rawN.setText(h, text);
  var state = beforeReplaceAll(h, null);
  var result = rawN.setText(h, text);
  afterReplaceAll(h, state, childrenOf(h));
  return result;
};
// innerHTML (replace all with the parsed fragment) and outerHTML (replace this with it)
N.setHTML = function (h, outer, markup) {
  if (!watching()) return rawN.setHTML(h, outer, markup);
  if (!outer) {
    var state = beforeReplaceAll(h, null);
    var result = rawN.setHTML(h, outer, markup);
    afterReplaceAll(h, state, childrenOf(h));
    return result;
  }
  var info = beforeRemoval(h);
  var outcome = rawN.setHTML(h, outer, markup);
  if (info === null || N.nav(h, 0) !== null) return outcome;
  afterRemoval(info, true);
  var added = [];
  for (var n = info.previous === null ? N.nav(info.parent, 1) : N.nav(info.previous, 3); n !== null && n !== info.next; n = N.nav(n, 3)) added.push(n);
  if (added.length && info.next !== null) rangesInserted(info.parent, info.index, added.length);
  if (observing()) observerHooks.queueRecord('childList', info.parent, null, null, null, added, [h], info.previous, info.next);
  return outcome;
};

// A node TernDOM inserted without a script (ScriptWindow.nodeInserted): the "insert" steps after the fact.
def(internals, '__ternDOMInserted', function (nodeH) {
  if (!watching()) return;
  var parentH = N.nav(nodeH, 0);
  if (parentH === null) return;
  var next = N.nav(nodeH, 3);
  if (next !== null) rangesInserted(parentH, N.index(nodeH), 1);
  if (observing()) observerHooks.queueRecord('childList', parentH, null, null, null, [nodeH], [], N.nav(nodeH, 4), next);
});

// ---- "replace data" (https://dom.spec.whatwg.org/#concept-cd-replace). The callers that change
// part of the data pass (offset, count, inserted); a plain set replaces all of it.
N.setData = function (h, data, offset, count, inserted) {
  if (!watching()) return rawN.setData(h, data);
  var old = N.data(h);
  var t = N.type(h);
  if (t !== 3 && t !== 4 && t !== 7 && t !== 8) return rawN.setData(h, data);
  if (offset === undefined) { offset = 0; count = old.length; inserted = data; }
  if (observing()) observerHooks.queueRecord('characterData', h, null, null, old, [], [], null, null);
  var result = rawN.setData(h, data);
  rangesReplacedData(h, offset, count, inserted.length);
  return result;
};

// ---- "change", "append" and "remove" an attribute (https://dom.spec.whatwg.org/#concept-element-attributes-change)
N.setAttr = function (h, name, value) {
  if (!observing()) return rawN.setAttr(h, name, value);
  var lower = asciiLower(str(name)), old = N.attr(h, lower);
  var result = rawN.setAttr(h, name, value);
  observerHooks.queueRecord('attributes', h, lower, null, old, [], [], null, null);
  return result;
};
N.removeAttr = function (h, name) {
  if (!observing()) return rawN.removeAttr(h, name);
  var lower = asciiLower(str(name)), old = N.attr(h, lower);
  var result = rawN.removeAttr(h, name);
  if (old !== null) observerHooks.queueRecord('attributes', h, lower, null, old, [], [], null, null);
  return result;
};
N.toggleAttr = function (h, name, force) {
  if (!observing()) return rawN.toggleAttr(h, name, force);
  var lower = asciiLower(str(name)), old = N.attr(h, lower);
  var present = rawN.toggleAttr(h, name, force);
  if (present !== (old !== null)) observerHooks.queueRecord('attributes', h, lower, null, old, [], [], null, null);
  return present;
};

// For the files after this one.
// For the collection (dom-support.js, `sweep`): the handles live ranges and
// node iterators hold (with their states, which keep those nodes' groups),
// and the registrations of nodes whose handles it released.
T.heldHandles = function (each) {
  forEachLive(liveRanges, function (r) { each(r, r.sc); each(r, r.ec); });
  forEachLive(liveIterators, function (s) { each(s, s.root); each(s, s.reference); });
};
T.handlesReleased = function () {
  registeredObservers.forEach(function (list, h) { if (!N.isHandle(h)) registeredObservers.delete(h); });
};
T.WeakRefOrStrong = WeakRefOrStrong; T.liveRanges = liveRanges; T.liveIterators = liveIterators;
T.registeredObservers = registeredObservers; T.forEachLive = forEachLive;
T.isInclusiveAncestor = isInclusiveAncestor; T.observerHooks = observerHooks;
