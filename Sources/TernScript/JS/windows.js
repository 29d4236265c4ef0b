//# sourceURL=tern:js/windows.js
// `window.open` (the host blocks it without a user gesture) and `window.close`.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var __ternOpen = internals.__ternOpen, __ternClose = internals.__ternClose;

g.open = function (url, target, features) {
  var r = __ternOpen(url === undefined ? '' : String(url), target === undefined ? '' : String(target),
                     features === undefined ? '' : String(features));
  if (r === null) return null;
  if (typeof r === 'string') return r === 'self' ? g : g[r];
  return internals.__ternWindowFor(r);
};
g.close = function () { __ternClose(); };
