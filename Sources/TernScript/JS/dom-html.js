//# sourceURL=tern:js/dom-html.js
// HTMLElement and its interfaces: reflected attributes, `style`,
// `dataset`, focus and click, links, forms and their controls, form
// submission.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, def = T.def, accessors = T.accessors, methods = T.methods, iface = T.iface,
    H = T.H, TAG = T.TAG, TYPE = T.TYPE, main = T.main, wrap = T.wrap, isNode = T.isNode, documentOf = T.documentOf,
    asciiLower = T.asciiLower, str = T.str, nullToEmpty = T.nullToEmpty, LIST = T.LIST, listItems = T.listItems,
    liveList = T.liveList, staticList = T.staticList, domError = T.domError, EV = T.EV, Event = T.Event,
    MouseEvent = T.MouseEvent, FocusEvent = T.FocusEvent, InputEvent = T.InputEvent, SubmitEvent = T.SubmitEvent,
    dispatch = T.dispatch, handlerNames = T.handlerNames, bodyForwarded = T.bodyForwarded, handlerFor = T.handlerFor,
    defineHandlers = T.defineHandlers, NodeList = T.NodeList, HTMLCollection = T.HTMLCollection, isMain = T.isMain,
    Element = T.Element, classListKey = T.classListKey, tokenList = T.tokenList, comparePosition = T.comparePosition;
// Called by earlier files (T.name): there before this file runs, as function declarations are.
T.elementPrototype = elementPrototype; T.hasActivation = hasActivation; T.preActivate = preActivate;
T.cancelActivation = cancelActivation; T.activate = activate;

var HTMLElement = iface('HTMLElement', Element);
var elementInterfaces = objectCreate(null);
function htmlInterface(name, tags, Parent) {
  var C = iface(name, Parent || HTMLElement);
  tags.split(' ').forEach(function (tag) { if (tag) elementInterfaces[tag] = C.prototype; });
  return C;
}
var plainTags = ('abbr acronym address article aside b basefont bdi bdo big center cite code dd dfn dt em figcaption ' +
  'figure footer header hgroup i kbd main mark nav nobr noembed noframes noscript plaintext rb rp rt rtc ruby s samp ' +
  'search section small strike strong sub summary sup tt u var wbr').split(' ');
var HTMLUnknownElement = iface('HTMLUnknownElement', HTMLElement);
function elementPrototype(tag) {
  var proto = elementInterfaces[tag];
  if (proto) return proto;
  return plainTags.indexOf(tag) >= 0 || tag.indexOf('-') > 0 ? HTMLElement.prototype : HTMLUnknownElement.prototype;
}

// ---- Reflection helpers
function reflect(proto, table) {
  for (var prop in table) (function (prop, spec) {
    var kind = spec[0], attr = spec[1] || asciiLower(prop), fallback = spec[2];
    var get, set;
    if (kind === 's') {
      get = function () { var v = N.attr(H(this), attr); return v === null ? '' : v; };
      set = function (v) { N.setAttr(H(this), attr, str(v)); };
    } else if (kind === 'b') {
      get = function () { return N.hasAttr(H(this), attr); };
      set = function (v) { if (v) N.setAttr(H(this), attr, ''); else N.removeAttr(H(this), attr); };
    } else if (kind === 'u') {
      get = function () { var v = N.attr(H(this), attr); if (v === null) return ''; var r = N.resolve(v); return r === null ? v : r; };
      set = function (v) { N.setAttr(H(this), attr, str(v)); };
    } else if (kind === 'n') {
      get = function () { var v = parseInt(N.attr(H(this), attr), 10); return isNaN(v) ? (fallback || 0) : v; };
      set = function (v) { N.setAttr(H(this), attr, String(v | 0)); };
    } else if (kind === 'e') {
      get = function () {
        var v = N.attr(H(this), attr); v = v === null ? '' : asciiLower(v);
        return fallback.values.indexOf(v) >= 0 ? v : (v === '' && fallback.missing !== undefined ? fallback.missing : fallback.invalid);
      };
      set = function (v) { N.setAttr(H(this), attr, str(v)); };
    }
    Object.defineProperty(proto, prop, { get: get, set: set, enumerable: false, configurable: true });
  })(prop, table[prop]);
}

