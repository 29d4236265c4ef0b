#!/usr/bin/env python3
"""Writes the style bench's generated pages, each beside its stylesheets.

    gen_style_pages.py OUTDIR

Deterministic (fixed seeds), in the manner of shared/bench/gen_stress.py:

  rustdoc/std/vec/struct.Vec.html + rustdoc/static.files/rustdoc.css
      a page shaped like rustdoc's (a sidebar of ~400 links, ~400 methods in
      <details> with code headers, doc blocks and highlighted examples), with
      a sheet shaped like rustdoc's (custom properties for three themes,
      media queries, ~400 rules);
  stress/stress.html + stress/stress.css
      50,000 elements in 5,000 cards and a sheet of 10,000 rules (classes,
      ids, descendant and child combinators, attributes, :nth-child, :not,
      :is, :where, ::before, @media);
  stress/stress_x2.html
      the same page with 10,000 cards (100,000 elements) and the same sheet,
      for the linearity check.

The Sphinx page is a real one (Python's docs, installed by the corpus build);
see styles.py.
"""
import os
import random
import sys

WORDS = ("the vector returns an element slice capacity length index buffer allocation "
         "memory iterator value reference mutable borrowed owned pointer panics if "
         "out of bounds and removes inserts shifts all elements after it to the right "
         "this operation is constant time amortized").split()


