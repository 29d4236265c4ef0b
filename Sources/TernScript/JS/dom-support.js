//# sourceURL=tern:js/dom-support.js
// The DOM in JavaScript over TernDOM: the dom-*.js files, run in order,
// with the natives `N` (`internals.__ternDOM`, DOMBridge).
//
// Nodes are numbers ("handles") on the native side; `wrap(h)` turns one
// into its wrapper, the same object every time (`wrappers`, `weakWrappers`),
// whose prototype follows the node's kind. `H(this)` is a wrapper's handle.
// A wrapper is held strongly while its node is connected (or new since the
// last collection point), weakly otherwise, grouped with the wrappers of its
// tree (see `sweep`, DOMBridge+Collection.swift).
//
// This file: shared helpers, the wrapper cache and live collections.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM, F = internals.__ternFrames;
/// The bridge's change counters (DOMBridge.version, .childListVersion), read without a call.
var versions = N.versions;

// The engine's own Object.create, not one a page puts in its place.
var objectCreate = Object.create;
// And what the helpers below use: a file that runs on first touch (lazy.js) calls them after the page's scripts.
var defineProperty = Object.defineProperty, setPrototypeOf = Object.setPrototypeOf, toStringTag = Symbol.toStringTag,
    ownKeys = Reflect.ownKeys;

// ---- Platform functions print as built-ins do (ECMA-262 §20.2.3.5,
// Function.prototype.toString: "function name() { [native code] }").
// Libraries test for that before they trust a DOM method: jQuery's
// Sizzle takes its slow JavaScript selector engine when
// querySelectorAll's source shows.
var platformFunctions = new WeakSet();
var functionToString = Function.prototype.toString;
function platform(f) {
  if (typeof f === 'function') platformFunctions.add(f);
  return f;
}
Object.defineProperty(Function.prototype, 'toString', { writable: true, configurable: true, enumerable: false,
  value: platform(function toString() {
    if (typeof this === 'function' && platformFunctions.has(this)) {
      return 'function ' + (typeof this.name === 'string' ? this.name : '') + '() {\n    [native code]\n}';
    }
    return functionToString.call(this);
  }) });

function def(object, name, value) {
  defineProperty(object, name, { __proto__: null, value: platform(value), writable: true, configurable: true, enumerable: false });
}
// Members are not enumerable (Web IDL makes them so): ScriptContext.convert
// walks enumerable properties, prototypes included, and a node's accessors
// lead to nodes again, so a node returned to Swift would never end.
function accessors(proto, table) {
  for (var keys = ownKeys(table), i = 0; i < keys.length; i++) {
    var k = keys[i], pair = table[k];
    defineProperty(proto, k, { __proto__: null, get: platform(pair[0]), set: platform(pair.length > 1 ? pair[1] : undefined),
                               enumerable: false, configurable: true });
  }
}
function methods(proto, table) {
  for (var keys = ownKeys(table), i = 0; i < keys.length; i++) {
    var k = keys[i];
    defineProperty(proto, k, { __proto__: null, value: platform(table[k]), writable: true, enumerable: false, configurable: true });
  }
}
function illegal() { throw new TypeError('Illegal constructor'); }
/// An interface object `name` inheriting from `Parent`, on the window.
function iface(name, Parent, ctor) {
  var C = platform(ctor || function () { illegal(); });
  defineProperty(C, 'name', { __proto__: null, value: name });
  if (Parent) {
    C.prototype = objectCreate(Parent.prototype);
    setPrototypeOf(C, Parent);
  }
  defineProperty(C.prototype, 'constructor', { __proto__: null, value: C, writable: true, configurable: true });
  defineProperty(C.prototype, toStringTag, { __proto__: null, value: name, configurable: true });
  def(g, name, C);
  return C;
}

