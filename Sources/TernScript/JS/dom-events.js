//# sourceURL=tern:js/dom-events.js
// DOMException, Event (its subclasses: dom-event-kinds.js), EventTarget and
// event dispatch (https://dom.spec.whatwg.org/#events), `on…` handlers.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, platform = T.platform, def = T.def, accessors = T.accessors, methods = T.methods,
    iface = T.iface, H = T.H, TAG = T.TAG, TYPE = T.TYPE, main = T.main, wrap = T.wrap;
// Called by earlier files (T.name): there before this file runs, as function declarations are.
T.domError = domError;
// What eventClass and defineHandlers use: a lazy file (lazy.js) calls them after the page's scripts.
var defineProperty = Object.defineProperty, objectKeys = Object.keys, apply = Reflect.apply,
    toLowerCase = String.prototype.toLowerCase;

// ---- DOMException (https://webidl.spec.whatwg.org/#idl-DOMException)
var exceptionCodes = { IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
  NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InUseAttributeError: 10,
  InvalidStateError: 11, SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14,
  InvalidAccessError: 15, TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20,
  URLMismatchError: 21, QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25 };
var legacyCodeNames = { INDEX_SIZE_ERR: 1, DOMSTRING_SIZE_ERR: 2, HIERARCHY_REQUEST_ERR: 3, WRONG_DOCUMENT_ERR: 4,
  INVALID_CHARACTER_ERR: 5, NO_DATA_ALLOWED_ERR: 6, NO_MODIFICATION_ALLOWED_ERR: 7, NOT_FOUND_ERR: 8,
  NOT_SUPPORTED_ERR: 9, INUSE_ATTRIBUTE_ERR: 10, INVALID_STATE_ERR: 11, SYNTAX_ERR: 12,
  INVALID_MODIFICATION_ERR: 13, NAMESPACE_ERR: 14, INVALID_ACCESS_ERR: 15, VALIDATION_ERR: 16,
  TYPE_MISMATCH_ERR: 17, SECURITY_ERR: 18, NETWORK_ERR: 19, ABORT_ERR: 20, URL_MISMATCH_ERR: 21,
  QUOTA_EXCEEDED_ERR: 22, TIMEOUT_ERR: 23, INVALID_NODE_TYPE_ERR: 24, DATA_CLONE_ERR: 25 };
class DOMException extends Error {
  constructor(message, name) {
    super(message === undefined ? '' : String(message));
    Object.defineProperty(this, 'name', { __proto__: null, value: name === undefined ? 'Error' : String(name), writable: true, configurable: true });
  }
  get code() { return exceptionCodes[this.name] || 0; }
}
for (var codeName in legacyCodeNames) {
  Object.defineProperty(DOMException, codeName, { value: legacyCodeNames[codeName], enumerable: true });
  Object.defineProperty(DOMException.prototype, codeName, { value: legacyCodeNames[codeName], enumerable: true });
}
def(g, 'DOMException', DOMException);
function domError(name, message) { return new DOMException(message || name, name); }
N.setExceptionMaker(function (name, message) {
  return name === 'TypeError' ? new TypeError(message) : name === 'Error' ? new Error(message) : new DOMException(message, name);
});

// ---- Events
var EV = Symbol('event'), LS = Symbol('listeners'), HANDLERS = Symbol('handlers'), COMPILED = Symbol('compiled');
var timeOrigin = Date.now(), dateNow = Date.now;
// performance.now() for the platform's own timestamps.
T.now = function () { return dateNow() - timeOrigin; };
var isTrustedDescriptor = { __proto__: null, get: platform(function isTrusted() { var s = this[EV]; return s ? s.trusted : undefined; }),
                            enumerable: true, configurable: false };