// ---- HTMLElement
var styleKey = Symbol('style'), datasetKey = Symbol('dataset');
reflect(HTMLElement.prototype, {
  title: ['s'], lang: ['s'], dir: ['s'], accessKey: ['s'], hidden: ['b'], autofocus: ['b'],
  translate: ['b'], draggable: ['b'], inert: ['b'], nonce: ['s']
});
accessors(HTMLElement.prototype, {
  tabIndex: [function () {
    var v = parseInt(N.attr(H(this), 'tabindex'), 10);
    if (!isNaN(v)) return v;
    return /^(a|area|button|input|select|textarea|iframe|summary)$/.test(TAG(this)) ? 0 : -1;
  }, function (v) { N.setAttr(H(this), 'tabindex', String(v | 0)); }],
  innerText: [function () { return N.text(H(this)); }, function (v) { N.setText(H(this), nullToEmpty(v)); }],
  outerText: [function () { return N.text(H(this)); }, function (v) { this.replaceWith(nullToEmpty(v)); }],
  style: [function () { return this[styleKey] || (this[styleKey] = T.styleDeclaration(this)); },
          function (v) { this.style.cssText = v; }],
  dataset: [function () { return this[datasetKey] || (this[datasetKey] = dataset(this)); }],
  contentEditable: [function () { var v = N.attr(H(this), 'contenteditable'); return v === null ? 'inherit' : v === '' ? 'true' : v; },
                    function (v) { N.setAttr(H(this), 'contenteditable', str(v)); }],
  isContentEditable: [function () { return false; }],
  offsetParent: [function () { return null; }],
  offsetTop: [function () { return 0; }],
  offsetLeft: [function () { return 0; }],
  offsetWidth: [function () { return 0; }],
  offsetHeight: [function () { return 0; }]
});
methods(HTMLElement.prototype, {
  click: function () {
    if (isDisabledControl(this)) return;
    var event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: g, detail: 1 });
    dispatch(this, event);
  },
  focus: function () {
    if (!this.isConnected || !isMain(documentOf(this))) return;
    var old = wrap(N.focused());
    if (old === this) return;
    N.setFocused(H(this));
    if (old && old.isConnected) {
      fireTrusted(old, new FocusEvent('blur', { relatedTarget: this }));
      fireTrusted(old, new FocusEvent('focusout', { bubbles: true, relatedTarget: this }));
    }
    fireTrusted(this, new FocusEvent('focus', { relatedTarget: old }));
    fireTrusted(this, new FocusEvent('focusin', { bubbles: true, relatedTarget: old }));
  },
  blur: function () {
    if (wrap(N.focused()) !== this) return;
    N.setFocused(null);
    fireTrusted(this, new FocusEvent('blur'));
    fireTrusted(this, new FocusEvent('focusout', { bubbles: true }));
  }
});
defineHandlers(HTMLElement.prototype, handlerNames);
function fireTrusted(target, event) { event[EV].trusted = true; return dispatch(target, event); }

// ---- dataset: data-* attributes as camelCase properties
var DOMStringMap = iface('DOMStringMap');
function dataName(key) { return 'data-' + key.replace(/[A-Z]/g, function (m) { return '-' + m.toLowerCase(); }); }
function dataset(element) {
  function keys() {
    var list = N.attrs(H(element)), out = [];
    for (var i = 0; i < list.length; i += 2) {
      if (list[i].indexOf('data-') === 0) out.push(list[i].slice(5).replace(/-([a-z])/g, function (m, c) { return c.toUpperCase(); }));
    }
    return out;
  }
  return new Proxy(objectCreate(DOMStringMap.prototype), {
    get: function (t, key, receiver) {
      if (typeof key !== 'string' || key in t) return Reflect.get(t, key, receiver);
      var v = N.attr(H(element), dataName(key));
      return v === null ? undefined : v;
    },
    set: function (t, key, value) {
      if (typeof key !== 'string') return false;
      if (/-[a-z]/.test(key)) throw domError('SyntaxError', "'" + key + "' is not a valid dataset property name.");
      N.setAttr(H(element), dataName(key), str(value));
      return true;
    },
    has: function (t, key) { return typeof key === 'string' && N.hasAttr(H(element), dataName(key)); },
    deleteProperty: function (t, key) { if (typeof key === 'string') N.removeAttr(H(element), dataName(key)); return true; },
    ownKeys: function () { return keys(); },
    getOwnPropertyDescriptor: function (t, key) {
      if (typeof key !== 'string') return undefined;
      var v = N.attr(H(element), dataName(key));
      return v === null ? undefined : { value: v, writable: true, enumerable: true, configurable: true };
    }
  });
}

// ---- Links (a, area): href resolved, URL parts
function urlParts(C) {
  reflect(C.prototype, { href: ['u'], target: ['s'], rel: ['s'], download: ['s'], hreflang: ['s'], type: ['s'],
                         referrerPolicy: ['s', 'referrerpolicy'], ping: ['s'] });
  ['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'username', 'password', 'origin'].forEach(function (part) {
    Object.defineProperty(C.prototype, part, {
      get: function () {
        var href = this.href;
        try { return new URL(href)[part]; } catch (e) { return part === 'origin' ? 'null' : ''; }
      },
      set: part === 'origin' ? undefined : function (v) {
        try { var url = new URL(this.href); url[part] = v; N.setAttr(H(this), 'href', url.href); } catch (e) {}
      },
      enumerable: false, configurable: true
    });
  });
  methods(C.prototype, { toString: function () { return this.href; } });
  accessors(C.prototype, { relList: [function () { return this[classListKey] || (this[classListKey] = tokenList(this, 'rel')); }] });
}
var HTMLAnchorElement = htmlInterface('HTMLAnchorElement', 'a');
urlParts(HTMLAnchorElement);
reflect(HTMLAnchorElement.prototype, { name: ['s'] });
accessors(HTMLAnchorElement.prototype, { text: [function () { return N.text(H(this)); }, function (v) { N.setText(H(this), str(v)); }] });
var HTMLAreaElement = htmlInterface('HTMLAreaElement', 'area');
urlParts(HTMLAreaElement);
reflect(HTMLAreaElement.prototype, { alt: ['s'], coords: ['s'], shape: ['s'] });

// ---- Simple interfaces
reflect(htmlInterface('HTMLImageElement', 'img').prototype, { src: ['u'], alt: ['s'], srcset: ['s'], sizes: ['s'],
  useMap: ['s', 'usemap'], isMap: ['b', 'ismap'], width: ['n'], height: ['n'], loading: ['s'], decoding: ['s'],
  crossOrigin: ['s', 'crossorigin'] });
