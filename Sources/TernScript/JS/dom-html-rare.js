//# sourceURL=tern:js/dom-html-rare.js
// The element interfaces pages rarely name (HTML §4): embedded content
// (embed, object, media, canvas), grouping content (pre, blockquote, lists),
// edits, time and data, picture and map, details and dialog, and tables.
// Made on first touch of one of their names, or when a wrapper is made for
// one of their elements (dom-html.js's `lazyTags`): see lazy.js.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var methods = T.methods, accessors = T.accessors, iface = T.iface, H = T.H, documentOf = T.documentOf, str = T.str,
    liveList = T.liveList, domError = T.domError, Event = T.Event, HTMLCollection = T.HTMLCollection,
    HTMLElement = T.HTMLElement, htmlInterface = T.htmlInterface, reflect = T.reflect, fireTrusted = T.fireTrusted,
    def = T.def, wrap = T.wrap;

// ---- Embedded content (https://html.spec.whatwg.org/#embedded-content)
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

// ---- Grouping content, edits and lists (https://html.spec.whatwg.org/#grouping-content)
htmlInterface('HTMLPreElement', 'pre listing xmp');
htmlInterface('HTMLQuoteElement', 'blockquote q');
reflect(htmlInterface('HTMLModElement', 'ins del').prototype, { cite: ['u'], dateTime: ['s', 'datetime'] });
reflect(htmlInterface('HTMLOListElement', 'ol').prototype, { reversed: ['b'], start: ['n', 'start', 1], type: ['s'] });
htmlInterface('HTMLUListElement', 'ul');
reflect(htmlInterface('HTMLLIElement', 'li').prototype, { value: ['n'] });
htmlInterface('HTMLDListElement', 'dl');
htmlInterface('HTMLDirectoryElement', 'dir');
htmlInterface('HTMLMenuElement', 'menu');

// ---- Text-level, picture and map, interactive elements
reflect(htmlInterface('HTMLTimeElement', 'time').prototype, { dateTime: ['s', 'datetime'] });
reflect(htmlInterface('HTMLDataElement', 'data').prototype, { value: ['s'] });
htmlInterface('HTMLPictureElement', 'picture');
htmlInterface('HTMLMapElement', 'map');
htmlInterface('HTMLFontElement', 'font');
var HTMLDetailsElement = htmlInterface('HTMLDetailsElement', 'details');
reflect(HTMLDetailsElement.prototype, { open: ['b'] });
// ---- The dialog element (HTML §4.11.4): show(), showModal() (the modal
// dialogs are a stack, the "top layer"; the browser sends Esc to the top
// one as a close request), close(), returnValue, and the focusing steps.
var HTMLDialogElement = htmlInterface('HTMLDialogElement', 'dialog');
var dialogSlot = T.privateSlot(), modalDialogs = [];
function DIALOG(d) {
  var s = dialogSlot.get(d);
  if (s === undefined) { s = { modal: false, returnValue: '', previouslyFocused: null }; dialogSlot.set(d, s); }
  return s;
}
reflect(HTMLDialogElement.prototype, { open: ['b'] });
accessors(HTMLDialogElement.prototype, {
  returnValue: [function () { return DIALOG(this).returnValue; }, function (v) { DIALOG(this).returnValue = str(v); }]
});
// §4.11.4.1 "dialog focusing steps": the first focusable descendant (one
// with autofocus first), else the dialog itself.
function focusDialog(dialog) {
  var control = dialog.querySelector('[autofocus]') ||
    dialog.querySelector('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]');
  (control || dialog).focus();
}
function showDialog(dialog, modal) {
  var s = DIALOG(dialog);
  if (N.hasAttr(H(dialog), 'open')) {
    if (s.modal === modal) return;
    throw domError('InvalidStateError', "Failed to execute '" + (modal ? 'showModal' : 'show') + "' on 'HTMLDialogElement': The element already has an 'open' attribute" + (modal ? ', and therefore cannot be opened modally.' : ' and is modal.'));
  }
  if (modal && !dialog.isConnected) throw domError('InvalidStateError', "Failed to execute 'showModal' on 'HTMLDialogElement': The element is not in a Document.");
  N.setAttr(H(dialog), 'open', '');
  s.modal = modal;
  s.previouslyFocused = wrap(N.focused());
  if (modal) { modalDialogs.push(dialog); N.setTopLayer(H(dialog)); }
  focusDialog(dialog);
}
// §4.11.4.2 "close the dialog": the result, focus back where it was, and `close` in a task.
function closeDialog(dialog, result) {
  var s = DIALOG(dialog);
  if (!N.hasAttr(H(dialog), 'open')) return;
  N.removeAttr(H(dialog), 'open');
  if (result !== undefined && result !== null) s.returnValue = str(result);
  s.modal = false;
  var index = modalDialogs.indexOf(dialog);
  if (index >= 0) { modalDialogs.splice(index, 1); N.setTopLayer(internals.__ternModalDialog()); }
  var back = s.previouslyFocused;
  s.previouslyFocused = null;
  if (back && back.isConnected && typeof back.focus === 'function') back.focus();
  T.queueTask(function () { fireTrusted(dialog, new Event('close')); });
}
methods(HTMLDialogElement.prototype, {
  show: function show() { showDialog(this, false); },
  showModal: function showModal() { showDialog(this, true); },
  close: function close(result) { closeDialog(this, result); },
  requestClose: function requestClose(result) { requestDialogClose(this, result); }
});
// A close request (Esc): `cancel`, which the page may cancel, then close.
function requestDialogClose(dialog, result) {
  if (!N.hasAttr(H(dialog), 'open')) return;
  if (fireTrusted(dialog, new Event('cancel', { cancelable: true }))) closeDialog(dialog, result);
}
// For the browser: the topmost open modal dialog, and Esc pressed while it is.
def(internals, '__ternModalDialog', function () {
  while (modalDialogs.length && !(modalDialogs[modalDialogs.length - 1].isConnected && N.hasAttr(H(modalDialogs[modalDialogs.length - 1]), 'open'))) {
    DIALOG(modalDialogs.pop()).modal = false;
  }
  var top = modalDialogs.length ? H(modalDialogs[modalDialogs.length - 1]) : null;
  N.setTopLayer(top);
  return top;
});
def(internals, '__ternCloseRequest', function () {
  var top = internals.__ternModalDialog();
  if (top !== null) requestDialogClose(wrap(top));
});

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