// Event timeStamp and performance.now() share the time origin (HR-Time §"Performance").
// A page that already has `performance` (none today) keeps it; this one has no entries.
if (g.performance === undefined) {
  var Performance = iface('Performance', null);
  methods(Performance.prototype, {
    now: function () { return Date.now() - timeOrigin; },
    mark: function () {}, measure: function () {}, clearMarks: function () {}, clearMeasures: function () {},
    clearResourceTimings: function () {},
    getEntries: function () { return []; }, getEntriesByType: function () { return []; },
    getEntriesByName: function () { return []; },
    toJSON: function () { return { timeOrigin: timeOrigin }; }
  });
  accessors(Performance.prototype, { timeOrigin: [function () { return timeOrigin; }] });
  def(g, 'performance', objectCreate(Performance.prototype));
}
class Event {
  constructor(type, init) {
    if (arguments.length === 0) throw new TypeError("Failed to construct 'Event': 1 argument required.");
    type = String(type);
    // EventInit, a dictionary: undefined or null is empty, another primitive a TypeError.
    if (init === undefined || init === null) init = {};
    else if (typeof init !== 'object' && typeof init !== 'function') throw new TypeError("Failed to construct 'Event': The provided value is not of type 'EventInit'.");
    this[EV] = { type: type, bubbles: !!init.bubbles, cancelable: !!init.cancelable, composed: !!init.composed,
                 target: null, current: null, phase: 0, stop: false, stopImm: false, canceled: false,
                 dispatching: false, initialized: true, passive: false, trusted: false, path: [],
                 timeStamp: Date.now() - timeOrigin };
    // isTrusted is [LegacyUnforgeable]: an own, non-configurable accessor of every event.
    defineProperty(this, 'isTrusted', isTrustedDescriptor);
  }
  get type() { return this[EV].type; }
  get target() { return this[EV].target; }
  get srcElement() { return this[EV].target; }
  get currentTarget() { return this[EV].current; }
  get eventPhase() { return this[EV].phase; }
  get bubbles() { return this[EV].bubbles; }
  get cancelable() { return this[EV].cancelable; }
  get composed() { return this[EV].composed; }
  get defaultPrevented() { return this[EV].canceled; }
  get timeStamp() { return this[EV].timeStamp; }
  get returnValue() { return !this[EV].canceled; }
  set returnValue(value) { if (!value) this.preventDefault(); }
  get cancelBubble() { return this[EV].stop; }
  set cancelBubble(value) { if (value) this[EV].stop = true; }
  stopPropagation() { this[EV].stop = true; }
  stopImmediatePropagation() { var s = this[EV]; s.stop = s.stopImm = true; }
  preventDefault() { var s = this[EV]; if (s.cancelable && !s.passive) s.canceled = true; }
  composedPath() { var s = this[EV]; return s.dispatching ? s.path.slice() : []; }
  initEvent(type, bubbles, cancelable) {
    if (arguments.length === 0) throw new TypeError("Failed to execute 'initEvent' on 'Event': 1 argument required.");
    var s = this[EV];
    if (s.dispatching) return;
    // https://dom.spec.whatwg.org/#concept-event-initialize
    s.type = String(type); s.bubbles = !!bubbles; s.cancelable = !!cancelable;
    s.initialized = true; s.stop = s.stopImm = s.canceled = false; s.trusted = false; s.target = null;
  }
}
['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE'].forEach(function (name, value) {
  Object.defineProperty(Event, name, { value: value, enumerable: true });
  Object.defineProperty(Event.prototype, name, { value: value, enumerable: true });
});
def(g, 'Event', Event);

