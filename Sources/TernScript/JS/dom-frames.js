//# sourceURL=tern:js/dom-frames.js
// The window tree (HTML "the Window object": frames, length, parent,
// top, opener, frameElement, name, indexed and named access), the
// iframe/frame elements' contentWindow/contentDocument, the restricted
// cross-origin WindowProxy and Location (HTML "cross-origin objects"),
// postMessage (HTML "cross-document messaging") and structuredClone
// over HTML's "structured serialize". The natives are `__ternFrames`
// (ScriptWindow+Frames). A window reference from a native is the
// window's global object (same origin) or its id, a number, which
// `windowFor` turns into the cached restricted view.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var objectCreate = T.objectCreate, functionToString = T.functionToString, platform = T.platform, def = T.def,
    accessors = T.accessors, methods = T.methods, iface = T.iface, privateSlot = T.privateSlot, H = T.H,
    wrap = T.wrap, domError = T.domError, EV = T.EV, dispatch = T.dispatch, defineHandlers = T.defineHandlers,
    reflect = T.reflect;

var F = internals.__ternFrames;
var reflectGet = Reflect.get, reflectSet = Reflect.set, reflectHas = Reflect.has, reflectDescriptor = Reflect.getOwnPropertyDescriptor,
    reflectDefine = Reflect.defineProperty, reflectDelete = Reflect.deleteProperty, reflectKeys = Reflect.ownKeys;
var jsonStringify = JSON.stringify, jsonParse = JSON.parse, mapGet = Map.prototype.get, mapSet = Map.prototype.set,
  mapHas = Map.prototype.has, weakHas = WeakSet.prototype.has, weakAdd = WeakSet.prototype.add,
  fromCharCode = String.fromCharCode, objectKeys = Object.keys, isArray = Array.isArray;
// The intrinsics a clone is made of, not what the page's globals say later.
var MapIntrinsic = Map, SetIntrinsic = Set, setAdd = Set.prototype.add, DateIntrinsic = Date, RegExpIntrinsic = RegExp;
// A property descriptor without a prototype: a page's Object.prototype.get
// or .value must not change what the window's own definitions mean.
function descriptor(fields) {
  var d = objectCreate(null), keys = objectKeys(fields);
  for (var i = 0; i < keys.length; i++) d[keys[i]] = fields[keys[i]];
  return d;
}
var hasOwnProperty = Object.prototype.hasOwnProperty;
function hasOwn(o, key) { return hasOwnProperty.call(o, key); }
function getter(proto, name) { var d = Object.getOwnPropertyDescriptor(proto, name); return d && d.get; }
def(internals, '__ternWrapHandle', function (h) { return wrap(h); });

// ---- Cross-origin objects (https://html.spec.whatwg.org/#cross-origin-objects)
var crossWindows = new Map(), crossObjects = new WeakSet();
function windowFor(r) { return typeof r === 'number' ? crossWindow(r) : r; }
def(internals, '__ternWindowFor', windowFor);
function isArrayIndex(key) {
  if (typeof key !== 'string' || !/^(0|[1-9][0-9]{0,9})$/.test(key)) return false;
  return +key < 4294967295;
}
// Chromium's messages: "Failed to read a named property 'document' from 'Window': Blocked a frame…".
function securityError(what, name, on) {
  var blocked = 'Blocked a frame with origin "' + F.origin(-1) + '" from accessing a cross-origin frame.';
  if (what === 'define' || what === 'delete') return domError('SecurityError', blocked);
  var property = isArrayIndex(name) ? 'an indexed property [' + name + ']' : "a named property '" + String(name) + "'";
  return domError('SecurityError', 'Failed to ' + what + ' ' + property + ' ' + on + ': ' + blocked);
}
// CrossOriginPropertyFallback: these read as undefined, everything else throws.
function isFallbackKey(key) {
  return key === 'then' || key === Symbol.toStringTag || key === Symbol.hasInstance || key === Symbol.isConcatSpreadable;
}
var fallbackKeys = ['then', Symbol.toStringTag, Symbol.hasInstance, Symbol.isConcatSpreadable];
var fallbackDescriptor = function () { return descriptor({ value: undefined, writable: false, enumerable: false, configurable: true }); };