def words(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


# ------------------------------------------------------------------ rustdoc-like

RUST_KINDS = ["struct", "enum", "trait", "fn", "macro", "mod", "type", "constant", "static",
              "union", "primitive", "keyword", "attr", "derive", "traitalias", "foreigntype"]

RUSTDOC_CORE = """
:root{--nav-sub-mobile-padding:8px;--search-typename-width:6.75rem;--desktop-sidebar-width:200px;
--src-sidebar-width:300px;--desktop-sidebar-z-index:100;--sidebar-elems-left-padding:24px;
--clipboard-image:url("clipboard.svg");--copy-path-height:34px;--copy-path-width:33px;
--checkmark-image:url("check.svg");--button-left-margin:4px;--button-border-radius:2px;
--toolbar-button-border-radius:6px;--code-block-border-radius:6px;--impl-items-indent:0.3em;
--docblock-indent:24px;--font-family:"Source Serif 4",NanumBarunGothic,serif;
--font-family-code:"Source Code Pro",monospace;--line-number-padding:4px;--line-number-min-width:calc(2ch + var(--line-number-padding) * 2)}
@font-face{font-family:'Fira Sans';font-style:normal;font-weight:400;src:local('Fira Sans'),url("FiraSans-Regular.woff2") format("woff2");font-display:swap}
@font-face{font-family:'Source Code Pro';font-style:normal;font-weight:400;src:url("SourceCodePro-Regular.ttf.woff2") format("woff2");font-display:swap}
*{box-sizing:border-box}
html{content:""}
body{font:1rem/1.5 var(--font-family);margin:0;position:relative;overflow-wrap:break-word;overflow-wrap:anywhere;font-feature-settings:"kern","liga";background-color:var(--main-background-color);color:var(--main-color)}
h1{font-size:1.5rem}h2{font-size:1.375rem}h3{font-size:1.25rem}
h1,h2,h3,h4,h5,h6{font-weight:500}
h1,h2,h3,h4{margin:25px 0 15px 0;padding-bottom:6px}
.docblock h3,.docblock h4,h5,h6{margin:15px 0 5px 0}
.docblock>h2:first-child,.docblock>h3:first-child,.docblock>h4:first-child,.docblock>h5:first-child,.docblock>h6:first-child{margin-top:0}
.main-heading h1{margin:0;padding:0;grid-area:main-heading-h1;overflow-wrap:break-word;overflow-wrap:anywhere}
.main-heading{position:relative;display:grid;grid-template-areas:"main-heading-breadcrumbs main-heading-breadcrumbs" "main-heading-h1 main-heading-toolbar" "main-heading-sub-heading main-heading-toolbar";grid-template-columns:minmax(105px,1fr) minmax(0,max-content);grid-template-rows:minmax(25px,min-content) min-content min-content;padding-bottom:6px;margin-bottom:11px}
.rustdoc-breadcrumbs{grid-area:main-heading-breadcrumbs;line-height:1.25;padding-top:5px;position:relative;z-index:1}
.rustdoc-breadcrumbs a{padding:5px 0 7px}
.content h2,.top-doc .docblock>h3,.top-doc .docblock>h4{border-bottom:1px solid var(--headings-border-bottom-color)}
h1,h2{line-height:1.25;padding-top:3px;padding-bottom:9px}
h3.code-header{font-size:1.125rem}
h4.code-header{font-size:1rem}
.code-header{font-weight:600;margin:0;padding:0;white-space:pre-wrap}
.structfield,.sub-variant-field{margin:0.6em 0}
#crate-search,h1,h2,h3,h4,h5,h6,.sidebar,rustdoc-topbar,.search-input,.search-results .result-name,.item-table dt>a,.out-of-band,.sub-heading,span.since,a.src,rustdoc-toolbar,summary.hideme,.scraped-example-list,.rustdoc-breadcrumbs,ul.all-items{font-family:"Fira Sans",Arial,NanumBarunGothic,sans-serif}
#toggle-all-docs,a.anchor,.section-header a,#src-sidebar a,.rust a,.sidebar h2 a,.sidebar h3 a,rustdoc-topbar h2 a,h1 a,.search-results a,.stab,.result-name i{color:var(--main-color)}
span.enum,a.enum,span.struct,a.struct,span.union,a.union,span.primitive,a.primitive,span.type,a.type,span.foreigntype,a.foreigntype{color:var(--type-link-color)}
span.trait,a.trait,span.traitalias,a.traitalias{color:var(--trait-link-color)}
span.associatedtype,a.associatedtype,span.constant,a.constant,span.static,a.static{color:var(--assoc-item-link-color)}
span.fn,a.fn,span.method,a.method,span.tymethod,a.tymethod{color:var(--function-link-color)}
span.attr,a.attr,span.derive,a.derive,span.macro,a.macro{color:var(--macro-link-color)}
span.mod,a.mod{color:var(--mod-link-color)}
span.keyword,a.keyword{color:var(--keyword-link-color)}
a{color:var(--link-color);text-decoration:none}
ol,ul{padding-left:24px}
ul ul,ol ul,ul ol,ol ol{margin-bottom:.625em}
p,.docblock>.warning{margin:0 0 .75em 0}
p:last-child,.docblock>.warning:last-child{margin:0}
button{padding:1px 6px;cursor:pointer}
button#toggle-all-docs{padding:0;background:none;border:none;-webkit-appearance:none;opacity:1}
.rustdoc{display:flex;flex-direction:row;flex-wrap:nowrap}
main{position:relative;flex-grow:1;padding:10px 15px 40px 45px;min-width:0}
.src main{padding:15px}
.width-limiter{max-width:960px;margin-right:auto}
details:not(.toggle) summary{margin-bottom:.6em}
code,pre,.code-header,.type-signature{font-family:var(--font-family-code)}
.docblock code,.item-table dd code{border-radius:3px;padding:0 0.125em}
.docblock pre code,.item-table dd pre code{padding:0}
pre{padding:14px;line-height:1.5}
pre.item-decl{overflow-x:auto}
.item-decl .type-contents-toggle{contain:initial}
.src .content pre{padding:20px;padding-left:16px}
img{max-width:100%}
.logo-container{line-height:0;display:block}
.rust-logo{filter:var(--rust-logo-filter)}
.sidebar{font-size:0.875rem;flex:0 0 var(--desktop-sidebar-width);width:var(--desktop-sidebar-width);overflow-y:scroll;overscroll-behavior:contain;position:sticky;height:100vh;top:0;left:0;z-index:var(--desktop-sidebar-z-index);border-right:solid 1px var(--sidebar-border-color)}
.rustdoc.src .sidebar{flex-basis:50px;width:50px;overflow-x:hidden;overflow-y:hidden}
.hide-sidebar .sidebar,.hide-sidebar .sidebar-resizer{display:none}
.sidebar-resizer{touch-action:none;width:9px;cursor:ew-resize;z-index:calc(var(--desktop-sidebar-z-index) + 1);position:fixed;height:100%;left:calc(var(--desktop-sidebar-width) + 1px)}
.sidebar,rustdoc-topbar,.sidebar-menu-toggle,#src-sidebar{background-color:var(--sidebar-background-color)}
.sidebar .current,.sidebar .current a,.sidebar-crate a.logo-container:hover+h2 a,.sidebar a:hover:not(.logo-container){background-color:var(--sidebar-current-link-background-color)}
.sidebar-elems,.sidebar>.version,.sidebar>h2{padding-left:var(--sidebar-elems-left-padding)}
.sidebar a{color:var(--sidebar-link-color)}
.sidebar .current,.sidebar .current a,.sidebar-crate a.logo-container:hover+h2 a,.sidebar a:hover:not(.logo-container){background-color:var(--sidebar-current-link-background-color)}
.sidebar-elems .block{margin-bottom:2em}
.sidebar-elems .block li a{white-space:nowrap;text-overflow:ellipsis;overflow:hidden}
.sidebar-crate{display:flex;align-items:center;justify-content:center;margin:14px 32px 1rem;row-gap:10px;column-gap:32px;flex-wrap:wrap}
.sidebar-crate h2{flex-grow:1;margin:0 -8px;align-self:start}
.sidebar-crate .logo-container{margin:0 calc(-16px - var(--sidebar-elems-left-padding));padding:0 var(--sidebar-elems-left-padding);text-align:center}
.sidebar-crate h2 a{display:block;border-left:solid var(--sidebar-elems-left-padding) transparent;background-clip:border-box;margin:0 calc(-24px + 0.25rem) 0 calc(-0.2rem - var(--sidebar-elems-left-padding));padding:calc((16px - 0.57rem ) / 2 ) 0.25rem;padding-left:0.2rem}
.sidebar-crate h2 .version{display:block;font-weight:normal;font-size:1rem;overflow-wrap:break-word}
.mobile-topbar{display:none}
.rustdoc .example-wrap{display:flex;position:relative;margin-bottom:10px}
.rustdoc .example-wrap>pre,.rustdoc .scraped-example .src-line-numbers,.rustdoc .scraped-example .src-line-numbers>pre{border-radius:6px}
.rustdoc .example-wrap>pre{margin:0;flex-grow:1;overflow-x:auto}
.rustdoc .example-wrap>pre.example-line-numbers,.rustdoc .example-wrap>pre.src-line-numbers{flex-grow:0;min-width:fit-content;overflow:initial;text-align:right;-webkit-user-select:none;user-select:none;padding:14px 8px;padding-right:2px;color:var(--src-line-numbers-span-color)}
.search-loading{text-align:center}
.item-table dd{overflow-wrap:break-word;overflow-wrap:anywhere}
.docblock :not(pre)>code,.item-table dd code{white-space:pre-wrap}
.top-doc .docblock h2{font-size:1.375rem}
.top-doc .docblock h3{font-size:1.25rem}
.top-doc .docblock h4,.top-doc .docblock h5{font-size:1.125rem}
.top-doc .docblock h6{font-size:1rem}
.docblock h5{font-size:1rem}
.docblock h6{font-size:0.875rem}
.docblock{margin-left:var(--docblock-indent);position:relative}
.docblock>:not(.more-examples-toggle):not(.example-wrap){max-width:100%;overflow-x:auto}
.sub-heading{font-size:1rem;flex-grow:0;grid-area:main-heading-sub-heading;line-height:1.25;padding-bottom:4px}
.main-heading rustdoc-toolbar,.main-heading .out-of-band{grid-area:main-heading-toolbar}
rustdoc-toolbar{display:flex;flex-direction:row;flex-wrap:nowrap;min-height:60px}
.docblock code,.item-table dd code,pre,.rustdoc.src .example-wrap,.example-wrap .src-line-numbers{background-color:var(--code-block-background-color);border-radius:var(--code-block-border-radius)}
#main-content{position:relative}
.docblock table{margin:.5em 0;border-collapse:collapse}
.docblock table td,.docblock table th{padding:.5em;border:1px solid var(--border-color)}
.docblock table tbody tr:nth-child(2n){background:var(--table-alt-row-background-color)}
.docblock .stab,.item-table dd .stab,.docblock p code{display:inline-block}
.docblock li{margin-bottom:.4em}
.docblock li p:not(:last-child){margin-bottom:.3em}
div.where{white-space:pre-wrap;font-size:0.875rem}
.item-info{display:block;margin-left:var(--docblock-indent)}
.impl-items>.item-info{margin-left:calc(var(--docblock-indent) + var(--impl-items-indent))}
.item-info code{font-size:0.875rem}
#main-content>.item-info{margin-left:0}
nav.sub{flex-grow:1;flex-flow:row nowrap;margin:4px 0 0 0;display:flex;align-items:center}
.search-form{position:relative;display:flex;height:34px;flex-grow:1}
.src nav.sub{margin:0 0 -10px 0}
.section-header{display:block;position:relative}
.section-header:hover>.anchor,.impl:hover>.anchor,.trait-impl:hover>.anchor,.variant:hover>.anchor{display:initial}
.anchor{display:none;position:absolute;left:-0.5em;background:none !important}
.anchor.field{left:-5px}
.section-header>.anchor{left:-15px;padding-right:8px}
h2.section-header>.anchor{padding-right:6px}
a.doc-anchor{color:var(--main-color);display:none;position:absolute;left:-17px;padding-right:10px;padding-left:3px}
*:hover>.doc-anchor{display:block}
.top-doc>.docblock>*:first-child>.doc-anchor{display:none !important}
.main-heading a:hover,.example-wrap .rust a:hover,.all-items a:hover,.docblock a:not(.scrape-help):not(.tooltip):hover:not(.doc-anchor),.item-table dd a:not(.scrape-help):not(.tooltip):hover,.item-info a{text-decoration:underline}
.crate.block li.current a{font-weight:500}
table,.item-table{overflow-wrap:break-word}
.item-table{padding:0;margin:0;width:100%}
.item-table>dt{padding-right:1.25rem}
.item-table>dd{margin-inline-start:0;margin-left:0}
#crate-search-div{position:relative;min-width:0}
#crate-search{padding:0 23px 0 4px;max-width:100%;text-overflow:ellipsis;border:1px solid var(--border-color);border-radius:4px;outline:none;cursor:pointer;-moz-appearance:none;-webkit-appearance:none;text-indent:0.01px;background-color:var(--main-background-color);color:inherit;line-height:1.5;font-weight:500}
.search-input{-webkit-appearance:none;outline:none;border:1px solid var(--border-color);border-radius:2px;padding:8px;font-size:1rem;flex-grow:1;background-color:var(--button-background-color);color:var(--search-color)}
.search-input:focus{border-color:var(--search-input-focused-border-color)}
.search-results{display:none}
.search-results.active{display:block;margin:0;padding:0}
.search-results>a{display:grid;grid-template-areas:"search-result-name search-result-desc" "search-result-type-signature search-result-type-signature";grid-template-columns:.6fr .4fr;margin-left:2px;margin-right:2px;border-bottom:1px solid var(--search-result-border-color);column-gap:1em}
.stab{padding:3px;margin-bottom:5px;font-size:0.875rem;font-weight:normal;color:var(--main-color);background-color:var(--stab-background-color);width:fit-content;white-space:pre-wrap;border-radius:3px;display:inline;vertical-align:baseline}
.stab.portability>code{background:none;color:var(--stab-code-color)}
.stab .emoji,.item-info .stab::before{font-size:1.25rem}
.stab .emoji{margin-right:0.3rem}
.item-info .stab::before{content:"\\01F52C";margin-right:0.3rem}
.emoji{text-shadow:1px 0 0 black,-1px 0 0 black,0 1px 0 black,0 -1px 0 black}
.since{font-weight:normal;font-size:initial}
.rightside{padding-left:12px;float:right}
.rightside:not(a),.out-of-band,.sub-heading,rustdoc-toolbar{color:var(--right-side-color)}
pre.rust{tab-size:4;-moz-tab-size:4}
pre.rust .kw{color:var(--code-highlight-kw-color)}
pre.rust .kw-2{color:var(--code-highlight-kw-2-color)}
pre.rust .lifetime{color:var(--code-highlight-lifetime-color)}
pre.rust .prelude-ty{color:var(--code-highlight-prelude-color)}
pre.rust .prelude-val{color:var(--code-highlight-prelude-val-color)}
pre.rust .string{color:var(--code-highlight-string-color)}
pre.rust .number{color:var(--code-highlight-number-color)}
pre.rust .bool-val{color:var(--code-highlight-literal-color)}
pre.rust .self{color:var(--code-highlight-self-color)}
pre.rust .attr{color:var(--code-highlight-attribute-color)}
pre.rust .macro,pre.rust .macro-nonterminal{color:var(--code-highlight-macro-color)}
pre.rust .question-mark{font-weight:bold;color:var(--code-highlight-question-mark-color)}
pre.rust .comment{color:var(--code-highlight-comment-color)}
pre.rust .doccomment{color:var(--code-highlight-doc-comment-color)}
.rustdoc.src .example-wrap pre.rust a{background:var(--codeblock-link-background)}
.example-wrap.compile_fail,.example-wrap.should_panic{border-left:2px solid var(--codeblock-error-color)}
.ignore.example-wrap{border-left:2px solid var(--codeblock-ignore-color)}
.example-wrap.compile_fail:hover,.example-wrap.should_panic:hover{border-left:2px solid var(--codeblock-error-hover-color)}
.example-wrap.ignore:hover{border-left:2px solid var(--codeblock-ignore-hover-color)}
.example-wrap .tooltip{position:absolute;display:block;left:-25px;top:5px;margin:0;line-height:1}
.example-wrap.compile_fail .tooltip,.example-wrap.should_panic .tooltip,.example-wrap.ignore .tooltip{font-weight:bold;font-size:1.25rem}
.content .docblock .warning{border-left:2px solid var(--warning-border-color);padding:14px;position:relative;overflow-x:visible !important}
.content .docblock .warning::before{color:var(--warning-border-color);content:"ⓘ";position:absolute;left:-25px;top:5px;font-weight:bold;font-size:1.25rem}
.top-doc>.docblock>.warning:first-child::before{top:20px}
.example-wrap>a.test-arrow,.example-wrap .button-holder{visibility:hidden;position:absolute;top:4px;right:4px;z-index:1}
a.test-arrow{height:var(--copy-path-height);padding:6px 4px 0 11px}
a.test-arrow::before{content:url('data:image/svg+xml,<svg width="16" height="16"/>')}
.example-wrap .button-holder{display:flex}
@media not (pointer:coarse){.example-wrap:hover>a.test-arrow,.example-wrap:hover>.button-holder{visibility:visible}}
.example-wrap .button-holder.keep-visible{visibility:visible}
.example-wrap .button-holder>*{background:var(--main-background-color);cursor:pointer;border-radius:var(--button-border-radius);height:var(--copy-path-height);width:var(--copy-path-width);border:0;color:var(--code-example-button-color)}
.example-wrap .button-holder>*:hover{color:var(--code-example-button-hover-color)}
.example-wrap .button-holder>*:not(:first-child){margin-left:var(--button-left-margin)}
.example-wrap .button-holder .copy-button{padding:2px 0 0 4px}
.example-wrap .button-holder .copy-button::before,.example-wrap .test-arrow::before{filter:var(--copy-path-img-filter)}
.example-wrap .button-holder .copy-button::before{content:var(--clipboard-image)}
.example-wrap .button-holder .copy-button:hover::before,.example-wrap .test-arrow:hover::before{filter:var(--copy-path-img-hover-filter)}
.example-wrap .button-holder .copy-button.clicked::before{content:var(--checkmark-image);padding-right:5px}
.code-attribute{font-weight:300;color:var(--code-attribute-color)}
.item-spacer{width:100%;height:12px;display:block}
.main-heading span.since::before{content:"Since "}
.sub-variant h4{font-size:1rem;font-weight:400;margin-top:0;margin-bottom:0}
.sub-variant{margin-left:24px;margin-bottom:40px}
.sub-variant>.sub-variant-field{margin-left:24px}
@keyframes targetfadein{from{background-color:var(--main-background-color)}10%{background-color:var(--target-border-color)}to{background-color:var(--target-background-color)}}
:target{padding-right:3px;background-color:var(--target-background-color);border-right:3px solid var(--target-border-color)}
.code-header a.tooltip{color:inherit;margin-right:15px;position:relative}
.code-header a.tooltip:hover{color:var(--link-color)}
a.tooltip:hover::after{position:absolute;top:calc(100% - 10px);left:-15px;right:-15px;height:20px;content:"\\00a0"}
@media (prefers-reduced-motion:reduce){details.toggle>summary:not(.hideme)::before{transition:none}}
.fade-out{opacity:0}
.popover{position:absolute;top:100%;right:0;z-index:calc(var(--desktop-sidebar-z-index) + 1);margin-top:7px;border-radius:3px;border:1px solid var(--border-color);background-color:var(--main-background-color);color:var(--main-color);--popover-arrow-offset:11px}
.popover::before{content:'';position:absolute;right:var(--popover-arrow-offset);border:solid var(--border-color);border-width:1px 1px 0 0;background-color:var(--main-background-color);padding:4px;transform:rotate(-45deg);top:-5px}
.setting-line{margin:1.2em 0.6em}
.setting-radio input,.setting-check input{margin-right:0.3em;height:1.2rem;width:1.2rem;border:2px solid var(--settings-input-border-color);outline:none;-webkit-appearance:none;cursor:pointer}
.setting-radio input{border-radius:50%}
.setting-radio span,.setting-check span{padding-bottom:1px}
.setting-radio{margin-top:0.1em;margin-bottom:0.1em;min-width:3.8em;padding:0.3em;display:inline-flex;align-items:center;cursor:pointer}
.setting-radio+.setting-radio{margin-left:0.5em}
.setting-check{margin-right:20px;display:flex;align-items:center;cursor:pointer}
.setting-radio input:checked{box-shadow:inset 0 0 0 3px var(--main-background-color);background-color:var(--settings-input-color)}
.setting-check input:checked{background-color:var(--settings-input-color);border-width:1px;content:url('data:image/svg+xml,<svg/>')}
.setting-radio input:focus,.setting-check input:focus{box-shadow:0 0 1px 1px var(--settings-input-color)}
.setting-radio input:checked:focus{box-shadow:inset 0 0 0 3px var(--main-background-color),0 0 2px 2px var(--settings-input-color)}
.setting-radio input:hover,.setting-check input:hover{border-color:var(--settings-input-color) !important}
#settings.popover{--popover-arrow-offset:202px;top:calc(100% - 16px)}
#help.popover{max-width:600px;--popover-arrow-offset:118px;top:calc(100% - 16px)}
#help dt{float:left;clear:left;margin-right:0.5rem}
#help dd{margin-bottom:0.5rem}
#help span.top,#help span.bottom{text-align:center;display:block;font-size:1.125rem;padding:0 0.5rem;text-wrap-style:balance}
#help span.top{margin:10px 0;border-bottom:1px solid var(--border-color);padding-bottom:4px;margin-bottom:6px}
#help span.bottom{clear:both;border-top:1px solid var(--border-color)}
.side-by-side{display:flex;margin-bottom:20px}
.side-by-side>div{width:50%;padding:0 20px 0 17px}
.item-info .stab{display:block;padding:3px;margin-bottom:5px}
.item-table dt .stab{margin-left:0.3125em}
.since+.srclink{padding-left:10px}
details.toggle{contain:layout;position:relative}
details.big-toggle{contain:inline-size}
details.toggle>summary.hideme{cursor:pointer;font-size:1rem}
details.toggle>summary{list-style:none;outline:none}
details.toggle>summary::-webkit-details-marker,details.toggle>summary::marker{display:none}
details.toggle>summary.hideme>span{margin-left:9px}
details.toggle>summary::before{background:url('data:image/svg+xml,<svg/>');content:"";cursor:pointer;width:16px;height:16px;display:inline-block;vertical-align:middle;opacity:.5;filter:var(--toggle-filter)}
details.toggle>summary.hideme>span,.more-examples-toggle summary,.more-examples-toggle .hide-more{color:var(--toggles-color)}
details.toggle>summary::after{content:"Expand";overflow:hidden;width:0;height:0;position:absolute}
details.toggle>summary.hideme::after{content:""}
details.toggle>summary:focus::before,details.toggle>summary:hover::before{opacity:1}
details.toggle>summary:focus-visible::before{outline:1px dotted #000;outline-offset:1px}
details.non-exhaustive{margin-bottom:8px}
details.toggle>summary.hideme::before{position:relative}
details.toggle>summary:not(.hideme)::before{position:absolute;left:-24px;top:4px}
.impl-items>details.toggle>summary:not(.hideme)::before,#main-content>.methods>details.toggle>summary:not(.hideme)::before{position:absolute;left:-24px}
.impl-items>*:not(.item-info),.implementors-toggle>.docblock,#main-content>.methods>:not(.item-info),.impl>.item-info,.impl>.docblock,.impl+.docblock{margin-left:var(--impl-items-indent)}
details.big-toggle>summary:not(.hideme)::before{left:-34px;top:9px}
details.toggle[open]>summary.hideme{position:absolute}
details.toggle[open]>summary.hideme>span{display:none}
details.toggle[open]>summary::before{background:url('data:image/svg+xml,<svg/>')}
details.toggle[open]>summary::after{content:"Collapse"}
.docblock summary>*{display:inline-block}
.docblock>.example-wrap:first-child .tooltip{margin-top:16px}
.src #sidebar-button>a:before,.sidebar-menu-toggle:before{content:url('data:image/svg+xml,<svg/>');opacity:0.75}
.sidebar-menu-toggle:hover:before,.sidebar-menu-toggle:active:before,.sidebar-menu-toggle:focus:before{opacity:1}
@media (max-width:850px){#search-tabs .count{display:block}.side-by-side{flex-direction:column-reverse}.side-by-side>div{width:auto}.main-heading{grid-template-areas:"main-heading-breadcrumbs main-heading-toolbar" "main-heading-h1 main-heading-h1" "main-heading-sub-heading main-heading-sub-heading";grid-template-columns:minmax(105px,1fr) minmax(0,max-content);grid-template-rows:minmax(25px,min-content) min-content min-content;padding-bottom:0;margin-bottom:0}}
@media (max-width:700px){:root{--impl-items-indent:0.7em}*[id]{scroll-margin-top:45px}#copy-path{display:none}rustdoc-toolbar .settings-menu>a,rustdoc-toolbar .help-menu>a,rustdoc-toolbar .sidebar-button>a{width:33px}.sidebar{position:fixed;top:45px;left:-1000px;z-index:11;height:calc(100vh - 45px);border-right:none;width:100%}.sidebar-elems .block li a{white-space:wrap}.src main,.rustdoc.src .sidebar{top:0;padding:0;height:100vh;border:0}.src .search-form{margin-left:40px}.src .main-heading{margin-left:8px}.hide-sidebar .search-form{margin-left:32px}.hide-sidebar .src .search-form{margin-left:0}.sidebar.shown,.src-sidebar-expanded .src .sidebar,.rustdoc:not(.src) .sidebar:focus-within{left:0}.rustdoc>main>div{margin-left:0}.mobile-topbar h2{padding-bottom:0;margin:auto 0.5em auto auto;overflow:hidden;font-size:24px;white-space:nowrap;text-overflow:ellipsis}.mobile-topbar .logo-container>img{max-width:35px;max-height:35px;margin:5px 0 5px 20px}.mobile-topbar{display:flex;flex-direction:row;position:sticky;z-index:10;font-size:2rem;height:45px;width:100%;left:0;top:0}.hide-sidebar .mobile-topbar{display:none}.sidebar-menu-toggle{width:45px;border:none;line-height:0}.hide-sidebar .sidebar-menu-toggle{display:none}.sidebar-elems{margin-top:1em}.anchor{display:none !important}#main-content>details.toggle>summary::before,#main-content>div>details.toggle>summary::before{left:-11px}#sidebar-button>a{display:none}.sidebar-menu-toggle:hover{background:var(--main-background-color)}.search-results>a,.search-results>a>div{display:block}.search-results>a{padding:5px 0px}.search-results>a>div.desc,.item-table dd{padding-left:2em}.search-results .result-name{display:block}.search-results .result-name .typename{width:initial;margin-right:0}.search-results .result-name .typename,.search-results .result-name .path{display:inline}.src-sidebar-expanded .src #sidebar-button>a,.src-sidebar-expanded .src #sidebar-button{display:none}.impl-items>details.toggle>summary:not(.hideme)::before,#main-content>.methods>details.toggle>summary:not(.hideme)::before{left:-20px}.impl-items>.item-info{margin-left:34px}.src nav.sub{margin:0;padding:var(--nav-sub-mobile-padding)}}
@media print{:root{--docblock-indent:0}nav.sidebar,nav.sub,.out-of-band,a.src,#copy-path,details.toggle[open]>summary::before,details.toggle>summary::before,details.toggle.top-doc>summary{display:none}main{padding:10px}}
@media (max-width:464px){:root{--docblock-indent:12px}.docblock code{overflow-wrap:break-word;overflow-wrap:anywhere}nav.sub{flex-direction:column}.search-form{align-self:stretch}}
"""

THEME_VARIABLES = [
    "main-background-color", "main-color", "settings-input-color", "settings-input-border-color",
    "settings-button-color", "settings-button-border-focus", "sidebar-background-color",
    "sidebar-background-color-hover", "sidebar-border-color", "code-block-background-color",
    "scrollbar-track-background-color", "scrollbar-thumb-background-color", "scrollbar-color",
    "headings-border-bottom-color", "border-color", "button-background-color", "right-side-color",
    "code-attribute-color", "toggles-color", "toggle-filter", "copy-path-button-color",
    "copy-path-img-filter", "copy-path-img-hover-filter", "code-example-button-color",
    "code-example-button-hover-color", "codeblock-error-hover-color", "codeblock-error-color",
    "codeblock-ignore-hover-color", "codeblock-ignore-color", "warning-border-color", "type-link-color",
    "trait-link-color", "assoc-item-link-color", "function-link-color", "macro-link-color",
    "keyword-link-color", "mod-link-color", "link-color", "sidebar-link-color",
    "sidebar-current-link-background-color", "search-result-link-focus-background-color",
    "search-result-border-color", "search-color", "search-error-code-background-color",
    "search-results-alias-color", "search-results-grey-color", "search-tab-title-count-color",
    "search-tab-button-not-selected-border-top-color", "search-tab-button-not-selected-background",
    "search-tab-button-selected-border-top-color", "search-tab-button-selected-background",
    "search-input-focused-border-color", "stab-background-color", "stab-code-color",
    "code-highlight-kw-color", "code-highlight-kw-2-color", "code-highlight-lifetime-color",
    "code-highlight-prelude-color", "code-highlight-prelude-val-color", "code-highlight-number-color",
    "code-highlight-string-color", "code-highlight-literal-color", "code-highlight-attribute-color",
    "code-highlight-self-color", "code-highlight-macro-color", "code-highlight-question-mark-color",
    "code-highlight-comment-color", "code-highlight-doc-comment-color", "src-line-numbers-span-color",
    "src-line-number-highlighted-background-color", "target-background-color", "target-border-color",
    "kbd-color", "kbd-background", "kbd-box-shadow-color", "rust-logo-filter", "crate-search-div-filter",
    "crate-search-div-hover-filter", "crate-search-hover-border", "src-sidebar-background-selected",
    "src-sidebar-background-hover", "table-alt-row-background-color", "codeblock-link-background",
    "scrape-example-toggle-line-background", "scrape-example-toggle-line-hover-background",
    "scrape-example-code-line-highlight", "scrape-example-code-line-highlight-focus",
    "scrape-example-help-border-color", "scrape-example-help-color", "scrape-example-help-hover-border-color",
    "scrape-example-help-hover-color", "scrape-example-code-wrapper-background-start",
    "scrape-example-code-wrapper-background-end", "sidebar-resizer-hover", "sidebar-resizer-active",
]


def rustdoc_css(rng):
    parts = [RUSTDOC_CORE.strip()]
    for theme, light in (("light", True), ("dark", False), ("ayu", False)):
        decls = []
        for name in THEME_VARIABLES:
            base = 0xE0 if light else 0x20
            r, g, b = (max(0, min(255, base + rng.randint(-40, 40))) for _ in range(3))
            if name.endswith("filter"):
                decls.append("--%s:invert(%d%%)" % (name, rng.randint(0, 100)))
            else:
                decls.append("--%s:#%02x%02x%02x" % (name, r, g, b))
        selector = ':root,:root:not([data-theme])' if theme == "light" else ':root[data-theme="%s"]' % theme
        parts.append("%s{%s}" % (selector, ";".join(decls)))
        # The light theme also follows the system's preference, as rustdoc's does.
        if not light:
            parts.append("@media (prefers-color-scheme:%s){:root:not([data-theme]){%s}}"
                         % (theme if theme == "dark" else "dark", ";".join(decls[:20])))
    for kind in RUST_KINDS:
        for context in (".content", ".sidebar", ".search-results", ".item-table", ".docblock"):
            parts.append("%s a.%s:hover,%s span.%s.current{background-color:var(--%s)}"
                         % (context, kind, context, kind, rng.choice(THEME_VARIABLES)))
    return "\n".join(parts) + "\n"


def rust_example(rng):
    lines = []
    for _ in range(rng.randint(3, 7)):
        lines.append('<span class="kw">let </span><span class="kw-2">mut </span>v%d = <span class="macro">vec!</span>['
                     '<span class="number">%d</span>, <span class="number">%d</span>];'
                     % (rng.randint(0, 9), rng.randint(0, 99), rng.randint(0, 99)))
        lines.append('<span class="macro">assert_eq!</span>(v.len(), <span class="number">%d</span>); '
                     '<span class="comment">// %s</span>' % (rng.randint(0, 9), words(rng, 5)))
    return "\n".join(lines)


def rustdoc_page(rng, methods=400):
    names = ["%s_%d" % (rng.choice(["push", "pop", "insert", "remove", "len", "get", "split", "drain",
                                    "retain", "extend", "truncate", "reserve", "swap", "iter"]), i)
             for i in range(methods)]
    out = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
           '<meta name="viewport" content="width=device-width, initial-scale=1.0">'
           '<title>Vec in std::vec - Rust</title>'
           '<link rel="stylesheet" href="../../static.files/rustdoc.css">'
           '<noscript><link rel="stylesheet" href="../../static.files/noscript.css"></noscript>'
           '</head><body class="rustdoc struct">'
           '<a class="skip-main-content" href="#main-content">Skip to main content</a>'
           '<rustdoc-topbar><h2><a href="#">Vec</a></h2></rustdoc-topbar>'
           '<nav class="sidebar"><div class="sidebar-crate"><a class="logo-container" href="../../std/index.html">'
           '<img class="rust-logo" src="../../static.files/rust-logo.svg" alt="logo"></a>'
           '<h2><a href="../../std/index.html">std</a><span class="version">1.95.0</span></h2></div>'
           '<div class="sidebar-elems"><section id="rustdoc-toc"><h2 class="location"><a href="#">Vec</a></h2>'
           '<h3><a href="#implementations">Methods</a></h3><ul class="block method">']
    for name in names:
        out.append('<li><a href="#method.%s" title="%s">%s</a></li>' % (name, name, name))
    out.append('</ul></section></div></nav><div class="sidebar-resizer" title="Drag to resize sidebar"></div>'
               '<main><div class="width-limiter"><rustdoc-search></rustdoc-search>'
               '<section id="main-content" class="content"><div class="main-heading">'
               '<div class="rustdoc-breadcrumbs"><a href="../index.html">std</a>::<wbr><a href="index.html">vec</a></div>'
               '<h1>Struct <span class="struct">Vec</span>&nbsp;<button id="copy-path" title="Copy item path to clipboard">Copy item path</button></h1>'
               '<rustdoc-toolbar></rustdoc-toolbar><span class="sub-heading"><span class="since" title="Stable since Rust version 1.0.0">1.0.0</span> '
               '· <a class="src" href="../../src/alloc/vec/mod.rs.html#1">Source</a> </span></div>'
               '<pre class="rust item-decl"><code>pub struct Vec&lt;T, A = <a class="struct" href="../alloc/struct.Global.html">Global</a>&gt;<div class="where">'
               'where\n    A: <a class="trait" href="../alloc/trait.Allocator.html">Allocator</a>,</div>{ <span class="comment">/* private fields */</span> }</code></pre>'
               '<details class="toggle top-doc" open><summary class="hideme"><span>Expand description</span></summary>'
               '<div class="docblock"><p>A contiguous growable array type, written as <code>Vec&lt;T&gt;</code>.</p></div></details>'
               '<h2 id="implementations" class="section-header">Implementations<a href="#implementations" class="anchor">§</a></h2>'
               '<div id="implementations-list"><details class="toggle implementors-toggle" open><summary>'
               '<section id="impl-Vec%3CT%3E" class="impl"><a class="src rightside" href="#">Source</a>'
               '<a href="#impl-Vec%3CT%3E" class="anchor">§</a><h3 class="code-header">impl&lt;T&gt; '
               '<a class="struct" href="struct.Vec.html">Vec</a>&lt;T&gt;</h3></section></summary><div class="impl-items">')
    for i, name in enumerate(names):
        out.append('<details class="toggle method-toggle" open><summary><section id="method.%s" class="method">'
                   '<span class="rightside"><span class="since" title="Stable since Rust version 1.%d.0">1.%d.0</span> · '
                   '<a class="src" href="../../src/alloc/vec/mod.rs.html#%d">Source</a></span>'
                   '<h4 class="code-header">pub fn <a href="#method.%s" class="fn">%s</a>(&amp;mut self, index: '
                   '<a class="primitive" href="../primitive.usize.html">usize</a>) -&gt; '
                   '<a class="enum" href="../option/enum.Option.html">Option</a>&lt;T&gt;</h4></section></summary>'
                   '<div class="docblock"><p>%s <code>%s</code> %s.</p>'
                   '<h5 id="panics-%d"><a class="doc-anchor" href="#panics-%d">§</a>Panics</h5><p>%s.</p>'
                   '<h5 id="examples-%d"><a class="doc-anchor" href="#examples-%d">§</a>Examples</h5>'
                   '<div class="example-wrap"><pre class="rust rust-example-rendered"><code>%s</code></pre></div>'
                   '</div></details>'
                   % (name, i % 90, i % 90, 100 + i, name, name, words(rng, 25).capitalize(), name,
                      words(rng, 20), i, i, words(rng, 12).capitalize(), i, i, rust_example(rng)))
    out.append('</div></details></div></section></div></main></body></html>\n')
    return "".join(out)