accessors(g.HTMLImageElement.prototype, {
  complete: [function () { return true; }], naturalWidth: [function () { return 0; }], naturalHeight: [function () { return 0; }],
  currentSrc: [function () { return this.src; }]
});
def(g, 'Image', function Image(width, height) {
  var img = main.document.createElement('img');
  if (width !== undefined) img.width = width;
  if (height !== undefined) img.height = height;
  return img;
});
var HTMLScriptElement = htmlInterface('HTMLScriptElement', 'script');
reflect(HTMLScriptElement.prototype, { src: ['u'], type: ['s'], charset: ['s'], defer: ['b'], noModule: ['b', 'nomodule'],
  crossOrigin: ['s', 'crossorigin'], integrity: ['s'], referrerPolicy: ['s', 'referrerpolicy'] });
accessors(HTMLScriptElement.prototype, {
  async: [function () { return N.hasAttr(H(this), 'async'); }, function (v) { if (v) N.setAttr(H(this), 'async', ''); else N.removeAttr(H(this), 'async'); }],
  text: [function () { return N.text(H(this)); }, function (v) { N.setText(H(this), str(v)); }]
});
reflect(htmlInterface('HTMLLinkElement', 'link').prototype, { href: ['u'], rel: ['s'], type: ['s'], media: ['s'],
  as: ['s'], hreflang: ['s'], crossOrigin: ['s', 'crossorigin'], integrity: ['s'], disabled: ['b'] });
accessors(g.HTMLLinkElement.prototype, { relList: [function () { return this[classListKey] || (this[classListKey] = tokenList(this, 'rel')); }] });
reflect(htmlInterface('HTMLStyleElement', 'style').prototype, { media: ['s'], type: ['s'] });
reflect(htmlInterface('HTMLMetaElement', 'meta').prototype, { name: ['s'], content: ['s'], httpEquiv: ['s', 'http-equiv'], charset: ['s'] });
reflect(htmlInterface('HTMLBaseElement', 'base').prototype, { href: ['u'], target: ['s'] });
var HTMLTitleElement = htmlInterface('HTMLTitleElement', 'title');
accessors(HTMLTitleElement.prototype, { text: [function () { return N.text(H(this)); }, function (v) { N.setText(H(this), str(v)); }] });
reflect(htmlInterface('HTMLIFrameElement', 'iframe').prototype, { src: ['u'], srcdoc: ['s'], name: ['s'], width: ['s'],
  height: ['s'], allow: ['s'], loading: ['s'], allowFullscreen: ['b', 'allowfullscreen'] });
htmlInterface('HTMLFrameElement', 'frame');
htmlInterface('HTMLFrameSetElement', 'frameset');
reflect(htmlInterface('HTMLEmbedElement', 'embed').prototype, { src: ['u'], type: ['s'], width: ['s'], height: ['s'] });
reflect(htmlInterface('HTMLObjectElement', 'object').prototype, { data: ['u'], type: ['s'], name: ['s'], width: ['s'], height: ['s'] });
htmlInterface('HTMLParamElement', 'param');
var HTMLMediaElement = iface('HTMLMediaElement', HTMLElement);
reflect(HTMLMediaElement.prototype, { src: ['u'], autoplay: ['b'], loop: ['b'], controls: ['b'], muted: ['b'], preload: ['s'] });
methods(HTMLMediaElement.prototype, { play: function () { return Promise.reject(domError('NotSupportedError', 'No media playback.')); },
                                      pause: function () {}, load: function () {}, canPlayType: function () { return ''; } });
accessors(HTMLMediaElement.prototype, { paused: [function () { return true; }], currentTime: [function () { return 0; }, function () {}] });
htmlInterface('HTMLAudioElement', 'audio', HTMLMediaElement);
reflect(htmlInterface('HTMLVideoElement', 'video', HTMLMediaElement).prototype, { poster: ['u'], width: ['n'], height: ['n'] });
reflect(htmlInterface('HTMLSourceElement', 'source').prototype, { src: ['u'], type: ['s'], srcset: ['s'], media: ['s'] });
htmlInterface('HTMLTrackElement', 'track');
var HTMLCanvasElement = htmlInterface('HTMLCanvasElement', 'canvas');
reflect(HTMLCanvasElement.prototype, { width: ['n', 'width', 300], height: ['n', 'height', 150] });
methods(HTMLCanvasElement.prototype, { getContext: function () { return null; }, toDataURL: function () { return 'data:,'; } });
htmlInterface('HTMLDivElement', 'div');
htmlInterface('HTMLSpanElement', 'span');
htmlInterface('HTMLParagraphElement', 'p');
htmlInterface('HTMLHeadingElement', 'h1 h2 h3 h4 h5 h6');
htmlInterface('HTMLBRElement', 'br');
htmlInterface('HTMLHRElement', 'hr');
htmlInterface('HTMLPreElement', 'pre listing xmp');
htmlInterface('HTMLQuoteElement', 'blockquote q');
reflect(htmlInterface('HTMLModElement', 'ins del').prototype, { cite: ['u'], dateTime: ['s', 'datetime'] });
reflect(htmlInterface('HTMLOListElement', 'ol').prototype, { reversed: ['b'], start: ['n', 'start', 1], type: ['s'] });
htmlInterface('HTMLUListElement', 'ul');
reflect(htmlInterface('HTMLLIElement', 'li').prototype, { value: ['n'] });
htmlInterface('HTMLDListElement', 'dl');
htmlInterface('HTMLDirectoryElement', 'dir');
htmlInterface('HTMLMenuElement', 'menu');
htmlInterface('HTMLHtmlElement', 'html');
htmlInterface('HTMLHeadElement', 'head');
var HTMLBodyElement = htmlInterface('HTMLBodyElement', 'body');
// The body's window handlers (onload…) are the window's.
Object.keys(bodyForwarded).forEach(function (type) {
  Object.defineProperty(HTMLBodyElement.prototype, 'on' + type, {
    get: function () { return isMain(documentOf(this)) ? g['on' + type] : handlerFor(this, type); },
    set: function (v) { if (isMain(documentOf(this))) g['on' + type] = v; },
    enumerable: false, configurable: true
  });
});
reflect(htmlInterface('HTMLTimeElement', 'time').prototype, { dateTime: ['s', 'datetime'] });
reflect(htmlInterface('HTMLDataElement', 'data').prototype, { value: ['s'] });
htmlInterface('HTMLPictureElement', 'picture');
htmlInterface('HTMLMapElement', 'map');
htmlInterface('HTMLFontElement', 'font');
var HTMLDetailsElement = htmlInterface('HTMLDetailsElement', 'details');
reflect(HTMLDetailsElement.prototype, { open: ['b'] });
var HTMLDialogElement = htmlInterface('HTMLDialogElement', 'dialog');
reflect(HTMLDialogElement.prototype, { open: ['b'] });
methods(HTMLDialogElement.prototype, {
  show: function () { this.open = true; }, showModal: function () { this.open = true; },
  close: function (value) { if (value !== undefined) this.returnValue = str(value); this.open = false; fireTrusted(this, new Event('close')); }
});
var HTMLTemplateElement = htmlInterface('HTMLTemplateElement', 'template');
var contentKey = Symbol('content');
accessors(HTMLTemplateElement.prototype, { content: [function () {
  if (!this[contentKey]) {
    var fragment = documentOf(this).createDocumentFragment();
    while (this.firstChild) fragment.appendChild(this.firstChild);
    this[contentKey] = fragment;
  }
  return this[contentKey];
}] });
htmlInterface('HTMLSlotElement', 'slot');

