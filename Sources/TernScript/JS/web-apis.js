//# sourceURL=tern:js/web-apis.js
// URL (parsed natively by the WHATWG parser, `__ternURLParse`),
// URLSearchParams, TextEncoder/TextDecoder (UTF-8), and Storage for
// localStorage/sessionStorage over `__ternStorageLoad`/`__ternStorageWrite`
// (which answers false when a value is over the quota or cannot be saved).
//
// Runs on first touch (lazy.js) as the body of function (g, internals, T): see ScriptPrelude.swift.
// Its top level takes from T only: the page's scripts may have run.
'use strict';
var __ternURLParse = internals.__ternURLParse, __ternStorageLoad = internals.__ternStorageLoad,
    __ternStorageWrite = internals.__ternStorageWrite;
var defineProperty = T.defineProperty, EngineSymbol = T.Symbol, EngineProxy = T.Proxy;
// A member as an assignment would make it (enumerable), but defined: an assignment would
// call a setter the page's scripts put on Object.prototype.
function put(object, name, value) {
  defineProperty(object, name, { __proto__: null, value: value, writable: true, enumerable: true, configurable: true });
}

function formEncode(s) {
  return encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, function (c) {
    return '%' + c.charCodeAt(0).toString(16).toUpperCase();
  });
}
function formDecode(s) {
  try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch (e) { return s; }
}
function URLSearchParams(init) {
  this._list = [];
  this._url = null;
  if (init instanceof URLSearchParams) { this._list = init._list.slice(); return; }
  if (init && typeof init === 'object') {
    if (typeof init[Symbol.iterator] === 'function') {
      for (var pair of init) this._list.push([String(pair[0]), String(pair[1])]);
    } else for (var key in init) this._list.push([key, String(init[key])]);
    return;
  }
  this._parse(init === undefined ? '' : String(init));
}
var S = URLSearchParams.prototype;
put(S, '_parse', function (text) {
  this._list = [];
  if (text.charAt(0) === '?') text = text.slice(1);
  var parts = text.split('&');
  for (var i = 0; i < parts.length; i++) {
    if (!parts[i]) continue;
    var eq = parts[i].indexOf('=');
    var name = eq < 0 ? parts[i] : parts[i].slice(0, eq), value = eq < 0 ? '' : parts[i].slice(eq + 1);
    this._list.push([formDecode(name), formDecode(value)]);
  }
});
put(S, '_update', function () { if (this._url) this._url._setSearch(this.toString()); });
put(S, 'append', function (n, v) { this._list.push([String(n), String(v)]); this._update(); });
put(S, 'delete', function (n) { n = String(n); this._list = this._list.filter(function (p) { return p[0] !== n; }); this._update(); });
put(S, 'get', function (n) { n = String(n); for (var i = 0; i < this._list.length; i++) if (this._list[i][0] === n) return this._list[i][1]; return null; });
put(S, 'getAll', function (n) { n = String(n); return this._list.filter(function (p) { return p[0] === n; }).map(function (p) { return p[1]; }); });
put(S, 'has', function (n) { return this.get(n) !== null; });
put(S, 'set', function (n, v) {
  n = String(n); v = String(v);
  var i = this._list.findIndex(function (p) { return p[0] === n; });
  if (i < 0) this._list.push([n, v]);
  else { this._list[i][1] = v; this._list = this._list.filter(function (p, j) { return j <= i || p[0] !== n; }); }
  this._update();
});
put(S, 'sort', function () { this._list.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; }); this._update(); });
put(S, 'forEach', function (fn, self) { for (var i = 0; i < this._list.length; i++) fn.call(self, this._list[i][1], this._list[i][0], this); });
put(S, 'keys', function () { return this._list.map(function (p) { return p[0]; })[Symbol.iterator](); });
put(S, 'values', function () { return this._list.map(function (p) { return p[1]; })[Symbol.iterator](); });
put(S, 'entries', function () { return this._list.map(function (p) { return [p[0], p[1]]; })[Symbol.iterator](); });
put(S, EngineSymbol.iterator, S.entries);
put(S, 'toString', function () { return this._list.map(function (p) { return formEncode(p[0]) + '=' + formEncode(p[1]); }).join('&'); });
defineProperty(S, 'size', { __proto__: null, get: function () { return this._list.length; } });
put(g, 'URLSearchParams', URLSearchParams);

