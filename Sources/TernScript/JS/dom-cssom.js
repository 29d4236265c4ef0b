//# sourceURL=tern:js/dom-cssom.js
// CSSOM (https://drafts.csswg.org/cssom/) and CSSOM View's `matchMedia`:
// `element.style` and `getComputedStyle` (§6.6 CSSStyleDeclaration),
// `document.styleSheets` and `element.sheet` (§6.1 CSSStyleSheet, §6.4
// CSSRule), `matchMedia` (CSSOM View §4.2), `CSS.supports`/`CSS.escape`.
// Parsing, validity and serialisation are native (`DOMBridge+CSSOM`).
//
// Runs on first touch of a name it defines (lazy.js), maybe after the page's
// scripts: what its top level uses comes from T, not from globals.
//
// Runs once per window as the body of function (g, internals, T): see ScriptPrelude.swift.
'use strict';
var N = internals.__ternDOM;
var objectCreate = T.objectCreate, def = T.def, accessors = T.accessors, methods = T.methods, iface = T.iface,
    privateSlot = T.privateSlot, H = T.H, TAG = T.TAG, TYPE = T.TYPE, wrap = T.wrap, isNode = T.isNode,
    documentOf = T.documentOf, asciiLower = T.asciiLower, str = T.str, toIndex = T.toIndex, domError = T.domError,
    EV = T.EV, Event = T.Event, eventClass = T.eventClass, EventTarget = T.EventTarget, dispatch = T.dispatch,
    defineHandlers = T.defineHandlers, Document = T.Document, isMain = T.isMain, defineProperty = T.defineProperty,
    EngineSymbol = T.Symbol;
// Called by earlier files (T.name): there before this file runs, as function declarations are.
T.styleDeclaration = styleDeclaration;

