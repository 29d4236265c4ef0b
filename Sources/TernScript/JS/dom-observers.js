//# sourceURL=tern:js/dom-observers.js
// `MutationObserver` and `MutationRecord` (DOM §4.3) and `NodeIterator`
// (DOM §6.1), over the mutation steps of
// dom-mutations.js. Records are delivered in a microtask of the engine's
// own promise job queue: after the running script, before the next task.
//
// Runs on first touch (lazy.js) as the body of function (g, internals, T): see ScriptPrelude.swift.
// Its top level takes from T only: the page's scripts may have run.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, def = T.def, accessors = T.accessors, methods = T.methods, iface = T.iface,
    privateSlot = T.privateSlot, wrap = T.wrap, hOf = T.hOf, str = T.str, staticList = T.staticList,
    domError = T.domError, reportException = T.reportException, NodeList = T.NodeList, Document = T.Document,
    WeakRefOrStrong = T.WeakRefOrStrong, liveIterators = T.liveIterators,
    registeredObservers = T.registeredObservers, forEachLive = T.forEachLive, observerHooks = T.observerHooks;

// ---- MutationRecord (https://dom.spec.whatwg.org/#interface-mutationrecord)
var recordSlot = privateSlot();
var MutationRecord = iface('MutationRecord');
function recordField(name) { return [function () { var r = recordSlot.get(this); if (r === undefined) throw new TypeError('Illegal invocation'); return r[name]; }]; }
accessors(MutationRecord.prototype, {
  type: recordField('type'), target: recordField('target'), addedNodes: recordField('addedNodes'),
  removedNodes: recordField('removedNodes'), previousSibling: recordField('previousSibling'),
  nextSibling: recordField('nextSibling'), attributeName: recordField('attributeName'),
  attributeNamespace: recordField('attributeNamespace'), oldValue: recordField('oldValue')
});

