//# sourceURL=tern:js/navigation.js
// `location` and `history` over the navigation host's natives, and the
// window events Swift fires (`__ternFireWindowEvent`: popstate, hashchange…).
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var __ternLocation = internals.__ternLocation, __ternNavigate = internals.__ternNavigate, __ternReload = internals.__ternReload,
    __ternHistory = internals.__ternHistory;

// HTML: a refused URL is a "SecurityError" DOMException, an unparsable one a "SyntaxError" DOMException.
function check(error) {
  if (error) throw new DOMException(error, error.indexOf('SecurityError') === 0 ? 'SecurityError' : 'SyntaxError');
}
var location = {
  assign: function (url) { check(__ternNavigate(String(url), false)); },
  replace: function (url) { check(__ternNavigate(String(url), true)); },
  reload: function () { __ternReload(); },
  toString: function () { return __ternLocation(); }
};
['href', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'].forEach(function (name) {
  Object.defineProperty(location, name, {
    enumerable: true,
    get: function () { var u = new URL(__ternLocation()); return name === 'href' ? u.href : u[name]; },
    set: function (value) {
      if (name === 'href') return location.assign(value);
      var u = new URL(__ternLocation());
      u[name] = value;
      location.assign(u.href);
    }
  });
});
Object.defineProperty(g, 'location', { get: function () { return location; }, set: function (v) { location.assign(v); } });
// ---- The History interface (HTML §7.4.2, https://html.spec.whatwg.org/#the-history-interface)
// Its state is kept serialized (StructuredSerializeForStorage, dom-frames.js's
// records) with the entry, and deserialized once per entry made current:
// `history.state` is then the same object until the next traversal or push.
function History() { throw new TypeError('Illegal constructor'); }
var historyObject = Object.create(History.prototype);
var stateKnown = false, currentState = null, scrollRestoration = 'auto';
var queueTask = g.setTimeout;
function HISTORY(o, name) {
  if (o !== historyObject) throw new TypeError("Failed to execute '" + name + "' on 'History': Illegal invocation");
  // Every member: "If this's relevant global object's associated Document is not fully active, throw a SecurityError."
  if (__ternHistory('active') === false) throw new DOMException("Failed to execute '" + name + "' on 'History': the document is not fully active", 'SecurityError');
}
function deserializeState(serialized) {
  if (typeof serialized !== 'string') return null;
  try { return T.structuredDeserialize(serialized); } catch (e) { return null; }
}
// "shared history push/replace state steps".
function pushOrReplace(self, name, count, data, unused, url) {
  if (count < 2) throw new TypeError("Failed to execute '" + name + "' on 'History': 2 arguments required, but only " + count + ' present.');
  unused = '' + unused;  // DOMString: a Symbol throws
  if (url !== undefined && url !== null) url = String(url);
  HISTORY(self, name);
  var serialized = T.structuredSerialize(data, name);
  var target;
  if (url === '') {
    // The base URL itself, unparsed: the document's URL with its fragment when it has no <base> (whatwg/html#9343).
    target = (g.document && g.document.baseURI) || __ternLocation();
  } else if (url !== undefined && url !== null) {
    // Parsed against the document's base URL (a <base href> counts).
    var base = g.document && g.document.baseURI;
    try { target = base ? new URL(url, base).href : url; } catch (e) {
      throw new DOMException("Failed to execute '" + name + "' on 'History': the URL '" + url + "' is invalid", 'SyntaxError');
    }
  }
  check(__ternHistory(name === 'pushState' ? 'push' : 'replace', serialized, target));
  currentState = deserializeState(serialized);
  stateKnown = true;
}
var historyProto = History.prototype;
[['length', function () { HISTORY(this, 'length'); return __ternHistory('length'); }],
 ['scrollRestoration', function () { HISTORY(this, 'scrollRestoration'); return scrollRestoration; },
  function (value) {
    value = String(value);
    HISTORY(this, 'scrollRestoration');
    if (value === 'auto' || value === 'manual') scrollRestoration = value;  // an enum: other values are ignored
  }],
 ['state', function () {
   HISTORY(this, 'state');
   if (!stateKnown) { currentState = deserializeState(__ternHistory('state')); stateKnown = true; }
   return currentState;
 }]].forEach(function (a) {
  Object.defineProperty(historyProto, a[0], { get: a[1], set: a[2], enumerable: true, configurable: true });
});
var historyMethods = {
  go: function go(delta) {
    delta = delta === undefined ? 0 : delta | 0;  // optional long delta = 0
    HISTORY(this, 'go');
    __ternHistory('go', delta);
  },
  back: function back() { HISTORY(this, 'back'); __ternHistory('go', -1); },
  forward: function forward() { HISTORY(this, 'forward'); __ternHistory('go', 1); },
  pushState: function pushState(data, unused) { pushOrReplace(this, 'pushState', arguments.length, data, unused, arguments[2]); },
  replaceState: function replaceState(data, unused) { pushOrReplace(this, 'replaceState', arguments.length, data, unused, arguments[2]); }
};
Object.keys(historyMethods).forEach(function (name) {
  Object.defineProperty(historyProto, name, { value: historyMethods[name], writable: true, enumerable: true, configurable: true });
});
Object.defineProperty(historyProto, Symbol.toStringTag, { value: 'History', configurable: true });
Object.defineProperty(History, 'prototype', { writable: false, enumerable: false, configurable: false });
Object.defineProperty(g, 'History', { value: History, writable: true, enumerable: false, configurable: true });
Object.defineProperty(g, 'history', { get: function () { return historyObject; }, enumerable: true, configurable: true });

// HTML "update document for history step application": the entry's state
// becomes the history object's, then popstate; hashchange comes in a task
// of its own when the fragment changed.
internals.__ternHistoryTraversed = function (serialized, oldURL, newURL) {
  currentState = deserializeState(serialized);
  stateKnown = true;
  internals.__ternFireWindowEvent('popstate', { state: currentState });
  if (oldURL !== newURL && typeof queueTask === 'function') {
    queueTask(function () { internals.__ternFireWindowEvent('hashchange', { oldURL: oldURL, newURL: newURL }); }, 0);
  }
};
// A trusted event of its interface (PopStateEvent…) at the window: dom-events.js's.
internals.__ternFireWindowEvent = function (type, fields) {
  if (typeof internals.__ternFireAtWindow === 'function') internals.__ternFireAtWindow(type, fields);
};
