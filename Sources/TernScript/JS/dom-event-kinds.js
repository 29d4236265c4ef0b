//# sourceURL=tern:js/dom-event-kinds.js
// The interfaces that inherit from Event: DOM's CustomEvent, UI Events
// (https://w3c.github.io/uievents/), HTML's (PopStateEvent, ErrorEvent,
// MessageEvent, …), CSS animations and transitions, DeviceOrientation and
// XHR's ProgressEvent. Made on first touch of one of their names (lazy.js);
// the engine's own events get theirs through T.eventInterface(name).
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var EV = T.EV, Event = T.Event, eventClass = T.eventClass, defineProperty = T.defineProperty;

// Each interface by name, for T.eventInterface.
var interfaces = { __proto__: null };
function kind(name, Parent, fields) { return interfaces[name] = eventClass(name, Parent, fields); }
/// An operation of `C.prototype`, as an assignment would make it (a page's setter is not called).
function operation(C, name, f) {
  defineProperty(C.prototype, name, { __proto__: null, value: f, writable: true, enumerable: true, configurable: true });
}

// ---- CustomEvent (https://dom.spec.whatwg.org/#interface-customevent)
var CustomEvent = kind('CustomEvent', Event, { detail: null });
operation(CustomEvent, 'initCustomEvent', function (type, bubbles, cancelable, detail) {
  if (arguments.length === 0) throw new TypeError("Failed to execute 'initCustomEvent' on 'CustomEvent': 1 argument required.");
  if (this[EV].dispatching) return;
  this.initEvent(type, bubbles, cancelable);
  this[EV].detail = detail === undefined ? null : detail;
});

// ---- UI Events
var UIEvent = kind('UIEvent', Event, { view: null, detail: 0, which: 0 });
/// The legacy init…Event methods (UI Events §"Legacy event initializers"): nothing while dispatching.
function legacyInit(C, name, fields) {
  operation(C, name, function (type, bubbles, cancelable) {
    if (arguments.length === 0) throw new TypeError("Failed to execute '" + name + "': 1 argument required.");
    var s = this[EV];
    if (s.dispatching) return;
    this.initEvent(type, bubbles, cancelable);
    for (var i = 0; i < fields.length; i++) if (fields[i] && arguments.length > i + 3) s[fields[i]] = arguments[i + 3];
  });
}
legacyInit(UIEvent, 'initUIEvent', ['view', 'detail']);
// UI Events §"Modifier keys": after the interface's own fields.
var modifiers = ['ctrlKey', 'shiftKey', 'altKey', 'metaKey'];
function withModifiers(fields) {
  for (var i = 0; i < modifiers.length; i++) {
    defineProperty(fields, modifiers[i], { __proto__: null, value: false, writable: true, enumerable: true, configurable: true });
  }
  return fields;
}
var MouseEvent = kind('MouseEvent', UIEvent, withModifiers({ screenX: 0, screenY: 0, clientX: 0, clientY: 0,
  pageX: 0, pageY: 0, offsetX: 0, offsetY: 0, x: 0, y: 0, button: 0, buttons: 0, relatedTarget: null, movementX: 0, movementY: 0 }));
legacyInit(MouseEvent, 'initMouseEvent', ['view', 'detail', 'screenX', 'screenY', 'clientX', 'clientY',
  'ctrlKey', 'altKey', 'shiftKey', 'metaKey', 'button', 'relatedTarget']);
operation(MouseEvent, 'getModifierState', function (key) {
  return !!this[EV][{ Control: 'ctrlKey', Shift: 'shiftKey', Alt: 'altKey', Meta: 'metaKey' }[key]];
});
kind('PointerEvent', MouseEvent, { pointerId: 0, pointerType: 'mouse', isPrimary: true, width: 1, height: 1, pressure: 0 });
kind('WheelEvent', MouseEvent, { deltaX: 0, deltaY: 0, deltaZ: 0, deltaMode: 0 });
var KeyboardEvent = kind('KeyboardEvent', UIEvent, withModifiers({ key: '', code: '', location: 0, repeat: false,
  isComposing: false, keyCode: 0, charCode: 0 }));
operation(KeyboardEvent, 'getModifierState', MouseEvent.prototype.getModifierState);
legacyInit(KeyboardEvent, 'initKeyboardEvent', ['view', 'key', 'location', 'ctrlKey', 'altKey', 'shiftKey', 'metaKey']);
legacyInit(kind('CompositionEvent', UIEvent, { data: '' }), 'initCompositionEvent', ['view', 'data']);
legacyInit(kind('TextEvent', UIEvent, { data: '' }), 'initTextEvent', ['view', 'data']);
kind('DragEvent', MouseEvent, { dataTransfer: null });

// ---- HTML, CSS, DeviceOrientation, XHR
kind('BeforeUnloadEvent', Event, {});
kind('DeviceMotionEvent', Event, { acceleration: null, accelerationIncludingGravity: null, rotationRate: null, interval: 0 });
kind('DeviceOrientationEvent', Event, { alpha: null, beta: null, gamma: null, absolute: false });
kind('AnimationEvent', Event, { animationName: '', elapsedTime: 0, pseudoElement: '' });
kind('TransitionEvent', Event, { propertyName: '', elapsedTime: 0, pseudoElement: '' });
kind('FocusEvent', UIEvent, { relatedTarget: null });
kind('InputEvent', UIEvent, { data: null, inputType: '', isComposing: false });
kind('PopStateEvent', Event, { state: null });
kind('HashChangeEvent', Event, { oldURL: '', newURL: '' });
kind('ErrorEvent', Event, { message: '', filename: '', lineno: 0, colno: 0, error: undefined });
kind('SubmitEvent', Event, { submitter: null });
kind('PageTransitionEvent', Event, { persisted: false });
kind('MessageEvent', Event, { data: null, origin: '', lastEventId: '', source: null, ports: [] });
kind('StorageEvent', Event, { key: null, oldValue: null, newValue: null, url: '', storageArea: null });
kind('ProgressEvent', Event, { lengthComputable: false, loaded: 0, total: 0 });

// For the files before this one (lazy.js's `functions`).
T.eventInterface = function (name) { return interfaces[name]; };