/// A restricted object over `members` (name → { get, set } or { value }):
/// the handler of CrossOriginGetOwnPropertyHelper, CrossOriginGet/Set,
/// CrossOriginOwnPropertyKeys, with `indexed(i)` for a window's child frames.
function crossOriginObject(members, indexed, count, interfaceName, reach) {
  var target = objectCreate(null);
  // A popup's WindowProxy: once its window is of this window's origin and
  // engine (`reach` gives its global), every access goes to that window.
  function reached() { return reach ? reach() : null; }
  function own(key) {
    if (typeof key === 'string' && hasOwn(members, key)) return members[key];
    return undefined;
  }
  var proxy = new Proxy(target, {
    get: function (t, key) {
      var real = reached();
      if (real) return reflectGet(real, key);
      if (indexed && isArrayIndex(key)) {
        var child = indexed(+key);
        if (child !== undefined) return child;
      }
      var m = own(key);
      if (m) {
        if (hasOwn(m, 'value')) return m.value;
        if (hasOwn(m, 'get') && m.get) return m.get();
        throw securityError('read', key, "from '" + interfaceName + "'");
      }
      if (isFallbackKey(key)) return undefined;
      throw securityError('read', key, "from '" + interfaceName + "'");
    },
    set: function (t, key, value) {
      var real = reached();
      if (real) return reflectSet(real, key, value);
      var m = own(key);
      if (m && hasOwn(m, 'set') && m.set) { m.set(value); return true; }
      throw securityError('set', key, "on '" + interfaceName + "'");
    },
    has: function (t, key) {
      var real = reached();
      if (real) return reflectHas(real, key);
      if (indexed && isArrayIndex(key) && indexed(+key) !== undefined) return true;
      if (own(key) || isFallbackKey(key)) return true;
      throw securityError('read', key, "from '" + interfaceName + "'");
    },
    getOwnPropertyDescriptor: function (t, key) {
      var real = reached();
      if (real) {
        var d = reflectDescriptor(real, key);
        // A proxy cannot report a non-configurable property its target lacks.
        if (d) d.configurable = true;
        return d;
      }
      if (indexed && isArrayIndex(key)) {
        var child = indexed(+key);
        if (child !== undefined) return descriptor({ value: child, writable: false, enumerable: true, configurable: true });
      }
      var m = own(key);
      if (m) {
        if (hasOwn(m, 'value')) return descriptor({ value: m.value, writable: false, enumerable: false, configurable: true });
        return descriptor({ get: m.getter, set: m.setter, enumerable: false, configurable: true });
      }
      if (isFallbackKey(key)) return fallbackDescriptor();
      throw securityError('read', key, "from '" + interfaceName + "'");
    },
    defineProperty: function (t, key, d) {
      var real = reached();
      if (real) return reflectDefine(real, key, d);
      throw securityError('define', key, "on '" + interfaceName + "'");
    },
    deleteProperty: function (t, key) {
      var real = reached();
      if (real) return reflectDelete(real, key);
      throw securityError('delete', key, "on '" + interfaceName + "'");
    },
    ownKeys: function () {
      var real = reached();
      if (real) return reflectKeys(real);
      var keys = [], n = count ? count() : 0;
      for (var i = 0; i < n && i < 100000; i++) keys.push(String(i));
      return keys.concat(objectKeys(members), fallbackKeys);
    },
    // [[GetPrototypeOf]] is null; [[SetPrototypeOf]] only to null; always extensible.
    getPrototypeOf: function () { return null; },
    setPrototypeOf: function (t, proto) { return proto === null; },
    isExtensible: function () { return true; },
    preventExtensions: function () { return false; }
  });
  weakAdd.call(crossObjects, proxy);
  return proxy;
}
function crossAccessor(get, set) {
  var m = { get: get, set: set };
  m.getter = get ? platform(function () { return get(); }) : undefined;
  m.setter = set ? platform(function (v) { set(v); }) : undefined;
  return m;
}
function crossMethod(name, f) { Object.defineProperty(f, 'name', descriptor({ value: name })); return { value: platform(f) }; }

