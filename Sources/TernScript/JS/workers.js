//# sourceURL=tern:js/workers.js
// The Worker interface (HTML §10.2.6): a dedicated worker runs its script
// in a global and an engine of its own (ScriptWorker.swift); messages cross
// serialized, as postMessage's do (dom-frames.js).
//
// Runs on first touch (lazy.js) as the body of function (g, internals, T): see ScriptPrelude.swift.
// Its top level takes from T only: the page's scripts may have run.
'use strict';
var iface = T.iface, methods = T.methods, accessors = T.accessors, privateSlot = T.privateSlot, objectCreate = T.objectCreate,
    EventTarget = T.EventTarget, defineHandlers = T.defineHandlers, dispatch = T.dispatch, EV = T.EV, Event = T.Event,
    domError = T.domError, serialize = T.serialize, deserialize = T.deserialize, def = T.def, str = T.str;
var workerSlot = privateSlot(), live = objectCreate(null);
function W(o) { var s = workerSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
var Worker = iface('Worker', EventTarget, function Worker(scriptURL, options) {
  if (new.target === undefined) throw new TypeError("Failed to construct 'Worker': Please use the 'new' operator.");
  if (arguments.length < 1) throw new TypeError("Failed to construct 'Worker': 1 argument required, but only 0 present.");
  var type = options && options.type !== undefined ? str(options.type) : 'classic';
  if (type === 'module') throw domError('NotSupportedError', "Failed to construct 'Worker': module workers are not supported yet.");
  var name = options && options.name !== undefined ? str(options.name) : '';
  var id = internals.__ternWorkerCreate(str(scriptURL), name);
  if (typeof id === 'string') {
    throw domError(id, "Failed to construct 'Worker': Script at '" + str(scriptURL) + "' cannot be accessed from origin '" + g.origin + "'.");
  }
  var worker = objectCreate(new.target.prototype);
  workerSlot.set(worker, { id: id, terminated: false });
  // The worker lives while it may still talk (held here until terminated or failed).
  live[id] = worker;
  return worker;
});
methods(Worker.prototype, {
  postMessage: function postMessage(message, transfer) {
    var s = W(this);
    if (arguments.length < 1) throw new TypeError("Failed to execute 'postMessage' on 'Worker': 1 argument required, but only 0 present.");
    var text = serialize(message);
    if (!s.terminated) internals.__ternWorkerPost(s.id, text);
  },
  terminate: function terminate() {
    var s = W(this);
    if (s.terminated) return;
    s.terminated = true;
    delete live[s.id];
    internals.__ternWorkerTerminate(s.id);
  }
});
defineHandlers(Worker.prototype, ['message', 'messageerror', 'error']);
function fire(worker, event) { event[EV].trusted = true; dispatch(worker, event); }
// A message from the worker's postMessage.
def(internals, '__ternWorkerMessage', function (id, text) {
  var worker = live[id];
  if (worker === undefined) return;
  var data, ok = true;
  try { data = deserialize(text); } catch (e) { ok = false; }
  var MessageEvent = T.eventInterface('MessageEvent');
  var event = new MessageEvent(ok ? 'message' : 'messageerror', { data: ok ? data : null, origin: '', lastEventId: '', ports: [] });
  event[EV].data = ok ? data : null;
  fire(worker, event);
});
// An exception the worker's handlers left: an ErrorEvent at the Worker (HTML "report an exception" in a worker).
def(internals, '__ternWorkerError', function (id, message, filename, lineno) {
  var worker = live[id];
  if (worker === undefined) return;
  var ErrorEvent = T.eventInterface('ErrorEvent');
  fire(worker, new ErrorEvent('error', { cancelable: true, message: str(message), filename: str(filename), lineno: +lineno || 0 }));
});
// The script could not be fetched: a plain `error` event, and the worker is gone.
def(internals, '__ternWorkerFailed', function (id) {
  var worker = live[id];
  if (worker === undefined) return;
  delete live[id];
  W(worker).terminated = true;
  fire(worker, new Event('error'));
});
