import TernCSS

/// The window's side of CSSOM View's media queries (`matchMedia`).
extension ScriptWindow {
    /// What `matchMedia` evaluates against: the browser's window in CSS px.
    public var mediaEnvironment: MediaEnvironment { dom.mediaEnvironment }

    /// The browser's window changed (its width, its colour scheme): `matchMedia`
    /// answers from now on, and on a later turn of the loop each
    /// MediaQueryList whose answer changed fires `change` (CSSOM View §4.2
    /// "evaluate media queries and report changes", part of updating the
    /// rendering). Held while the page is suspended.
    public func mediaEnvironmentDidChange(_ environment: MediaEnvironment) {
        guard environment != dom.mediaEnvironment else { return }
        dom.mediaEnvironment = environment
        loop.post { [weak self] in
            self?.whenActive { [weak self] in self?.runInternal("__ternMediaChanged", []) }
        }
    }
}