// ---- Private slots: a value kept on an object where no script can read,
// write or forge it: a class's private field, added to any object by a
// base constructor that returns that object. A Proxy does not pass it on.
function privateSlot() {
  var read, Base = function (o) { return o; };
  class Stamp extends Base {
    #value;
    constructor(o, value) { super(o); this.#value = value; }
    static { read = function (o) { return o !== null && (typeof o === 'object' || typeof o === 'function') && #value in o ? o.#value : undefined; }; }
  }
  return { get: read, set: function (o, value) { new Stamp(o, value); } };
}

// ---- Wrappers: a wrapper's handle, tag and node type are in its private
// slot (H(w), TAG(w), TYPE(w)), so a page can neither change which node a
// wrapper stands for nor make one for a node.
var nodeSlot = privateSlot();
function H(o) { var r = slotOf(o); return r === undefined ? undefined : r.h; }
function TAG(o) { var r = slotOf(o); return r === undefined ? undefined : r.tag; }
function TYPE(o) { var r = slotOf(o); return r === undefined ? undefined : r.type; }
// Handle → wrapper, held strongly; handle → WeakRef of a wrapper whose node is detached.
var wrappers = new Map(), weakWrappers = new Map();
var protoByType = objectCreate(null);
// The window's document once Swift attaches it (dom-core.js, `__ternDOMAttach`): in an
// object, so every file reads the one it is now.
var main = { document: null };
// The windows of a page's frames share one engine: a node has one
// wrapper, the first any of them made, which each window's table learns
// when it first meets it (natives `F.foreignHandle`/`F.foreignWrapper`).
var sharedEngine = false;
def(internals, '__ternShareEngine', function () { sharedEngine = true; });
def(internals, '__ternNodeHandle', function (o) { var r = nodeSlot.get(o); return r === undefined ? undefined : r.h; });
def(internals, '__ternKnownWrapper', function (h) { return knownWrapper(h); });
/// The wrapper of `h` if it has one now.
function knownWrapper(h) {
  var w = wrappers.get(h);
  if (w !== undefined || weakWrappers.size === 0) return w;
  var ref = weakWrappers.get(h);
  if (ref === undefined) return undefined;
  w = ref.deref();
  if (w === undefined) weakWrappers.delete(h);
  return w;
}
function slotOf(o) {
  var r = nodeSlot.get(o);
  if (r !== undefined || !sharedEngine || o === null || (typeof o !== 'object' && typeof o !== 'function')) return r;
  var h = F.foreignHandle(o);
  return typeof h === 'number' ? learn(o, h) : undefined;
}
function slotFor(h, t) {
  if (typeof t === 'string') return { h: h, tag: t, type: 1 };
  return { h: h, tag: undefined, type: t < 0 ? 1 : t };
}
function learn(w, h) {
  var r = slotFor(h, N.type(h));
  nodeSlot.set(w, r);
  if (knownWrapper(h) === undefined) wrappers.set(h, w);
  return r;
}
function wrap(h) {
  if (h === null || h === undefined) return null;
  var w = wrappers.get(h);
  if (w !== undefined) return w;
  if (weakWrappers.size !== 0 && (w = knownWrapper(h)) !== undefined) return w;
  if (sharedEngine) {
    w = F.foreignWrapper(h);
    if (w) { learn(w, h); return w; }
  }
  var t = N.type(h);
  if (typeof t === 'string') w = objectCreate(T.elementPrototype(t));
  // An SVG (-1) or MathML (-2) element.
  else if (t < 0) w = objectCreate(protoByType[t] || g.Element.prototype);
  else w = objectCreate(protoByType[t] || g.Node.prototype);
  nodeSlot.set(w, slotFor(h, t));
  wrappers.set(h, w);
  return w;
}

// ---- Collection (DOM wrappers after the engines: a wrapper lives while
// its node's tree, the "opaque root", can be reached). At a collection
// point (no script running; DOMBridge+Collection.swift) `sweep` gives the
// bridge every handle still named here, and the bridge releases the others
// and sorts these: connected nodes (and those the bridge holds) stay
// strong; the wrappers of each detached tree go into one array (a group)
// that each of them holds (in its slot), held weakly here, so the tree's
// wrappers live and die together. A group the page reaches again through
// a native (any handle of it, or a node of its tree newly handled) is
// pinned, held strongly until the next sweep: its tree may have joined
// another. Live ranges, node iterators and static node lists hold their
// nodes' handles, and keep their groups (`keep`).
var groupRefs = [], pinnedGroups = [];
function sweep() {
  var alive = [], holders = [], weak = new Map();
  wrappers.forEach(function (w, h) { alive.push(h); });
  // The map is made again: what it held of the dead goes with the old one.
  weakWrappers.forEach(function (ref, h) { if (ref.deref() !== undefined) { alive.push(h); weak.set(h, ref); } });
  weakWrappers = weak;
  var held = alive.length;
  function hold(state, h) { if (h !== null && h !== undefined) { holders.push(state); alive.push(h); } }
  T.heldHandles(hold);
  pruneStaticLists(function (state) { for (var k = 0; k < state.fixed.length; k++) hold(state, state.fixed[k]); });
  var groupOf = N.sweep(alive), groups = [], i;
  pinnedGroups = [];
  for (i = 0; i < held; i++) {
    var h = alive[i], g = groupOf[i], w = knownWrapper(h);
    if (w === undefined) continue;
    var r = nodeSlot.get(w);
    if (g < 0) {
      if (r !== undefined) r.g = undefined;
      if (!wrappers.has(h)) { weakWrappers.delete(h); wrappers.set(h, w); }
    } else {
      var group = groups[g] || (groups[g] = []);
      group.push(w);
      if (r !== undefined) r.g = group;
      if (wrappers.has(h)) { wrappers.delete(h); weakWrappers.set(h, new WeakRef(w)); }
    }
  }
  for (i = 0; i < holders.length; i++) holders[i].keep = undefined;
  for (i = 0; i < holders.length; i++) {
    var kept = groups[groupOf[held + i]], keep = holders[i].keep;
    if (kept === undefined) continue;
    if (keep === undefined) holders[i].keep = [kept];
    else if (keep[keep.length - 1] !== kept) keep.push(kept);
  }
  groupRefs = [];
  for (i = 0; i < groups.length; i++) groupRefs.push(groups[i] === undefined ? undefined : new WeakRef(groups[i]));
  // Nothing may keep the list of every group. An optimizing compile entered
  // from one of these loops holds the loop's locals until it is installed
  // (JavaScriptCore's OSR entry values), which can be long after this call:
  // the arrays are emptied, not just let go.
  groups.length = alive.length = holders.length = 0;
  groups = alive = holders = groupOf = weak = null;
  T.handlesReleased();
}
def(internals, '__ternSweepWrappers', sweep);
// The bridge pins group `i` (see above).
def(internals, '__ternPinGroup', function (i) {
  var ref = groupRefs[i], group = ref === undefined ? undefined : ref.deref();
  if (group !== undefined) pinnedGroups.push(group);
  groupRefs[i] = undefined;
});
def(internals, '__ternWrapperCounts', function () { return [wrappers.size, weakWrappers.size, pinnedGroups.length]; });
function wrapAll(handles) {
  for (var i = 0; i < handles.length; i++) handles[i] = wrap(handles[i]);
  return handles;
}
function isNode(value) { return value !== null && (typeof value === 'object' || typeof value === 'function') && H(value) !== undefined; }
/// The handle of a node argument, or a TypeError.
function hOf(node) {
  var h = node !== null && node !== undefined ? H(node) : undefined;
  if (h === undefined) {
    // An Attr is a node that is never a child (https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity, step 4).
    if (TYPE(node) === 2) throw T.domError('HierarchyRequestError', 'An attribute cannot be a child.');
    throw new TypeError("parameter is not of type 'Node'.");
  }
  return h;
}
function documentOf(node) { return TYPE(node) === 9 ? node : wrap(N.nav(H(node), 11)); }
function asciiLower(s) { return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, function (m) { return m.toLowerCase(); }) : s; }
function asciiUpper(s) { return /[a-z]/.test(s) ? s.replace(/[a-z]+/g, function (m) { return m.toUpperCase(); }) : s; }
function str(value) { return typeof value === 'string' ? value : String(value); }
function nullToEmpty(value) { return value === null ? '' : str(value); }

// ---- Live collections: a Proxy over a state that recomputes its handles when the DOM changed.
// A collection's state, in a private slot of the Proxy and of its target.
var listSlot = privateSlot();
function LIST(o) { return listSlot.get(o); }
function toIndex(key) {
  if (typeof key !== 'string') return -1;
  var c = key.charCodeAt(0);
  if (c < 48 || c > 57) return -1;
  var n = +key;
  return n >>> 0 === n && String(n) === key && n < 4294967295 ? n : -1;
}
function listItems(state) {
  if (state.fixed) return state.fixed;
  var v = versions[state.childListOnly ? 1 : 0];
  if (state.version !== v) { state.items = state.compute(); state.version = v; }
  return state.items;
}
function listItem(state, i) {
  var items = listItems(state);
  return i < items.length ? wrap(items[i]) : undefined;
}
function namedItem(state, key) {
  if (!state.named || key === '') return null;
  var items = listItems(state);
  for (var i = 0; i < items.length; i++) {
    var h = items[i];
    if (N.attr(h, 'id') === key) return wrap(h);
    if (N.attr(h, 'name') === key && namesOK(wrap(h))) return wrap(h);
  }
  return null;
}
/// An HTMLCollection's supported property names, in order: ids, then names of HTML elements.
function namedKeys(state) {
  var items = listItems(state), keys = [];
  for (var i = 0; i < items.length; i++) {
    var id = N.attr(items[i], 'id');
    if (id && keys.indexOf(id) < 0) keys.push(id);
    var name = N.attr(items[i], 'name');
    if (name && keys.indexOf(name) < 0 && namesOK(wrap(items[i]))) keys.push(name);
  }
  return keys;
}
// HTMLCollection: the name attribute names HTML elements only (https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem).
function namesOK(el) { return typeof TAG(el) === 'string'; }
var listHandler = {
  get: function (t, key, receiver) {
    var i = toIndex(key);
    if (i >= 0) return listItem(LIST(t), i);
    if (typeof key === 'string' && LIST(t).named && !(key in t)) { var named = namedItem(LIST(t), key); if (named) return named; }
    return Reflect.get(t, key, receiver);
  },
  has: function (t, key) {
    var i = toIndex(key);
    if (i >= 0) return i < listItems(LIST(t)).length;
    if (typeof key === 'string' && LIST(t).named && !(key in t) && namedItem(LIST(t), key)) return true;
    return key in t;
  },
  set: function (t, key, value, receiver) {
    var index = toIndex(key);
    // An indexed setter (HTMLOptionsCollection's), else indices are read-only.
    if (index >= 0) { var s = LIST(t); if (!s.setIndexed) return false; s.setIndexed(index, value); return true; }
    return Reflect.set(t, key, value, receiver);
  },
  defineProperty: function (t, key, descriptor) {
    if (toIndex(key) >= 0) return false;
    return Reflect.defineProperty(t, key, descriptor);
  },
  deleteProperty: function (t, key) {
    var i = toIndex(key);
    if (i >= 0) return i >= listItems(LIST(t)).length;
    return Reflect.deleteProperty(t, key);
  },
  ownKeys: function (t) {
    var n = listItems(LIST(t)).length, keys = [];
    for (var i = 0; i < n; i++) keys.push(String(i));
    if (LIST(t).named) keys = keys.concat(namedKeys(LIST(t)).filter(function (k) { return !(k in t); }));
    return keys.concat(Reflect.ownKeys(t));
  },
  getOwnPropertyDescriptor: function (t, key) {
    var i = toIndex(key);
    if (i >= 0) {
      var item = listItem(LIST(t), i);
      return item === undefined ? undefined : { value: item, writable: false, enumerable: true, configurable: true };
    }
    // Named properties are not enumerable ([LegacyUnenumerableNamedProperties]).
    if (typeof key === 'string' && LIST(t).named && !(key in t)) {
      var named = namedItem(LIST(t), key);
      if (named) return { value: named, writable: false, enumerable: false, configurable: true };
    }
    return Reflect.getOwnPropertyDescriptor(t, key);
  }
};
/// A live list: `compute()` returns the handles (recomputed when the DOM changed, and after
/// a sweep, which may release them); `named` adds name/id lookup; `owner`, the wrapper whose
/// handle `compute` uses, is kept with it; `childListOnly`: what it holds changes only when
/// nodes go in or out (a node's children), not with attributes or data.
function liveList(proto, compute, named, owner, childListOnly) {
  var target = objectCreate(proto);
  return privateList(target, listHandler, { fixed: null, compute: compute, version: -1, items: null, named: !!named, owner: owner,
                                            childListOnly: !!childListOnly });
}
function privateList(target, handler, state) {
  listSlot.set(target, state);
  var list = new Proxy(target, handler);
  listSlot.set(list, state);
  return list;
}
/// A static list: its handles are kept by the sweeps while it lives (`staticLists`).
function staticList(proto, handles) {
  var target = objectCreate(proto), state = { fixed: handles, named: false };
  if (handles.length !== 0) {
    staticLists.add(new WeakRef(state));
    if (staticLists.size >= staticListsPruneAt) pruneStaticLists(null);
  }
  return privateList(target, listHandler, state);
}
// The states of the static lists (WeakRefs); pruned of the dead when it doubled, and at each sweep.
var staticLists = new Set(), staticListsPruneAt = 64;
function pruneStaticLists(each) {
  staticLists.forEach(function (ref) {
    var state = ref.deref();
    if (state === undefined) staticLists.delete(ref);
    else if (each) each(state);
  });
  staticListsPruneAt = Math.max(64, 2 * staticLists.size);
}

// For the files after this one.
T.objectCreate = objectCreate; T.functionToString = functionToString; T.platform = platform; T.def = def;
T.accessors = accessors; T.methods = methods; T.illegal = illegal; T.iface = iface; T.privateSlot = privateSlot;
T.knownWrapper = knownWrapper; T.nodeSlot = nodeSlot; T.H = H; T.TAG = TAG; T.TYPE = TYPE; T.wrappers = wrappers; T.protoByType = protoByType;
T.main = main; T.wrap = wrap; T.isNode = isNode; T.hOf = hOf; T.documentOf = documentOf; T.asciiLower = asciiLower;
T.str = str; T.nullToEmpty = nullToEmpty; T.LIST = LIST; T.toIndex = toIndex; T.listItems = listItems;
T.listItem = listItem; T.namedItem = namedItem; T.liveList = liveList; T.staticList = staticList;
