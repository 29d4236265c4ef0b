extension ScriptPrelude {
    /// XMLHttpRequest, fetch, Headers and Response over the native
    /// `__ternHTTP(id, method, url, headers, binaryBody, sync)`, which answers
    /// through `__ternHTTPDone(id, outcome)` (or returns the outcome when sync).
    /// Bodies cross as binary strings: one UTF-16 unit per byte.
    static let network = """
    (function (g) {
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
      function hasHeader(list, name) { return list.some(function (h) { return h[0].toLowerCase() === name; }); }
      function request(method, url, headers, body, sync, done) {
        var id = ++nextId;
        if (sync) return __ternHTTP(id, method, url, headers, body, true);
        pending[id] = done;
        __ternHTTP(id, method, url, headers, body, false);
        return id;
      }

      function XMLHttpRequest() {
        this.readyState = 0; this.status = 0; this.statusText = ''; this.responseText = ''; this.response = '';
        this.responseType = ''; this.responseURL = ''; this.timeout = 0; this.withCredentials = false;
        this._headers = []; this._listeners = {};
      }
      XMLHttpRequest.UNSENT = 0; XMLHttpRequest.OPENED = 1; XMLHttpRequest.HEADERS_RECEIVED = 2;
      XMLHttpRequest.LOADING = 3; XMLHttpRequest.DONE = 4;
      var X = XMLHttpRequest.prototype;
      X.open = function (method, url, async) {
        this._method = String(method).toUpperCase(); this._url = String(url); this._async = async !== false;
        this._headers = []; this._aborted = false; this._setState(1);
      };
      X.setRequestHeader = function (name, value) { this._headers.push([String(name), String(value)]); };
      X.addEventListener = function (type, fn) { (this._listeners[type] = this._listeners[type] || []).push(fn); };
      X.removeEventListener = function (type, fn) {
        var list = this._listeners[type], i = list ? list.indexOf(fn) : -1;
        if (i >= 0) list.splice(i, 1);
      };
      X._fire = function (type) {
        var n = this.responseText.length;
        var event = { type: type, target: this, currentTarget: this, loaded: n, total: n, lengthComputable: true };
        if (typeof this['on' + type] === 'function') this['on' + type](event);
        var list = (this._listeners[type] || []).slice();
        for (var i = 0; i < list.length; i++) list[i].call(this, event);
      };
      X._setState = function (state) { this.readyState = state; this._fire('readystatechange'); };
      X.send = function (body) {
        var xhr = this;
        if (this.readyState !== 1) throw new Error('InvalidStateError: open() first');
        var payload = this._method === 'GET' || this._method === 'HEAD' ? null : encodeBody(body);
        if (payload !== null && typeof body === 'string' && !hasHeader(this._headers, 'content-type'))
          this._headers.push(['Content-Type', 'text/plain;charset=UTF-8']);
        function finish(r) {
          if (xhr._aborted) return;
          if (r.error) {
            xhr.status = 0; xhr._error = r.error; xhr._setState(4); xhr._fire('error'); xhr._fire('loadend');
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
        if (!this._async) { finish(request(this._method, this._url, this._headers, payload, true)); return; }
        this._id = request(this._method, this._url, this._headers, payload, false, finish);
      };
      X.abort = function () {
        this._aborted = true;
        if (this._id) __ternHTTPAbort(this._id);
        this.readyState = 0; this._fire('abort');
      };
      X.getResponseHeader = function (name) {
        name = String(name).toLowerCase();
        var values = (this._responseHeaders || []).filter(function (h) { return h[0].toLowerCase() === name; });
        return values.length ? values.map(function (h) { return h[1]; }).join(', ') : null;
      };
      X.getAllResponseHeaders = function () {
        return (this._responseHeaders || []).map(function (h) { return h[0].toLowerCase() + ': ' + h[1] + '\\r\\n'; }).join('');
      };
      g.XMLHttpRequest = XMLHttpRequest;

      function Headers(init) {
        this._list = [];
        if (init instanceof Headers) init = init._list;
        if (Array.isArray(init)) for (var i = 0; i < init.length; i++) this.append(init[i][0], init[i][1]);
        else if (init) for (var key in init) this.append(key, init[key]);
      }
      Headers.prototype.append = function (name, value) { this._list.push([String(name), String(value)]); };
      Headers.prototype.delete = function (name) {
        name = String(name).toLowerCase();
        this._list = this._list.filter(function (h) { return h[0].toLowerCase() !== name; });
      };
      Headers.prototype.set = function (name, value) { this.delete(name); this.append(name, value); };
      Headers.prototype.get = function (name) {
        name = String(name).toLowerCase();
        var values = this._list.filter(function (h) { return h[0].toLowerCase() === name; });
        return values.length ? values.map(function (h) { return h[1]; }).join(', ') : null;
      };
      Headers.prototype.has = function (name) { return this.get(name) !== null; };
      Headers.prototype.forEach = function (fn, self) {
        for (var i = 0; i < this._list.length; i++) fn.call(self, this._list[i][1], this._list[i][0].toLowerCase(), this);
      };
      g.Headers = Headers;

      function Response(binary, init) {
        init = init || {};
        this._body = binary || ''; this.status = init.status === undefined ? 200 : init.status;
        this.statusText = init.statusText || ''; this.ok = this.status >= 200 && this.status < 300;
        this.headers = new Headers(init.headers); this.url = init.url || ''; this.bodyUsed = false;
      }
      Response.prototype._consume = function () {
        if (this.bodyUsed) return Promise.reject(new TypeError('Body has already been consumed.'));
        this.bodyUsed = true;
        return Promise.resolve(this._body);
      };
      Response.prototype.text = function () { return this._consume().then(decodeText); };
      Response.prototype.json = function () { return this.text().then(JSON.parse); };
      Response.prototype.arrayBuffer = function () { return this._consume().then(toArrayBuffer); };
      g.Response = Response;

      g.fetch = function (input, init) {
        init = init || {};
        var url = typeof input === 'string' ? input : input && input.url ? input.url : String(input);
        var method = String(init.method || 'GET').toUpperCase();
        var headers = new Headers(init.headers);
        var body = method === 'GET' || method === 'HEAD' ? null : encodeBody(init.body);
        if (body !== null && typeof init.body === 'string' && !headers.has('content-type'))
          headers.set('Content-Type', 'text/plain;charset=UTF-8');
        return new Promise(function (resolve, reject) {
          request(method, url, headers._list, body, false, function (r) {
            if (r.error) reject(new TypeError('Failed to fetch: ' + r.error));
            else resolve(new Response(r.body, { status: r.status, statusText: r.statusText, headers: r.headers, url: r.url }));
          });
        });
      };
    })(this);
    """
}
