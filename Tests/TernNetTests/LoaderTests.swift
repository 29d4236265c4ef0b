import XCTest
@testable import TernNet
import TernTestSupport

/// The loader on its own: many transfers at once, cancellation at any moment.
final class LoaderTests: XCTestCase {
    final class Collector: ResourceLoadDelegate {
        var response: Response?
        var bytes: [UInt8] = []
        var completed = false
        var error: NavigationError?
        var redirects: [String] = []
        var followRedirects = true
        var onData: ((ResourceLoad) -> Void)?

        func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                          decision: @escaping (Bool) -> Void) {
            redirects.append(request.url.pathname)
            decision(followRedirects)
        }
        func resourceLoad(_ load: ResourceLoad, didReceive response: Response) { self.response = response }
        func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
            bytes.append(contentsOf: data)
            onData?(load)
        }
        func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
            completed = true
            self.error = error
        }
    }

    let server = TestServer.shared

    func testManyTransfersRunAtOnce() {
        let loop = EventLoop()
        let loader = Loader(loop: loop)
        let collectors = (0..<24).map { _ in Collector() }
        let start = EventLoop.now()
        for (index, collector) in collectors.enumerated() {
            loader.load(server.request(index % 2 == 0 ? "/slow?ms=600&chunks=6" : "/page/p\(index)"), delegate: collector)
        }
        XCTAssertTrue(loop.run(until: { collectors.allSatisfy(\.completed) }, timeout: 20))
        XCTAssertTrue(collectors.allSatisfy { $0.error == nil && $0.response?.statusCode == 200 })
        // Twelve 0.6 s pages one after another would take 7 s; at once, about 1 s.
        XCTAssertLessThan(EventLoop.now() - start, 5)
        XCTAssertTrue(String(decoding: collectors[1].bytes, as: UTF8.self).contains("<title>p1</title>"))
    }

    func testCancellingAtAnyMomentStopsEveryCallback() {
        let loop = EventLoop()
        let loader = Loader(loop: loop)
        // Cancel before the first turn, after the response, mid-body (from inside a data callback), and never.
        let early = Collector(), midBody = Collector(), untouched = Collector()
        let earlyLoad = loader.load(server.request("/slow?ms=500&chunks=5"), delegate: early)
        earlyLoad.cancel()
        midBody.onData = { $0.cancel() }
        loader.load(server.request("/endless"), delegate: midBody)
        loader.load(server.request("/plain"), delegate: untouched)
        XCTAssertTrue(loop.run(until: { untouched.completed && !midBody.bytes.isEmpty }, timeout: 10))
        let midBodyCount = midBody.bytes.count
        _ = loop.run(until: { false }, timeout: 0.5)
        XCTAssertFalse(early.completed)
        XCTAssertNil(early.response)
        XCTAssertFalse(midBody.completed)
        XCTAssertEqual(midBody.bytes.count, midBodyCount, "no data after cancel")
        XCTAssertTrue(loop.transfers.isEmpty, "every curl handle released")
        XCTAssertEqual(untouched.response?.statusCode, 200)
    }

    func testARefusedRedirectEndsWithInterruptedByPolicy() {
        let loop = EventLoop()
        let collector = Collector()
        collector.followRedirects = false
        Loader(loop: loop).load(server.request("/redirect/302/1"), delegate: collector)
        XCTAssertTrue(loop.run(until: { collector.completed }, timeout: 10))
        XCTAssertEqual(collector.redirects, ["/redirect/302/0"])
        XCTAssertEqual(collector.error, .interruptedByPolicy)
    }

    func testRedirectRulesOfTheFetchStandard() {
        let post = Request(url: WebURL("http://a.test/form#frag")!, method: "POST",
                           headers: ["Content-Type": "text/plain", "Authorization": "Basic eDp5"], body: [1, 2, 3])
        func next(_ code: Int, _ location: String) -> Request? {
            let response = Response(url: post.url, statusCode: code, headers: ["Location": location])
            return try? ResourceLoad.redirectRequest(from: post, response: response).get()
        }
        XCTAssertEqual(next(302, "/done")?.method, "GET")
        XCTAssertNil(next(302, "/done")?.body)
        XCTAssertNil(next(302, "/done")?.headers["Content-Type"])
        XCTAssertEqual(next(307, "/done")?.method, "POST")
        XCTAssertEqual(next(308, "/done")?.body, [1, 2, 3])
        XCTAssertEqual(next(303, "/done")?.method, "GET")
        XCTAssertEqual(next(307, "/done")?.url.href, "http://a.test/done#frag", "the fragment carries over")
        XCTAssertEqual(next(307, "/done#new")?.url.fragment, "new")
        XCTAssertEqual(next(307, "/done")?.headers["Authorization"], "Basic eDp5", "same origin keeps credentials")
        XCTAssertNil(next(307, "http://b.test/")?.headers["Authorization"], "another origin drops them")
        let toFile = ResourceLoad.redirectRequest(from: post, response: Response(url: post.url, statusCode: 302, headers: ["Location": "file:///etc/passwd"]))
        XCTAssertEqual(toFile.failure, .redirectToDisallowedScheme("file"))
        let toData = ResourceLoad.redirectRequest(from: post, response: Response(url: post.url, statusCode: 302, headers: ["Location": "data:,x"]))
        XCTAssertEqual(toData.failure, .redirectToDisallowedScheme("data"))
    }

    func testDataURLDecoding() {
        XCTAssertEqual(DataURL(WebURL("data:,A%20B")!)?.body, Array("A B".utf8))
        XCTAssertEqual(DataURL(WebURL("data:,A%20B")!)?.mimeType, "text/plain")
        XCTAssertEqual(DataURL(WebURL("data:text/html;charset=UTF-8;base64,PGI+aGk8L2I+")!)?.body, Array("<b>hi</b>".utf8))
        XCTAssertEqual(DataURL(WebURL("data:text/html;charset=UTF-8;base64,PGI+aGk8L2I+")!)?.charset, "utf-8")
        XCTAssertNil(DataURL(WebURL("data:;base64,%%%")!))
        XCTAssertNil(DataURL(WebURL("data:text/plain")!), "no comma")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