/// HTML CrossOriginProperties(Window): the view of window `id` for this window, one per pair.
function crossWindow(id) {
  var cached = mapGet.call(crossWindows, id);
  if (cached) return cached;
  var location;
  var members = {
    window: crossAccessor(function () { return proxy; }),
    self: crossAccessor(function () { return proxy; }),
    location: crossAccessor(function () { return location || (location = crossLocation(id)); },
                            function (v) { F.navigate(id, String(v), false); }),
    closed: crossAccessor(function () { return F.closed(id); }),
    frames: crossAccessor(function () { return proxy; }),
    length: crossAccessor(function () { return F.length(id); }),
    top: crossAccessor(function () { return windowFor(F.view(id, 'top')); }),
    opener: crossAccessor(function () { return windowFor(F.view(id, 'opener')); }),
    parent: crossAccessor(function () { return windowFor(F.view(id, 'parent')); }),
    blur: crossMethod('blur', function blur() {}),
    close: crossMethod('close', function close() { F.close(id); }),
    focus: crossMethod('focus', function focus() {}),
    postMessage: crossMethod('postMessage', function postMessage(message, options) {
      postMessageTo(id, arguments.length, message, options, arguments[2]);
    })
  };
  var proxy = crossOriginObject(members, function (i) {
    var r = F.view(id, 'child', i);
    return r === null ? undefined : windowFor(r);
  }, function () { return F.length(id); }, 'Window', function () { return F.reachable(id); });
  mapSet.call(crossWindows, id, proxy);
  return proxy;
}
/// HTML CrossOriginProperties(Location): the href setter and replace().
function crossLocation(id) {
  return crossOriginObject({
    href: crossAccessor(undefined, function (v) { F.navigate(id, String(v), false); }),
    replace: crossMethod('replace', function replace(url) { F.navigate(id, String(url), true); })
  }, null, null, 'Location');
}

// ---- The Window object's tree members (https://html.spec.whatwg.org/#the-window-object)
// [Replaceable]: a set makes an own data property in place of the accessor.
function replaceable(name, get) {
  Object.defineProperty(g, name, { get: platform(get), enumerable: true, configurable: true,
    set: platform(function (value) {
      Object.defineProperty(g, name, descriptor({ value: value, writable: true, enumerable: true, configurable: true }));
    }) });
}
// Reading frames or length brings window[i] and the named properties up to date
// (a frame inserted by this very script).
replaceable('frames', function frames() { syncFrames(); return g; });
replaceable('length', function length() { syncFrames(); return definedIndices; });
replaceable('parent', function parent() { return windowFor(F.view(-1, 'parent')); });
replaceable('opener', function opener() { return windowFor(F.view(-1, 'opener')); });
// HTML: whether the window's navigable is closing or gone.
Object.defineProperty(g, 'closed', { get: platform(function closed() { return F.closed(-1); }), enumerable: true, configurable: true });
// HTML §8.1.7.1 WindowOrWorkerGlobalScope: the serialized origin the document was created with.
replaceable('origin', function origin() { return F.origin(-1); });
Object.defineProperty(g, 'top', { get: platform(function top() { return windowFor(F.view(-1, 'top')); }),
  enumerable: true, configurable: false });
Object.defineProperty(g, 'frameElement', { get: platform(function frameElement() { return F.frameElement(); }),
  enumerable: true, configurable: true });
Object.defineProperty(g, 'name', { get: platform(function name() { return F.name(); }),
  set: platform(function name(value) { F.name(String(value)); }), enumerable: true, configurable: true });