// ---- Tables
var HTMLTableElement = htmlInterface('HTMLTableElement', 'table');
function rowsOf(table) {
  var out = [];
  table.querySelectorAll(':scope > tr, :scope > thead > tr, :scope > tbody > tr, :scope > tfoot > tr').forEach(function (r) { out.push(H(r)); });
  return out;
}
accessors(HTMLTableElement.prototype, {
  rows: [function () { var t = this; return liveList(HTMLCollection.prototype, function () { return rowsOf(t); }, true); }],
  tBodies: [function () { var h = H(this); return liveList(HTMLCollection.prototype, function () { return N.qs(h, ':scope > tbody', true); }, true, this); }],
  tHead: [function () { return this.querySelector(':scope > thead'); }],
  tFoot: [function () { return this.querySelector(':scope > tfoot'); }],
  caption: [function () { return this.querySelector(':scope > caption'); }]
});
var HTMLTableRowElement = htmlInterface('HTMLTableRowElement', 'tr');
accessors(HTMLTableRowElement.prototype, {
  cells: [function () { var h = H(this); return liveList(HTMLCollection.prototype, function () { return N.qs(h, ':scope > td, :scope > th', true); }, true, this); }],
  rowIndex: [function () { var table = this.closest('table'); return table ? rowsOf(table).indexOf(H(this)) : -1; }]
});
methods(HTMLTableRowElement.prototype, {
  insertCell: function (index) {
    var cell = documentOf(this).createElement('td'), cells = this.cells;
    if (index === undefined || index === -1 || index >= cells.length) this.appendChild(cell); else this.insertBefore(cell, cells[index]);
    return cell;
  },
  deleteCell: function (index) { var c = this.cells[index]; if (c) c.remove(); }
});
methods(HTMLTableElement.prototype, {
  insertRow: function (index) {
    var row = documentOf(this).createElement('tr'), rows = this.rows;
    if (index === undefined || index === -1 || index >= rows.length) {
      var body = this.querySelector(':scope > tbody:last-of-type') || this;
      body.appendChild(row);
    } else rows[index].parentNode.insertBefore(row, rows[index]);
    return row;
  },
  deleteRow: function (index) { var r = this.rows[index === -1 ? this.rows.length - 1 : index]; if (r) r.remove(); },
  createTBody: function () { var b = documentOf(this).createElement('tbody'); this.appendChild(b); return b; }
});
htmlInterface('HTMLTableSectionElement', 'thead tbody tfoot');
reflect(htmlInterface('HTMLTableCellElement', 'td th').prototype, { colSpan: ['n', 'colspan', 1], rowSpan: ['n', 'rowspan', 1],
  headers: ['s'], scope: ['s'], abbr: ['s'] });
htmlInterface('HTMLTableColElement', 'col colgroup');
htmlInterface('HTMLTableCaptionElement', 'caption');