// ---- MutationObserver (https://dom.spec.whatwg.org/#interface-mutationobserver)
var observerSlot = privateSlot();
var mutationObservers = new T.Set();   // WeakRefs, in creation order (the agent's "mutation observers")
var microtaskQueued = false;
var enginePromise = T.Promise, promiseThen = T.promiseThen, promiseResolve = T.promiseResolve;
function OBS(o) { var s = observerSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
var MutationObserver = iface('MutationObserver', null, function MutationObserver(callback) {
  if (!new.target) throw new TypeError("Constructor MutationObserver requires 'new'");
  if (typeof callback !== 'function') throw new TypeError("parameter 1 is not of type 'MutationCallback'.");
  var state = { callback: callback, nodes: [], queue: [], self: null, transients: [] };
  observerSlot.set(this, state);
  state.self = this;
  mutationObservers.add(new WeakRefOrStrong(state));
});
function registeredList(h, create) {
  var list = registeredObservers.get(h);
  if (!list && create) { list = []; registeredObservers.set(h, list); }
  return list;
}
function dropRegistered(h, keep) {
  var list = registeredObservers.get(h);
  if (!list) return;
  var kept = list.filter(keep);
  if (kept.length) registeredObservers.set(h, kept); else registeredObservers.delete(h);
}
// MutationObserverInit, members read in WebIDL's (lexicographic) order.
function observerInit(value) {
  if (value === undefined || value === null) value = {};
  else if (typeof value !== 'object' && typeof value !== 'function') throw new TypeError("parameter 2 is not of type 'MutationObserverInit'.");
  var o = {}, v = value.attributeFilter;
  if (v !== undefined) {
    if (v === null || typeof v !== 'object' || typeof v[Symbol.iterator] !== 'function') throw new TypeError("The attributeFilter is not a sequence.");
    o.attributeFilter = [];
    for (var item of v) o.attributeFilter.push(str(item));
  }
  v = value.attributeOldValue; if (v !== undefined) o.attributeOldValue = !!v;
  v = value.attributes; if (v !== undefined) o.attributes = !!v;
  v = value.characterData; if (v !== undefined) o.characterData = !!v;
  v = value.characterDataOldValue; if (v !== undefined) o.characterDataOldValue = !!v;
  o.childList = !!value.childList;
  o.subtree = !!value.subtree;
  return o;
}
methods(MutationObserver.prototype, {
  // https://dom.spec.whatwg.org/#dom-mutationobserver-observe
  observe: function (target, options) {
    var state = OBS(this), h = hOf(target), o = observerInit(options);
    if ((o.attributeOldValue !== undefined || o.attributeFilter !== undefined) && o.attributes === undefined) o.attributes = true;
    if (o.characterDataOldValue !== undefined && o.characterData === undefined) o.characterData = true;
    if (!o.childList && !o.attributes && !o.characterData) throw new TypeError("The options object must set at least one of 'attributes', 'characterData', or 'childList' to true.");
    if (o.attributeOldValue && !o.attributes) throw new TypeError("The options object may only set 'attributeOldValue' to true when 'attributes' is true or not present.");
    if (o.attributeFilter !== undefined && !o.attributes) throw new TypeError("The options object may only set 'attributeFilter' when 'attributes' is true or not present.");
    if (o.characterDataOldValue && !o.characterData) throw new TypeError("The options object may only set 'characterDataOldValue' to true when 'characterData' is true or not present.");
    var list = registeredList(h, true);
    for (var i = 0; i < list.length; i++) {
      var registered = list[i];
      if (registered.observer !== state || registered.source) continue;
      state.nodes.forEach(function (n) { dropRegistered(n, function (r) { return r.source !== registered; }); });
      registered.options = o;
      return;
    }
    list.push({ observer: state, options: o, source: null });
    if (state.nodes.indexOf(h) < 0) state.nodes.push(h);
  },
  disconnect: function () {
    var state = OBS(this);
    state.nodes.forEach(function (n) { dropRegistered(n, function (r) { return r.observer !== state; }); });
    state.transients.forEach(function (n) { dropRegistered(n, function (r) { return r.observer !== state; }); });
    state.nodes = []; state.transients = []; state.queue = [];
  },
  takeRecords: function () { var state = OBS(this), records = state.queue; state.queue = []; return records; }
});

// https://dom.spec.whatwg.org/#queue-a-mutation-record
observerHooks.queueRecord = function (type, targetH, name, namespace, oldValue, added, removed, previous, next) {
  var interested = new Map(), path = N.path(targetH);
  for (var i = 0; i < path.length; i++) {
    var list = registeredObservers.get(path[i]);
    if (!list) continue;
    for (var j = 0; j < list.length; j++) {
      var o = list[j].options;
      if (path[i] !== targetH && !o.subtree) continue;
      if (type === 'attributes' && (!o.attributes || (o.attributeFilter && (o.attributeFilter.indexOf(name) < 0 || namespace !== null)))) continue;
      if (type === 'characterData' && !o.characterData) continue;
      if (type === 'childList' && !o.childList) continue;
      var observer = list[j].observer;
      if (!interested.has(observer)) interested.set(observer, null);
      if ((type === 'attributes' && o.attributeOldValue) || (type === 'characterData' && o.characterDataOldValue)) interested.set(observer, oldValue);
    }
  }
  if (interested.size === 0) return;
  interested.forEach(function (old, observer) {
    var record = objectCreate(MutationRecord.prototype);
    recordSlot.set(record, { type: type, target: wrap(targetH), addedNodes: staticList(NodeList.prototype, added.slice()),
      removedNodes: staticList(NodeList.prototype, removed.slice()), previousSibling: wrap(previous), nextSibling: wrap(next),
      attributeName: name, attributeNamespace: namespace, oldValue: old });
    observer.queue.push(record);
  });
  queueObserverMicrotask();
};
// Transient registered observers (https://dom.spec.whatwg.org/#concept-node-remove, step 13)
observerHooks.addTransientObservers = function (nodeH, parentH) {
  var path = N.path(parentH);
  for (var i = 0; i < path.length; i++) {
    var list = registeredObservers.get(path[i]);
    if (!list) continue;
    for (var j = 0; j < list.length; j++) {
      if (!list[j].options.subtree) continue;
      var observer = list[j].observer;
      registeredList(nodeH, true).push({ observer: observer, options: list[j].options, source: list[j] });
      if (observer.transients.indexOf(nodeH) < 0) observer.transients.push(nodeH);
    }
  }
};
// https://dom.spec.whatwg.org/#queue-a-mutation-observer-compound-microtask
function queueObserverMicrotask() {
  if (microtaskQueued) return;
  microtaskQueued = true;
  promiseThen.call(promiseResolve.call(enginePromise), notifyObservers);
}
// https://dom.spec.whatwg.org/#notify-mutation-observers
function notifyObservers() {
  microtaskQueued = false;
  var notifySet = [];
  forEachLive(mutationObservers, function (s) { notifySet.push(s); });
  for (var i = 0; i < notifySet.length; i++) {
    var state = notifySet[i], records = state.queue;
    state.queue = [];
    state.transients.forEach(function (n) { dropRegistered(n, function (r) { return r.observer !== state || !r.source; }); });
    state.transients = [];
    if (records.length === 0) continue;
    try { state.callback.call(state.self, records, state.self); } catch (e) { reportException(e); }
  }
}

// NodeFilter is dom-traversal.js's.

// ---- NodeIterator (https://dom.spec.whatwg.org/#interface-nodeiterator)
var iteratorSlot = privateSlot();
var NodeIterator = iface('NodeIterator');
function ITER(o) { var s = iteratorSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
// https://dom.spec.whatwg.org/#concept-node-filter
function filterNode(state, h) {
  if (state.active) throw domError('InvalidStateError', 'The filter is already running.');
  var t = N.type(h), n = (typeof t === 'string' ? 1 : t) - 1;
  if (((state.whatToShow >>> n) & 1) === 0) return 3;
  if (state.filter === null) return 1;
  state.active = true;
  try {
    var filter = state.filter, result;
    if (typeof filter === 'function') result = filter.call(undefined, wrap(h));
    else {
      var accept = filter.acceptNode;
      if (typeof accept !== 'function') throw new TypeError("The provided filter has no 'acceptNode' function.");
      result = accept.call(filter, wrap(h));
    }
    return (result >>> 0) & 0xFFFF;
  } finally { state.active = false; }
}
function followingWithin(h, root) {
  var first = N.nav(h, 1);
  if (first !== null) return first;
  for (var n = h; n !== null && n !== root; n = N.nav(n, 0)) {
    var next = N.nav(n, 3);
    if (next !== null) return next;
  }
  return null;
}
function precedingWithin(h, root) {
  if (h === root) return null;
  var previous = N.nav(h, 4);
  if (previous === null) return N.nav(h, 0);
  for (var last = N.nav(previous, 2); last !== null; last = N.nav(previous, 2)) previous = last;
  return previous;
}
// https://dom.spec.whatwg.org/#concept-nodeiterator-traverse
function traverse(state, next) {
  var node = state.reference, before = state.pointerBeforeReference;
  for (;;) {
    if (next) {
      if (!before) { node = followingWithin(node, state.root); if (node === null) return null; }
      else before = false;
    } else {
      if (before) { node = precedingWithin(node, state.root); if (node === null) return null; }
      else before = true;
    }
    if (filterNode(state, node) === 1) break;
  }
  state.reference = node; state.pointerBeforeReference = before;
  return wrap(node);
}
accessors(NodeIterator.prototype, {
  root: [function () { return wrap(ITER(this).root); }],
  referenceNode: [function () { return wrap(ITER(this).reference); }],
  pointerBeforeReferenceNode: [function () { return ITER(this).pointerBeforeReference; }],
  whatToShow: [function () { return ITER(this).whatToShow; }],
  filter: [function () { return ITER(this).filter; }]
});
methods(NodeIterator.prototype, {
  nextNode: function () { return traverse(ITER(this), true); },
  previousNode: function () { return traverse(ITER(this), false); },
  detach: function () { ITER(this); }
});
// https://dom.spec.whatwg.org/#dom-document-createnodeiterator
function createNodeIterator(root, whatToShow, filter) {
  var h = hOf(root);
  if (filter !== null && filter !== undefined && typeof filter !== 'object' && typeof filter !== 'function') throw new TypeError("parameter 3 is not of type 'NodeFilter'.");
  var state = { root: h, reference: h, pointerBeforeReference: true, whatToShow: whatToShow === undefined ? 0xFFFFFFFF : whatToShow >>> 0,
                filter: filter === undefined ? null : filter, active: false };
  var iterator = objectCreate(NodeIterator.prototype);
  iteratorSlot.set(iterator, state);
  liveIterators.add(new WeakRefOrStrong(state));
  return iterator;
}
methods(Document.prototype, { createNodeIterator: function (root, whatToShow, filter) {
  if (arguments.length < 1) throw new TypeError("Failed to execute 'createNodeIterator' on 'Document': 1 argument required.");
  return createNodeIterator(root, whatToShow, filter);
} });