/// A subclass of `Parent` whose init dictionary members in `fields` become read-only attributes.
function eventClass(name, Parent, fields) {
  var C = class extends Parent {
    constructor(type, init) {
      super(type, init);
      var s = this[EV];
      for (var k in fields) s[k] = init && init[k] !== undefined ? init[k] : fields[k];
      // UIEventInit's view is a Window or null.
      if ('view' in fields && s.view !== null && s.view !== g) throw new TypeError("Failed to read the 'view' property: The provided value is not of type 'Window'.");
    }
  };
  defineProperty(C, 'name', { __proto__: null, value: name });
  for (var keys = objectKeys(fields), i = 0; i < keys.length; i++) eventField(C.prototype, keys[i]);
  def(g, name, C);
  return C;
}
function eventField(proto, k) {
  defineProperty(proto, k, { __proto__: null, get: function () { return this[EV][k]; }, enumerable: false, configurable: true });
}
// The interfaces that inherit from Event (but CSSOM's) are dom-event-kinds.js's (lazy.js), reached
// through T.eventInterface(name). The interface of an event the engine fires, by type:
var eventInterfaces = { __proto__: null,
  click: 'MouseEvent', dblclick: 'MouseEvent', mousedown: 'MouseEvent', mouseup: 'MouseEvent', mousemove: 'MouseEvent',
  mouseover: 'MouseEvent', mouseout: 'MouseEvent', mouseenter: 'MouseEvent', mouseleave: 'MouseEvent', contextmenu: 'MouseEvent',
  keydown: 'KeyboardEvent', keyup: 'KeyboardEvent', keypress: 'KeyboardEvent',
  focus: 'FocusEvent', blur: 'FocusEvent', focusin: 'FocusEvent', focusout: 'FocusEvent',
  input: 'InputEvent', beforeinput: 'InputEvent', popstate: 'PopStateEvent', hashchange: 'HashChangeEvent',
  submit: 'SubmitEvent', error: 'ErrorEvent', pageshow: 'PageTransitionEvent', pagehide: 'PageTransitionEvent'
};
// https://dom.spec.whatwg.org/#dom-document-createevent's table.
var createEventInterfaces = { __proto__: null, event: 'Event', events: 'Event', htmlevents: 'Event', customevent: 'CustomEvent',
  uievent: 'UIEvent', uievents: 'UIEvent', mouseevent: 'MouseEvent', mouseevents: 'MouseEvent',
  keyboardevent: 'KeyboardEvent', keyevents: 'KeyboardEvent', focusevent: 'FocusEvent', hashchangeevent: 'HashChangeEvent',
  popstateevent: 'PopStateEvent', errorevent: 'ErrorEvent', messageevent: 'MessageEvent', storageevent: 'StorageEvent',
  beforeunloadevent: 'BeforeUnloadEvent', compositionevent: 'CompositionEvent', devicemotionevent: 'DeviceMotionEvent',
  deviceorientationevent: 'DeviceOrientationEvent', dragevent: 'DragEvent', svgevents: 'Event', textevent: 'TextEvent' };
/// The interface called `name`: Event, or one of dom-event-kinds.js (which runs first).
function eventInterface(name) { return name === 'Event' ? Event : T.eventInterface(name); }
function createEvent(name) {
  var interfaceName = createEventInterfaces[String(name).toLowerCase()];
  if (interfaceName === undefined) throw domError('NotSupportedError', 'The provided event type ("' + name + '") is invalid.');
  var C = eventInterface(interfaceName);
  var event = new C('');
  event[EV].initialized = false;
  return event;
}