// ---- CSSStyleDeclaration (CSSOM §6.6). A block's state, in a private slot of
// the Proxy and of its target: read() its text (the style attribute, a rule's
// declarations), write(text) (null when read-only), or computed() for
// getComputedStyle, whose declarations are the host's, asked on every read.
var CSSStyleDeclaration = iface('CSSStyleDeclaration');
/// WebIDL's DOMString conversion: a Symbol is a TypeError (String() would name it).
function cssString(value) {
  if (typeof value === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
  return str(value);
}
var declSlot = privateSlot();
function DECL(o) {
  var s = declSlot.get(o);
  if (s === undefined) throw new TypeError('Illegal invocation');
  return s;
}
function parseBlock(text) {
  var flat = N.styleParse(text), out = [];
  for (var i = 0; i + 2 < flat.length; i += 3) out.push([flat[i], flat[i + 1], flat[i + 2] === 'important']);
  return out;
}
// The host answers one array per style box (elements styled alike share
// one): its list is made once. Callers never change a list they are given.
var computedLists = new T.WeakMap();
function declarationsOf(s) {
  if (s.computed) {
    var flat = s.computed();
    if (!flat) return [];
    var out = computedLists.get(flat);
    if (out) return out;
    out = [];
    for (var i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1], false]);
    computedLists.set(flat, out);
    return out;
  }
  var text = s.read();
  // The text last written or parsed is not parsed again (§6.7 "update style attribute"'s mutation flag).
  if (text !== s.text) { s.text = text; s.list = parseBlock(text); }
  return s.list;
}
// The declarations as one string for Swift (DOMBridge+CSSOM.swift's `declarations`):
// each name and value after its length and a comma, then `!` when important, else `;`.
function pack(list) {
  var out = '';
  for (var i = 0; i < list.length; i++) {
    var d = list[i];
    out += d[0].length + ',' + d[0] + d[1].length + ',' + d[1] + (d[2] ? '!' : ';');
  }
  return out;
}
// §6.7.2, shorthands recombined from their longhands (CSSOMShorthands).
function serializeBlock(list) { return N.styleSerialize(pack(list)); }
function writable(s) {
  if (!s.write) throw domError('NoModificationAllowedError', 'These styles are computed, and therefore read-only.');
}
function commitBlock(s, list) {
  s.list = list;
  s.text = serializeBlock(list);
  s.write(s.text);
}
function propertyKey(name) { name = cssString(name); return name.indexOf('--') === 0 ? name : asciiLower(name); }
function findDeclaration(list, name) {
  for (var i = 0; i < list.length; i++) if (list[i][0] === name) return i;
  return -1;
}
accessors(CSSStyleDeclaration.prototype, {
  cssText: [function () { var s = DECL(this); return s.computed ? '' : serializeBlock(declarationsOf(s)); },
            function (v) { var s = DECL(this); writable(s); commitBlock(s, parseBlock(v === null ? '' : cssString(v))); }],
  length: [function () { return declarationsOf(DECL(this)).length; }],
  parentRule: [function () { return DECL(this).rule || null; }],
  cssFloat: [function () { return this.getPropertyValue('float'); }, function (v) { this.setProperty('float', v); }]
});
methods(CSSStyleDeclaration.prototype, {
  item: function (index) {
    var d = declarationsOf(DECL(this))[index >>> 0];
    return d ? d[0] : '';
  },
  // A shorthand kept as its longhands reads back from them (§6.6).
  getPropertyValue: function (name) {
    var list = declarationsOf(DECL(this)), key = propertyKey(name), i = findDeclaration(list, key);
    if (i >= 0) return list[i][1];
    return N.styleLonghands(key).length ? N.styleShorthandValue(key, pack(list)) : '';
  },
  getPropertyPriority: function (name) {
    var list = declarationsOf(DECL(this)), key = propertyKey(name), i = findDeclaration(list, key);
    if (i >= 0) return list[i][2] ? 'important' : '';
    var longhands = N.styleLonghands(key);
    return longhands.length && longhands.every(function (n) { var j = findDeclaration(list, n); return j >= 0 && list[j][2]; })
      ? 'important' : '';
  },
  // §6.6 setProperty: an unsupported property, an unknown priority or an
  // invalid value changes nothing; "" removes.
  setProperty: function (name, value, priority) {
    var s = DECL(this);
    writable(s);
    name = propertyKey(name);
    if (!N.styleSupported(name)) return;
    value = value === null ? '' : cssString(value);
    if (value === '') { this.removeProperty(name); return; }
    priority = priority === undefined ? '' : cssString(priority);
    if (priority !== '' && asciiLower(priority) !== 'important') return;
    var parsed = N.styleValue(name, value);
    if (parsed === null) return;
    var list = declarationsOf(s).slice();
    for (var k = 0; k + 1 < parsed.length; k += 2) {
      var i = findDeclaration(list, parsed[k]), declaration = [parsed[k], parsed[k + 1], priority !== ''];
      if (i >= 0) list[i] = declaration; else list.push(declaration);
    }
    commitBlock(s, list);
  },
  // A shorthand removes its longhands, and returns the value they made (§6.6).
  removeProperty: function (name) {
    var s = DECL(this);
    writable(s);
    name = propertyKey(name);
    var old = this.getPropertyValue(name), longhands = N.styleLonghands(name);
    var list = declarationsOf(s).filter(function (d) { return d[0] !== name && longhands.indexOf(d[0]) < 0; });
    if (list.length === declarationsOf(s).length) return '';
    commitBlock(s, list);
    return old;
  }
});
// WebIDL §3.7.8: an indexed getter and a length make the declarations iterable (for…of, spread).
def(CSSStyleDeclaration.prototype, EngineSymbol.iterator, T.arrayValues);
// The IDL attributes of each supported property: camel-cased (backgroundColor),
// webkit-cased (webkitTransform) and dashed (['background-color']).
/// The property an attribute `key` names, or null. A computed block also
/// has an attribute for each property the host computes.
function attributeProperty(key, s) {
  if (typeof key !== 'string' || key === '' || key.indexOf('--') === 0) return null;
  var name = key;
  if (key.indexOf('-') < 0) {
    name = key.replace(/[A-Z]/g, function (m) { return '-' + m.toLowerCase(); });
    if (/^webkit-/.test(name)) name = '-' + name;
  } else if (key !== asciiLower(key)) {
    return null;
  }
  if (N.styleSupported(name) || (s.computed && findDeclaration(declarationsOf(s), name) >= 0)) return name;
  return null;
}
var declarationHandler = {
  get: function (t, key, receiver) {
    if (typeof key !== 'string' || key in t) return Reflect.get(t, key, receiver);
    var i = toIndex(key);
    if (i >= 0) return i < receiver.length ? receiver.item(i) : undefined;
    var name = attributeProperty(key, DECL(t));
    return name === null ? undefined : receiver.getPropertyValue(name);
  },
  set: function (t, key, value, receiver) {
    var name = typeof key === 'string' && !(key in t) ? attributeProperty(key, DECL(t)) : null;
    if (name === null) return Reflect.set(t, key, value, receiver);
    receiver.setProperty(name, value === null ? '' : value);
    return true;
  },
  has: function (t, key) {
    if (key in t) return true;
    var i = toIndex(key);
    return i >= 0 ? i < declarationsOf(DECL(t)).length : attributeProperty(key, DECL(t)) !== null;
  }
};
function declarationBlock(state) {
  var target = objectCreate(CSSStyleDeclaration.prototype);
  declSlot.set(target, state);
  var proxy = new Proxy(target, declarationHandler);
  declSlot.set(proxy, state);
  return proxy;
}
/// element.style: the style attribute's declarations (§6.7).
function styleDeclaration(element) {
  var h = H(element);
  // The element's wrapper is kept (`owner`): the block names its node by handle.
  return declarationBlock({ text: null, list: [], owner: element,
    read: function () { var v = N.attr(h, 'style'); return v === null ? '' : v; },
    write: function (text) { N.setAttr(h, 'style', text); } });
}

