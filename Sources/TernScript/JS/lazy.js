//# sourceURL=tern:js/lazy.js
// Interfaces made on first touch (issue 29): a file of the table below
// runs only when the page first reads or writes a name it defines, as
// engines build rarely used interfaces. Until then each of its names is a
// placeholder accessor, put where the file would have put the name (so
// the order of own keys is the same) with the same enumerability: reading
// runs the file, then reads the real property; writing runs it, then writes.
//
// Reflection on an object with placeholders (getOwnPropertyDescriptor,
// defineProperty, freeze, __lookupGetter__, …) runs the files first, so no
// page sees a placeholder's descriptor or makes one non-configurable. A
// name the page deleted before the file ran is deleted again after it.
//
// Swift calls `__ternDefer(file)` where the file would have run,
// `__ternGuardReflection()` after the last file (installDOM); `__ternLoad(file)`
// (Swift) runs a file, false when it threw (Swift reports the error).
//
// A lazy file may run after the page's scripts: what it uses at its top
// comes from `T` (the intrinsics below are taken before any page runs),
// never from a global the page can replace.
//
// Runs once per window, before network.js, as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var load = internals.__ternLoad;
var defineProperty = Object.defineProperty, getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor,
    getPrototypeOf = Object.getPrototypeOf, setPrototypeOf = Object.setPrototypeOf, apply = Reflect.apply,
    reflectGet = Reflect.get, reflectSet = Reflect.set, deleteProperty = Reflect.deleteProperty, ownKeys = Reflect.ownKeys,
    hasOwnProperty = Object.prototype.hasOwnProperty;

// Taken now for the lazy files' top level.
T.defineProperty = defineProperty; T.getOwnPropertyDescriptor = getOwnPropertyDescriptor;
T.Set = Set; T.WeakMap = WeakMap; T.Symbol = Symbol; T.Proxy = Proxy; T.Promise = Promise; T.ObjectPrototype = Object.prototype;
T.promiseThen = Promise.prototype.then; T.promiseResolve = Promise.resolve; T.arrayValues = Array.prototype.values;

