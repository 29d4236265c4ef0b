//# sourceURL=tern:js/dom-foreign-elements.js
// `SVGElement` and `MathMLElement`, after dom-html.js: the members HTML
// shares with them (HTMLOrSVGElement, ElementCSSInlineStyle,
// GlobalEventHandlers) are HTMLElement's own accessors, copied.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var iface = T.iface, protoByType = T.protoByType, handlerNames = T.handlerNames, Element = T.Element,
    HTMLElement = T.HTMLElement;

var SVGElement = iface('SVGElement', Element), MathMLElement = iface('MathMLElement', Element);
protoByType[-1] = SVGElement.prototype;
protoByType[-2] = MathMLElement.prototype;
var sharedMembers = ['style', 'dataset', 'tabIndex', 'nonce', 'autofocus', 'focus', 'blur'].concat(handlerNames.map(function (n) { return 'on' + n; }));
[SVGElement, MathMLElement].forEach(function (C) {
  sharedMembers.forEach(function (name) {
    var descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    if (descriptor) Object.defineProperty(C.prototype, name, descriptor);
  });
});
