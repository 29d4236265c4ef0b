//# sourceURL=tern:js/dom-html.js
// HTMLElement and its common interfaces (the rare ones: dom-html-rare.js;
// the form controls': dom-forms.js): reflected attributes, `style`,
// `dataset`, focus and click, links, form submission.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, def = T.def, accessors = T.accessors, methods = T.methods, iface = T.iface,
    H = T.H, TAG = T.TAG, TYPE = T.TYPE, main = T.main, wrap = T.wrap, isNode = T.isNode, documentOf = T.documentOf,
    asciiLower = T.asciiLower, str = T.str, nullToEmpty = T.nullToEmpty, LIST = T.LIST, listItems = T.listItems,
    liveList = T.liveList, staticList = T.staticList, domError = T.domError, EV = T.EV, Event = T.Event,
    dispatch = T.dispatch, handlerNames = T.handlerNames, bodyForwarded = T.bodyForwarded, handlerFor = T.handlerFor,
    defineHandlers = T.defineHandlers, NodeList = T.NodeList, HTMLCollection = T.HTMLCollection, isMain = T.isMain,
    Element = T.Element, classListKey = T.classListKey, tokenList = T.tokenList, comparePosition = T.comparePosition;
// What htmlInterface and reflect use: dom-forms.js (lazy.js) calls them after the page's scripts.
var defineProperty = Object.defineProperty, ownKeys = Reflect.ownKeys, apply = Reflect.apply,
    toLowerCase = String.prototype.toLowerCase, split = String.prototype.split;
// Called by earlier files (T.name): there before this file runs, as function declarations are.
T.elementPrototype = elementPrototype; T.hasActivation = hasActivation; T.preActivate = preActivate;
T.cancelActivation = cancelActivation; T.activate = activate;

var HTMLElement = iface('HTMLElement', Element);
var elementInterfaces = objectCreate(null);
function htmlInterface(name, tags, Parent) {
  var C = iface(name, Parent || HTMLElement);
  for (var list = apply(split, tags, [' ']), i = 0; i < list.length; i++) if (list[i]) elementInterfaces[list[i]] = C.prototype;
  return C;
}
// The elements whose interfaces a lazy file (lazy.js) makes, on first touch: tag → file.
var lazyTags = objectCreate(null);
function lazyElements(file, tags) { for (var list = apply(split, tags, [' ']), i = 0; i < list.length; i++) lazyTags[list[i]] = file; }
lazyElements('dom-forms.js', 'form input button textarea select option optgroup label fieldset legend output progress meter datalist');
lazyElements('dom-html-rare.js', 'embed object param audio video source track canvas pre listing xmp blockquote q ins del ' +
  'ol ul li dl dir menu time data picture map font details dialog table tr thead tbody tfoot td th col colgroup caption');
var plainTags = ('abbr acronym address article aside b basefont bdi bdo big center cite code dd dfn dt em figcaption ' +
  'figure footer header hgroup i kbd main mark nav nobr noembed noframes noscript plaintext rb rp rt rtc ruby s samp ' +
  'search section small strike strong sub summary sup tt u var wbr').split(' ');
var HTMLUnknownElement = iface('HTMLUnknownElement', HTMLElement);
function elementPrototype(tag) {
  var proto = elementInterfaces[tag];
  if (proto) return proto;
  var file = lazyTags[tag];
  if (file !== undefined && T.loadLazy(file)) return elementInterfaces[tag];
  return plainTags.indexOf(tag) >= 0 || tag.indexOf('-') > 0 ? HTMLElement.prototype : HTMLUnknownElement.prototype;
}