// ---- The table: each lazy file's globals, and the members it adds to the
// prototypes of interfaces of earlier files (by their name in T), in the
// order the file defines them. `enumerable`: the file's names are.
// `functions`: what earlier files call as T.name (the file runs first);
// `internals`: what Swift calls, nothing to do until the file runs.
var table = {
  'web-apis.js': { globals: ['URLSearchParams', 'URL', 'TextEncoder', 'TextDecoder', 'localStorage', 'sessionStorage'],
                   members: [], enumerable: true },
  'network.js': { globals: ['XMLHttpRequest', 'Headers', 'Response', 'Request', 'fetch'], members: [], enumerable: true },
  'dom-ranges.js': { globals: ['AbstractRange', 'StaticRange', 'Range', 'Selection', 'getSelection'],
                     members: [['Document', 'createRange'], ['Document', 'getSelection']], enumerable: false },
  'dom-traversal.js': { globals: ['NodeFilter', 'TreeWalker'], members: [['Document', 'createTreeWalker']], enumerable: false },
  'workers.js': { globals: ['Worker'], members: [],
                  internals: ['__ternWorkerMessage', '__ternWorkerError', '__ternWorkerFailed'], enumerable: false },
  'dom-observers.js': { globals: ['MutationRecord', 'MutationObserver', 'NodeIterator', 'IntersectionObserver',
                                  'IntersectionObserverEntry', 'ResizeObserver', 'ResizeObserverSize', 'ResizeObserverEntry'],
                        members: [['Document', 'createNodeIterator']], internals: ['__ternUpdateRendering'], enumerable: false },
  'dom-event-kinds.js': { globals: ['CustomEvent', 'UIEvent', 'MouseEvent', 'PointerEvent', 'WheelEvent', 'KeyboardEvent',
                                     'CompositionEvent', 'TextEvent', 'DragEvent', 'BeforeUnloadEvent', 'DeviceMotionEvent',
                                     'DeviceOrientationEvent', 'AnimationEvent', 'TransitionEvent', 'FocusEvent', 'InputEvent',
                                     'PopStateEvent', 'HashChangeEvent', 'ErrorEvent', 'SubmitEvent', 'PageTransitionEvent',
                                     'MessageEvent', 'StorageEvent', 'ProgressEvent'],
                          members: [], functions: ['eventInterface'], enumerable: false },
  'dom-html-rare.js': { globals: ['HTMLEmbedElement', 'HTMLObjectElement', 'HTMLParamElement', 'HTMLMediaElement',
                              'HTMLAudioElement', 'HTMLVideoElement', 'HTMLSourceElement', 'HTMLTrackElement',
                              'HTMLCanvasElement', 'HTMLPreElement', 'HTMLQuoteElement', 'HTMLModElement',
                              'HTMLOListElement', 'HTMLUListElement', 'HTMLLIElement', 'HTMLDListElement',
                              'HTMLDirectoryElement', 'HTMLMenuElement', 'HTMLTimeElement', 'HTMLDataElement',
                              'HTMLPictureElement', 'HTMLMapElement', 'HTMLFontElement', 'HTMLDetailsElement',
                              'HTMLDialogElement', 'HTMLTableElement', 'HTMLTableRowElement', 'HTMLTableSectionElement',
                              'HTMLTableCellElement', 'HTMLTableColElement', 'HTMLTableCaptionElement'],
                       members: [], internals: ['__ternModalDialog', '__ternCloseRequest'], enumerable: false },
  'dom-forms.js': { globals: ['HTMLFormElement', 'HTMLFormControlsCollection', 'HTMLInputElement', 'HTMLButtonElement',
                              'HTMLTextAreaElement', 'HTMLSelectElement', 'HTMLOptionsCollection', 'HTMLOptionElement', 'Option',
                              'HTMLOptGroupElement', 'HTMLLabelElement', 'HTMLFieldSetElement', 'HTMLLegendElement',
                              'HTMLOutputElement', 'HTMLProgressElement', 'HTMLMeterElement', 'HTMLDataListElement'],
                    members: [], internals: ['__ternTextSelection', '__ternSetTextSelection'], enumerable: false },
  'dom-cssom.js': { globals: ['CSSStyleDeclaration', 'getComputedStyle', 'MediaList', 'StyleSheet', 'CSSStyleSheet',
                              'StyleSheetList', 'CSSRuleList', 'CSSRule', 'CSSStyleRule', 'CSSGroupingRule', 'CSSConditionRule',
                              'CSSImportRule', 'CSSMediaRule', 'CSSFontFaceRule', 'CSSPageRule', 'CSSKeyframesRule',
                              'CSSNamespaceRule', 'CSSSupportsRule', 'MediaQueryList', 'MediaQueryListEvent', 'matchMedia',
                              'innerWidth', 'innerHeight', 'outerWidth', 'outerHeight', 'screenX', 'screenY', 'screenLeft',
                              'screenTop', 'devicePixelRatio', 'scrollX', 'pageXOffset', 'scrollY', 'pageYOffset', 'Screen',
                              'screen', 'VisualViewport', 'visualViewport', 'DOMRectReadOnly', 'DOMRect', 'DOMRectList',
                              'scroll', 'scrollTo', 'scrollBy', 'CSS'],
                    members: [['Document', 'styleSheets'], ['HTMLStyleElement', 'sheet'], ['HTMLLinkElement', 'sheet']],
                    functions: ['styleDeclaration', 'boundingClientRect', 'clientRects', 'rangeBoundingClientRect', 'rectList', 'domRect',
                                'scrollIntoView'],
                    internals: ['__ternMediaChanged'], enumerable: false }
};

var PENDING = 0, LOADING = 1, DONE = 2, FAILED = 3;
var status = { __proto__: null };
// Each pending file's placeholders: [object, name, getter].
var placeholders = { __proto__: null };
// For reflection: { object, names: name → file, count } for each object with placeholders (the
// window and Document.prototype: a list searched by identity is quicker than a Map), and
// `pendingCount` placeholders in all.
var pendingOn = [], pendingCount = 0;
function pendingFor(object) {
  for (var i = 0; i < pendingOn.length; i++) if (pendingOn[i].object === object) return pendingOn[i];
  return undefined;
}

