import XCTest
import TernKit
import TernTestSupport

/// URL, URLSearchParams, TextEncoder/TextDecoder and Web Storage in pages.
final class WebAPITests: WebViewTestCase {
    private func page(_ path: String) {
        loadAndWait(path)
    }

    func testURLParsesResolvesAndSets() {
        page("/page/u")
        XCTAssertEqual(value("new URL('../x?a=1#h', 'https://EXAMPLE.com:443/p/q/r').href"), .string("https://example.com/p/x?a=1#h"))
        XCTAssertEqual(value("var u = new URL('http://a.test/p?q=1'); u.searchParams.append('r', 'a b'); u.href"),
                       .string("http://a.test/p?q=1&r=a+b"))
        XCTAssertEqual(value("u.pathname = 'new/path'; u.hash = 'frag'; u.port = '8080'; u.href"),
                       .string("http://a.test:8080/new/path?q=1&r=a+b#frag"))
        XCTAssertEqual(value("new URL('http://a.test:8080/').origin"), .string("http://a.test:8080"))
        XCTAssertEqual(value("try { new URL('not a url'); 'parsed' } catch (e) { e instanceof TypeError }"), .bool(true))
        XCTAssertEqual(value("URL.canParse('x', 'http://a.test/')"), .bool(true))
    }

    func testURLSearchParams() {
        page("/page/p")
        XCTAssertEqual(value("var p = new URLSearchParams('?a=1&b=x+y&a=%C3%A9'); [p.get('b'), p.getAll('a').join(','), p.has('c')]"),
                       .array([.string("x y"), .string("1,é"), .bool(false)]))
        XCTAssertEqual(value("p.set('a', '2'); p.delete('b'); p.append('c', '&='); p.toString()"), .string("a=2&c=%26%3D"))
        XCTAssertEqual(value("new URLSearchParams({x: 1, y: 'z'}).toString()"), .string("x=1&y=z"))
    }

    func testTextEncoderAndDecoderRoundTripUTF8() {
        page("/page/t")
        XCTAssertEqual(value("Array.from(new TextEncoder().encode('é中😀'))"),
                       .array([0xC3, 0xA9, 0xE4, 0xB8, 0xAD, 0xF0, 0x9F, 0x98, 0x80].map { .number(Double($0)) }))
        XCTAssertEqual(value("new TextDecoder().decode(new TextEncoder().encode('é中😀 ok'))"), .string("é中😀 ok"))
        XCTAssertEqual(value("new TextDecoder().decode(new Uint8Array([0x61, 0xFF, 0x62]))"), .string("a\u{FFFD}b"))
    }

    func testLocalStorageIsSharedPerOriginAndSessionStoragePerWebView() {
        let store = WebsiteDataStore.nonPersistent()
        makeWebView { $0.websiteDataStore = store }
        page("/page/one")
        _ = value("localStorage.setItem('token', 'abc'); localStorage.theme = 'dark'; sessionStorage.setItem('tab', '1')")
        page("/page/two")
        XCTAssertEqual(value("[localStorage.getItem('token'), localStorage.theme, localStorage.length, sessionStorage.getItem('tab')]"),
                       .array([.string("abc"), .string("dark"), .number(2), .string("1")]))
        _ = value("localStorage.removeItem('theme')")
        XCTAssertEqual(value("[localStorage.getItem('theme'), Object.keys(localStorage).join()]"), .array([.null, .string("token")]))

        // Another web view of the same data store: same localStorage, its own sessionStorage.
        let first = webView!
        makeWebView { $0.websiteDataStore = store }
        loadAndWait("/page/three")
        XCTAssertEqual(value("[localStorage.getItem('token'), sessionStorage.getItem('tab')]"), .array([.string("abc"), .null]))
        withExtendedLifetime(first) {}

        // Another origin sees nothing.
        recorder.clear()
        webView.load(Request(url: server.url("/page/four", host: "localhost")))
        wait { recorder.ended }
        XCTAssertEqual(value("localStorage.length"), .number(0))

        // Another data store: another localStorage.
        makeWebView()
        loadAndWait("/page/five")
        XCTAssertEqual(value("localStorage.getItem('token')"), .null)
    }
}