// ---- Forms (https://html.spec.whatwg.org/#forms)
var listedSelector = 'button, fieldset, input:not([type=image i]), object, output, select, textarea';
function formOf(control) {
  var id = N.attr(H(control), 'form');
  if (id !== null) {
    var byId = wrap(N.byId(N.nav(H(control), 10), id));
    return byId && TAG(byId) === 'form' ? byId : null;
  }
  return wrap(N.closest(H(control), 'form'));
}
function isDisabledControl(element) {
  return /^(button|input|select|textarea|optgroup|option|fieldset)$/.test(TAG(element)) && N.matches(H(element), ':disabled');
}
function controlType(element) {
  var v = N.attr(H(element), 'type');
  v = v === null ? '' : asciiLower(v);
  switch (TAG(element)) {
    case 'input':
      return /^(hidden|text|search|tel|url|email|password|date|month|week|time|datetime-local|number|range|color|checkbox|radio|file|submit|image|reset|button)$/.test(v) ? v : 'text';
    case 'button': return v === 'reset' || v === 'button' ? v : 'submit';
    case 'select': return N.hasAttr(H(element), 'multiple') ? 'select-multiple' : 'select-one';
    case 'textarea': return 'textarea';
    case 'output': return 'output';
    case 'fieldset': return 'fieldset';
  }
  return '';
}
var formControl = {
  form: [function () { return formOf(this); }],
  type: [function () { return controlType(this); }, function (v) { N.setAttr(H(this), 'type', str(v)); }],
  willValidate: [function () { return !isDisabledControl(this); }],
  validity: [function () { return { valid: true, valueMissing: false, typeMismatch: false, patternMismatch: false,
                                    tooLong: false, tooShort: false, rangeUnderflow: false, rangeOverflow: false,
                                    stepMismatch: false, badInput: false, customError: false }; }],
  validationMessage: [function () { return ''; }],
  labels: [function () {
    var id = this.id, control = this, doc = documentOf(this);
    return staticList(NodeList.prototype, N.qs(H(doc), 'label', true).filter(function (h) {
      var label = wrap(h);
      return label.control === control;
    }));
  }]
};
var formControlMethods = {
  checkValidity: function () { return true; }, reportValidity: function () { return true; },
  setCustomValidity: function () {}
};
var textControlMethods = {
  select: function () {}, setSelectionRange: function () {}, setRangeText: function () {}
};

var HTMLFormElement = htmlInterface('HTMLFormElement', 'form');
reflect(HTMLFormElement.prototype, { name: ['s'], target: ['s'], acceptCharset: ['s', 'accept-charset'],
  noValidate: ['b', 'novalidate'], autocomplete: ['s'], rel: ['s'],
  method: ['e', 'method', { values: ['get', 'post', 'dialog'], missing: 'get', invalid: 'get' }],
  enctype: ['e', 'enctype', { values: ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
                               missing: 'application/x-www-form-urlencoded', invalid: 'application/x-www-form-urlencoded' }],
  encoding: ['e', 'enctype', { values: ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
                               missing: 'application/x-www-form-urlencoded', invalid: 'application/x-www-form-urlencoded' }] });
var HTMLFormControlsCollection = iface('HTMLFormControlsCollection', HTMLCollection);
var elementsKey = Symbol('elements');
function formElements(form) {
  var list = N.qs(H(form), listedSelector, true);
  var id = N.attr(H(form), 'id');
  if (id && form.isConnected) {
    var outside = N.qs(N.nav(H(form), 10), '[form]', true);
    for (var i = 0; i < outside.length; i++) {
      if (N.attr(outside[i], 'form') === id && list.indexOf(outside[i]) < 0 && N.matches(outside[i], listedSelector)) list.push(outside[i]);
    }
    if (outside.length) list.sort(function (a, b) { return comparePosition(wrap(a), wrap(b)) & 2 ? 1 : -1; });
  }
  return list.filter(function (h) { var c = wrap(h); return formOf(c) === form; });
}
accessors(HTMLFormElement.prototype, {
  action: [function () {
    var v = N.attr(H(this), 'action');
    if (v === null || v === '') return N.state()[1];  // HTML: the document's URL, not its base URL
    var r = N.resolve(v);
    return r === null ? v : r;
  }, function (v) { N.setAttr(H(this), 'action', str(v)); }],
  elements: [function () {
    var form = this;
    return this[elementsKey] || (this[elementsKey] = liveList(HTMLFormControlsCollection.prototype, function () { return formElements(form); }, true));
  }],
  length: [function () { return this.elements.length; }]
});
methods(HTMLFormElement.prototype, {
  submit: function () { submitForm(this, null); },
  requestSubmit: function (submitter) {
    if (submitter !== undefined && submitter !== null) {
      if (!isSubmitButton(submitter)) throw new TypeError('The specified element is not a submit button.');
      if (formOf(submitter) !== this) throw domError('NotFoundError', 'The specified element is not owned by this form element.');
    }
    requestSubmit(this, submitter || null);
  },
  reset: function () {
    if (!fireTrusted(this, new Event('reset', { bubbles: true, cancelable: true }))) return;
    N.reset(H(this));
  },
  checkValidity: function () { return true; },
  reportValidity: function () { return true; },
  item: function (i) { return this.elements.item(i); },
  namedItem: function (name) { return this.elements.namedItem(name); }
});
function isSubmitButton(element) {
  if (!isNode(element)) return false;
  var type = controlType(element);
  return (TAG(element) === 'button' && type === 'submit') || (TAG(element) === 'input' && (type === 'submit' || type === 'image'));
}

