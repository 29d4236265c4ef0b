//# sourceURL=tern:js/network.js
// XMLHttpRequest, fetch, Headers and Response over the native
// `__ternHTTP(id, method, url, headers, binaryBody, sync, {mode, credentials, redirect, referrer,
// referrerPolicy})`, which answers through `__ternHTTPDone(id, outcome)` (or returns the outcome when sync).
// Bodies cross as binary strings: one UTF-16 unit per byte.
//
// Runs on first touch (lazy.js) as the body of function (g, internals, T): see ScriptPrelude.swift.
// Its top level takes from T only: the page's scripts may have run.
'use strict';
var __ternHTTP = internals.__ternHTTP, __ternHTTPAbort = internals.__ternHTTPAbort;
var defineProperty = T.defineProperty, EngineSymbol = T.Symbol;
// A member as an assignment would make it (enumerable), but defined: an assignment would
// call a setter the page's scripts put on Object.prototype.
function put(object, name, value) {
  defineProperty(object, name, { __proto__: null, value: value, writable: true, enumerable: true, configurable: true });
}

var pending = {}, nextId = 0;
internals.__ternHTTPDone = function (id, r) { var f = pending[id]; delete pending[id]; if (f) f(r); };
function encodeBody(body) {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return unescape(encodeURIComponent(body));
  var bytes = body instanceof ArrayBuffer ? new Uint8Array(body)
    : ArrayBuffer.isView(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : null;
  if (bytes) {
    var s = '';
    for (var i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
    return s;
  }
  return unescape(encodeURIComponent(String(body)));
}
function decodeText(binary) { try { return decodeURIComponent(escape(binary)); } catch (e) { return binary; } }
function toArrayBuffer(binary) {
  var a = new Uint8Array(binary.length);
  for (var i = 0; i < binary.length; i++) a[i] = binary.charCodeAt(i);
  return a.buffer;
}
// ---- Fetch's header and method rules (https://fetch.spec.whatwg.org/#terminology-headers);
// the native side checks them all again.
function domError(name, message) {
  var E = g.DOMException;
  return typeof E === 'function' ? new E(message, name) : new Error(name + ': ' + message);
}
var TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
function isToken(s) { return TOKEN.test(s); }
// WebIDL ByteString: a unit above U+00FF is a TypeError.
function byteString(v) {
  var s = String(v);
  if (/[^\u0000-\u00ff]/.test(s)) throw new TypeError('Value is not a valid ByteString.');
  return s;
}
function normalizeValue(v) { return v.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''); }
function isValue(v) { return !/[\u0000\r\n]/.test(v) && !/^[\t ]|[\t ]$/.test(v); }
var forbiddenNames = ['accept-charset', 'accept-encoding', 'access-control-request-headers',
  'access-control-request-method', 'connection', 'content-length', 'cookie', 'cookie2', 'date', 'dnt', 'expect',
  'host', 'keep-alive', 'origin', 'referer', 'set-cookie', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'via'];
function isForbiddenMethod(m) { return /^(CONNECT|TRACE|TRACK)$/i.test(m); }
function isForbiddenRequestHeader(name, value) {
  var n = name.toLowerCase();
  if (forbiddenNames.indexOf(n) >= 0 || n.indexOf('proxy-') === 0 || n.indexOf('sec-') === 0) return true;
  if (n === 'x-http-method' || n === 'x-http-method-override' || n === 'x-method-override')
    return value.split(',').some(function (m) { return isForbiddenMethod(normalizeValue(m)); });
  return false;
}
function isForbiddenResponseHeaderName(name) { return /^set-cookie2?$/i.test(name); }
function isNoCorsSafelisted(name, value) {
  var n = name.toLowerCase();
  if (value.length > 128) return false;
  if (n === 'accept') return !/[\u0000-\u0008\u000a-\u001f"():<>?@[\\\]{}\u007f]/.test(value);
  if (n === 'accept-language' || n === 'content-language') return /^[0-9A-Za-z *,\-.;=]*$/.test(value);
  if (n === 'content-type') {
    if (/[\u0000-\u0008\u000a-\u001f"():<>?@[\\\]{}\u007f]/.test(value)) return false;
    var essence = normalizeValue(value.split(';')[0]).toLowerCase();
    return ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].indexOf(essence) >= 0;
  }
  return false;
}
// Fetch "normalize" a method.
function normalizeMethod(m) {
  var u = m.toUpperCase();
  return ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'].indexOf(u) >= 0 ? u : m;
}
// Fetch "sort and combine": lower-cased names in order, values of one name joined by ", ".
function sortAndCombine(list) {
  var names = [], byName = {};
  list.forEach(function (h) {
    var n = h[0].toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(byName, n)) { byName[n] = []; names.push(n); }
    byName[n].push(h[1]);
  });
  names.sort();
  var out = [];
  names.forEach(function (n) {
    if (n === 'set-cookie') byName[n].forEach(function (v) { out.push([n, v]); });
    else out.push([n, byName[n].join(', ')]);
  });
  return out;
}
function hasHeader(list, name) { return list.some(function (h) { return h[0].toLowerCase() === name; }); }
function request(method, url, headers, body, sync, options, done) {
  var id = ++nextId;
  if (sync) return __ternHTTP(id, method, url, headers, body, true, options);
  pending[id] = done;
  __ternHTTP(id, method, url, headers, body, false, options);
  return id;
}

// ---- XMLHttpRequest (https://xhr.spec.whatwg.org/)
function XMLHttpRequest() {
  this.readyState = 0; this.status = 0; this.statusText = ''; this.responseText = ''; this.response = '';
  this.responseType = ''; this.responseURL = ''; this._timeout = 0; this._withCredentials = false;
  this._headers = []; this._listeners = {}; this._sendFlag = false;
}
put(XMLHttpRequest, 'UNSENT', 0); put(XMLHttpRequest, 'OPENED', 1); put(XMLHttpRequest, 'HEADERS_RECEIVED', 2);
put(XMLHttpRequest, 'LOADING', 3); put(XMLHttpRequest, 'DONE', 4);
var X = XMLHttpRequest.prototype;
// The document's base URL, against which fetch and XHR parse URLs; a
// worker's is its script's URL (HTML §10.2.1.1, its API base URL).
function baseURL() {
  try { return g.document ? g.document.baseURI : g.location.href; } catch (e) { return undefined; }
}
function parseURL(url) {
  try { return new g.URL(String(url), baseURL()); } catch (e) { return null; }
}
put(X, 'open', function (method, url, async, user, password) {
  // XHR §3.5.1 open() steps 2-4: a method is a token, not CONNECT/TRACE/TRACK, then normalized.
  method = byteString(method);
  if (!isToken(method)) throw domError('SyntaxError', "'" + method + "' is not a valid HTTP method.");
  if (isForbiddenMethod(method)) throw domError('SecurityError', "'" + method + "' HTTP method is unsupported.");
  // Steps 5-6: the URL parsed against the document's base URL; failure is a SyntaxError.
  var parsed = parseURL(url);
  if (!parsed) throw domError('SyntaxError', "'" + String(url) + "' is not a valid URL.");
  // Step 7: async omitted means true, user and password null.
  async = arguments.length < 3 ? true : !!async;
  // Step 8: a non-null user and password set the URL's username and password.
  if (arguments.length >= 3) {
    if (user !== undefined && user !== null) parsed.username = String(user);
    if (password !== undefined && password !== null) parsed.password = String(password);
  }
  // Step 9: a synchronous request from a window takes no timeout nor response type.
  if (!async && (this._timeout !== 0 || this.responseType !== ''))
    throw domError('InvalidAccessError', 'A synchronous request from a document cannot have a timeout or a response type.');
  if (this._id && !this._done) __ternHTTPAbort(this._id);
  this._clearTimer();
  this._method = normalizeMethod(method); this._url = parsed.href; this._async = async;
  this._headers = []; this._aborted = false; this._sendFlag = false; this._done = false;
  this.status = 0; this.statusText = ''; this.responseURL = ''; this._responseHeaders = [];
  this._setState(1);
});
// XHR §3.5.3 timeout: an unsigned long; a synchronous request from a window takes none.
defineProperty(X, 'timeout', { __proto__: null,
  get: function () { return this._timeout; },
  set: function (v) {
    if (this.readyState === 1 && this._async === false)
      throw domError('InvalidAccessError', 'A synchronous request from a document cannot have a timeout.');
    this._timeout = Number(v) >>> 0;
    if (this._sendFlag && this._async) this._armTimer();
  },
  configurable: true, enumerable: true
});
// The timeout counts from the start of the fetch, whenever it is set.
put(X, '_armTimer', function () {
  var xhr = this;
  this._clearTimer();
  if (!this._timeout) return;
  var left = Math.max(0, this._timeout - (Date.now() - this._sentAt));
  this._timer = g.setTimeout(function () {
    xhr._timer = null;
    if (!xhr._sendFlag || xhr._done || xhr._aborted) return;
    if (xhr._id) __ternHTTPAbort(xhr._id);
    xhr._requestError('timeout');
  }, left);
});
put(X, '_clearTimer', function () { if (this._timer) { g.clearTimeout(this._timer); this._timer = null; } });
// XHR "request error steps" for an async request: DONE, a network error, then event and loadend.
put(X, '_requestError', function (event) {
  this._sendFlag = false; this._done = true;
  this.status = 0; this.statusText = ''; this.responseURL = ''; this._responseHeaders = [];
  this.responseText = ''; this.response = this.responseType === '' || this.responseType === 'text' ? '' : null;
  this._setState(4); this._fire(event); this._fire('loadend');
});
put(X, 'setRequestHeader', function (name, value) {
  if (this.readyState !== 1 || this._sendFlag) throw domError('InvalidStateError', 'The object is in an invalid state.');
  name = byteString(name); value = normalizeValue(byteString(value));
  if (!isToken(name)) throw domError('SyntaxError', "'" + name + "' is not a valid HTTP header field name.");
  if (!isValue(value)) throw domError('SyntaxError', "'" + value + "' is not a valid HTTP header field value.");
  if (isForbiddenRequestHeader(name, value)) return;
  // "combine": a second value of one name joins the first.
  var lower = name.toLowerCase();
  for (var i = 0; i < this._headers.length; i++) {
    if (this._headers[i][0].toLowerCase() === lower) { this._headers[i][1] += ', ' + value; return; }
  }
  this._headers.push([name, value]);
});
defineProperty(X, 'withCredentials', { __proto__: null,
  get: function () { return this._withCredentials; },
  set: function (v) {
    if ((this.readyState !== 0 && this.readyState !== 1) || this._sendFlag)
      throw domError('InvalidStateError', 'The value may only be set before send().');
    this._withCredentials = !!v;
  },
  configurable: true, enumerable: true
});
put(X, 'addEventListener', function (type, fn) { (this._listeners[type] = this._listeners[type] || []).push(fn); });
put(X, 'removeEventListener', function (type, fn) {
  var list = this._listeners[type], i = list ? list.indexOf(fn) : -1;
  if (i >= 0) list.splice(i, 1);
});
put(X, '_fire', function (type) {
  var n = this.responseText.length;
  var event = { type: type, target: this, currentTarget: this, loaded: n, total: n, lengthComputable: true };
  if (typeof this['on' + type] === 'function') this['on' + type](event);
  var list = (this._listeners[type] || []).slice();
  for (var i = 0; i < list.length; i++) list[i].call(this, event);
});
put(X, '_setState', function (state) { this.readyState = state; this._fire('readystatechange'); });
put(X, 'send', function (body) {
  var xhr = this;
  if (this.readyState !== 1 || this._sendFlag) throw domError('InvalidStateError', 'open() first');
  var payload = this._method === 'GET' || this._method === 'HEAD' ? null : encodeBody(body);
  if (payload !== null && typeof body === 'string' && !hasHeader(this._headers, 'content-type'))
    this._headers.push(['Content-Type', 'text/plain;charset=UTF-8']);
  var options = { mode: 'cors', credentials: this._withCredentials ? 'include' : 'same-origin' };
  this._sendFlag = true; this._sentAt = Date.now();
  function finish(r) {
    if (xhr._aborted || xhr._done) return;
    xhr._clearTimer();
    xhr._sendFlag = false; xhr._done = true;
    if (r.error) {
      // A network error: nothing of the response (XHR "handle errors").
      xhr.status = 0; xhr.statusText = ''; xhr.responseURL = ''; xhr._responseHeaders = [];
      xhr.responseText = ''; xhr.response = xhr.responseType === '' || xhr.responseType === 'text' ? '' : null;
      xhr._error = r.error; xhr._setState(4);
      if (!xhr._async) throw domError('NetworkError', 'A network error occurred.');
      xhr._fire('error'); xhr._fire('loadend');
      return;
    }
    xhr.status = r.status; xhr.statusText = r.statusText; xhr.responseURL = r.url; xhr._responseHeaders = r.headers;
    xhr._setState(2); xhr._setState(3);
    var text = decodeText(r.body);
    xhr.responseText = text;
    if (xhr.responseType === 'json') { try { xhr.response = JSON.parse(text); } catch (e) { xhr.response = null; } }
    else if (xhr.responseType === 'arraybuffer') xhr.response = toArrayBuffer(r.body);
    else xhr.response = text;
    xhr._setState(4); xhr._fire('load'); xhr._fire('loadend');
  }
  this._fire('loadstart');
  if (!this._async) { finish(request(this._method, this._url, this._headers, payload, true, options)); return; }
  this._id = request(this._method, this._url, this._headers, payload, false, options, finish);
  this._armTimer();
});
put(X, 'abort', function () {
  this._aborted = true; this._sendFlag = false; this._clearTimer();
  if (this._id) __ternHTTPAbort(this._id);
  this.readyState = 0; this._fire('abort');
});
put(X, 'getResponseHeader', function (name) {
  name = String(name).toLowerCase();
  var values = (this._responseHeaders || []).filter(function (h) { return h[0].toLowerCase() === name; });
  return values.length ? values.map(function (h) { return h[1]; }).join(', ') : null;
});
put(X, 'getAllResponseHeaders', function () {
  return sortAndCombine(this._responseHeaders || []).map(function (h) { return h[0] + ': ' + h[1] + '\r\n'; }).join('');
});
put(g, 'XMLHttpRequest', XMLHttpRequest);

// ---- Headers (https://fetch.spec.whatwg.org/#headers-class), with its guard.
var GUARD = EngineSymbol('guard');
function Headers(init) {
  this._list = []; this[GUARD] = 'none';
  fillHeaders(this, init);
}
function fillHeaders(headers, init) {
  if (init instanceof Headers) init = init._list;
  if (Array.isArray(init)) {
    for (var i = 0; i < init.length; i++) {
      if (!init[i] || init[i].length !== 2) throw new TypeError('A header is a name and a value.');
      headers.append(init[i][0], init[i][1]);
    }
  } else if (init !== undefined && init !== null) {
    for (var key in init) headers.append(key, init[key]);
  }
}
// Fetch "validate" a header: invalid is a TypeError; a guard may drop it silently (false).
function validate(headers, name, value) {
  if (!isToken(name)) throw new TypeError("'" + name + "' is not a valid HTTP header field name.");
  if (!isValue(value)) throw new TypeError("'" + value + "' is not a valid HTTP header field value.");
  var guard = headers[GUARD];
  if (guard === 'immutable') throw new TypeError('Headers are immutable.');
  if ((guard === 'request' || guard === 'request-no-cors') && isForbiddenRequestHeader(name, value)) return false;
  if (guard === 'response' && isForbiddenResponseHeaderName(name)) return false;
  return true;
}
put(Headers.prototype, 'append', function (name, value) {
  name = byteString(name); value = normalizeValue(byteString(value));
  if (!validate(this, name, value)) return;
  if (this[GUARD] === 'request-no-cors') {
    var lower = name.toLowerCase(), current = this.get(name);
    if (!isNoCorsSafelisted(name, current === null ? value : current + ', ' + value)) return;
  }
  this._list.push([name, value]);
});
put(Headers.prototype, 'delete', function (name) {
  name = byteString(name);
  if (!validate(this, name, '')) return;
  if (this[GUARD] === 'request-no-cors' && !isNoCorsSafelisted(name, 'text/plain')) return;
  var lower = name.toLowerCase();
  this._list = this._list.filter(function (h) { return h[0].toLowerCase() !== lower; });
});
put(Headers.prototype, 'set', function (name, value) {
  name = byteString(name); value = normalizeValue(byteString(value));
  if (!validate(this, name, value)) return;
  if (this[GUARD] === 'request-no-cors' && !isNoCorsSafelisted(name, value)) return;
  var lower = name.toLowerCase(), replaced = false;
  this._list = this._list.filter(function (h) {
    if (h[0].toLowerCase() !== lower) return true;
    if (replaced) return false;
    replaced = true; h[1] = value; return true;
  });
  if (!replaced) this._list.push([name, value]);
});
put(Headers.prototype, 'get', function (name) {
  name = byteString(name);
  if (!isToken(name)) throw new TypeError("'" + name + "' is not a valid HTTP header field name.");
  name = name.toLowerCase();
  var values = this._list.filter(function (h) { return h[0].toLowerCase() === name; });
  return values.length ? values.map(function (h) { return h[1]; }).join(', ') : null;
});
put(Headers.prototype, 'has', function (name) { return this.get(name) !== null; });
put(Headers.prototype, 'forEach', function (fn, self) {
  var pairs = sortAndCombine(this._list);
  for (var i = 0; i < pairs.length; i++) fn.call(self, pairs[i][1], pairs[i][0], this);
});
put(Headers.prototype, 'entries', function () { return sortAndCombine(this._list)[Symbol.iterator](); });
put(Headers.prototype, 'keys', function () { return sortAndCombine(this._list).map(function (h) { return h[0]; })[Symbol.iterator](); });
put(Headers.prototype, 'values', function () { return sortAndCombine(this._list).map(function (h) { return h[1]; })[Symbol.iterator](); });
put(Headers.prototype, EngineSymbol.iterator, Headers.prototype.entries);
put(g, 'Headers', Headers);

// ---- Body mixin (Fetch §5.3): a body read once.
function consumeBody(target) {
  if (target.bodyUsed) return Promise.reject(new TypeError('Body has already been consumed.'));
  target.bodyUsed = true;
  return Promise.resolve(target._body === null ? '' : target._body);
}
function mixBody(proto) {
  put(proto, '_consume', function () { return consumeBody(this); });
  put(proto, 'text', function () { return this._consume().then(decodeText); });
  put(proto, 'json', function () { return this.text().then(JSON.parse); });
  put(proto, 'arrayBuffer', function () { return this._consume().then(toArrayBuffer); });
}

// ---- Response (https://fetch.spec.whatwg.org/#response-class)
function Response(binary, init) {
  init = init || {};
  this._body = binary === undefined || binary === null ? '' : encodeBody(binary);
  this.status = init.status === undefined ? 200 : init.status;
  this.statusText = init.statusText || ''; this.ok = this.status >= 200 && this.status < 300;
  this.headers = new Headers(); this.headers[GUARD] = 'response'; fillHeaders(this.headers, init.headers);
  this.url = ''; this.type = 'default'; this.redirected = false; this.bodyUsed = false;
}
// A response from the network: its filtered type, URL and immutable headers.
function networkResponse(r) {
  var response = new Response(null, { status: r.status, statusText: r.statusText });
  response._body = r.body; response.url = r.url; response.type = r.type; response.redirected = !!r.redirected;
  response.ok = r.status >= 200 && r.status < 300;
  response.headers._list = r.headers.map(function (h) { return [h[0], h[1]]; });
  response.headers[GUARD] = 'immutable';
  return response;
}
mixBody(Response.prototype);
put(g, 'Response', Response);

// ---- Request (https://fetch.spec.whatwg.org/#request-class)
var MODES = ['navigate', 'same-origin', 'no-cors', 'cors'], CREDENTIALS = ['omit', 'same-origin', 'include'];
var REDIRECTS = ['follow', 'error', 'manual'];
var POLICIES = ['', 'no-referrer', 'no-referrer-when-downgrade', 'same-origin', 'origin', 'strict-origin',
  'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url'];
function enumValue(v, allowed, what) {
  v = String(v);
  if (allowed.indexOf(v) < 0) throw new TypeError("'" + v + "' is not a valid " + what + '.');
  return v;
}
function sameOrigin(a, b) { return a.origin === b.origin && a.origin !== 'null'; }
// §5.4 new Request(input, init), the steps this engine has the parts for.
function Request(input, init) {
  if (!(this instanceof Request)) throw new TypeError("Failed to construct 'Request': use 'new'.");
  init = init === undefined || init === null ? {} : init;
  var from = input instanceof Request ? input : null, parsed;
  if (!from) {
    // Steps 5.2-5.4: input parsed against the base URL; failure or credentials are a TypeError.
    parsed = parseURL(input);
    if (!parsed) throw new TypeError("'" + String(input) + "' is not a valid URL.");
    if (parsed.username || parsed.password) throw new TypeError('A request URL may not include credentials.');
  }
  var url = from ? from.url : parsed.href;
  var method = from ? from.method : 'GET', mode = from ? from._mode : 'cors';
  var credentials = from ? from.credentials : 'same-origin', redirect = from ? from.redirect : 'follow';
  var referrer = from ? from._referrer : 'client', referrerPolicy = from ? from.referrerPolicy : '';
  // Step 25 (init not empty): a navigate mode becomes same-origin, the referrer "client", the policy "".
  var initEmpty = true;
  for (var key in init) { initEmpty = false; break; }
  if (!initEmpty) {
    if (mode === 'navigate') mode = 'same-origin';
    referrer = 'client'; referrerPolicy = '';
  }
  // Step 28: the referrer: "" is no referrer; about:client or a URL of another origin is the client.
  if (init.referrer !== undefined) {
    var r = String(init.referrer);
    if (r === '') referrer = 'no-referrer';
    else {
      var parsedReferrer = parseURL(r);
      if (!parsedReferrer) throw new TypeError("'" + r + "' is not a valid referrer URL.");
      var here = parseURL(baseURL() || 'about:blank');
      if (parsedReferrer.href === 'about:client' || !here || !sameOrigin(parsedReferrer, here)) referrer = 'client';
      else referrer = parsedReferrer.href;
    }
  }
  if (init.referrerPolicy !== undefined) referrerPolicy = enumValue(init.referrerPolicy, POLICIES, 'referrer policy');
  // Steps 30-31: mode; "navigate" may not be asked for.
  if (init.mode !== undefined) {
    var m = enumValue(init.mode, MODES, 'mode');
    if (m === 'navigate') throw new TypeError("Cannot construct a Request with a RequestInit whose mode is 'navigate'.");
    mode = m;
  }
  if (init.credentials !== undefined) credentials = enumValue(init.credentials, CREDENTIALS, 'credentials mode');
  if (init.redirect !== undefined) redirect = enumValue(init.redirect, REDIRECTS, 'redirect mode');
  // Step 37: the method is a token, not forbidden, normalized.
  if (init.method !== undefined) {
    method = byteString(init.method);
    if (!isToken(method)) throw new TypeError("'" + method + "' is not a valid HTTP method.");
    if (isForbiddenMethod(method)) throw new TypeError("'" + method + "' HTTP method is unsupported.");
    method = normalizeMethod(method);
  }
  // Steps 32-33 (cache "only-if-cached" needs same-origin).
  if (init.cache !== undefined && String(init.cache) === 'only-if-cached' && mode !== 'same-origin')
    throw new TypeError("'only-if-cached' can be set only with 'same-origin' mode.");
  // Steps 31-32 of the headers: guard "request", "request-no-cors" for no-cors with a safelisted method.
  var headers = new Headers();
  if (mode === 'no-cors') {
    if (['GET', 'HEAD', 'POST'].indexOf(method) < 0) throw new TypeError("'" + method + "' is unsupported in no-cors mode.");
    headers[GUARD] = 'request-no-cors';
  } else headers[GUARD] = 'request';
  fillHeaders(headers, init.headers !== undefined ? init.headers : from ? from.headers._list : undefined);
  // Steps 34-36: a body: none for GET/HEAD; a used input body is a TypeError.
  var hasInitBody = init.body !== undefined && init.body !== null;
  var inputBody = from ? from._body : null;
  if ((hasInitBody || inputBody !== null) && (method === 'GET' || method === 'HEAD'))
    throw new TypeError('Request with GET/HEAD method cannot have body.');
  var body = null;
  if (hasInitBody) {
    body = encodeBody(init.body);
    if (typeof init.body === 'string' && !headers.has('content-type')) headers.append('Content-Type', 'text/plain;charset=UTF-8');
  } else if (inputBody !== null) {
    if (from.bodyUsed) throw new TypeError('Cannot construct a Request with a Request whose body is already used.');
    body = inputBody;
    from.bodyUsed = true; // step 41: the input's body is taken
  }
  this.url = url; this.method = method; this.headers = headers; this._mode = mode;
  this.credentials = credentials; this.redirect = redirect; this._referrer = referrer;
  this.referrerPolicy = referrerPolicy; this._body = body; this.bodyUsed = false;
  this.cache = init.cache !== undefined ? String(init.cache) : from ? from.cache : 'default';
  this.integrity = init.integrity !== undefined ? String(init.integrity) : from ? from.integrity : '';
  this.keepalive = init.keepalive !== undefined ? !!init.keepalive : from ? from.keepalive : false;
  this.destination = '';
  // Steps 29-30 and 38: the signal, a dependent of init's or the input's (DOM's AbortSignal).
  var abortSignals = internals.__ternAbortSignal;
  var signal = init.signal !== undefined ? init.signal : from ? from.signal : null;
  if (abortSignals) this.signal = abortSignals.follow(signal);
}
var RP = Request.prototype;
mixBody(RP);
defineProperty(RP, 'mode', { __proto__: null, get: function () { return this._mode; }, configurable: true, enumerable: true });
// §5.4 referrer getter: "" for no referrer, "about:client" for the client, else the URL.
defineProperty(RP, 'referrer', { __proto__: null,
  get: function () { return this._referrer === 'no-referrer' ? '' : this._referrer === 'client' ? 'about:client' : this._referrer; },
  configurable: true, enumerable: true
});
defineProperty(RP, 'body', { __proto__: null, get: function () { return this._body === null ? null : this._body; },
  configurable: true, enumerable: true });
put(RP, 'clone', function () {
  if (this.bodyUsed) throw new TypeError('Cannot clone a Request whose body is already used.');
  var copy = Object.create(RP);
  for (var k in this) if (Object.prototype.hasOwnProperty.call(this, k)) copy[k] = this[k];
  copy.headers = new Headers(); copy.headers._list = this.headers._list.map(function (h) { return [h[0], h[1]]; });
  copy.headers[GUARD] = this.headers[GUARD];
  if (this.signal && internals.__ternAbortSignal) copy.signal = internals.__ternAbortSignal.follow(this.signal);
  return copy;
});
put(g, 'Request', Request);

// ---- fetch (https://fetch.spec.whatwg.org/#fetch-method): steps 2-3, a Request from input and init.
put(g, 'fetch', function (input, init) {
  var r;
  try {
    r = new Request(input, init);
  } catch (e) {
    return Promise.reject(e);
  }
  // The referrer to the native side: null for the client, "" for none, else a same-origin URL.
  var options = { mode: r.mode, credentials: r.credentials, redirect: r.redirect,
    referrer: r._referrer === 'client' ? null : r._referrer === 'no-referrer' ? '' : r._referrer,
    referrerPolicy: r.referrerPolicy };
  // Steps 9-12: an aborted signal rejects at once; a later abort ends the
  // request and rejects with the signal's reason.
  var abortSignals = internals.__ternAbortSignal, state = abortSignals && r.signal ? abortSignals.state(r.signal) : null;
  if (state && state.aborted) return Promise.reject(state.reason);
  return new Promise(function (resolve, reject) {
    var settled = false, removeAbort = function () {};
    var id = request(r.method, r.url, r.headers._list, r._body, false, options, function (res) {
      if (settled) return;
      settled = true;
      removeAbort();
      if (res.error) reject(new TypeError('Failed to fetch: ' + res.error));
      else resolve(networkResponse(res));
    });
    if (state) {
      removeAbort = abortSignals.add(r.signal, function (reason) {
        if (settled) return;
        settled = true;
        __ternHTTPAbort(id);
        reject(reason);
      });
    }
  });
});
