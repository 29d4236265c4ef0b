import TernCSS
import TernDOM

/// What a page's scripts reach outside themselves: dialogs, native message
/// handlers and the console. TernKit implements it for a web view (through
/// its UI delegate and user content controller), so TernScript knows nothing
/// of delegates.
package protocol ScriptHost: AnyObject {
    /// `alert(message)`: returns when the user has seen it.
    func scriptAlert(_ message: String)
    /// `confirm(message)`: the user's answer.
    func scriptConfirm(_ message: String) -> Bool
    /// `prompt(message, defaultText)`: the text entered, or nil when dismissed.
    func scriptPrompt(_ message: String, defaultText: String?) -> String?
    /// `window.webkit.messageHandlers.<name>.postMessage(body)`; a non-nil
    /// reply handler means the script awaits an answer (a promise).
    func scriptPostMessage(name: String, body: ScriptValue, replyHandler: ((ScriptValue?, String?) -> Void)?)
    /// A console message (already recorded by the context).
    func scriptConsoleMessage(_ message: ScriptContext.ConsoleMessage)

    // The DOM bindings' callbacks; each has a default below.
    func scriptDocumentDidChange()
    func scriptDocumentTitleDidChange(_ title: String)
    func scriptCookie() -> String
    func scriptSetCookie(_ cookie: String)
    func scriptSubmitForm(_ submission: FormSubmission)
    func scriptResetForm(_ form: Node)
    func scriptFollowHyperlink(_ link: Node)
    func scriptDidInsertScriptElement(_ element: Node)
    func scriptDocumentWrite(_ markup: String) -> Bool
    /// The page's scripts were stopped for good (its heap passed the memory limit).
    func scriptsDidStop(_ reason: ScriptError)

    // CSSOM's callbacks (defaults in ScriptHost+CSSOM.swift).
    func scriptComputedStyle(of element: Node, pseudoElement: PseudoElement?) -> CSSStyle?
    func scriptStyleSheets() -> [(sheet: StyleSheet, ownerNode: Node)]
    func scriptStyleSheetDidChange(_ sheet: StyleSheet)
    /// CSSOM View: the border box of `element` in CSS px, relative to the
    /// viewport (`getBoundingClientRect`); nil when it has no box.
    func scriptBoundingBox(of element: Node) -> ScriptRect?
    /// CSSOM View: how far the viewport is scrolled down, in CSS px (`scrollY`).
    func scriptScrollPosition() -> Double
    /// A script moved the focus (`focus()`, `blur()`, `autofocus`): the
    /// browser's focus follows it.
    func scriptFocusDidChange(_ element: Node?)
    /// A script asked to scroll the viewport so that CSS px `y` of the
    /// page is at its top (`scrollTo`, `scrollIntoView`).
    func scriptScroll(toY y: Double)
}

// MARK: The document (DOM bindings)

/// What the DOM bindings ask of the embedder. Each has a default, so a host
/// that does not care (a test, an embedder without a cookie jar) need not
/// implement it.
extension ScriptHost {
    /// Default: nothing (the reason went to the console already).
    package func scriptsDidStop(_ reason: ScriptError) {}

    /// A script changed the document (a node inserted, removed or changed, an
    /// attribute set): the view should re-lay out, at most once per turn of
    /// the event loop. Called for every change, so keep it cheap.
    /// Default: nothing.
    package func scriptDocumentDidChange() {}

    /// `document.title = …` changed the title of the page's document to `title`
    /// (whitespace collapsed, as `Document.title` reads it). Default: nothing.
    package func scriptDocumentTitleDidChange(_ title: String) {}

    /// `document.cookie`'s getter: the cookies a script may see for the
    /// document's URL, "name=value; name2=value2" (HttpOnly ones left out).
    /// Default: "".
    package func scriptCookie() -> String { "" }

    /// `document.cookie = "…"`: one Set-Cookie string from a script (an
    /// HttpOnly one must be ignored). Default: ignored.
    package func scriptSetCookie(_ cookie: String) {}

    /// A form is submitted (`form.submit()`, a submit button's click, or
    /// `requestSubmit()` whose submit event was not cancelled): navigate to it.
    /// Default: nothing.
    package func scriptSubmitForm(_ submission: FormSubmission) {}

    /// `form.reset()` (or a reset button) whose reset event was not cancelled:
    /// the form's controls go back to their initial state, which the page's
    /// attributes no longer hold once edited. Default: nothing.
    package func scriptResetForm(_ form: Node) {}

    /// The activation behaviour of an `<a href>` or `<area href>` clicked by
    /// a script (`a.click()`, a dispatched click that was not cancelled):
    /// follow (or download) the hyperlink, as the page's own act, never the
    /// person's. Default: nothing.
    package func scriptFollowHyperlink(_ link: Node) {}

    /// A script inserted a `<script>` element into the document (by
    /// appendChild, insertBefore, replaceChild, append…, not innerHTML): the
    /// host loads and runs it as the HTML spec says for a script element that
    /// becomes connected. Default: nothing.
    package func scriptDidInsertScriptElement(_ element: Node) {}

    /// `document.write(markup)` on the page's document: true when the page's
    /// parser took it at its insertion point (HTML §8.4.3); false when there
    /// is none (the bindings then open a new document). Default: false.
    package func scriptDocumentWrite(_ markup: String) -> Bool { false }
}