/// https://html.spec.whatwg.org/#constructing-the-form-data-set (no files)
function formDataSet(form, submitter) {
  var out = [], controls = formElements(form);
  for (var i = 0; i < controls.length; i++) {
    var control = wrap(controls[i]), tag = TAG(control), type = controlType(control);
    if (tag === 'fieldset' || tag === 'object' || tag === 'output') continue;
    if (N.matches(H(control), ':disabled')) continue;
    if (tag === 'button' || type === 'submit' || type === 'image' || type === 'reset' || type === 'button') {
      if (control !== submitter) continue;
    }
    var name = N.attr(H(control), 'name');
    if (type === 'image') {
      var prefix = name ? name + '.' : '';
      out.push(prefix + 'x', '0', prefix + 'y', '0');
      continue;
    }
    if (!name) continue;
    if ((type === 'checkbox' || type === 'radio') && !N.hasAttr(H(control), 'checked')) continue;
    if (tag === 'select') {
      var options = control.options;
      for (var j = 0; j < options.length; j++) {
        var option = options[j];
        if (option.selected && !option.disabled) out.push(name, option.value);
      }
      continue;
    }
    if (type === 'file') { out.push(name, ''); continue; }
    out.push(name, control.value);
  }
  return out;
}
function submitForm(form, submitter) {
  function pick(formAttribute, attribute) {
    if (submitter && N.hasAttr(H(submitter), formAttribute)) return N.attr(H(submitter), formAttribute);
    return N.attr(H(form), attribute);
  }
  var method = asciiLower(pick('formmethod', 'method') || '');
  if (method !== 'post' && method !== 'dialog') method = 'get';
  var enctype = asciiLower(pick('formenctype', 'enctype') || '');
  if (enctype !== 'multipart/form-data' && enctype !== 'text/plain') enctype = 'application/x-www-form-urlencoded';
  N.submit(H(form), method, pick('formaction', 'action') || '', enctype, pick('formtarget', 'target') || '',
           formDataSet(form, submitter), submitter ? H(submitter) : null);
}
function requestSubmit(form, submitter) {
  var event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: submitter });
  if (!fireTrusted(form, event)) return false;
  submitForm(form, submitter);
  return true;
}
def(internals, '__ternRequestSubmit', function (formHandle, submitterHandle) {
  return requestSubmit(wrap(formHandle), wrap(submitterHandle));
});

// Activation behaviour of click events (https://html.spec.whatwg.org/#the-input-element).
function hasActivation(node) {
  if (TYPE(node) !== 1) return false;
  var tag = TAG(node);
  // https://html.spec.whatwg.org/#the-a-element: a hyperlink's activation behaviour follows it.
  if (tag === 'a' || tag === 'area') return N.attr(H(node), 'href') !== null;
  if (tag !== 'input' && tag !== 'button') return false;
  if (isDisabledControl(node)) return false;
  var type = controlType(node);
  return type === 'checkbox' || type === 'radio' || type === 'submit' || type === 'image' || type === 'reset';
}
function radioGroup(input) {
  var name = N.attr(H(input), 'name');
  if (!name) return [];
  var owner = formOf(input), root = owner || wrap(N.nav(H(input), 10));
  return N.qs(H(root), 'input[type=radio i]', true).map(wrap).filter(function (r) {
    return r !== input && N.attr(H(r), 'name') === name && formOf(r) === owner;
  });
}
function preActivate(node) {
  if (TAG(node) === 'a' || TAG(node) === 'area') return null;
  var type = controlType(node);
  if (type === 'checkbox') { var was = node.checked; node.checked = !was; return { checked: was }; }
  if (type === 'radio') {
    var previous = radioGroup(node).filter(function (r) { return r.checked; })[0] || null;
    var wasChecked = node.checked;
    node.checked = true;
    return { checked: wasChecked, previous: previous };
  }
  return null;
}
function cancelActivation(node, state) {
  if (!state) return;
  node.checked = state.checked;
  if (state.previous) state.previous.checked = true;
}
function activate(node, state, event) {
  if (TAG(node) === 'a' || TAG(node) === 'area') {
    if (node.isConnected) N.follow(H(node));
    return;
  }
  var type = controlType(node);
  if (type === 'checkbox' || type === 'radio') {
    if (state.checked === node.checked || !node.isConnected) return;
    fireTrusted(node, new InputEvent('input', { bubbles: true, composed: true }));
    fireTrusted(node, new Event('change', { bubbles: true }));
  } else if (type === 'submit' || type === 'image') {
    var form = formOf(node);
    if (form && form.isConnected) requestSubmit(form, node);
  } else if (type === 'reset') {
    var owner = formOf(node);
    if (owner) owner.reset();
  }
}

// Controls. Values live in the attributes (value, checked, selected),
// which layout shows: setting `value` sets the attribute.
var HTMLInputElement = htmlInterface('HTMLInputElement', 'input');
accessors(HTMLInputElement.prototype, formControl);
methods(HTMLInputElement.prototype, formControlMethods);
methods(HTMLInputElement.prototype, textControlMethods);
reflect(HTMLInputElement.prototype, { name: ['s'], disabled: ['b'], readOnly: ['b', 'readonly'], required: ['b'],
  multiple: ['b'], placeholder: ['s'], min: ['s'], max: ['s'], step: ['s'], pattern: ['s'], accept: ['s'], alt: ['s'],
  autocomplete: ['s'], src: ['u'], size: ['n', 'size', 20], maxLength: ['n', 'maxlength', -1], minLength: ['n', 'minlength', -1],
  defaultValue: ['s', 'value'], defaultChecked: ['b', 'checked'], inputMode: ['s', 'inputmode'],
  formAction: ['u', 'formaction'], formMethod: ['s', 'formmethod'], formTarget: ['s', 'formtarget'], formNoValidate: ['b', 'formnovalidate'] });