// ---- getComputedStyle (CSSOM §9): read-only, live; "" for what the host does not compute.
var pseudoKinds = { '::before': 1, ':before': 1, '::after': 2, ':after': 2, '::marker': 3 };
def(g, 'getComputedStyle', function getComputedStyle(element, pseudoElement) {
  if (arguments.length < 1) throw new TypeError("Failed to execute 'getComputedStyle': 1 argument required.");
  var h = isNode(element) && TYPE(element) === 1 ? H(element) : undefined;
  if (h === undefined) throw new TypeError("Failed to execute 'getComputedStyle': parameter 1 is not of type 'Element'.");
  var kind = 0;
  if (pseudoElement !== undefined && pseudoElement !== null) {
    var text = cssString(pseudoElement);
    // Only a value starting with a colon names a pseudo-element; one Tern does not draw has no style.
    if (text.charAt(0) === ':') kind = pseudoKinds[asciiLower(text)] || -1;
  }
  return declarationBlock({ write: null, owner: element,
    computed: function () { return kind < 0 ? null : N.computedStyle(h, kind); } });
});

// ---- MediaList (CSSOM §4.1), over a sheet's media.
var MediaList = iface('MediaList');
var mediaSlot = privateSlot();
function MEDIA(o) { var s = mediaSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
function mediaItems(list) { var text = list.mediaText; return text === '' ? [] : text.split(',').map(function (m) { return m.trim(); }); }
accessors(MediaList.prototype, {
  mediaText: [function () { return N.sheetMedia(MEDIA(this).sh); },
              function (v) { N.setSheetMedia(MEDIA(this).sh, v === null ? '' : N.mediaText(cssString(v))); }],
  length: [function () { return mediaItems(this).length; }]
});
methods(MediaList.prototype, {
  item: function (index) { var m = mediaItems(this)[index >>> 0]; return m === undefined ? null : m; },
  appendMedium: function (medium) {
    if (arguments.length < 1) throw new TypeError("Failed to execute 'appendMedium': 1 argument required.");
    medium = N.mediaText(cssString(medium));
    var items = mediaItems(this);
    if (medium === '' || items.indexOf(medium) >= 0) return;
    items.push(medium);
    this.mediaText = items.join(', ');
  },
  deleteMedium: function (medium) {
    if (arguments.length < 1) throw new TypeError("Failed to execute 'deleteMedium': 1 argument required.");
    medium = N.mediaText(cssString(medium));
    var items = mediaItems(this), i = items.indexOf(medium);
    if (i < 0) throw domError('NotFoundError', 'The medium is not in the list.');
    items.splice(i, 1);
    this.mediaText = items.join(', ');
  },
  toString: function () { return this.mediaText; }
});

// ---- StyleSheet, CSSStyleSheet (CSSOM §6.1): one wrapper per sheet handle.
var StyleSheet = iface('StyleSheet');
var CSSStyleSheet = iface('CSSStyleSheet', StyleSheet);
var sheetSlot = privateSlot(), sheetWrappers = objectCreate(null);
function SHEET(o) { var s = sheetSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
function sheetWrapper(sh, owner) {
  var w = sheetWrappers[sh];
  if (w !== undefined) return w;
  w = objectCreate(CSSStyleSheet.prototype);
  sheetSlot.set(w, { sh: sh, owner: owner, media: null, rules: null, revision: -1, ruleObjects: [] });
  sheetWrappers[sh] = w;
  return w;
}
/// The host's sheets of the main document, as wrappers.
function documentSheets() {
  var flat = N.sheets(), out = [];
  for (var i = 0; i + 1 < flat.length; i += 2) out.push(sheetWrapper(flat[i], wrap(flat[i + 1])));
  return out;
}
function sheetOf(element) {
  if (!isMain(documentOf(element))) return null;
  var sheets = documentSheets();
  for (var i = 0; i < sheets.length; i++) if (SHEET(sheets[i]).owner === element) return sheets[i];
  return null;
}
accessors(StyleSheet.prototype, {
  type: [function () { SHEET(this); return 'text/css'; }],
  href: [function () { var s = SHEET(this); return TAG(s.owner) === 'link' ? N.sheetURL(s.sh) : null; }],
  ownerNode: [function () { return SHEET(this).owner; }],
  parentStyleSheet: [function () { SHEET(this); return null; }],
  title: [function () { var t = N.attr(H(SHEET(this).owner), 'title'); return t === null || t === '' ? null : t; }],
  media: [function () {
    var s = SHEET(this);
    if (!s.media) { s.media = objectCreate(MediaList.prototype); mediaSlot.set(s.media, { sh: s.sh }); }
    return s.media;
  }, function (v) { this.media.mediaText = v; }],
  disabled: [function () { return N.sheetDisabled(SHEET(this).sh); }, function (v) { N.setSheetDisabled(SHEET(this).sh, !!v); }]
});
// The sheet's rules: rule objects kept while the sheet's revision stays;
// after a change, an unchanged rule keeps its object.
function ruleObjects(s, sheet) {
  var revision = N.sheetRevision(s.sh);
  if (revision === s.revision) return s.ruleObjects;
  s.revision = revision;
  s.ruleObjects = reuseRules(s.ruleObjects, N.sheetRules(s.sh), function (text) { return makeRule(sheet, text); });
  return s.ruleObjects;
}
/// Rule objects for `texts`: one of `old` with the same text where there is one, else `make(text)`.
function reuseRules(old, texts, make) {
  old = old.slice();
  return texts.map(function (text) {
    for (var j = 0; j < old.length; j++) if (RULE(old[j]).text === text) return old.splice(j, 1)[0];
    return make(text);
  });
}
/// §6.1: a linked sheet from another origin has no readable or writable rules.
function originClean(s) {
  if (TAG(s.owner) === 'link' && !N.sheetOriginClean(s.sh)) throw domError('SecurityError', 'Cannot access rules of a style sheet from another origin.');
  return s;
}
function sheetRuleList(sheet) {
  var s = originClean(SHEET(sheet));
  if (!s.rules) s.rules = ruleList(sheet);
  return s.rules;
}
/// The IDL `unsigned long` of an index argument: Number() here (a throwing
/// valueOf throws, a Symbol is a TypeError), ToUint32 natively (WebIDL.swift).
function indexArgument(value) { return value === undefined ? 0 : Number(value); }
accessors(CSSStyleSheet.prototype, {
  ownerRule: [function () { SHEET(this); return null; }],
  cssRules: [function () { return sheetRuleList(this); }],
  rules: [function () { return sheetRuleList(this); }]
});
methods(CSSStyleSheet.prototype, {
  insertRule: function (rule, index) {
    var s = originClean(SHEET(this));
    if (arguments.length < 1) throw new TypeError("Failed to execute 'insertRule': 1 argument required.");
    return N.insertRule(s.sh, cssString(rule), indexArgument(index));
  },
  deleteRule: function (index) {
    var s = originClean(SHEET(this));
    if (arguments.length < 1) throw new TypeError("Failed to execute 'deleteRule': 1 argument required.");
    N.deleteRule(s.sh, indexArgument(index));
  },
  // §6.1.2 legacy members.
  addRule: function (selector, style, index) {
    var s = originClean(SHEET(this));
    style = cssString(style);
    var text = cssString(selector) + ' { ' + (style === '' ? '' : style + ' ') + '}';
    N.insertRule(s.sh, text, index === undefined ? ruleObjects(s, this).length : Number(index));
    return -1;
  },
  removeRule: function (index) { N.deleteRule(originClean(SHEET(this)).sh, indexArgument(index)); }
});
var StyleSheetList = iface('StyleSheetList');
// A list's slot: whether its document is the window's (another has no sheets).
var sheetListSlot = privateSlot();
function listedSheets(list) {
  var main = sheetListSlot.get(list);
  if (main === undefined) throw new TypeError('Illegal invocation');
  return main ? documentSheets() : [];
}
var styleSheetListHandler = {
  get: function (t, key, receiver) {
    var i = toIndex(key);
    return i >= 0 ? listedSheets(t)[i] : Reflect.get(t, key, receiver);
  },
  has: function (t, key) { var i = toIndex(key); return i >= 0 ? i < listedSheets(t).length : key in t; }
};
accessors(StyleSheetList.prototype, { length: [function () { return listedSheets(this).length; }] });
methods(StyleSheetList.prototype, {
  item: function (index) { var sheet = listedSheets(this)[index >>> 0]; return sheet === undefined ? null : sheet; }
});
var styleSheetsKey = EngineSymbol('styleSheets');
accessors(Document.prototype, {
  styleSheets: [function () {
    if (this[styleSheetsKey]) return this[styleSheetsKey];
    var target = objectCreate(StyleSheetList.prototype), main = isMain(this);
    sheetListSlot.set(target, main);
    var list = new Proxy(target, styleSheetListHandler);
    sheetListSlot.set(list, main);
    return (this[styleSheetsKey] = list);
  }]
});
accessors(T.HTMLStyleElement.prototype, { sheet: [function () { return sheetOf(this); }] });
accessors(T.HTMLLinkElement.prototype, { sheet: [function () { return sheetOf(this); }] });

// ---- CSSRuleList and CSSRule (CSSOM §6.3, §6.4).
var CSSRuleList = iface('CSSRuleList');
var ruleListSlot = privateSlot();
/// A list's owner: a sheet, or a grouping rule (§6.4.6).
function listRules(list) {
  var owner = ruleListSlot.get(list);
  if (owner === undefined) throw new TypeError('Illegal invocation');
  return ruleSlot.get(owner) !== undefined ? childRuleObjects(owner) : ruleObjects(SHEET(owner), owner);
}
function ruleList(owner) {
  var target = objectCreate(CSSRuleList.prototype);
  ruleListSlot.set(target, owner);
  var list = new Proxy(target, ruleListHandler);
  ruleListSlot.set(list, owner);
  return list;
}
var ruleListHandler = {
  get: function (t, key, receiver) {
    var i = toIndex(key);
    if (i >= 0) return listRules(receiver)[i];
    return Reflect.get(t, key, receiver);
  },
  has: function (t, key) { var i = toIndex(key); return i >= 0 ? i < listRules(t).length : key in t; }
};
accessors(CSSRuleList.prototype, { length: [function () { return listRules(this).length; }] });
methods(CSSRuleList.prototype, {
  item: function (index) { var rule = listRules(this)[index >>> 0]; return rule === undefined ? null : rule; }
});
var CSSRule = iface('CSSRule');
var ruleTypes = { __proto__: null, STYLE_RULE: 1, CHARSET_RULE: 2, IMPORT_RULE: 3, MEDIA_RULE: 4, FONT_FACE_RULE: 5, PAGE_RULE: 6,
                  KEYFRAMES_RULE: 7, KEYFRAME_RULE: 8, MARGIN_RULE: 9, NAMESPACE_RULE: 10, COUNTER_STYLE_RULE: 11,
                  SUPPORTS_RULE: 12, FONT_FEATURE_VALUES_RULE: 14 };
for (var ruleType in ruleTypes) {
  defineProperty(CSSRule, ruleType, { __proto__: null, value: ruleTypes[ruleType], enumerable: true });
  defineProperty(CSSRule.prototype, ruleType, { __proto__: null, value: ruleTypes[ruleType], enumerable: true });
}
var CSSStyleRule = iface('CSSStyleRule', CSSRule);
var CSSGroupingRule = iface('CSSGroupingRule', CSSRule);
var CSSConditionRule = iface('CSSConditionRule', CSSGroupingRule);
var ruleInterfaces = { 1: CSSStyleRule, 3: iface('CSSImportRule', CSSRule), 4: iface('CSSMediaRule', CSSConditionRule),
  5: iface('CSSFontFaceRule', CSSRule), 6: iface('CSSPageRule', CSSRule), 7: iface('CSSKeyframesRule', CSSRule),
  10: iface('CSSNamespaceRule', CSSRule), 12: iface('CSSSupportsRule', CSSConditionRule) };
var ruleSlot = privateSlot();
function RULE(o) { var s = ruleSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
function setRuleText(s, text) {
  var parts = N.ruleParts(text);
  s.text = text; s.type = +parts[0]; s.selector = parts[1]; s.block = parts[2];
}
function makeRule(sheet, text, parent) {
  var s = { sheet: sheet, style: null, parent: parent || null };
  setRuleText(s, text);
  var rule = objectCreate((ruleInterfaces[s.type] || CSSRule).prototype);
  ruleSlot.set(rule, s);
  return rule;
}
/// A grouping rule's child rules, as ruleObjects keeps a sheet's: an unchanged rule keeps its object.
function childRuleObjects(group) {
  var g = RULE(group);
  if (g.childrenOf === g.text) return g.children;
  g.childrenOf = g.text;
  g.children = reuseRules(g.children || [], N.groupRules(g.text), function (text) { return makeRule(g.sheet, text, group); });
  return g.children;
}
/// A rule's new text replaces it in its sheet, or in its grouping rule,
/// which is replaced in turn (its object stays).
function replaceRule(rule, text) {
  var s = RULE(rule);
  if (s.parent) {
    var siblings = childRuleObjects(s.parent), at = siblings.indexOf(rule), parentText = RULE(s.parent).text;
    if (at < 0) { setRuleText(s, text); return; }
    var inserted = N.groupInsert(parentText, text, at), replaced = N.groupDelete(inserted, at + 1);
    setRuleText(s, N.groupRules(replaced)[at]);
    replaceRule(s.parent, replaced);
    return;
  }
  var sheetState = SHEET(s.sheet), rules = ruleObjects(sheetState, s.sheet), i = rules.indexOf(rule);
  if (i < 0) { setRuleText(s, text); return; }
  setRuleText(s, N.replaceRule(sheetState.sh, i, text));
  sheetState.revision = N.sheetRevision(sheetState.sh);
}
accessors(CSSRule.prototype, {
  cssText: [function () { return RULE(this).text; }, function () {}],
  type: [function () { return RULE(this).type; }],
  parentStyleSheet: [function () { return RULE(this).sheet; }],
  parentRule: [function () { return RULE(this).parent; }]
});
// CSSGroupingRule (§6.4.6): @media and @supports hold rules.
accessors(CSSGroupingRule.prototype, {
  cssRules: [function () { var s = RULE(this); if (!s.rules) s.rules = ruleList(this); return s.rules; }]
});
methods(CSSGroupingRule.prototype, {
  insertRule: function (rule, index) {
    var s = RULE(this);
    if (arguments.length < 1) throw new TypeError("Failed to execute 'insertRule': 1 argument required.");
    index = indexArgument(index);
    replaceRule(this, N.groupInsert(s.text, cssString(rule), index));
    return index >>> 0;
  },
  deleteRule: function (index) {
    var s = RULE(this);
    if (arguments.length < 1) throw new TypeError("Failed to execute 'deleteRule': 1 argument required.");
    replaceRule(this, N.groupDelete(s.text, indexArgument(index)));
  }
});
accessors(CSSStyleRule.prototype, {
  selectorText: [function () { return RULE(this).selector; }, function (v) {
    var s = RULE(this);
    // An invalid selector changes nothing.
    try { replaceRule(this, cssString(v) + ' { ' + s.block + ' }'); } catch (e) {}
  }],
  style: [function () {
    var s = RULE(this), rule = this;
    if (!s.style) {
      s.style = declarationBlock({ text: null, list: [], rule: rule,
        read: function () { return s.block; },
        write: function (text) { replaceRule(rule, s.selector + ' { ' + text + ' }'); } });
    }
    return s.style;
  }, function (v) { this.style.cssText = v; }]
});

// ---- matchMedia (CSSOM View §4.2). A list is kept, to report its changes,
// once it has a listener (one without cannot be observed, and goes away).
var MediaQueryList = iface('MediaQueryList', EventTarget);
var MediaQueryListEvent = eventClass('MediaQueryListEvent', Event, { media: '', matches: false });
var mqlSlot = privateSlot(), watchedLists = [], createdLists = 0;
function MQL(o) { var s = mqlSlot.get(o); if (s === undefined) throw new TypeError('Illegal invocation'); return s; }
function watch(list) {
  var s = MQL(list);
  if (s.watched) return;
  s.watched = true;
  s.matches = N.mediaMatches(s.query);
  watchedLists.push(list);
  watchedLists.sort(function (a, b) { return MQL(a).order - MQL(b).order; });
}
def(g, 'matchMedia', function matchMedia(query) {
  if (arguments.length < 1) throw new TypeError("Failed to execute 'matchMedia': 1 argument required.");
  query = cssString(query);
  var list = objectCreate(MediaQueryList.prototype);
  mqlSlot.set(list, { query: query, media: N.mediaText(query), matches: false, watched: false, order: createdLists++ });
  return list;
});
accessors(MediaQueryList.prototype, {
  media: [function () { return MQL(this).media; }],
  matches: [function () { return N.mediaMatches(MQL(this).query); }]
});
methods(MediaQueryList.prototype, {
  addEventListener: function (type, callback, options) { watch(this); EventTarget.prototype.addEventListener.call(this, type, callback, options); },
  // The legacy pair: a change listener without options.
  addListener: function (callback) { watch(this); EventTarget.prototype.addEventListener.call(this, 'change', callback); },
  removeListener: function (callback) { MQL(this); this.removeEventListener('change', callback); }
});
defineHandlers(MediaQueryList.prototype, ['change']);
(function () {
  var handler = T.getOwnPropertyDescriptor(MediaQueryList.prototype, 'onchange');
  accessors(MediaQueryList.prototype, { onchange: [handler.get, function (value) { watch(this); handler.set.call(this, value); }] });
})();
// "Evaluate media queries and report changes": oldest list first, each
// whose answer changed fires change.
def(internals, '__ternMediaChanged', function () {
  watchedLists.slice().forEach(function (list) {
    var s = MQL(list), matches = N.mediaMatches(s.query);
    if (matches === s.matches) return;
    s.matches = matches;
    var event = new MediaQueryListEvent('change', { media: s.media, matches: matches });
    event[EV].trusted = true;
    dispatch(list, event);
  });
});

// ---- The browser's window as CSSOM View sees it (§4 "Extensions to the
// Window interface", §4.3 the Screen interface, §4.4 VisualViewport): the
// terminal, where a cell is 8 × 16 CSS px (MediaEnvironment) and a CSS px is
// a device pixel. The size follows the terminal (or --width).
function viewportWidth() { return N.viewportSize(0); }
function viewportHeight() { return N.viewportSize(1); }
// A [Replaceable] attribute: a page that sets it gets its own value.
function replaceable(object, table) {
  for (var name in table) (function (name, get) {
    defineProperty(object, name, { __proto__: null, enumerable: false, configurable: true, get: get,
      set: function (value) { defineProperty(g, name, { __proto__: null, value: value, writable: true, enumerable: true, configurable: true }); } });
  })(name, table[name]);
}
function zero() { return 0; }
replaceable(g, { __proto__: null, innerWidth: viewportWidth, innerHeight: viewportHeight, outerWidth: viewportWidth, outerHeight: viewportHeight,
  screenX: zero, screenY: zero, screenLeft: zero, screenTop: zero, devicePixelRatio: function () { return 1; },
  scrollX: zero, pageXOffset: zero, scrollY: scrollOffset, pageYOffset: scrollOffset });
function scrollOffset() { return N.scrollOffset(); }
var Screen = iface('Screen');
accessors(Screen.prototype, { width: [viewportWidth], height: [viewportHeight], availWidth: [viewportWidth],
  availHeight: [viewportHeight], availLeft: [zero], availTop: [zero],
  colorDepth: [function () { return 24; }], pixelDepth: [function () { return 24; }] });
var screenObject = objectCreate(Screen.prototype);
replaceable(g, { __proto__: null, screen: function () { return screenObject; } });
var VisualViewport = iface('VisualViewport', EventTarget);
accessors(VisualViewport.prototype, { offsetLeft: [zero], offsetTop: [zero], pageLeft: [zero], pageTop: [scrollOffset],
  width: [viewportWidth], height: [viewportHeight], scale: [function () { return 1; }] });
defineHandlers(VisualViewport.prototype, ['resize', 'scroll', 'scrollend']);
var visualViewport = objectCreate(VisualViewport.prototype);
replaceable(g, { __proto__: null, visualViewport: function () { return visualViewport; } });
T.visualViewportResized = function () {
  var event = new Event('resize');
  event[EV].trusted = true;
  dispatch(visualViewport, event);
};

// ---- Geometry Interfaces §2: DOMRectReadOnly, DOMRect, and CSSOM View's
// DOMRectList. Coordinates are unrestricted doubles (NaN stays NaN).
var rectSlot = privateSlot();
function RECT(r) {
  var s = rectSlot.get(r);
  if (s === undefined) throw new TypeError('Illegal invocation');
  return s;
}
function coordinate(value) { return value === undefined ? 0 : +value; }
function rectOf(proto, x, y, width, height) {
  var r = objectCreate(proto);
  rectSlot.set(r, { x: coordinate(x), y: coordinate(y), width: coordinate(width), height: coordinate(height) });
  return r;
}
function rectConstructor(name) {
  return function (x, y, width, height) {
    if (new.target === undefined) throw new TypeError("Failed to construct '" + name + "': Please use the 'new' operator.");
    return rectOf(new.target.prototype, x, y, width, height);
  };
}
function min(a, b) { return a !== a || b !== b ? NaN : a < b ? a : b; }
function max(a, b) { return a !== a || b !== b ? NaN : a > b ? a : b; }
var DOMRectReadOnly = iface('DOMRectReadOnly', null, rectConstructor('DOMRectReadOnly'));
accessors(DOMRectReadOnly.prototype, {
  x: [function () { return RECT(this).x; }], y: [function () { return RECT(this).y; }],
  width: [function () { return RECT(this).width; }], height: [function () { return RECT(this).height; }],
  top: [function () { var s = RECT(this); return min(s.y, s.y + s.height); }],
  right: [function () { var s = RECT(this); return max(s.x, s.x + s.width); }],
  bottom: [function () { var s = RECT(this); return max(s.y, s.y + s.height); }],
  left: [function () { var s = RECT(this); return min(s.x, s.x + s.width); }]
});
methods(DOMRectReadOnly.prototype, {
  toJSON: function toJSON() {
    var s = RECT(this);
    return { x: s.x, y: s.y, width: s.width, height: s.height, top: this.top, right: this.right, bottom: this.bottom, left: this.left };
  }
});
function fromRect(C) {
  return function fromRect(other) {
    other = other === undefined || other === null ? {} : other;
    return rectOf(C.prototype, other.x, other.y, other.width, other.height);
  };
}
def(DOMRectReadOnly, 'fromRect', fromRect(DOMRectReadOnly));
var DOMRect = iface('DOMRect', DOMRectReadOnly, rectConstructor('DOMRect'));
accessors(DOMRect.prototype, {
  x: [function () { return RECT(this).x; }, function (v) { RECT(this).x = +v; }],
  y: [function () { return RECT(this).y; }, function (v) { RECT(this).y = +v; }],
  width: [function () { return RECT(this).width; }, function (v) { RECT(this).width = +v; }],
  height: [function () { return RECT(this).height; }, function (v) { RECT(this).height = +v; }]
});
def(DOMRect, 'fromRect', fromRect(DOMRect));
var DOMRectList = iface('DOMRectList');
var rectListSlot = privateSlot();
accessors(DOMRectList.prototype, { length: [function () { return rectListSlot.get(this).length; }] });
methods(DOMRectList.prototype, { item: function item(index) { var list = rectListSlot.get(this); index = index >>> 0; return index < list.length ? list[index] : null; } });
function rectList(rects) {
  var list = objectCreate(DOMRectList.prototype);
  rectListSlot.set(list, rects);
  for (var i = 0; i < rects.length; i++) defineProperty(list, i, { __proto__: null, value: rects[i], enumerable: true });
  return list;
}

// CSSOM View §6.1: an element's border box relative to the viewport (a zero
// rectangle for an element with no box), and its boxes (none without one).
function boundingClientRect(element) {
  var box = N.boundingBox(H(element));
  return box === null ? rectOf(DOMRect.prototype, 0, 0, 0, 0) : rectOf(DOMRect.prototype, box[0], box[1], box[2], box[3]);
}
function clientRects(element) {
  var box = N.boundingBox(H(element));
  return rectList(box === null ? [] : [rectOf(DOMRect.prototype, box[0], box[1], box[2], box[3])]);
}
// Range §… (CSSOM View §6.2 "Extensions to the Range interface"): the boxes of the elements the range touches, here
// the box of the element holding its start (and of its end), united.
function rangeBoundingClientRect(start, end) {
  var a = start === null ? null : N.boundingBox(start), b = end === null || end === start ? null : N.boundingBox(end);
  if (a === null && b === null) return rectOf(DOMRect.prototype, 0, 0, 0, 0);
  if (a === null || b === null) { var only = a || b; return rectOf(DOMRect.prototype, only[0], only[1], only[2], only[3]); }
  var left = min(a[0], b[0]), top = min(a[1], b[1]);
  return rectOf(DOMRect.prototype, left, top, max(a[0] + a[2], b[0] + b[2]) - left, max(a[1] + a[3], b[1] + b[3]) - top);
}
// CSSOM View §4 scroll(), scrollTo(), scrollBy() of the window (x is
// ignored: a page scrolls sideways only where it is wider than the terminal)
// and §6.1 scrollIntoView(): the viewport shows the element's box at its
// top (block "start", the default), middle or bottom.
function scrollTarget(args, relative) {
  var y;
  if (args.length === 1 && args[0] !== null && typeof args[0] === 'object') y = args[0].top;
  else y = args[1];
  y = y === undefined ? (relative ? 0 : N.scrollOffset()) : +y;
  if (y !== y) y = 0;
  return relative ? N.scrollOffset() + y : y;
}
def(g, 'scroll', function scroll() { N.scrollTo(scrollTarget(arguments, false)); });
def(g, 'scrollTo', function scrollTo() { N.scrollTo(scrollTarget(arguments, false)); });
def(g, 'scrollBy', function scrollBy() { N.scrollTo(scrollTarget(arguments, true)); });
T.scrollIntoView = function (element, arg) {
  var box = N.boundingBox(H(element));
  if (box === null) return;
  var block = arg === false ? 'end' : arg !== null && typeof arg === 'object' && arg.block !== undefined ? str(arg.block) : 'start';
  var top = box[1] + N.scrollOffset(), height = N.viewportSize(1);
  if (block === 'center') top -= (height - box[3]) / 2;
  else if (block === 'end') top -= height - box[3];
  else if (block === 'nearest') { if (box[1] >= 0 && box[1] + box[3] <= height) return; if (box[1] > 0) top -= height - box[3]; }
  N.scrollTo(top < 0 ? 0 : top);
};
T.boundingClientRect = boundingClientRect; T.clientRects = clientRects;
T.domRect = function (r) { return rectOf(DOMRectReadOnly.prototype, r.x, r.y, r.width, r.height); };
T.rangeBoundingClientRect = rangeBoundingClientRect;
T.rectList = function (rect) { return rectList(rect.width === 0 && rect.height === 0 ? [] : [rect]); };

// ---- The CSS namespace (CSSOM §2.1, CSS Conditional 3 §8.1).
var CSSNamespace = objectCreate(T.ObjectPrototype);
methods(CSSNamespace, {
  supports: function supports(conditionOrProperty, value) {
    if (arguments.length < 1) throw new TypeError("Failed to execute 'supports': 1 argument required.");
    return arguments.length === 1 ? N.supportsCondition(cssString(conditionOrProperty)) : N.supports(cssString(conditionOrProperty), cssString(value));
  },
  escape: function escape(ident) {
    if (arguments.length < 1) throw new TypeError("Failed to execute 'escape': 1 argument required.");
    return N.escape(cssString(ident));
  }
});
defineProperty(CSSNamespace, EngineSymbol.toStringTag, { __proto__: null, value: 'CSS', configurable: true });
def(g, 'CSS', CSSNamespace);
