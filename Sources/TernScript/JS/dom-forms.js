//# sourceURL=tern:js/dom-forms.js
// The form elements' interfaces (https://html.spec.whatwg.org/#forms):
// form, its controls (input, button, textarea, select, option…), label,
// fieldset, output, progress, meter. Form submission, the controls' types
// and activation behaviour are dom-html.js's: they need no interface.
//
// Runs on first touch (lazy.js): of a name it defines, or when a wrapper is
// made for one of its elements (dom-html.js's elementPrototype). Its top
// level takes from T only: the page's scripts may have run.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var def = T.def, accessors = T.accessors, methods = T.methods, iface = T.iface, H = T.H, TAG = T.TAG, main = T.main,
    wrap = T.wrap, documentOf = T.documentOf, str = T.str, nullToEmpty = T.nullToEmpty, LIST = T.LIST,
    listItems = T.listItems, liveList = T.liveList, staticList = T.staticList, domError = T.domError, Event = T.Event,
    NodeList = T.NodeList, HTMLCollection = T.HTMLCollection, EngineSymbol = T.Symbol, privateSlot = T.privateSlot,
    queueTask = T.queueTask;
// dom-html.js's.
var htmlInterface = T.htmlInterface, reflect = T.reflect, fireTrusted = T.fireTrusted, listedSelector = T.listedSelector,
    formOf = T.formOf, formElements = T.formElements, isDisabledControl = T.isDisabledControl, controlType = T.controlType,
    isSubmitButton = T.isSubmitButton, submitForm = T.submitForm, requestSubmit = T.requestSubmit, radioGroup = T.radioGroup;

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
// ---- Text control selections (HTML §4.10.18.7, "APIs for the text control
// selections"). An element's selection is kept with the value it was set
// for: once the value has changed otherwise (the value setter, the page),
// the cursor is at the end, as "set the value" says, with direction "none".
var selectionSlot = privateSlot();
function selectionApplies(element) {
  if (TAG(element) === 'textarea') return true;
  var type = controlType(element);
  return type === 'text' || type === 'search' || type === 'url' || type === 'tel' || type === 'password';
}
function selectionOf(element) {
  var s = selectionSlot.get(element), value = element.value;
  if (s === undefined) { s = { start: 0, end: 0, direction: 'none', value: null }; selectionSlot.set(element, s); }
  if (s.value !== value) { s.start = s.end = value.length; s.direction = 'none'; s.value = value; }
  return s;
}
function checkSelectionApplies(element) {
  if (!selectionApplies(element)) throw domError('InvalidStateError', 'The selection does not apply to this input type.');
}
// "Set the selection range": offsets past the end are the end, a start past
// the end is the end; a change queues a `select` event.
function setSelectionRange(element, start, end, direction) {
  var s = selectionOf(element), length = s.value.length;
  if (end > length) end = length;
  if (start > end) start = end;
  direction = direction === 'forward' || direction === 'backward' ? direction : 'none';
  if (s.start === start && s.end === end && s.direction === direction) return;
  s.start = start; s.end = end; s.direction = direction;
  queueTask(function () { fireTrusted(element, new Event('select', { bubbles: true })); });
}
var textControlMethods = {
  select: function () {
    if (TAG(this) === 'input' && !selectionApplies(this) && ['email', 'number', 'date', 'month', 'week', 'time',
        'datetime-local', 'color'].indexOf(controlType(this)) < 0) return;
    if (selectionApplies(this)) setSelectionRange(this, 0, this.value.length, 'none');
  },
  setSelectionRange: function (start, end, direction) {
    checkSelectionApplies(this);
    setSelectionRange(this, Number(start) >>> 0, Number(end) >>> 0, direction === undefined ? 'none' : str(direction));
  },
  // setRangeText(replacement[, start, end[, selectionMode]]).
  setRangeText: function (replacement, start, end, selectionMode) {
    checkSelectionApplies(this);
    replacement = str(replacement);
    var s = selectionOf(this), mode = 'preserve';
    if (arguments.length <= 1) { start = s.start; end = s.end; }
    else {
      if (arguments.length === 2) throw new TypeError('setRangeText: an end is needed with a start.');
      start = Number(start) >>> 0; end = Number(end) >>> 0;
      if (selectionMode !== undefined) {
        mode = str(selectionMode);
        if (['select', 'start', 'end', 'preserve'].indexOf(mode) < 0)
          throw new TypeError("setRangeText: '" + mode + "' is not a SelectionMode.");
      }
      if (start > end) throw domError('IndexSizeError', 'The start is after the end.');
    }
    var value = s.value, length = value.length, oldStart = s.start, oldEnd = s.end, direction = s.direction;
    if (start > length) start = length;
    if (end > length) end = length;
    this.value = value.slice(0, start) + replacement + value.slice(end);
    var newEnd = start + replacement.length, selStart, selEnd;
    if (mode === 'select') { selStart = start; selEnd = newEnd; }
    else if (mode === 'start') selStart = selEnd = start;
    else if (mode === 'end') selStart = selEnd = newEnd;
    else {
      var delta = replacement.length - (end - start);
      selStart = oldStart > end ? oldStart + delta : oldStart > start ? start : oldStart;
      selEnd = oldEnd > end ? oldEnd + delta : oldEnd > start ? newEnd : oldEnd;
    }
    setSelectionRange(this, selStart, selEnd, direction);
  }
};
var textSelectionAccessors = {
  selectionStart: [function () { return selectionApplies(this) ? selectionOf(this).start : null; }, function (v) {
    checkSelectionApplies(this);
    var s = selectionOf(this), start = Number(v) >>> 0;
    setSelectionRange(this, start, s.end < start ? start : s.end, s.direction);
  }],
  selectionEnd: [function () { return selectionApplies(this) ? selectionOf(this).end : null; }, function (v) {
    checkSelectionApplies(this);
    var s = selectionOf(this);
    setSelectionRange(this, s.start, Number(v) >>> 0, s.direction);
  }],
  selectionDirection: [function () { return selectionApplies(this) ? selectionOf(this).direction : null; }, function (v) {
    checkSelectionApplies(this);
    var s = selectionOf(this);
    setSelectionRange(this, s.start, s.end, str(v));
  }]
};
// For the browser: the selection of a text control (UTF-16 offsets), and setting it.
def(internals, '__ternTextSelection', function (h) {
  var element = wrap(h);
  if (!selectionApplies(element)) return [element.value.length, element.value.length];
  var s = selectionOf(element);
  return [s.start, s.end];
});
def(internals, '__ternSetTextSelection', function (h, start, end) {
  var element = wrap(h);
  if (selectionApplies(element)) setSelectionRange(element, start, end, 'none');
});