# ------------------------------------------------------------------ stress

def stress_page(cards):
    """10 elements a card; 100 cards a section."""
    rng = random.Random(7)
    out = ['<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Style stress</title>'
           '<link rel="stylesheet" href="stress.css"></head><body>\n<main>\n']
    for n in range(cards):
        if n % 100 == 0:
            if n:
                out.append('</section>\n')
            out.append('<section class="s%d"><h2>Section %d</h2>\n' % (n // 100 % 200, n // 100))
        k = rng.randrange(3000)
        out.append('<div class="card c%d kind-%d" id="e%d" data-kind="k%d"><h3 class="title">Card %d</h3>'
                   '<p class="text t%d">%s <span class="tag">%s</span> <a href="#e%d">next</a> <em>%s</em> '
                   '<code>x%d</code></p><ul class="meta"><li>%s</li><li>%s</li></ul></div>\n'
                   % (k, k % 7, n, k % 13, n, k % 50, words(rng, 8), words(rng, 1), n + 1, words(rng, 2), n,
                      words(rng, 2), words(rng, 2)))
    out.append('</section>\n</main>\n</body></html>\n')
    return "".join(out)


def stress_css(rules=10000):
    rng = random.Random(11)
    colors = ["#%06x" % rng.randrange(0x1000000) for _ in range(64)]
    out = []
    makers = [
        lambda: ".c%d { color: %s }" % (rng.randrange(3000), rng.choice(colors)),
        lambda: ".s%d .c%d .title { font-weight: bold }" % (rng.randrange(200), rng.randrange(3000)),
        lambda: "#e%d { margin-left: 1em }" % rng.randrange(50000),
        lambda: '[data-kind="k%d"] .tag { text-decoration: underline }' % rng.randrange(13),
        lambda: "div.card.kind-%d > p.t%d { text-indent: 2em }" % (rng.randrange(7), rng.randrange(50)),
        lambda: ".c%d:nth-child(2n+1) .tag { font-style: italic }" % rng.randrange(3000),
        lambda: "main section:not(.s%d) > .c%d h3 { text-transform: uppercase }" % (rng.randrange(200), rng.randrange(3000)),
        lambda: ":is(.c%d, .c%d) ul.meta li { list-style-type: square }" % (rng.randrange(3000), rng.randrange(3000)),
        lambda: ":where(.c%d) code::before { content: \"%d:\" }" % (rng.randrange(3000), rng.randrange(100)),
        lambda: "@media (max-width: %dpx) { .c%d .text { display: none } }" % (rng.randrange(200, 400), rng.randrange(3000)),
        lambda: "section > div[id^=\"e%d\"] em { background-color: %s }" % (rng.randrange(10, 99), rng.choice(colors)),
        lambda: "body main .s%d a:hover { color: %s }" % (rng.randrange(200), rng.choice(colors)),
    ]
    for i in range(rules):
        out.append(makers[i % len(makers)]())
    return "\n".join(out) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "bench-styles"
    rng = random.Random(20261202)
    write(os.path.join(out, "rustdoc/static.files/rustdoc.css"), rustdoc_css(rng))
    write(os.path.join(out, "rustdoc/static.files/noscript.css"), "#main-content .attributes{margin-left:0 !important}\n")
    write(os.path.join(out, "rustdoc/std/vec/struct.Vec.html"), rustdoc_page(rng))
    write(os.path.join(out, "stress/stress.css"), stress_css())
    write(os.path.join(out, "stress/stress.html"), stress_page(5000))
    write(os.path.join(out, "stress/stress_x2.html"), stress_page(10000))


if __name__ == "__main__":
    main()
