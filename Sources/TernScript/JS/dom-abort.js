//# sourceURL=tern:js/dom-abort.js
// AbortController and AbortSignal (https://dom.spec.whatwg.org/#aborting-ongoing-activities).
//
// For the other DOM files: `T.abortSignalState(value)` (a signal's state or
// undefined) and `T.addAbortAlgorithm(state, fn)` (returns a remover);
// `signalAbort(state, reason)` is this file's own. `internals.__ternAbortSignal`
// gives fetch (network.js) `follow(signal)` and `add(signal, fn)`.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, def = T.def, accessors = T.accessors, methods = T.methods, iface = T.iface,
    privateSlot = T.privateSlot, DOMException = T.DOMException, EV = T.EV, Event = T.Event,
    EventTarget = T.EventTarget, reportException = T.reportException, dispatch = T.dispatch,
    defineHandlers = T.defineHandlers;
// Called by earlier files (T.name): there before this file runs, as function declarations are.
T.abortSignalState = abortSignalState; T.addAbortAlgorithm = addAbortAlgorithm;

// ---- AbortSignal (https://dom.spec.whatwg.org/#interface-AbortSignal)
// A signal's state: aborted, reason, abort algorithms, source and dependent
// signals (kept strongly: a dependent list empties when its source aborts).
var abortSlot = privateSlot();
function abortSignalState(value) { return abortSlot.get(value); }
function SIGNAL(o) {
  var s = abortSlot.get(o);
  if (s === undefined) throw new TypeError('Illegal invocation');
  return s;
}
var AbortSignal = iface('AbortSignal', EventTarget);
// The timer natives of the window, taken before a page can replace them.
var abortSetTimeout = g.setTimeout, abortClearTimeout = g.clearTimeout;

function newAbortSignal() {
  var signal = objectCreate(AbortSignal.prototype);
  abortSlot.set(signal, { signal: signal, aborted: false, reason: undefined, algorithms: [],
                          sources: [], dependents: [], dependent: false });
  return signal;
}
/// Adds an abort algorithm; returns the function that removes it again.
function addAbortAlgorithm(state, algorithm) {
  var entry = { run: algorithm };
  if (state.aborted) return function () {};
  state.algorithms.push(entry);
  return function () {
    var i = state.algorithms.indexOf(entry);
    if (i >= 0) state.algorithms.splice(i, 1);
  };
}
// https://dom.spec.whatwg.org/#abortsignal-signal-abort
function signalAbort(state, reason) {
  if (state.aborted) return;
  state.aborted = true;
  state.reason = reason !== undefined ? reason : new DOMException('signal is aborted without reason', 'AbortError');
  var toAbort = [];
  state.dependents.forEach(function (dependent) {
    if (!dependent.aborted) { dependent.aborted = true; dependent.reason = state.reason; toAbort.push(dependent); }
  });
  state.dependents = [];
  runAbortSteps(state);
  toAbort.forEach(runAbortSteps);
}
// https://dom.spec.whatwg.org/#run-the-abort-steps: the algorithms, then a trusted `abort` event.
function runAbortSteps(state) {
  var algorithms = state.algorithms;
  state.algorithms = [];
  for (var i = 0; i < algorithms.length; i++) {
    try { algorithms[i].run(state.reason); } catch (error) { reportException(error); }
  }
  var event = new Event('abort');
  event[EV].trusted = true;
  dispatch(state.signal, event);
}
// https://dom.spec.whatwg.org/#create-a-dependent-abort-signal
function createDependentAbortSignal(states) {
  var result = newAbortSignal(), r = abortSlot.get(result);
  for (var i = 0; i < states.length; i++) {
    if (states[i].aborted) { r.aborted = true; r.reason = states[i].reason; return result; }
  }
  r.dependent = true;
  function link(source) {
    if (r.sources.indexOf(source) >= 0) return;
    r.sources.push(source);
    source.dependents.push(r);
  }
  states.forEach(function (s) {
    if (!s.dependent) link(s); else s.sources.forEach(link);
  });
  return result;
}