function isPlaceholder(object, name, getter) {
  var d = getOwnPropertyDescriptor(object, name);
  return d !== undefined && apply(hasOwnProperty, d, ['get']) && d.get === getter;
}

/// Runs `file` unless it has run or is running; true when it has run.
function ensure(file) {
  if (status[file] !== PENDING) return status[file] === DONE;
  status[file] = LOADING;
  var list = placeholders[file], saved = [], i;
  for (i = 0; i < list.length; i++) {
    var object = list[i][0], name = list[i][1];
    forget(object, name);
    // A name the page deleted (or replaced unguarded, through a Proxy): as the page left it.
    if (!isPlaceholder(object, name, list[i][2])) {
      var d = getOwnPropertyDescriptor(object, name);
      if (d !== undefined) setPrototypeOf(d, null);
      saved[saved.length] = [object, name, d];
    }
  }
  var ok = load(file) === true;
  for (i = 0; i < saved.length; i++) {
    try {
      if (saved[i][2] === undefined) deleteProperty(saved[i][0], saved[i][1]);
      else defineProperty(saved[i][0], saved[i][1], saved[i][2]);
    } catch (e) {}
  }
  // A file that threw: the names it did not make are gone, as if it had stopped there.
  if (!ok) for (i = 0; i < list.length; i++) if (isPlaceholder(list[i][0], list[i][1], list[i][2])) deleteProperty(list[i][0], list[i][1]);
  placeholders[file] = null;
  status[file] = ok ? DONE : FAILED;
  return ok;
}

function forget(object, name) {
  var pending = pendingFor(object);
  if (pending === undefined || pending.names[name] === undefined) return;
  delete pending.names[name];
  pending.count--;
  pendingCount--;
}

function placeholder(file, object, name, enumerable) {
  // Method definitions: neither has a prototype or can be constructed (as a built-in accessor).
  var accessor = {
    get() {
      ensure(file);
      return isPlaceholder(object, name, accessor.get) ? undefined : reflectGet(object, name, this);
    },
    set(value) {
      ensure(file);
      if (!isPlaceholder(object, name, accessor.get)) reflectSet(object, name, value, this);
    }
  };
  defineProperty(object, name, { __proto__: null, get: accessor.get, set: accessor.set, enumerable: enumerable, configurable: true });
  var list = placeholders[file];
  list[list.length] = [object, name, accessor.get];
  var pending = pendingFor(object);
  if (pending === undefined) {
    pending = { __proto__: null, object: object, names: { __proto__: null }, count: 0 };
    pendingOn[pendingOn.length] = pending;
  }
  pending.names[name] = file;
  pending.count++;
  pendingCount++;
}

/// Puts the placeholders of `file` where the file would have put its names.
internals.__ternDefer = function (file) {
  var entry = table[file];
  if (entry === undefined || status[file] !== undefined) throw new TypeError(file + ' is not a lazy file');
  status[file] = PENDING;
  placeholders[file] = [];
  for (var i = 0; i < entry.globals.length; i++) placeholder(file, g, entry.globals[i], entry.enumerable);
  for (i = 0; i < entry.members.length; i++) {
    placeholder(file, T[entry.members[i][0]].prototype, entry.members[i][1], entry.enumerable);
  }
  for (i = 0; entry.functions !== undefined && i < entry.functions.length; i++) lazyFunction(file, entry.functions[i]);
  for (i = 0; entry.internals !== undefined && i < entry.internals.length; i++) {
    defineProperty(internals, entry.internals[i], { __proto__: null, value: function () {}, writable: true, configurable: true });
  }
};
/// For an earlier file that needs what `file` makes (dom-html.js's wrappers of form
/// elements): runs it unless it has run (or is running); true when it has run.
T.loadLazy = function (file) { return status[file] === undefined || ensure(file); };
/// T[name], which the file puts there: until it has, a function that runs the file and calls it.
function lazyFunction(file, name) {
  var stub = function () {
    if (!ensure(file) || T[name] === stub) throw new TypeError(file + ' did not run');
    return apply(T[name], this, arguments);
  };
  T[name] = stub;
}