// ---- EventTarget (https://dom.spec.whatwg.org/#interface-eventtarget)
function isObjectValue(v) { return v !== null && (typeof v === 'object' || typeof v === 'function'); }
// https://dom.spec.whatwg.org/#event-flatten: (EventListenerOptions or boolean), a
// dictionary read in member order; another primitive is a boolean.
function captureOf(options) {
  if (isObjectValue(options)) return !!options.capture;
  return options === undefined || options === null ? false : !!options;
}
// https://dom.spec.whatwg.org/#event-flatten-more: capture, once, passive (null when absent), signal.
function flattenMore(options) {
  if (!isObjectValue(options)) return { capture: captureOf(options), once: false, passive: null, signal: null };
  var capture = !!options.capture, once = !!options.once, passive = options.passive;
  passive = passive === undefined ? null : !!passive;
  var signal = options.signal;
  if (signal === undefined) signal = null;
  else if (T.abortSignalState(signal) === undefined) throw new TypeError("Failed to read the 'signal' property from 'AddEventListenerOptions': Failed to convert value to 'AbortSignal'.");
  return { capture: capture, once: once, passive: passive, signal: signal };
}
// https://dom.spec.whatwg.org/#default-passive-value
var passiveByDefault = { touchstart: 1, touchmove: 1, wheel: 1, mousewheel: 1 };
function defaultPassive(type, target) {
  if (passiveByDefault[type] !== 1) return false;
  if (target === g) return true;
  var h = H(target);
  if (h === undefined || main.document === null || !N.isMain(h)) return false;
  // The natives, not the page's own getters: the document, its root and its body.
  return TYPE(target) === 9 || h === N.docPart(h, 0) || h === N.docPart(h, 2);
}
// https://dom.spec.whatwg.org/#add-an-event-listener
function addListener(target, type, callback, options) {
  type = String(type);
  if (callback !== null && callback !== undefined && !isObjectValue(callback))
    throw new TypeError('The callback provided as parameter 2 is not an object.');
  var o = flattenMore(options);
  var signalState = o.signal === null ? null : T.abortSignalState(o.signal);
  if (signalState && signalState.aborted) return;
  if (callback === null || callback === undefined) return;
  var passive = o.passive === null ? defaultPassive(type, target) : o.passive;
  var map = Object.prototype.hasOwnProperty.call(target, LS) ? target[LS] : (target[LS] = objectCreate(null));
  var list = map[type] || (map[type] = []);
  for (var i = 0; i < list.length; i++) if (list[i].callback === callback && list[i].capture === o.capture) return;
  var listener = { callback: callback, capture: o.capture, once: o.once, passive: passive, removed: false };
  list.push(listener);
  if (signalState) {
    // The abort step removes this listener, not a later one of the same callback.
    T.addAbortAlgorithm(signalState, function () { removeListenerEntry(target, type, listener); });
  }
}
function removeListenerEntry(target, type, listener) {
  var map = target[LS], list = map && map[type];
  var i = list ? list.indexOf(listener) : -1;
  listener.removed = true;
  if (i >= 0) list.splice(i, 1);
}
function removeListener(target, type, callback, options) {
  var map = target[LS], list = map && map[String(type)];
  if (!list) return;
  var capture = captureOf(options);
  for (var i = 0; i < list.length; i++) {
    if (list[i].callback === callback && list[i].capture === capture) { list[i].removed = true; list.splice(i, 1); return; }
  }
}
class EventTarget {
  addEventListener(type, callback, options) { addListener(this == null ? g : this, type, callback, options); }
  removeEventListener(type, callback, options) {
    type = String(type);
    if (callback !== null && callback !== undefined && !isObjectValue(callback))
      throw new TypeError('The callback provided as parameter 2 is not an object.');
    removeListener(this == null ? g : this, type, callback, captureOf(options));
  }
  dispatchEvent(event) {
    if (!(event instanceof Event)) throw new TypeError("Failed to execute 'dispatchEvent': parameter 1 is not of type 'Event'.");
    var s = event[EV];
    if (s.dispatching || !s.initialized) throw domError('InvalidStateError', 'The event is already being dispatched or was not initialized.');
    s.trusted = false;
    return dispatch(this == null ? g : this, event);
  }
}
def(g, 'EventTarget', EventTarget);

var currentEvent;
function reportException(error) {
  var text = error && error.stack && error.message !== undefined ? error.name + ': ' + error.message : String(error);
  if (error && error.line) text += ' (line ' + error.line + ')';
  console.error('Uncaught ' + text);
  if (reportingError) return;
  reportingError = true;
  try {
    var ErrorEvent = eventInterface('ErrorEvent');
    var event = new ErrorEvent('error', { cancelable: true, message: text, error: error,
      lineno: error && error.line || 0, colno: error && error.column || 0, filename: error && error.sourceURL || '' });
    dispatch(g, event);
  } finally { reportingError = false; }
}
var reportingError = false;

/// The event path: the target, its ancestors and, for a node of the
/// window's document, the window.
function eventPath(target, type) {
  var h = H(target);
  if (h === undefined) return [target];
  var handles = N.path(h), path = new Array(handles.length);
  for (var i = 0; i < handles.length; i++) path[i] = wrap(handles[i]);
  if (path[path.length - 1] === main.document && main.document !== null && type !== 'load') path.push(g);
  return path;
}

