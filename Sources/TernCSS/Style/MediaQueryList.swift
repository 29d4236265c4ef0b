/// A parsed media query list (Media Queries 4 §3), for `@media`, `@import`,
/// `<link media>`, `<style media>` and `matchMedia`.
///
/// CONTRACT STUB (coordinator): the cascade helper implements it.
public struct MediaQueryList: Hashable, Sendable {
    /// The serialised list (CSSOM `media.mediaText`).
    public var text: String

    public init(parsing text: String) {
        self.text = text
    }

    public func matches(_ environment: MediaEnvironment) -> Bool { true }
}