def(AbortSignal, 'abort', function abort(reason) {
  var signal = newAbortSignal(), s = abortSlot.get(signal);
  s.aborted = true;
  s.reason = reason !== undefined ? reason : new DOMException('signal is aborted without reason', 'AbortError');
  return signal;
});
// https://dom.spec.whatwg.org/#dom-abortsignal-timeout: ms an [EnforceRange]
// unsigned long long; the window's timers, chained past a `long`'s range.
def(AbortSignal, 'timeout', function timeout(ms) {
  if (arguments.length === 0) throw new TypeError("Failed to execute 'timeout' on 'AbortSignal': 1 argument required.");
  var left = N.enforceRangeUnsignedLongLong(+ms);
  var signal = newAbortSignal(), s = abortSlot.get(signal);
  function wait() {
    var step = Math.min(left, 2147483647);
    left -= step;
    abortSetTimeout.call(g, function () {
      if (left > 0) wait();
      else signalAbort(s, new DOMException('signal timed out', 'TimeoutError'));
    }, step);
  }
  wait();
  return signal;
});
def(AbortSignal, 'any', function any(signals) {
  if (arguments.length === 0) throw new TypeError("Failed to execute 'any' on 'AbortSignal': 1 argument required.");
  if (signals === null || (typeof signals !== 'object' && typeof signals !== 'function') || typeof signals[Symbol.iterator] !== 'function')
    throw new TypeError("Failed to execute 'any' on 'AbortSignal': The provided value cannot be converted to a sequence.");
  var states = [];
  for (var signal of signals) {
    var s = abortSlot.get(signal);
    if (s === undefined) throw new TypeError("Failed to execute 'any' on 'AbortSignal': Failed to convert value to 'AbortSignal'.");
    states.push(s);
  }
  return createDependentAbortSignal(states);
});
accessors(AbortSignal.prototype, {
  aborted: [function () { return SIGNAL(this).aborted; }],
  reason: [function () { return SIGNAL(this).reason; }]
});
methods(AbortSignal.prototype, {
  throwIfAborted: function () { var s = SIGNAL(this); if (s.aborted) throw s.reason; }
});
defineHandlers(AbortSignal.prototype, ['abort']);

// ---- AbortController (https://dom.spec.whatwg.org/#interface-abortcontroller)
var controllerSlot = privateSlot();
function CONTROLLER(o) {
  var s = controllerSlot.get(o);
  if (s === undefined) throw new TypeError('Illegal invocation');
  return s;
}
var AbortController = iface('AbortController', null, function AbortController() {
  if (new.target === undefined) throw new TypeError("Failed to construct 'AbortController': Please use the 'new' operator.");
  controllerSlot.set(this, newAbortSignal());
});
accessors(AbortController.prototype, {
  signal: [function () { return CONTROLLER(this); }]
});
methods(AbortController.prototype, {
  abort: function (reason) { signalAbort(abortSlot.get(CONTROLLER(this)), reason); }
});

// For fetch: `follow(value)`: a new signal that follows `value` (an
// AbortSignal, or null for none; else a TypeError); `add(signal, fn)`: an
// abort algorithm, with the function that removes it.
def(internals, '__ternAbortSignal', {
  follow: function (value) {
    if (value === undefined || value === null) return newAbortSignal();
    var s = abortSlot.get(value);
    if (s === undefined) throw new TypeError("Failed to read the 'signal' property: Failed to convert value to 'AbortSignal'.");
    return createDependentAbortSignal([s]);
  },
  state: function (signal) { var s = abortSlot.get(signal); return s === undefined ? null : { aborted: s.aborted, reason: s.reason }; },
  add: function (signal, algorithm) { var s = abortSlot.get(signal); return s === undefined ? function () {} : addAbortAlgorithm(s, algorithm); }
});
