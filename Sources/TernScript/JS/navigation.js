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
g.history = {
  get length() { return __ternHistory('length'); },
  get state() { return __ternHistory('state'); },
  back: function () { __ternHistory('go', -1); },
  forward: function () { __ternHistory('go', 1); },
  go: function (delta) { __ternHistory('go', delta | 0); },
  pushState: function (state, title, url) {
    check(__ternHistory('push', state === undefined ? null : JSON.parse(JSON.stringify(state)), url === undefined || url === null ? undefined : String(url)));
  },
  replaceState: function (state, title, url) {
    check(__ternHistory('replace', state === undefined ? null : JSON.parse(JSON.stringify(state)), url === undefined || url === null ? undefined : String(url)));
  }
};
internals.__ternFireWindowEvent = function (type, fields) {
  var event;
  if (typeof Event === 'function') { try { event = new Event(type); } catch (e) { event = null; } }
  if (!event) event = { type: type, target: g, currentTarget: g };
  for (var key in fields) { try { Object.defineProperty(event, key, { value: fields[key], enumerable: true }); } catch (e) {} }
  if (typeof g.dispatchEvent === 'function' && typeof Event === 'function' && event instanceof Event) g.dispatchEvent(event);
  else if (typeof g['on' + type] === 'function') g['on' + type](event);
};