accessors(HTMLInputElement.prototype, {
  value: [function () {
    var v = N.attr(H(this), 'value'), type = controlType(this);
    if (type === 'checkbox' || type === 'radio') return v === null ? 'on' : v;
    if (type === 'file') return '';
    return v === null ? '' : v;
  }, function (v) {
    if (controlType(this) === 'file') { if (v !== '' && v !== null) throw domError('InvalidStateError', 'A file input can only be cleared.'); return; }
    N.setAttr(H(this), 'value', nullToEmpty(v));
  }],
  checked: [function () { return N.hasAttr(H(this), 'checked'); }, function (v) {
    if (v) {
      if (controlType(this) === 'radio') radioGroup(this).forEach(function (r) { N.removeAttr(H(r), 'checked'); });
      N.setAttr(H(this), 'checked', '');
    } else N.removeAttr(H(this), 'checked');
  }],
  indeterminate: [function () { return false; }, function () {}],
  valueAsNumber: [function () { var n = parseFloat(this.value); return isNaN(n) ? NaN : n; }, function (v) { this.value = String(v); }],
  files: [function () { return controlType(this) === 'file' ? [] : null; }],
  selectionStart: [function () { return this.value.length; }, function () {}],
  selectionEnd: [function () { return this.value.length; }, function () {}],
  list: [function () { var id = N.attr(H(this), 'list'); return id ? documentOf(this).getElementById(id) : null; }]
});
var HTMLButtonElement = htmlInterface('HTMLButtonElement', 'button');
accessors(HTMLButtonElement.prototype, formControl);
methods(HTMLButtonElement.prototype, formControlMethods);
reflect(HTMLButtonElement.prototype, { name: ['s'], value: ['s'], disabled: ['b'], formAction: ['u', 'formaction'],
  formMethod: ['s', 'formmethod'], formTarget: ['s', 'formtarget'], formNoValidate: ['b', 'formnovalidate'] });
var HTMLTextAreaElement = htmlInterface('HTMLTextAreaElement', 'textarea');
accessors(HTMLTextAreaElement.prototype, formControl);
methods(HTMLTextAreaElement.prototype, formControlMethods);
methods(HTMLTextAreaElement.prototype, textControlMethods);
reflect(HTMLTextAreaElement.prototype, { name: ['s'], disabled: ['b'], readOnly: ['b', 'readonly'], required: ['b'],
  placeholder: ['s'], rows: ['n', 'rows', 2], cols: ['n', 'cols', 20], wrap: ['s'], maxLength: ['n', 'maxlength', -1],
  autocomplete: ['s'] });
