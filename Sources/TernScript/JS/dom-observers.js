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

// ---- Observing boxes: IntersectionObserver (https://w3c.github.io/IntersectionObserver/)
// and ResizeObserver (https://drafts.csswg.org/resize-observer/). Their
// steps run when the browser updates the rendering (`__ternUpdateRendering`:
// after the page is laid out again, scrolled or resized, and once after each
// `observe`), over the boxes of CSSOM View's geometry (N.boundingBox).
var H = T.H, isNode = T.isNode, TYPE = T.TYPE, queueTask = T.queueTask, now = T.now, DOMRectOf = T.domRect;
var intersectionObservers = new T.Set(), resizeObservers = new T.Set(), updateQueued = false;
function queueRenderingUpdate() {
  if (updateQueued) return;
  updateQueued = true;
  queueTask(updateRendering);
}
function updateRendering() {
  updateQueued = false;
  resizeObservers.forEach(gatherResizes);
  intersectionObservers.forEach(updateIntersections);
}
def(internals, '__ternUpdateRendering', updateRendering);
function elementArgument(target, where) {
  if (!isNode(target) || TYPE(target) !== 1) throw new TypeError("Failed to execute '" + where + "': parameter 1 is not of type 'Element'.");
  return target;
}
function box(element) { return element.isConnected ? N.boundingBox(H(element)) : null; }
// An observer's callback runs in a task of its own, with the records it gathered.
function notify(observer, s, make) {
  if (s.notifyQueued) return;
  s.notifyQueued = true;
  queueTask(function () {
    s.notifyQueued = false;
    var records = s.records;
    s.records = [];
    if (records.length === 0) return;
    try { s.callback.call(observer, make(records), observer); } catch (e) { reportException(e); }
  });
}

