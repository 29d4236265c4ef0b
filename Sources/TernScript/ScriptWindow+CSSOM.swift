import TernCSS

/// The window's side of CSSOM View's media queries (`matchMedia`).
extension ScriptWindow {
    /// What `matchMedia` evaluates against: the browser's window in CSS px.
    package var mediaEnvironment: MediaEnvironment { dom.mediaEnvironment }

    /// The browser's window changed (its width, its colour scheme): `matchMedia`
    /// answers from now on, and on a later turn of the loop each
    /// MediaQueryList whose answer changed fires `change` (CSSOM View §4.2
    /// "evaluate media queries and report changes", part of updating the
    /// rendering). Held while the page is suspended.
    /// A change of size fires `resize` first (HTML's resize steps come before
    /// media queries are evaluated in "update the rendering").
    package func mediaEnvironmentDidChange(_ environment: MediaEnvironment) {
        guard environment != dom.mediaEnvironment else { return }
        let resized = environment.width != dom.mediaEnvironment.width || environment.height != dom.mediaEnvironment.height
        dom.mediaEnvironment = environment
        loop.post { [weak self] in
            self?.whenActive { [weak self] in
                if resized { self?.runInternal("__ternViewportResized", []) }
                self?.runInternal("__ternMediaChanged", [])
            }
        }
    }

    /// The page was laid out again, scrolled or resized: on a later turn of
    /// the loop its IntersectionObservers and ResizeObservers look at their
    /// boxes again (HTML "update the rendering"). Several calls in one turn
    /// make one update; held while the page is suspended.
    package func renderingDidChange() {
        guard !renderingUpdatePosted else { return }
        renderingUpdatePosted = true
        loop.post { [weak self] in
            self?.renderingUpdatePosted = false
            self?.whenActive { [weak self] in _ = self?.runInternal("__ternUpdateRendering", []) }
        }
    }

    /// The browser's window size for a window just made: no `resize`, as
    /// the page never saw another.
    package func setInitialViewport(width: Double, height: Double) {
        dom.mediaEnvironment.width = width
        dom.mediaEnvironment.height = height
    }
}
