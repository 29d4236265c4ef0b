//# sourceURL=tern:js/worker-scope.js
// A dedicated worker's global (HTML §10.2.1 WorkerGlobalScope, §10.2.1.2
// DedicatedWorkerGlobalScope): the window files made it; here it loses what
// a worker has not (a document, dialogs) and gains postMessage to its owner,
// close(), importScripts() and its start (ScriptWorker.swift).
//
// Runs once per worker, after the window files, as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var def = T.def, iface = T.iface, domError = T.domError, serialize = T.serialize, deserialize = T.deserialize,
    EV = T.EV, dispatch = T.dispatch, str = T.str;
var post = internals.__ternWorkerPostToOwner, run = internals.__ternWorkerRun, started = internals.__ternWorkerStarted,
    reportError = internals.__ternWorkerError, closeWorker = internals.__ternWorkerClose;
['document', 'alert', 'confirm', 'prompt', 'print', 'open', 'opener', 'frames', 'parent', 'top', 'frameElement',
 'history', 'locationbar', 'menubar', 'personalbar', 'scrollbars', 'statusbar', 'toolbar'].forEach(function (name) {
  try { delete g[name]; } catch (e) { /* a non-configurable one stays */ }
});
iface('WorkerGlobalScope', T.EventTarget);
iface('DedicatedWorkerGlobalScope', g.WorkerGlobalScope);
def(g, 'postMessage', function postMessage(message) {
  if (arguments.length < 1) throw new TypeError("Failed to execute 'postMessage' on 'DedicatedWorkerGlobalScope': 1 argument required, but only 0 present.");
  post(serialize(message));
});
def(g, 'close', function close() { closeWorker(); });
// §10.2.1.4 importScripts(): each URL fetched (synchronously, as the spec
// says) and run in order; a failure is a NetworkError, an exception thrown
// by the script passes through.
var XHR = null;
def(g, 'importScripts', function importScripts() {
  var urls = [];
  for (var i = 0; i < arguments.length; i++) {
    try { urls.push(new URL(str(arguments[i]), g.location.href).href); } catch (e) {
      throw domError('SyntaxError', "Failed to execute 'importScripts' on 'WorkerGlobalScope': The URL '" + str(arguments[i]) + "' is invalid.");
    }
  }
  for (i = 0; i < urls.length; i++) {
    var request = new (XHR || (XHR = g.XMLHttpRequest))();
    request.open('GET', urls[i], false);
    try { request.send(); } catch (e) { request = null; }
    if (request === null || request.status < 200 || request.status > 299) {
      throw domError('NetworkError', "Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at '" + urls[i] + "' failed to load.");
    }
    var failure = run(request.responseText, urls[i]);
    if (failure !== null) throw new Error(failure[0]);
  }
});
// A message from the owner's worker.postMessage.
def(internals, '__ternWorkerReceive', function (text) {
  var data, ok = true;
  try { data = deserialize(text); } catch (e) { ok = false; }
  var MessageEvent = T.eventInterface('MessageEvent');
  var event = new MessageEvent(ok ? 'message' : 'messageerror', { data: ok ? data : null, origin: '', lastEventId: '', ports: [] });
  event[EV].data = ok ? data : null;
  event[EV].trusted = true;
  dispatch(g, event, null);
});
// An exception no handler of the worker cancelled goes to the Worker object (HTML "report an exception").
g.addEventListener('error', function (event) {
  g.queueMicrotask(function () {
    if (!event.defaultPrevented) reportError(str(event.message), str(event.filename), event.lineno);
  });
});
// HTML "run a worker": fetch the script, run it, then let messages in.
def(internals, '__ternWorkerStart', function (url) {
  var request = new g.XMLHttpRequest();
  request.open('GET', url);
  request.onload = function () {
    if (request.status < 200 || request.status > 299) { started(false); return; }
    var failure = run(request.responseText, url);
    if (failure !== null) reportError(failure[0], failure[1], failure[2]);
    started(true);
  };
  request.onerror = function () { started(false); };
  request.send();
});