var ioSlot = privateSlot(), entrySlot = privateSlot();
function IO(o) { var s = ioSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
// rootMargin: one to four lengths in px or %, as CSS margin (§2.2 "parse a root margin").
function parseRootMargin(text) {
  var parts = str(text).trim().split(/\s+/).filter(function (p) { return p !== ''; });
  if (parts.length === 0) parts = ['0px'];
  if (parts.length > 4) throw domError('SyntaxError', "Failed to construct 'IntersectionObserver': rootMargin must be specified in pixels or percent.");
  var margins = parts.map(function (p) {
    var m = /^(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px|%)$/i.exec(p);
    if (!m && p !== '0') throw domError('SyntaxError', "Failed to construct 'IntersectionObserver': rootMargin must be specified in pixels or percent.");
    return m ? { value: +m[1], percent: m[2] === '%' } : { value: 0, percent: false };
  });
  while (margins.length < 4) margins.push(margins[margins.length === 3 ? 1 : margins.length === 2 ? 0 : 0]);
  return margins;
}
function marginText(margins) { return margins.map(function (m) { return m.value + (m.percent ? '%' : 'px'); }).join(' '); }
var IntersectionObserver = iface('IntersectionObserver', null, function IntersectionObserver(callback, options) {
  if (new.target === undefined) throw new TypeError("Failed to construct 'IntersectionObserver': Please use the 'new' operator.");
  if (typeof callback !== 'function') throw new TypeError("Failed to construct 'IntersectionObserver': The callback provided as parameter 1 is not a function.");
  options = options === undefined || options === null ? {} : options;
  var root = options.root === undefined ? null : options.root;
  if (root !== null && (!isNode(root) || (TYPE(root) !== 1 && TYPE(root) !== 9))) throw new TypeError("Failed to construct 'IntersectionObserver': root is not of type 'Element' or 'Document'.");
  var margins = parseRootMargin(options.rootMargin === undefined ? '0px' : options.rootMargin);
  var threshold = options.threshold === undefined ? [0] : options.threshold;
  var thresholds = (typeof threshold === 'object' && threshold !== null && typeof threshold[Symbol.iterator] === 'function'
    ? Array.from(threshold) : [threshold]).map(function (t) {
    t = +t;
    if (!(t >= 0 && t <= 1)) throw new RangeError("Failed to construct 'IntersectionObserver': Threshold values must be numbers between 0 and 1");
    return t;
  }).sort(function (a, b) { return a - b; });
  if (thresholds.length === 0) thresholds = [0];
  var observer = objectCreate(new.target.prototype);
  ioSlot.set(observer, { callback: callback, root: root, margins: margins, thresholds: Object.freeze(thresholds), targets: [],
                         records: [], notifyQueued: false });
  return observer;
});
accessors(IntersectionObserver.prototype, {
  root: [function () { return IO(this).root; }],
  rootMargin: [function () { return marginText(IO(this).margins); }],
  scrollMargin: [function () { IO(this); return '0px 0px 0px 0px'; }],
  thresholds: [function () { return IO(this).thresholds; }],
  delay: [function () { IO(this); return 0; }],
  trackVisibility: [function () { IO(this); return false; }]
});
methods(IntersectionObserver.prototype, {
  observe: function observe(target) {
    var s = IO(this);
    elementArgument(target, 'observe');
    for (var i = 0; i < s.targets.length; i++) if (s.targets[i].element === target) return;
    // §3.2.1 "previousThresholdIndex" -1: the first update always reports.
    s.targets.push({ element: target, previousIndex: -1, previousIsIntersecting: false });
    intersectionObservers.add(this);
    queueRenderingUpdate();
  },
  unobserve: function unobserve(target) {
    var s = IO(this);
    elementArgument(target, 'unobserve');
    s.targets = s.targets.filter(function (t) { return t.element !== target; });
    if (s.targets.length === 0) intersectionObservers.delete(this);
  },
  disconnect: function disconnect() { var s = IO(this); s.targets = []; intersectionObservers.delete(this); },
  takeRecords: function takeRecords() { var s = IO(this), records = s.records; s.records = []; return records; }
});
var IntersectionObserverEntry = iface('IntersectionObserverEntry', null, function IntersectionObserverEntry(init) {
  if (new.target === undefined) throw new TypeError("Failed to construct 'IntersectionObserverEntry': Please use the 'new' operator.");
  init = init || {};
  var entry = objectCreate(new.target.prototype);
  entrySlot.set(entry, { time: +init.time || 0, rootBounds: init.rootBounds ? DOMRectOf(init.rootBounds) : null,
    boundingClientRect: DOMRectOf(init.boundingClientRect || {}), intersectionRect: DOMRectOf(init.intersectionRect || {}),
    isIntersecting: !!init.isIntersecting, isVisible: !!init.isVisible, intersectionRatio: +init.intersectionRatio || 0,
    target: init.target });
  return entry;
});
function entryField(name) { return [function () { var e = entrySlot.get(this); if (e === undefined) throw new TypeError('Illegal invocation'); return e[name]; }]; }
accessors(IntersectionObserverEntry.prototype, { time: entryField('time'), rootBounds: entryField('rootBounds'),
  boundingClientRect: entryField('boundingClientRect'), intersectionRect: entryField('intersectionRect'),
  isIntersecting: entryField('isIntersecting'), isVisible: entryField('isVisible'),
  intersectionRatio: entryField('intersectionRatio'), target: entryField('target') });
function rectFrom(b) { return { x: b[0], y: b[1], width: b[2], height: b[3] }; }
// §3.2.8 "run the update intersection observations steps" for one observer.
function updateIntersections(observer) {
  var s = ioSlot.get(observer), time = now();
  // The root's bounds: the viewport (the implicit root or a document), else the root element's box.
  var rootBox = s.root === null || TYPE(s.root) === 9 ? [0, 0, N.viewportSize(0), N.viewportSize(1)] : box(s.root);
  var root = rootBox === null ? null : rectFrom(rootBox);
  if (root !== null) {
    var m = s.margins, w = root.width, h = root.height;
    function px(i, base) { return m[i].percent ? m[i].value * base / 100 : m[i].value; }
    var top = px(0, h), right = px(1, w), bottom = px(2, h), left = px(3, w);
    root = { x: root.x - left, y: root.y - top, width: root.width + left + right, height: root.height + top + bottom };
  }
  for (var i = 0; i < s.targets.length; i++) {
    var t = s.targets[i], b = box(t.element), target = b === null ? { x: 0, y: 0, width: 0, height: 0 } : rectFrom(b);
    var inter = { x: 0, y: 0, width: 0, height: 0 }, isIntersecting = false;
    if (b !== null && root !== null && t.element.ownerDocument === (s.root === null ? g.document : s.root.ownerDocument || s.root)) {
      var x1 = Math.max(target.x, root.x), y1 = Math.max(target.y, root.y);
      var x2 = Math.min(target.x + target.width, root.x + root.width), y2 = Math.min(target.y + target.height, root.y + root.height);
      // Edge-adjacent boxes intersect too, with no area.
      if (x2 >= x1 && y2 >= y1) { isIntersecting = true; inter = { x: x1, y: y1, width: x2 - x1, height: y2 - y1 }; }
    }
    var targetArea = target.width * target.height;
    var ratio = targetArea > 0 ? inter.width * inter.height / targetArea : isIntersecting ? 1 : 0;
    var index = 0;
    while (index < s.thresholds.length && s.thresholds[index] <= ratio) index++;
    if (index === t.previousIndex && isIntersecting === t.previousIsIntersecting) continue;
    t.previousIndex = index;
    t.previousIsIntersecting = isIntersecting;
    var entry = objectCreate(IntersectionObserverEntry.prototype);
    entrySlot.set(entry, { time: time, rootBounds: root === null ? null : DOMRectOf(root), boundingClientRect: DOMRectOf(target),
      intersectionRect: DOMRectOf(inter), isIntersecting: isIntersecting, isVisible: false, intersectionRatio: ratio,
      target: t.element });
    s.records.push(entry);
  }
  if (s.records.length) notify(observer, s, function (records) { return records; });
}

var roSlot = privateSlot(), resizeEntrySlot = privateSlot(), sizeSlot = privateSlot();
function RO(o) { var s = roSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
var ResizeObserver = iface('ResizeObserver', null, function ResizeObserver(callback) {
  if (new.target === undefined) throw new TypeError("Failed to construct 'ResizeObserver': Please use the 'new' operator.");
  if (typeof callback !== 'function') throw new TypeError("Failed to construct 'ResizeObserver': The callback provided as parameter 1 is not a function.");
  var observer = objectCreate(new.target.prototype);
  roSlot.set(observer, { callback: callback, targets: [], records: [], notifyQueued: false });
  return observer;
});
methods(ResizeObserver.prototype, {
  observe: function observe(target, options) {
    var s = RO(this);
    elementArgument(target, 'observe');
    var boxOption = options && options.box !== undefined ? str(options.box) : 'content-box';
    if (['content-box', 'border-box', 'device-pixel-content-box'].indexOf(boxOption) < 0) {
      throw new TypeError("Failed to execute 'observe' on 'ResizeObserver': The provided value '" + boxOption + "' is not a valid enum value of type ResizeObserverBoxOptions.");
    }
    s.targets = s.targets.filter(function (t) { return t.element !== target; });
    // §3.3: the last reported size starts at 0 × 0, so a box with a size reports at once.
    s.targets.push({ element: target, box: boxOption, width: 0, height: 0 });
    resizeObservers.add(this);
    queueRenderingUpdate();
  },
  unobserve: function unobserve(target) {
    var s = RO(this);
    elementArgument(target, 'unobserve');
    s.targets = s.targets.filter(function (t) { return t.element !== target; });
    if (s.targets.length === 0) resizeObservers.delete(this);
  },
  disconnect: function disconnect() { var s = RO(this); s.targets = []; resizeObservers.delete(this); }
});
var ResizeObserverSize = iface('ResizeObserverSize');
accessors(ResizeObserverSize.prototype, {
  inlineSize: [function () { return sizeSlot.get(this).inline; }], blockSize: [function () { return sizeSlot.get(this).block; }]
});
function observerSize(width, height) { var size = objectCreate(ResizeObserverSize.prototype); sizeSlot.set(size, { inline: width, block: height }); return size; }
var ResizeObserverEntry = iface('ResizeObserverEntry');
function resizeField(name) { return [function () { var e = resizeEntrySlot.get(this); if (e === undefined) throw new TypeError('Illegal invocation'); return e[name]; }]; }
accessors(ResizeObserverEntry.prototype, { target: resizeField('target'), contentRect: resizeField('contentRect'),
  borderBoxSize: resizeField('borderBoxSize'), contentBoxSize: resizeField('contentBoxSize'),
  devicePixelContentBoxSize: resizeField('devicePixelContentBoxSize') });
// §3.4 "gather active observations" and "broadcast active resize observations" in one pass.
function gatherResizes(observer) {
  var s = roSlot.get(observer);
  for (var i = 0; i < s.targets.length; i++) {
    var t = s.targets[i], b = box(t.element), width = b === null ? 0 : b[2], height = b === null ? 0 : b[3];
    if (width === t.width && height === t.height) continue;
    t.width = width;
    t.height = height;
    var entry = objectCreate(ResizeObserverEntry.prototype), sizes = Object.freeze([observerSize(width, height)]);
    resizeEntrySlot.set(entry, { target: t.element, contentRect: DOMRectOf({ x: 0, y: 0, width: width, height: height }),
      borderBoxSize: sizes, contentBoxSize: sizes, devicePixelContentBoxSize: sizes });
    s.records.push(entry);
  }
  if (s.records.length) notify(observer, s, function (records) { return records; });
}