// Indexed and named access ("document-tree child navigable target name
// property set"): getters on an object between the window and
// Window.prototype (HTML's WindowProperties), so the page's own globals win.
var windowProperties = objectCreate(Object.getPrototypeOf(g));
try { Object.setPrototypeOf(g, windowProperties); } catch (e) {}
var propertyHolder = Object.getPrototypeOf(g) === windowProperties ? windowProperties : g;
var definedIndices = 0, definedNames = [];
function childAt(i) { var r = F.view(-1, 'child', i); return r === null ? undefined : windowFor(r); }
function syncFrames() {
  var n = F.length(-1), i;
  for (i = n; i < definedIndices; i++) delete propertyHolder[i];
  for (i = definedIndices; i < n; i++) {
    (function (i) {
      Object.defineProperty(propertyHolder, i, descriptor({ get: platform(function () { return childAt(i); }),
        enumerable: true, configurable: true }));
    })(i);
  }
  definedIndices = n;
  var names = F.childNames();
  definedNames.forEach(function (name) {
    if (names.indexOf(name) < 0 && Object.getOwnPropertyDescriptor(propertyHolder, name)) delete propertyHolder[name];
  });
  definedNames = [];
  names.forEach(function (name) {
    if (isArrayIndex(name) || definedNames.indexOf(name) >= 0) return;
    if (propertyHolder === g && hasOwn(g, name)) return;
    if (propertyHolder !== g && hasOwn(propertyHolder, name)) return;
    // A set makes an own property of the window (a named property is writable).
    Object.defineProperty(propertyHolder, name, descriptor({ get: platform(function () {
      var r = F.view(-1, 'named', name);
      return r === null ? undefined : windowFor(r);
    }), set: platform(function (value) {
      Object.defineProperty(g, name, descriptor({ value: value, writable: true, enumerable: true, configurable: true }));
    }), enumerable: false, configurable: true }));
    definedNames.push(name);
  });
}
def(internals, '__ternSyncFrames', syncFrames);

// ---- iframe and frame (https://html.spec.whatwg.org/#dom-iframe-contentwindow)
function contentWindow() {
  var h = H(this);
  if (h === undefined) return null;
  var r = F.view(-1, 'content', h);
  if (r !== null) syncFrames();
  return r === null ? null : windowFor(r);
}
// "content document": null unless same origin with this window (a number is a cross-origin window).
function contentDocument() {
  var h = H(this);
  if (h === undefined) return null;
  var r = F.view(-1, 'content', h);
  if (r === null || typeof r === 'number') return null;
  var d = r.document;
  return d === undefined ? null : d;
}
[g.HTMLIFrameElement, g.HTMLFrameElement].forEach(function (C) {
  accessors(C.prototype, { contentWindow: [contentWindow], contentDocument: [contentDocument] });
});
reflect(g.HTMLFrameElement.prototype, { name: ['s'], scrolling: ['s'], src: ['u'], frameBorder: ['s', 'frameborder'],
  longDesc: ['u', 'longdesc'], noResize: ['b', 'noresize'], marginHeight: ['s', 'marginheight'], marginWidth: ['s', 'marginwidth'] });

// ---- StructuredSerialize (https://html.spec.whatwg.org/#structuredserializeinternal)
// To a JSON text of records, so it crosses engine groups; the memory
// numbers each object once, and a later sight of it is ['r', id].
function brand(proto, name, value) {
  var f = getter(proto, name);
  try { f.call(value); return true; } catch (e) { return false; }
}
function valueOfBrand(proto, value) {
  try { proto.valueOf.call(value); return true; } catch (e) { return false; }
}
var typedArrayNames = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
  'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