var HTMLFormElement = htmlInterface('HTMLFormElement', 'form');
reflect(HTMLFormElement.prototype, { name: ['s'], target: ['s'], acceptCharset: ['s', 'accept-charset'],
  noValidate: ['b', 'novalidate'], autocomplete: ['s'], rel: ['s'],
  method: ['e', 'method', { values: ['get', 'post', 'dialog'], missing: 'get', invalid: 'get' }],
  enctype: ['e', 'enctype', { values: ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
                               missing: 'application/x-www-form-urlencoded', invalid: 'application/x-www-form-urlencoded' }],
  encoding: ['e', 'enctype', { values: ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
                               missing: 'application/x-www-form-urlencoded', invalid: 'application/x-www-form-urlencoded' }] });
var HTMLFormControlsCollection = iface('HTMLFormControlsCollection', HTMLCollection);
var elementsKey = EngineSymbol('elements');
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

// Controls. Values live in the attributes (value, checked, selected),
// which layout shows: setting `value` sets the attribute.
var HTMLInputElement = htmlInterface('HTMLInputElement', 'input');
accessors(HTMLInputElement.prototype, formControl);
methods(HTMLInputElement.prototype, formControlMethods);
methods(HTMLInputElement.prototype, textControlMethods);
accessors(HTMLInputElement.prototype, textSelectionAccessors);
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
  textLength: [function () { return N.text(H(this)).length; }]
});
accessors(HTMLTextAreaElement.prototype, textSelectionAccessors);
var HTMLSelectElement = htmlInterface('HTMLSelectElement', 'select');
var HTMLOptionsCollection = iface('HTMLOptionsCollection', HTMLCollection);
var optionsKey = EngineSymbol('options');
function optionHandles(select) { return N.qs(H(select), ':scope > option, :scope > optgroup > option', true); }
function selectedIndexOf(select) {
  var options = optionHandles(select), multiple = N.hasAttr(H(select), 'multiple');
  // HTML's selectedness setting algorithm: of several selected options of a single select, the last stays.
  if (multiple) { for (var i = 0; i < options.length; i++) if (N.hasAttr(options[i], 'selected')) return i; }
  else { for (i = options.length - 1; i >= 0; i--) if (N.hasAttr(options[i], 'selected')) return i; }
  if (multiple || parseInt(N.attr(H(select), 'size'), 10) > 1) return -1;
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
    if (this[optionsKey]) return this[optionsKey];
    var list = liveList(HTMLOptionsCollection.prototype, function () { return optionHandles(select); }, true);
    LIST(list).select = select;
    // HTML §2.7.3.1 the HTMLOptionsCollection setter: null removes the option at
    // `index`; an option past the end comes after blank options filling the gap;
    // else it replaces the one at `index`.
    LIST(list).setIndexed = function (index, value) {
      if (value === null) { var gone = optionHandles(select)[index]; if (gone !== undefined) N.remove(gone); return; }
      if (!T.isNode(value) || TAG(value) !== 'option') throw new TypeError("Failed to set an indexed property on 'HTMLOptionsCollection': parameter 2 is not of type 'HTMLOptionElement'.");
      var options = optionHandles(select), doc = documentOf(select);
      for (var n = options.length; n < index; n++) select.appendChild(doc.createElement('option'));
      if (index >= options.length) select.appendChild(value);
      else { var old = wrap(options[index]); old.parentNode.replaceChild(value, old); }
    };
    return (this[optionsKey] = list);
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
  add: function (element, before) { this.options.add(element, before); },
  remove: function (index) {
    if (arguments.length === 0) { N.remove(H(this)); return; }
    var option = optionHandles(this)[index | 0];
    if (option !== undefined) N.remove(option);
  }
});
methods(HTMLOptionsCollection.prototype, {
  // HTML §2.7.3.1 add(element, before): into the select, before the given option or index (else at the end).
  add: function (element, before) {
    var select = LIST(this).select;
    if (!T.isNode(element) || (TAG(element) !== 'option' && TAG(element) !== 'optgroup')) throw new TypeError("Failed to execute 'add' on 'HTMLOptionsCollection': The provided value is not of type '(HTMLOptGroupElement or HTMLOptionElement)'.");
    if (element.contains(select)) throw domError('HierarchyRequestError', "Failed to execute 'add' on 'HTMLOptionsCollection': The new child element contains the parent.");
    var reference = null;
    if (typeof before === 'number') { var at = optionHandles(select)[before]; reference = at === undefined ? null : wrap(at); }
    else if (before !== undefined && before !== null) reference = before;
    if (reference !== null && !select.contains(reference)) throw domError('NotFoundError', "Failed to execute 'add' on 'HTMLOptionsCollection': The node before which the new node is to be inserted is not a child of this node.");
    if (element === reference) return;
    (reference === null ? select : reference.parentNode).insertBefore(element, reference);
  },
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