function URL(input, base) {
  var parts = __ternURLParse(String(input), base === undefined ? null : String(base));
  if (!parts) throw new TypeError('Invalid URL: ' + input);
  this._parts = parts;
  this._query = null;
}
put(URL, 'canParse', function (input, base) { return !!__ternURLParse(String(input), base === undefined ? null : String(base)); });
var U = URL.prototype;
var urlParts = ['protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'];
for (var i = 0; i < urlParts.length; i++) urlPart(urlParts[i]);
function urlPart(name) {
  defineProperty(U, name, {
    __proto__: null,
    get: function () { return this._parts[name]; },
    set: name === 'origin' ? undefined : function (value) { this._set(name, String(value)); }
  });
}
defineProperty(U, 'href', {
  __proto__: null,
  get: function () { return this._parts.href; },
  set: function (value) {
    var parts = __ternURLParse(String(value), null);
    if (!parts) throw new TypeError('Invalid URL: ' + value);
    this._parts = parts; if (this._query) this._query._parse(parts.search);
  }
});
defineProperty(U, 'searchParams', {
  __proto__: null,
  get: function () {
    if (!this._query) { this._query = new URLSearchParams(this._parts.search); this._query._url = this; }
    return this._query;
  }
});
// Setters rebuild the URL from its parts and parse it again.
put(U, '_set', function (name, value) {
  var p = this._parts;
  var auth = p.username ? p.username + (p.password ? ':' + p.password : '') + '@' : '';
  var pieces = { protocol: p.protocol, auth: auth, host: p.host, pathname: p.pathname, search: p.search, hash: p.hash };
  if (name === 'protocol') pieces.protocol = value.replace(/:?$/, ':');
  else if (name === 'username') pieces.auth = value ? value + (p.password ? ':' + p.password : '') + '@' : '';
  else if (name === 'password') pieces.auth = p.username || value ? p.username + (value ? ':' + value : '') + '@' : '';
  else if (name === 'host') pieces.host = value;
  else if (name === 'hostname') pieces.host = value + (p.port ? ':' + p.port : '');
  else if (name === 'port') pieces.host = p.hostname + (value ? ':' + value : '');
  else if (name === 'pathname') pieces.pathname = value.charAt(0) === '/' ? value : '/' + value;
  else if (name === 'search') pieces.search = value && value.charAt(0) !== '?' ? '?' + value : value;
  else if (name === 'hash') pieces.hash = value && value.charAt(0) !== '#' ? '#' + value : value;
  var slashes = p.href.indexOf(p.protocol + '//') === 0 ? '//' : '';
  var parts = __ternURLParse(pieces.protocol + slashes + pieces.auth + pieces.host + pieces.pathname + pieces.search + pieces.hash, null);
  if (parts) { this._parts = parts; if (this._query && name !== 'search') this._query._parse(parts.search); }
});
put(U, '_setSearch', function (query) { this._set('search', query ? '?' + query : ''); });
put(U, 'toString', function () { return this._parts.href; });
put(U, 'toJSON', U.toString);
put(g, 'URL', URL);

function TextEncoder() {}
put(TextEncoder.prototype, 'encoding', 'utf-8');
put(TextEncoder.prototype, 'encode', function (text) {
  var binary = unescape(encodeURIComponent(text === undefined ? '' : String(text)));
  var bytes = new Uint8Array(binary.length);
  for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
});
put(g, 'TextEncoder', TextEncoder);
function TextDecoder(label) {
  label = (label || 'utf-8').toLowerCase();
  if (label !== 'utf-8' && label !== 'utf8') throw new RangeError('TextDecoder supports utf-8 only');
}
put(TextDecoder.prototype, 'encoding', 'utf-8');
put(TextDecoder.prototype, 'decode', function (input) {
  if (!input) return '';
  var bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  var out = '', i = 0;
  while (i < bytes.length) {
    var b = bytes[i], n = b < 0x80 ? 0 : b >= 0xF0 && b < 0xF5 ? 3 : b >= 0xE0 ? 2 : b >= 0xC2 && b < 0xE0 ? 1 : -1, cp = b;
    if (n < 0) { out += '\uFFFD'; i++; continue; }
    cp = n === 0 ? b : b & (0x3F >> n);
    var ok = i + n < bytes.length || n === 0;
    for (var k = 1; ok && k <= n; k++) { var c = bytes[i + k]; if ((c & 0xC0) !== 0x80) ok = false; else cp = (cp << 6) | (c & 0x3F); }
    if (!ok || (n === 2 && cp < 0x800) || (n === 3 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) { out += '\uFFFD'; i++; continue; }
    out += String.fromCodePoint(cp); i += n + 1;
  }
  return out;
});
put(g, 'TextDecoder', TextDecoder);

function makeStorage(kind) {
  var data = __ternStorageLoad(kind) || {};
  var api = {
    getItem: function (k) { k = String(k); return Object.prototype.hasOwnProperty.call(data, k) ? data[k] : null; },
    setItem: function (k, v) {
      k = String(k); v = String(v);
      if (__ternStorageWrite(kind, k, v) === false)
        throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value of '" + k + "' exceeded the quota.", 'QuotaExceededError');
      data[k] = v;
    },
    removeItem: function (k) { k = String(k); delete data[k]; __ternStorageWrite(kind, k, null); },
    clear: function () { data = {}; __ternStorageWrite(kind, null, null); },
    key: function (i) { var keys = Object.keys(data); return i >= 0 && i < keys.length ? keys[i] : null; }
  };
  return new EngineProxy(api, {
    get: function (t, k) {
      if (k === 'length') return Object.keys(data).length;
      if (typeof k === 'symbol' || Object.prototype.hasOwnProperty.call(api, k)) return api[k];
      return api.getItem(k);
    },
    set: function (t, k, v) { api.setItem(k, v); return true; },
    deleteProperty: function (t, k) { api.removeItem(k); return true; },
    has: function (t, k) { return Object.prototype.hasOwnProperty.call(data, k); },
    ownKeys: function () { return Object.keys(data); },
    getOwnPropertyDescriptor: function (t, k) {
      if (!Object.prototype.hasOwnProperty.call(data, k)) return undefined;
      return { value: data[k], writable: true, enumerable: true, configurable: true };
    }
  });
}
put(g, 'localStorage', makeStorage('local'));
put(g, 'sessionStorage', makeStorage('session'));