var typedArrayProto = Object.getPrototypeOf(Int8Array.prototype);
var typedArrayTag = getter(typedArrayProto, Symbol.toStringTag);
var errorNames = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
var cloneCaller = 'postMessage';
function cloneError(what) {
  return domError('DataCloneError', "Failed to execute '" + cloneCaller + "' on 'Window': " + what + ' could not be cloned.');
}
function encodeNumber(n) {
  if (n !== n) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (n === 0 && 1 / n < 0) return '-0';
  return n;
}
function decodeNumber(v) {
  if (typeof v === 'number') return v;
  return v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v === '-0' ? -0 : NaN;
}
function bytesToText(buffer) {
  var bytes = new Uint8Array(buffer), parts = [];
  for (var i = 0; i < bytes.length; i += 8192) parts.push(fromCharCode.apply(null, bytes.subarray(i, i + 8192)));
  return parts.join('');
}
// Platform objects of any window of the group (nodes, windows, events)
// carry this brand on their prototypes: they cannot be cloned.
var platformBrand = Symbol.for('tern.platformObject');
[g.EventTarget.prototype, g.Event.prototype].forEach(function (proto) {
  Object.defineProperty(proto, platformBrand, { value: true });
});
function isPlatformObject(v) {
  if (v === g || weakHas.call(crossObjects, v)) return true;
  try { return v[platformBrand] === true; } catch (e) { return true; }
}
function serialize(value) {
  var memory = new Map(), next = 0;
  function ser(v) {
    var t = typeof v;
    if (v === undefined) return ['u'];
    if (v === null) return ['z'];
    if (t === 'boolean') return ['b', v];
    if (t === 'number') return ['n', encodeNumber(v)];
    if (t === 'string') return ['s', v];
    if (t === 'bigint') return ['i', String(v)];
    if (t === 'symbol') throw cloneError(String(v));
    if (t === 'function') throw cloneError(functionToString.call(v).slice(0, 100));
    if (mapHas.call(memory, v)) return ['r', mapGet.call(memory, v)];
    if (H(v) !== undefined || isPlatformObject(v)) {
      var kind = 'Window';
      try { kind = weakHas.call(crossObjects, v) ? 'Window' : (v.constructor && v.constructor.name) || 'Window'; } catch (e) {}
      throw cloneError(kind + ' object');
    }
    var id = next++;
    mapSet.call(memory, v, id);
    if (valueOfBrand(Boolean.prototype, v)) return ['BO', id, Boolean.prototype.valueOf.call(v)];
    if (valueOfBrand(Number.prototype, v)) return ['NO', id, encodeNumber(Number.prototype.valueOf.call(v))];
    if (valueOfBrand(String.prototype, v)) return ['SO', id, String.prototype.valueOf.call(v)];
    if (typeof BigInt === 'function' && valueOfBrand(BigInt.prototype, v)) return ['IO', id, String(BigInt.prototype.valueOf.call(v))];
    if (valueOfBrand(Date.prototype, v)) return ['D', id, encodeNumber(Date.prototype.getTime.call(v))];
    if (brand(RegExp.prototype, 'source', v) && v !== RegExp.prototype) {
      return ['R', id, getter(RegExp.prototype, 'source').call(v), getter(RegExp.prototype, 'flags').call(v)];
    }
    if (brand(ArrayBuffer.prototype, 'byteLength', v)) return ['AB', id, bytesToText(v)];
    if (typeof SharedArrayBuffer === 'function' && brand(SharedArrayBuffer.prototype, 'byteLength', v)) throw cloneError('SharedArrayBuffer');
    var tag = typedArrayTag.call(v);
    if (tag !== undefined) {
      return ['V', id, tag, ser(getter(typedArrayProto, 'buffer').call(v)), getter(typedArrayProto, 'byteOffset').call(v),
              getter(typedArrayProto, 'length').call(v)];
    }
    if (brand(DataView.prototype, 'byteLength', v)) {
      return ['V', id, 'DataView', ser(getter(DataView.prototype, 'buffer').call(v)), getter(DataView.prototype, 'byteOffset').call(v),
              getter(DataView.prototype, 'byteLength').call(v)];
    }
    if (brand(Map.prototype, 'size', v)) {
      var entries = [];
      Map.prototype.forEach.call(v, function (val, key) { entries.push([key, val]); });
      var out = ['M', id, []];
      for (var i = 0; i < entries.length; i++) out[2].push([ser(entries[i][0]), ser(entries[i][1])]);
      return out;
    }
    if (brand(Set.prototype, 'size', v)) {
      var items = [];
      Set.prototype.forEach.call(v, function (val) { items.push(val); });
      var set = ['T', id, []];
      for (var j = 0; j < items.length; j++) set[2].push(ser(items[j]));
      return set;
    }
    if (v instanceof Error || Object.prototype.toString.call(v) === '[object Error]') {
      var name = v.name, message = Object.getOwnPropertyDescriptor(v, 'message');
      return ['E', id, errorNames.indexOf(name) >= 0 ? name : 'Error', message ? String(message.value) : null];
    }
    var record = isArray(v) ? ['A', id, v.length >>> 0, []] : ['O', id, []];
    var list = record[record.length - 1], keys = objectKeys(v);
    for (var k = 0; k < keys.length; k++) list.push([keys[k], ser(v[keys[k]])]);
    return record;
  }
  return jsonStringify(ser(value));
}
// StructuredDeserialize: a record text made by any window's serialize (hostile text throws).
function deserialize(text) {
  var memory = [];
  function de(r) {
    if (!isArray(r)) throw new TypeError('bad record');
    var kind = r[0], id = r[1], o, i;
    switch (kind) {
      case 'u': return undefined;
      case 'z': return null;
      case 'b': return r[1] === true;
      case 'n': return decodeNumber(r[1]);
      case 's': return String(r[1]);
      case 'i': return BigInt(String(r[1]));
      case 'r':
        if (typeof id !== 'number' || !(id in memory)) throw new TypeError('bad reference');
        return memory[id];
    }
    if (typeof id !== 'number' || id !== (id | 0) || id < 0) throw new TypeError('bad id');
    switch (kind) {
      case 'BO': o = Object(r[2] === true); break;
      case 'NO': o = Object(decodeNumber(r[2])); break;
      case 'SO': o = Object(String(r[2])); break;
      case 'IO': o = Object(BigInt(String(r[2]))); break;
      case 'D': o = new DateIntrinsic(decodeNumber(r[2])); break;
      case 'R': o = new RegExpIntrinsic(String(r[2]), String(r[3])); break;
      case 'AB':
        var text = String(r[2]);
        o = new ArrayBuffer(text.length);
        var bytes = new Uint8Array(o);
        for (i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
        break;
      case 'V':
        memory[id] = null;
        var buffer = de(r[3]);
        var C = r[2] === 'DataView' ? DataView : (typedArrayNames.indexOf(r[2]) >= 0 ? g[r[2]] : null);
        if (!C || !(buffer instanceof ArrayBuffer)) throw new TypeError('bad view');
        o = new C(buffer, +r[4], +r[5]);
        break;
      case 'E':
        var E = errorNames.indexOf(r[2]) >= 0 ? g[r[2]] : Error;
        o = r[3] === null ? new E() : new E(String(r[3]));
        break;
      case 'M':
        o = new MapIntrinsic(); memory[id] = o;
        for (i = 0; i < r[2].length; i++) mapSet.call(o, de(r[2][i][0]), de(r[2][i][1]));
        return o;
      case 'T':
        o = new SetIntrinsic(); memory[id] = o;
        for (i = 0; i < r[2].length; i++) setAdd.call(o, de(r[2][i]));
        return o;
      case 'A': case 'O':
        o = kind === 'A' ? new Array(r[2] >>> 0) : {};
        memory[id] = o;
        var list = kind === 'A' ? r[3] : r[2];
        for (i = 0; i < list.length; i++) {
          reflectDefine(o, String(list[i][0]), descriptor({ value: de(list[i][1]), writable: true, enumerable: true, configurable: true }));
        }
        return o;
      default: throw new TypeError('bad record');
    }
    memory[id] = o;
    return o;
  }
  return de(jsonParse(text));
}
// history.pushState's StructuredSerializeForStorage, and the entry's state read back.
T.structuredSerialize = function (value, caller) {
  cloneCaller = caller;
  try { return serialize(value); } finally { cloneCaller = 'postMessage'; }
};
T.structuredDeserialize = deserialize;
def(g, 'structuredClone', function structuredClone(value) {
  if (arguments.length === 0) throw new TypeError("Failed to execute 'structuredClone' on 'Window': 1 argument required, but only 0 present.");
  cloneCaller = 'structuredClone';
  try { return deserialize(serialize(value)); } finally { cloneCaller = 'postMessage'; }
});

// ---- postMessage (https://html.spec.whatwg.org/#window-post-message-steps)
function postMessageTo(id, argumentCount, message, options, transfer) {
  if (argumentCount === 0) throw new TypeError("Failed to execute 'postMessage' on 'Window': 1 argument required, but only 0 present.");
  var targetOrigin = '/';
  if (argumentCount > 1 && options !== null && typeof options === 'object' && argumentCount === 2) {
    // postMessage(message, options): WindowPostMessageOptions.
    if (options.targetOrigin !== undefined) targetOrigin = String(options.targetOrigin);
    transfer = options.transfer;
  } else if (argumentCount > 1) {
    targetOrigin = String(options);
  }
  if (transfer !== undefined && (transfer === null || typeof transfer[Symbol.iterator] !== 'function')) {
    throw new TypeError("Failed to execute 'postMessage' on 'Window': The provided value cannot be converted to a sequence.");
  }
  // Steps 3-5: "/" is the caller's origin; otherwise a URL's origin.
  if (targetOrigin === '/') {
    targetOrigin = F.origin(-2);
  } else if (targetOrigin !== '*') {
    var parsed;
    try { parsed = new URL(targetOrigin); } catch (e) {
      throw domError('SyntaxError', "Failed to execute 'postMessage' on 'Window': Invalid target origin '" + targetOrigin + "' in a call to 'postMessage'.");
    }
    targetOrigin = parsed.origin;
  }
  // Step 6: serialize in the caller; a DataCloneError is thrown here.
  var text = serialize(message);
  F.postMessage(id, text, targetOrigin);
}
def(g, 'postMessage', function postMessage(message, options) {
  postMessageTo(-1, arguments.length, message, options, arguments[2]);
});
// ---- MessageChannel and MessagePort (https://html.spec.whatwg.org/#message-channels),
// within one window: a port's messages are serialized, queued, and each
// delivered on a task of its own once the port is started.
var portSlot = privateSlot(), portDeliveries = [];
var MessagePort = iface('MessagePort', g.EventTarget);
function portState(port) {
  var s = portSlot.get(port);
  if (s === undefined) throw new TypeError('Illegal invocation');
  return s;
}
function makePort() {
  var port = objectCreate(MessagePort.prototype);
  portSlot.set(port, { other: null, started: false, closed: false, held: [] });
  return port;
}
methods(MessagePort.prototype, {
  postMessage: function postMessage(message, transfer) {
    var s = portState(this);
    var text = serialize(message);
    var other = s.other;
    if (s.closed || other === null) return;
    var o = portState(other);
    if (o.closed) return;
    if (o.started) { portDeliveries.push([other, text]); F.queueTask(); } else o.held.push(text);
  },
  start: function start() {
    var s = portState(this);
    if (s.started || s.closed) return;
    s.started = true;
    for (var i = 0; i < s.held.length; i++) { portDeliveries.push([this, s.held[i]]); F.queueTask(); }
    s.held = [];
  },
  close: function close() {
    var s = portState(this);
    s.closed = true;
    if (s.other !== null) { portState(s.other).other = null; s.other = null; }
  }
});
defineHandlers(MessagePort.prototype, ['message', 'messageerror']);
// Setting onmessage starts the port (HTML's note on implicit start).
var onmessageDescriptor = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
Object.defineProperty(MessagePort.prototype, 'onmessage', descriptor({
  get: onmessageDescriptor.get,
  set: function (value) { onmessageDescriptor.set.call(this, value); this.start(); },
  enumerable: false, configurable: true }));
iface('MessageChannel', null, function MessageChannel() {
  if (!new.target) throw new TypeError("Failed to construct 'MessageChannel': Please use the 'new' operator.");
  var a = makePort(), b = makePort();
  portState(a).other = b;
  portState(b).other = a;
  Object.defineProperty(this, 'port1', descriptor({ value: a, enumerable: true, configurable: true }));
  Object.defineProperty(this, 'port2', descriptor({ value: b, enumerable: true, configurable: true }));
});
// One queued delivery per task.
def(internals, '__ternPortTask', function () {
  var next = portDeliveries.shift();
  if (!next) return;
  var port = next[0], s = portSlot.get(port);
  if (!s || s.closed) return;
  var data, ok = true;
  try { data = deserialize(next[1]); } catch (e) { ok = false; }
  var MessageEvent = T.eventInterface('MessageEvent');
  var event = new MessageEvent(ok ? 'message' : 'messageerror', { origin: '', lastEventId: '', source: null, ports: [] });
  event[EV].data = ok ? data : null;
  event[EV].trusted = true;
  dispatch(port, event, null);
});

// The queued task of the window post message steps: rebuild and fire.
T.serialize = serialize; T.deserialize = deserialize;
def(internals, '__ternReceiveMessage', function (text, origin, sourceID) {
  var data, ok = true;
  try { data = deserialize(text); } catch (e) { ok = false; }
  var source = windowFor(F.view(sourceID, 'self'));
  var MessageEvent = T.eventInterface('MessageEvent');
  var event = new MessageEvent(ok ? 'message' : 'messageerror',
    { data: ok ? data : null, origin: origin, lastEventId: '', source: source, ports: [] });
  // The init dictionary reads an undefined member as absent: set the data itself.
  event[EV].data = ok ? data : null;
  event[EV].trusted = true;
  dispatch(g, event, null);
});