// ---- Reflection helpers
function reflect(proto, table) {
  for (var keys = ownKeys(table), i = 0; i < keys.length; i++) reflectOne(proto, keys[i], table[keys[i]]);
}
function reflectOne(proto, prop, spec) {
  var kind = spec[0], attr = (spec.length > 1 && spec[1]) || apply(toLowerCase, prop, []), fallback = spec.length > 2 ? spec[2] : undefined;
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
  defineProperty(proto, prop, { __proto__: null, get: get, set: set, enumerable: false, configurable: true });
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
  // HTML §6.8.1: the nearest contenteditable in the true, plaintext-only or false state, on it or an ancestor element.
  isContentEditable: [function () {
    for (var h = H(this); h !== null && h !== undefined; h = N.nav(h, 9)) {
      var v = N.attr(h, 'contenteditable');
      if (v === null) continue;
      v = v.toLowerCase();
      if (v === '' || v === 'true' || v === 'plaintext-only') return true;
      if (v === 'false') return false;
    }
    return false;
  }],
  // CSSOM View §7: offsets against the body (the document's top), for an element with a box.
  offsetParent: [function () {
    var h = H(this), body = N.docPart(h, 2);
    return h === body || N.boundingBox(h) === null ? null : wrap(body);
  }],
  offsetTop: [function () { var box = N.boundingBox(H(this)); return box === null ? 0 : box[1] + N.scrollOffset(); }],
  offsetLeft: [function () { var box = N.boundingBox(H(this)); return box === null ? 0 : box[0]; }],
  offsetWidth: [function () { var box = N.boundingBox(H(this)); return box === null ? 0 : box[2]; }],
  offsetHeight: [function () { var box = N.boundingBox(H(this)); return box === null ? 0 : box[3]; }]
});
methods(HTMLElement.prototype, {
  click: function () {
    if (isDisabledControl(this)) return;
    var MouseEvent = T.eventInterface('MouseEvent');
    dispatch(this, new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: g, detail: 1 }));
  },
  focus: function () {
    if (!this.isConnected || !isMain(documentOf(this))) return;
    var old = wrap(N.focused());
    if (old === this) return;
    N.setFocused(H(this));
    var FocusEvent = T.eventInterface('FocusEvent');
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
    var FocusEvent = T.eventInterface('FocusEvent');
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
htmlInterface('HTMLDivElement', 'div');
htmlInterface('HTMLSpanElement', 'span');
htmlInterface('HTMLParagraphElement', 'p');
htmlInterface('HTMLHeadingElement', 'h1 h2 h3 h4 h5 h6');
htmlInterface('HTMLBRElement', 'br');
htmlInterface('HTMLHRElement', 'hr');
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
  // HTML §4.10.21.3 step 20 (method "dialog"): the nearest dialog closes with the submitter's value.
  if (method === 'dialog') {
    var dialog = form.closest('dialog');
    if (dialog !== null) dialog.close(submitter && submitter.type !== 'image' && N.hasAttr(H(submitter), 'value') ? N.attr(H(submitter), 'value') : undefined);
    return;
  }
  var enctype = asciiLower(pick('formenctype', 'enctype') || '');
  if (enctype !== 'multipart/form-data' && enctype !== 'text/plain') enctype = 'application/x-www-form-urlencoded';
  N.submit(H(form), method, pick('formaction', 'action') || '', enctype, pick('formtarget', 'target') || '',
           formDataSet(form, submitter), submitter ? H(submitter) : null);
}
function requestSubmit(form, submitter) {
  var SubmitEvent = T.eventInterface('SubmitEvent');
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
    var InputEvent = T.eventInterface('InputEvent');
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


// For the files after this one.
T.HTMLElement = HTMLElement; T.reflect = reflect;
// For dom-forms.js and dom-html-rare.js.
T.htmlInterface = htmlInterface; T.fireTrusted = fireTrusted; T.listedSelector = listedSelector; T.formOf = formOf;
T.formElements = formElements; T.isDisabledControl = isDisabledControl; T.controlType = controlType;
T.isSubmitButton = isSubmitButton; T.submitForm = submitForm; T.requestSubmit = requestSubmit; T.radioGroup = radioGroup;
// dom-cssom.js (lazy) adds `sheet` to these.
T.HTMLStyleElement = g.HTMLStyleElement; T.HTMLLinkElement = g.HTMLLinkElement;
