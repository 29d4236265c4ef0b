import TernNet

/// Hears of every change to a cookie store.
public protocol HTTPCookieStoreObserver: AnyObject {
    func cookiesDidChange(in cookieStore: HTTPCookieStore)
}

/// A data store's cookies for the embedder (WKHTTPCookieStore's API). A
/// cookie set here before a load goes with that load. As in WebKit, each
/// completion handler runs on a later turn of the store's event loop
/// (`WebsiteDataStore.eventLoop`), never inside the call; the change itself
/// is made at once.
public final class HTTPCookieStore {
    private let jar: CookieJar
    private var observers: [ObjectIdentifier: WeakObserver] = [:]
    /// The loop the completion handlers are posted to (the data store's).
    public internal(set) var eventLoop: EventLoop = .main

    private struct WeakObserver {
        weak var observer: HTTPCookieStoreObserver?
    }

    /// The jar behind the store (the data store's `cookieJar`): the one the
    /// network fills and reads, with its `Set-Cookie` rules.
    package var cookieJar: CookieJar { jar }

    /// Tern-only, per site (WKHTTPCookieStore's `setCookiePolicy` has one
    /// switch for all): the cookie setting of each host, asked with the
    /// lowercased ASCII host of the URL a cookie comes from or goes to
    /// (`CookieJar.cookiePolicy` says exactly how). Default nil: every host
    /// `.allow`. Applies to `Set-Cookie` and `document.cookie` alike.
    public var cookiePolicy: ((_ host: String) -> CookieSitePolicy)? {
        get { jar.cookiePolicy }
        set { jar.cookiePolicy = newValue }
    }

    init(jar: CookieJar) {
        self.jar = jar
        let previous = jar.onChange
        jar.onChange = { [weak self] cookie, removed in
            previous?(cookie, removed)
            self?.notify()
        }
    }

    /// Every stored cookie that has not expired. Disfavored: where
    /// TernKitFoundation's `getAllCookies` giving `[HTTPCookie]` is visible too,
    /// WebKit's closure `{ cookies in ... }` gets HTTPCookies (as in WebKit)
    /// unless its body only compiles with `Cookie`s.
    @_disfavoredOverload
    public func getAllCookies(_ completionHandler: @escaping ([Cookie]) -> Void) {
        let cookies = jar.allCookies
        eventLoop.post { completionHandler(cookies) }
    }

    /// The cookies a same-site request to `url` would send, HttpOnly ones
    /// included, in the `Cookie` header's order (RFC 6265 §5.4 step 2:
    /// longer paths first); Secure ones only for https. This is
    /// HTTPCookieStorage's `cookies(for:)`, answered at once as that one is
    /// (WKHTTPCookieStore has none: WebKit code filters `getAllCookies`).
    public func cookies(for url: WebURL) -> [Cookie] {
        jar.cookies(for: url)
    }

    /// Stores `cookie` (replacing one with the same name, domain and path).
    public func setCookie(_ cookie: Cookie, completionHandler: (() -> Void)? = nil) {
        jar.insert(cookie)
        if let completionHandler { eventLoop.post(completionHandler) }
    }

    /// Removes `cookie`.
    public func delete(_ cookie: Cookie, completionHandler: (() -> Void)? = nil) {
        jar.delete(cookie)
        if let completionHandler { eventLoop.post(completionHandler) }
    }

    /// `observer` is told of every change until removed (it is held weakly).
    public func add(_ observer: HTTPCookieStoreObserver) {
        observers[ObjectIdentifier(observer)] = WeakObserver(observer: observer)
    }

    public func remove(_ observer: HTTPCookieStoreObserver) {
        observers[ObjectIdentifier(observer)] = nil
    }

    private func notify() {
        for (key, entry) in observers {
            if let observer = entry.observer { observer.cookiesDidChange(in: self) } else { observers[key] = nil }
        }
    }
}