accessors(HTMLTextAreaElement.prototype, {
  value: [function () { return N.text(H(this)); }, function (v) { N.setText(H(this), nullToEmpty(v)); }],
  defaultValue: [function () { return N.text(H(this)); }, function (v) { N.setText(H(this), nullToEmpty(v)); }],
  textLength: [function () { return N.text(H(this)).length; }],
  selectionStart: [function () { return this.value.length; }, function () {}],
  selectionEnd: [function () { return this.value.length; }, function () {}]
});
var HTMLSelectElement = htmlInterface('HTMLSelectElement', 'select');
var HTMLOptionsCollection = iface('HTMLOptionsCollection', HTMLCollection);
var optionsKey = Symbol('options');
function optionHandles(select) { return N.qs(H(select), ':scope > option, :scope > optgroup > option', true); }
function selectedIndexOf(select) {
  var options = optionHandles(select);
  for (var i = 0; i < options.length; i++) if (N.hasAttr(options[i], 'selected')) return i;
  if (N.hasAttr(H(select), 'multiple') || parseInt(N.attr(H(select), 'size'), 10) > 1) return -1;
  for (i = 0; i < options.length; i++) if (!N.matches(options[i], ':disabled')) return i;
  return options.length ? 0 : -1;
}
function setSelectedIndex(select, index) {
  var options = optionHandles(select);
  for (var i = 0; i < options.length; i++) {
    if (i === index) N.setAttr(options[i], 'selected', ''); else if (N.hasAttr(options[i], 'selected')) N.removeAttr(options[i], 'selected');
  }
}
accessors(HTMLSelectElement.prototype, formControl);
methods(HTMLSelectElement.prototype, formControlMethods);
reflect(HTMLSelectElement.prototype, { name: ['s'], disabled: ['b'], multiple: ['b'], required: ['b'], size: ['n'], autocomplete: ['s'] });
accessors(HTMLSelectElement.prototype, {
  options: [function () {
    var select = this;
    return this[optionsKey] || (this[optionsKey] = liveList(HTMLOptionsCollection.prototype, function () { return optionHandles(select); }, true));
  }],
  // unsigned long; over 100,000 does nothing (https://html.spec.whatwg.org/#dom-select-length).
  length: [function () { return optionHandles(this).length; }, function (n) {
    n = n >>> 0;
    if (n > 100000) return;
    var options = optionHandles(this);
    for (var i = options.length - 1; i >= n; i--) N.remove(options[i]);
    for (i = options.length; i < n; i++) this.appendChild(documentOf(this).createElement('option'));
  }],
  selectedIndex: [function () { return selectedIndexOf(this); }, function (i) { setSelectedIndex(this, i | 0); }],
  selectedOptions: [function () {
    var select = this;
    return liveList(HTMLCollection.prototype, function () {
      return optionHandles(select).filter(function (h) { return wrap(h).selected; });
    }, true);
  }],
  value: [function () {
    var i = selectedIndexOf(this);
    return i < 0 ? '' : wrap(optionHandles(this)[i]).value;
  }, function (v) {
    v = str(v);
    var options = optionHandles(this), found = -1;
    for (var i = 0; i < options.length; i++) if (found < 0 && wrap(options[i]).value === v) found = i;
    setSelectedIndex(this, found);
  }]
});
methods(HTMLSelectElement.prototype, {
  item: function (i) { return this.options.item(i); },
  namedItem: function (name) { return this.options.namedItem(name); },
  add: function (option, before) {
    if (typeof before === 'number') before = this.options[before] || null;
    if (before) before.parentNode.insertBefore(option, before); else this.appendChild(option);
  },
  remove: function (index) {
    if (arguments.length === 0) { N.remove(H(this)); return; }
    var option = optionHandles(this)[index | 0];
    if (option !== undefined) N.remove(option);
  }
});
methods(HTMLOptionsCollection.prototype, {
  add: function (option, before) { wrap(N.closest(listItems(LIST(this))[0] || 0, 'select')); },
  remove: function (index) { var o = this[index]; if (o) o.remove(); }
});
accessors(HTMLOptionsCollection.prototype, {
  selectedIndex: [function () { var first = this[0]; var s = first && first.closest('select'); return s ? s.selectedIndex : -1; }]
});
var HTMLOptionElement = htmlInterface('HTMLOptionElement', 'option');
reflect(HTMLOptionElement.prototype, { disabled: ['b'], label: ['s'], defaultSelected: ['b', 'selected'] });
function ownerSelect(option) {
  var parent = option.parentNode;
  if (parent && TAG(parent) === 'optgroup') parent = parent.parentNode;
  return parent && TAG(parent) === 'select' ? parent : null;
}
accessors(HTMLOptionElement.prototype, {
  value: [function () { var v = N.attr(H(this), 'value'); return v === null ? N.text(H(this)).replace(/[\t\n\f\r ]+/g, ' ').trim() : v; },
          function (v) { N.setAttr(H(this), 'value', str(v)); }],
  text: [function () { return N.text(H(this)).replace(/[\t\n\f\r ]+/g, ' ').trim(); }, function (v) { N.setText(H(this), str(v)); }],
  label: [function () { var v = N.attr(H(this), 'label'); return v === null ? this.text : v; }, function (v) { N.setAttr(H(this), 'label', str(v)); }],
  selected: [function () {
    if (N.hasAttr(H(this), 'selected')) return true;
    var select = ownerSelect(this);
    return !!select && optionHandles(select)[selectedIndexOf(select)] === H(this);
  }, function (v) {
    var select = ownerSelect(this);
    if (v && select && !N.hasAttr(H(select), 'multiple')) setSelectedIndex(select, optionHandles(select).indexOf(H(this)));
    else if (v) N.setAttr(H(this), 'selected', '');
    else N.removeAttr(H(this), 'selected');
  }],
  index: [function () { var select = ownerSelect(this); return select ? optionHandles(select).indexOf(H(this)) : 0; }],
  form: [function () { var select = ownerSelect(this); return select ? formOf(select) : null; }]
});
def(g, 'Option', function Option(text, value, defaultSelected, selected) {
  var option = main.document.createElement('option');
  if (text !== undefined) option.text = text;
  if (value !== undefined) option.value = value;
  if (defaultSelected) option.defaultSelected = true;
  if (selected) option.selected = true;
  return option;
});
reflect(htmlInterface('HTMLOptGroupElement', 'optgroup').prototype, { disabled: ['b'], label: ['s'] });
var HTMLLabelElement = htmlInterface('HTMLLabelElement', 'label');
reflect(HTMLLabelElement.prototype, { htmlFor: ['s', 'for'] });
accessors(HTMLLabelElement.prototype, {
  control: [function () {
    var id = N.attr(H(this), 'for');
    if (id !== null) {
      var target = wrap(N.byId(N.nav(H(this), 10), id));
      return target && /^(button|input|meter|output|progress|select|textarea)$/.test(TAG(target)) ? target : null;
    }
    return this.querySelector('button, input:not([type=hidden i]), meter, output, progress, select, textarea');
  }],
  form: [function () { var c = this.control; return c ? c.form : null; }]
});
var HTMLFieldSetElement = htmlInterface('HTMLFieldSetElement', 'fieldset');
reflect(HTMLFieldSetElement.prototype, { disabled: ['b'], name: ['s'] });
accessors(HTMLFieldSetElement.prototype, {
  form: [function () { return formOf(this); }], type: [function () { return 'fieldset'; }],
  elements: [function () { var h = H(this); return liveList(HTMLCollection.prototype, function () { return N.qs(h, listedSelector, true); }, true, this); }]
});
htmlInterface('HTMLLegendElement', 'legend');
var HTMLOutputElement = htmlInterface('HTMLOutputElement', 'output');
reflect(HTMLOutputElement.prototype, { name: ['s'] });
accessors(HTMLOutputElement.prototype, {
  value: [function () { return N.text(H(this)); }, function (v) { N.setText(H(this), str(v)); }],
  form: [function () { return formOf(this); }], type: [function () { return 'output'; }]
});
reflect(htmlInterface('HTMLProgressElement', 'progress').prototype, { value: ['n'], max: ['n', 'max', 1] });
reflect(htmlInterface('HTMLMeterElement', 'meter').prototype, { value: ['n'], min: ['n'], max: ['n', 'max', 1] });
htmlInterface('HTMLDataListElement', 'datalist');

// For the files after this one.
T.HTMLElement = HTMLElement; T.reflect = reflect;
// dom-cssom.js (lazy) adds `sheet` to these.
T.HTMLStyleElement = g.HTMLStyleElement; T.HTMLLinkElement = g.HTMLLinkElement;
