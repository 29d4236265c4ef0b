//# sourceURL=tern:js/globals.js
// The window's own globals: timers (their callbacks in a table here; Swift
// schedules by id), `queueMicrotask`, `requestAnimationFrame`, `navigator`
// (its user agent is `__ternUserAgent`) and `webkit.messageHandlers`.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var __ternSetTimer = internals.__ternSetTimer, __ternClearTimer = internals.__ternClearTimer;

// Timeouts and ids are IDL `long`s (ToInt32, `| 0`) before they reach the natives.
var callbacks = Object.create(null), apply = Reflect.apply, evaluate = eval;
function make(repeats) {
  return function (callback, delay) {
    var args = [];
    for (var i = 2; i < arguments.length; i++) args[i - 2] = arguments[i];
    var fn = typeof callback === 'function' ? callback : function () { evaluate(String(callback)); };
    var timeout = delay | 0;
    var id = __ternSetTimer(fn, timeout < 0 ? 0 : timeout, repeats);
    callbacks[id] = function () { if (!repeats) delete callbacks[id]; apply(fn, g, args); };
    return id;
  };
}
// A task for the platform's own use (an element task: `select`), whatever the page did to setTimeout.
T.queueTask = function (fn) {
  var id = __ternSetTimer(fn, 0, false);
  callbacks[id] = function () { delete callbacks[id]; fn(); };
};
g.setTimeout = make(false);
g.setInterval = make(true);
g.clearTimeout = g.clearInterval = function (id) { id = id | 0; delete callbacks[id]; __ternClearTimer(id); };
internals.__ternFireTimer = function (id) { var f = callbacks[id]; if (f) f(); };
// HTML 8.1.7.2 queueMicrotask(): the engine's own queue, whatever the page did to Promise.
g.queueMicrotask = function queueMicrotask(callback) {
  if (typeof callback !== 'function') throw new TypeError('queueMicrotask: the argument is not a function');
  internals.__ternQueueMicrotask(function () { callback(); });
};
// The frame's time is performance.now()'s (HTML "run the animation frame callbacks").
g.requestAnimationFrame = function (callback) { return g.setTimeout(function () { callback(T.now()); }, 16); };
g.cancelAnimationFrame = g.clearTimeout;
// requestIdleCallback (https://w3c.github.io/requestidlecallback/): the callback runs in a task
// of its own once the loop is idle, with a deadline of at most 50 ms (§5.2); `timeout` only
// bounds the wait, which is never long here.
var IdleDeadline = function IdleDeadline() { throw new TypeError('Illegal constructor'); };
var dateNow = Date.now;
g.requestIdleCallback = function requestIdleCallback(callback, options) {
  if (typeof callback !== 'function') throw new TypeError("Failed to execute 'requestIdleCallback' on 'Window': The callback provided as parameter 1 is not a function.");
  var timeout = options && options.timeout !== undefined ? Number(options.timeout) >>> 0 : 0;
  var start = dateNow();
  return g.setTimeout(function () {
    var began = dateNow(), deadline = Object.create(IdleDeadline.prototype);
    Object.defineProperty(deadline, 'didTimeout', { value: timeout > 0 && began - start >= timeout });
    Object.defineProperty(deadline, 'timeRemaining', { value: function timeRemaining() { return Math.max(0, 50 - (dateNow() - began)); } });
    callback(deadline);
  }, 1);
};
g.cancelIdleCallback = function cancelIdleCallback(handle) { g.clearTimeout(handle); };
g.IdleDeadline = IdleDeadline;
g.navigator = { userAgent: internals.__ternUserAgent, language: 'en-US', languages: ['en-US', 'en'],
                cookieEnabled: true, onLine: true, platform: 'Linux' };
g.webkit = { messageHandlers: {} };
internals.__ternRemoveMessageHandler = function (name) { delete g.webkit.messageHandlers[name]; };