// https://dom.spec.whatwg.org/#concept-event-dispatch (no shadow trees, no retargeting);
// `targetOverride`: the legacy target override flag's target (the path stays the target's).
function dispatch(target, event, targetOverride) {
  var s = event[EV];
  s.dispatching = true;
  s.target = targetOverride || target;
  var path = eventPath(target, s.type);
  s.path = path;
  var activation = null, preState;
  if (s.type === 'click' && event instanceof eventInterface('MouseEvent')) {
    // The target, or (a bubbling event only) the first parent with activation behavior.
    for (var a = 0; a < path.length && !activation && (a === 0 || s.bubbles); a++) if (T.hasActivation(path[a])) activation = path[a];
    if (activation) preState = T.preActivate(activation);
  }
  try {
    for (var i = path.length - 1; i >= 0; i--) {
      s.phase = i === 0 ? 2 : 1;
      invoke(path[i], event, true);
    }
    for (i = 0; i < path.length; i++) {
      if (i > 0) { if (!s.bubbles) break; s.phase = 3; } else s.phase = 2;
      invoke(path[i], event, false);
    }
  } finally {
    s.phase = 0; s.current = null; s.dispatching = false; s.stop = false; s.stopImm = false; s.path = [];
  }
  if (activation) {
    if (s.canceled) T.cancelActivation(activation, preState); else T.activate(activation, preState, event);
  }
  return !s.canceled;
}

// https://dom.spec.whatwg.org/#concept-event-listener-invoke: a trusted event no
// listener took is offered under its legacy WebKit-prefixed type.
var legacyTypes = { animationend: 'webkitAnimationEnd', animationiteration: 'webkitAnimationIteration',
  animationstart: 'webkitAnimationStart', transitionend: 'webkitTransitionEnd' };
function invoke(node, event, capture) {
  var s = event[EV];
  if (s.stop) return;
  s.current = node;
  if (innerInvoke(node, event, capture) || !s.trusted || !legacyTypes[s.type] || s.stopImm) return;
  var originalType = s.type;
  s.type = legacyTypes[originalType];
  try { innerInvoke(node, event, capture); } finally { s.type = originalType; }
}
// https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke (the `on…`
// handler is a listener of its own, first at its node): whether one was found.
function innerInvoke(node, event, capture) {
  var s = event[EV], found = false;
  if (!capture) {
    found = callHandler(node, event);
    if (s.stopImm) return found;
  }
  var map = node[LS], list = map && map[s.type];
  if (!list || list.length === 0) return found;
  list = list.slice();
  for (var i = 0; i < list.length; i++) {
    var l = list[i];
    if (l.removed) continue;
    found = true;
    if (l.capture !== capture) continue;
    if (l.once) removeListenerEntry(node, s.type, l);
    s.passive = l.passive;
    // HTML's window.event: the event while a listener of a node outside a shadow tree runs.
    var previousEvent = currentEvent;
    currentEvent = event;
    try {
      // WebIDL "call a user object's operation": a callable as is, else one Get of handleEvent.
      var callback = l.callback;
      if (typeof callback === 'function') callback.call(node, event);
      else {
        var handleEvent = callback.handleEvent;
        if (typeof handleEvent !== 'function') throw new TypeError("'handleEvent' property of event listener should be a function.");
        handleEvent.call(callback, event);
      }
    } catch (error) {
      reportException(error);
    }
    currentEvent = previousEvent;
    s.passive = false;
    if (s.stopImm) break;
  }
  return found;
}

// ---- Event handlers: `onclick = …` and `onclick="…"`
var handlerNames = ['abort', 'auxclick', 'beforeinput', 'blur', 'cancel', 'change', 'click', 'close', 'contextmenu',
  'copy', 'cut', 'dblclick', 'drag', 'dragend', 'dragenter', 'dragleave', 'dragover', 'dragstart', 'drop', 'error',
  'focus', 'focusin', 'focusout', 'input', 'invalid', 'keydown', 'keypress', 'keyup', 'load', 'loadend', 'loadstart',
  'mousedown', 'mouseenter', 'mouseleave', 'mousemove', 'mouseout', 'mouseover', 'mouseup', 'paste', 'pointerdown',
  'pointermove', 'pointerup', 'progress', 'reset', 'resize', 'scroll', 'select', 'submit', 'toggle', 'touchend',
  'touchmove', 'touchstart', 'transitionend', 'animationend', 'wheel', 'animationstart', 'animationiteration',
  'animationcancel', 'transitionrun', 'transitionstart', 'transitioncancel',
  'webkitAnimationEnd', 'webkitAnimationIteration', 'webkitAnimationStart', 'webkitTransitionEnd'];