// ---- Reflection runs the files first.
function isObject(o) { return o !== null && (typeof o === 'object' || typeof o === 'function'); }
/// The property key `key` converts to, converted once (ToPropertyKey).
function propertyKey(key) {
  if (typeof key === 'string' || typeof key === 'symbol') return key;
  return ownKeys({ [key]: 0 })[0];
}
/// Runs the file that has a placeholder for `key` on `object`; returns the key.
function touch(object, key) {
  if (pendingCount === 0) return key;
  var pending = pendingFor(object);
  if (pending === undefined || pending.count === 0) return key;
  key = propertyKey(key);
  var file = pending.names[key];
  if (file !== undefined) ensure(file);
  return key;
}
/// Runs every file with a placeholder on `object`.
function touchAll(object) {
  if (pendingCount === 0) return;
  var pending = pendingFor(object);
  if (pending === undefined || pending.count === 0) return;
  var files = { __proto__: null };
  for (var name in pending.names) files[pending.names[name]] = true;
  for (var file in files) ensure(file);
}
/// Every object on `object`'s prototype chain with placeholders: their files run.
function touchChain(object) {
  for (var depth = 0; isObject(object) && depth < 10000 && pendingCount !== 0; depth++) {
    touchAll(object);
    object = getPrototypeOf(object);
  }
}

internals.__ternGuardReflection = function () {
  var platform = T.platform;
  // Called directly: none of these uses its `this`.
  var getOwnPropertyDescriptors = Object.getOwnPropertyDescriptors, defineProperties = Object.defineProperties,
      freeze = Object.freeze, seal = Object.seal, preventExtensions = Object.preventExtensions,
      reflectGetOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor, reflectDefineProperty = Reflect.defineProperty,
      reflectPreventExtensions = Reflect.preventExtensions;
  var lookupGetter = Object.prototype.__lookupGetter__, lookupSetter = Object.prototype.__lookupSetter__,
      defineGetter = Object.prototype.__defineGetter__, defineSetter = Object.prototype.__defineSetter__;
  // Method definitions: like the built-ins, no prototype, not constructors, the same name and length.
  var objectFunctions = {
    getOwnPropertyDescriptor(object, key) { return getOwnPropertyDescriptor(object, touch(object, key)); },
    getOwnPropertyDescriptors(object) { touchAll(object); return getOwnPropertyDescriptors(object); },
    defineProperty(object, key, attributes) { return defineProperty(object, touch(object, key), attributes); },
    defineProperties(object, properties) { touchAll(object); return defineProperties(object, properties); },
    freeze(object) { touchAll(object); return freeze(object); },
    seal(object) { touchAll(object); return seal(object); },
    preventExtensions(object) { touchAll(object); return preventExtensions(object); }
  };
  var reflectFunctions = {
    getOwnPropertyDescriptor(target, propertyKey) { return reflectGetOwnPropertyDescriptor(target, touch(target, propertyKey)); },
    defineProperty(target, propertyKey, attributes) { return reflectDefineProperty(target, touch(target, propertyKey), attributes); },
    preventExtensions(target) { touchAll(target); return reflectPreventExtensions(target); }
  };
  var prototypeFunctions = {
    __lookupGetter__(key) { touchChain(this); return apply(lookupGetter, this, [key]); },
    __lookupSetter__(key) { touchChain(this); return apply(lookupSetter, this, [key]); },
    __defineGetter__(key, getter) { return apply(defineGetter, this, [touch(this, key), getter]); },
    __defineSetter__(key, setter) { return apply(defineSetter, this, [touch(this, key), setter]); }
  };
  function replace(owner, functions) {
    for (var name of ownKeys(functions)) {
      defineProperty(owner, name, { __proto__: null, value: platform(functions[name]), writable: true, enumerable: false, configurable: true });
    }
  }
  replace(Object, objectFunctions);
  replace(Reflect, reflectFunctions);
  replace(Object.prototype, prototypeFunctions);
};
