//# sourceURL=tern:js/message-handlers.js
// WKScriptMessageHandlerWithReply: `webkit.messageHandlers.NAME.postMessage`
// returns a promise the native reply settles. Run when the first such handler
// is added; the table of pending promises is shared by every handler.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var __ternPostWithReply = internals.__ternPostWithReply;

var pending = Object.create(null), next = 0;
internals.__ternSettle = function (token, how, value) {
  var p = pending[token];
  if (p) { delete pending[token]; p[how](how === 'reject' ? new Error(value) : value); }
};
internals.__ternReplyHandler = function (name) {
  return function (body) {
    var token = ++next;
    return new Promise(function (resolve, reject) {
      pending[token] = { resolve: resolve, reject: reject };
      __ternPostWithReply(name, body, token);
    });
  };
};
internals.__ternAddReplyHandler = function (name) {
  g.webkit.messageHandlers[name] = { postMessage: internals.__ternReplyHandler(name) };
};