var windowHandlerNames = ['afterprint', 'beforeprint', 'beforeunload', 'hashchange', 'languagechange', 'message',
  'messageerror', 'offline', 'online', 'pagehide', 'pageshow', 'popstate', 'rejectionhandled', 'storage', 'unhandledrejection', 'unload'];
var bodyForwarded = { blur: 1, error: 1, focus: 1, load: 1, resize: 1, scroll: 1 };
windowHandlerNames.forEach(function (n) { bodyForwarded[n] = 1; });

/// The handler of `node` for `type`: one set as a property, else one
/// compiled (once per source text) from the `on…` attribute.
function handlerFor(node, type) {
  var own = node[HANDLERS];
  if (own && Object.prototype.hasOwnProperty.call(own, type)) return own[type];
  if (node === g) {
    var body = main.document && bodyForwarded[type] ? wrap(N.docPart(H(main.document), 2)) : null;
    return body ? compiledHandler(body, type, g) : null;
  }
  if (TYPE(node) === 1) {
    if (bodyForwarded[type] && (TAG(node) === 'body' || TAG(node) === 'frameset') && N.isMain(H(node))) return null;
    return compiledHandler(node, type, node);
  }
  return null;
}
function compiledHandler(element, type, thisValue) {
  var source = N.attr(H(element), 'on' + type.toLowerCase());
  if (source === null) return null;
  var cache = element[COMPILED] || (element[COMPILED] = objectCreate(null));
  var entry = cache[type];
  if (entry && entry.source === source && entry.thisValue === thisValue) return entry.fn;
  var fn = null;
  try {
    var form = TYPE(element) === 1 && typeof element.form === 'object' ? element.form : null;
    // The form's scope includes its controls by name (onclick="alert(q.value)").
    var formScope = form ? new Proxy(form, {
      has: function (t, k) { return k in t || (typeof k === 'string' && !!t.elements.namedItem(k)); },
      get: function (t, k) {
        if (typeof k === 'string' && !(k in t)) { var item = t.elements.namedItem(k); if (item) return item; }
        return Reflect.get(t, k, t);
      }
    }) : {};
    var scopes = [element.ownerDocument || {}, formScope, element];
    fn = Function('__scopes', 'with (__scopes[0]) with (__scopes[1]) with (__scopes[2]) return function on' + type +
                  '(event) {\n' + source + '\n};')(scopes);
  } catch (error) {
    reportException(error);
  }
  cache[type] = { source: source, thisValue: thisValue, fn: fn };
  return fn;
}
function callHandler(node, event) {
  var s = event[EV];
  var fn = handlerFor(node, s.type);
  if (typeof fn !== 'function') {
    if (fn && typeof fn === 'object' && typeof fn.handleEvent === 'function') fn = fn.handleEvent.bind(fn); else return false;
  }
  var result, previousEvent = currentEvent;
  currentEvent = event;
  // HTML "the event handler processing algorithm": window's onerror for an ErrorEvent
  // takes (message, source, lineno, colno, error).
  var special = node === g && s.type === 'error' && event instanceof eventInterface('ErrorEvent');
  try { result = special ? fn.call(node, s.message, s.filename, s.lineno, s.colno, s.error) : fn.call(node, event); } catch (error) { currentEvent = previousEvent; reportException(error); return true; }
  currentEvent = previousEvent;
  if (s.type === 'error' && event instanceof eventInterface('ErrorEvent') ? result === true : result === false) event.preventDefault();
  return true;
}
function defineHandlers(target, names) {
  for (var i = 0; i < names.length; i++) defineHandler(target, names[i]);
}
function defineHandler(target, type) {
  defineProperty(target, 'on' + apply(toLowerCase, type, []), {
    __proto__: null,
    get: function () { var t = this == null ? g : this; var fn = handlerFor(t, type); return fn === undefined ? null : fn; },
    set: function (value) {
      var t = this == null ? g : this;
      var own = Object.prototype.hasOwnProperty.call(t, HANDLERS) ? t[HANDLERS] : (t[HANDLERS] = objectCreate(null));
      own[type] = typeof value === 'function' || (value !== null && typeof value === 'object') ? value : null;
    },
    enumerable: false, configurable: true
  });
}
/// setAttribute('onclick', …) after `onclick = fn`: the attribute wins again.
function attributeHandlerChanged(node, name) {
  if (name.length > 2 && name.charCodeAt(0) === 111 && name.charCodeAt(1) === 110 && node[HANDLERS]) {
    delete node[HANDLERS][name.slice(2)];
  }
}

