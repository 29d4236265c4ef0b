//# sourceURL=tern:js/microtasks.js
// The microtask guard (ScriptContext+MicrotaskGuard.swift): the callbacks of
// promise reactions, `queueMicrotask` and mutation observers are counted, and
// every `checkInterval`th asks the native whether the task may go on; once it
// says no, they return at once until the task has ended.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var __ternMicrotaskMayRun = internals.__ternMicrotaskMayRun;
var checkInterval = internals.__ternMicrotaskCheckInterval;

var P = Promise, then = P.prototype.then, resolve = P.resolve, apply = Reflect.apply;
var count = 0, stopped = false;
function guarded(callback) {
  return function (value) {
    if (stopped) return;
    if (++count % checkInterval === 0 && !__ternMicrotaskMayRun()) { stopped = true; return; }
    return callback(value);
  };
}
// Promise.prototype.then, its callbacks guarded (ECMA-262 27.2.5.4).
var guardedThen = {
  then(onFulfilled, onRejected) {
    return apply(then, this, [typeof onFulfilled === 'function' ? guarded(onFulfilled) : onFulfilled,
                              typeof onRejected === 'function' ? guarded(onRejected) : onRejected]);
  }
}.then;
Object.defineProperty(P.prototype, 'then', { value: guardedThen, writable: true, enumerable: false, configurable: true });
// HTML "queue a microtask" for the engine's own callers (queueMicrotask, observers).
internals.__ternQueueMicrotask = function (callback) { apply(then, apply(resolve, P, []), [guarded(callback)]); };
internals.__ternResetMicrotaskGuard = function () { stopped = false; };