// The window is an EventTarget too.
var Window = iface('Window', EventTarget);
try { Object.setPrototypeOf(g, Window.prototype); } catch (e) {}
if (!(g instanceof EventTarget)) {
  // JavaScriptCore keeps the global object's prototype: answer instanceof for it.
  [EventTarget, Window].forEach(function (C) {
    Object.defineProperty(C, Symbol.hasInstance, { value: function (value) {
      return (value === g && (this === EventTarget || this === Window)) || Function.prototype[Symbol.hasInstance].call(this, value);
    }, configurable: true });
  });
}
['addEventListener', 'removeEventListener', 'dispatchEvent'].forEach(function (name) {
  if (g[name] !== EventTarget.prototype[name]) def(g, name, EventTarget.prototype[name]);
});
defineHandlers(g, handlerNames.concat(windowHandlerNames));
// https://html.spec.whatwg.org/#dom-window-event, [Replaceable].
Object.defineProperty(g, 'event', { get: platform(function () { return currentEvent; }),
  set: platform(function (value) { Object.defineProperty(g, 'event', { value: value, writable: true, configurable: true, enumerable: true }); }),
  configurable: true, enumerable: true });
// parent, top, frames, opener, frameElement, length, name: dom-frames.js.

// h null: the window, as HTML fires load, pageshow, pagehide and unload
// there, with the legacy target override flag: event.target is the document.
def(internals, '__ternDispatch', function (h, type, bubbles, cancelable, fields) {
  // At the window (its path is the window alone), an event no listener or handler takes
  // runs nothing: none is made (pageshow's interface is dom-event-kinds.js's).
  if (h === null && !hasWindowListeners(type)) return true;
  return fireTrusted(h === null ? g : wrap(h), type, bubbles, cancelable, fields, h === null ? main.document : null);
});
// Events HTML fires at the window without the legacy target override: popstate, hashchange.
def(internals, '__ternFireAtWindow', function (type, fields) {
  return hasWindowListeners(type) ? fireTrusted(g, type, false, false, fields, null) : true;
});
function fireTrusted(target, type, bubbles, cancelable, fields, targetOverride) {
  var C = eventInterface(eventInterfaces[type] || 'Event');
  var event = new C(type, { bubbles: bubbles, cancelable: cancelable });
  var s = event[EV];
  s.trusted = true;
  for (var k in fields) { if (k in s) s[k] = fields[k]; else event[k] = fields[k]; }
  return dispatch(target, event, targetOverride);
}
// HTML §8.1.7.3 "run the resize steps" (the browser's window changed size):
// `resize` at the window, then at its visual viewport (CSSOM View, when a
// script made one: dom-cssom.js).
def(internals, '__ternViewportResized', function () {
  if (hasWindowListeners('resize')) {
    var event = new Event('resize');
    event[EV].trusted = true;
    dispatch(g, event);
  }
  if (T.visualViewportResized) T.visualViewportResized();
});
// Whether the window has a listener or an `on…` handler (its own or the body's attribute) for `type`.
function hasWindowListeners(type) {
  var map = g[LS], list = map && map[type];
  return !!(list && list.length) || !!handlerFor(g, type);
}
def(internals, '__ternHasWindowListeners', hasWindowListeners);

// For the files after this one.
T.DOMException = DOMException; T.EV = EV; T.Event = Event; T.eventClass = eventClass; T.createEvent = createEvent;
T.EventTarget = EventTarget; T.reportException = reportException; T.dispatch = dispatch;
T.handlerNames = handlerNames; T.bodyForwarded = bodyForwarded; T.handlerFor = handlerFor;
T.defineHandlers = defineHandlers; T.attributeHandlerChanged = attributeHandlerChanged;
