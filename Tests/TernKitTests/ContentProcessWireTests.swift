import XCTest
@testable import TernKit
import TernDOM
import TernLayout
import TernNet
import TernSystem

/// What a content process sends is hostile: each message is decoded with
/// bounds, every index checked, every text made safe to draw; and what it
/// asks the browser to load is checked in the browser.
final class ContentProcessWireTests: XCTestCase {
    /// A layout's bytes (as its parts together give them).
    private func layoutMessage(_ build: (inout MessageEncoder) -> Void) -> [UInt8] {
        var encoder = MessageEncoder()
        encoder.encode(true)
        build(&encoder)
        return encoder.bytes
    }

    /// A layout of one line of one run, with the given fields.
    /// `layer`: one layer over these lines, when given.
    private func oneRun(text: String, width: UInt32, link: Int, links: Int, regionLine: Int = 0, layer: Range<Int>? = nil) -> [UInt8] {
        layoutMessage { encoder in
            encoder.encode("Title\u{1B}[2J")
            encoder.encode(UInt32(1))          // lines
            encoder.encode(false)
            encoder.encode(UInt32(1))          // runs
            encoder.encode(text)
            encoder.encode(width)
            encoder.encode(UInt16(0))
            encoder.encode(false)
            encoder.encode(false)
            encoder.encode(link)
            encoder.encode(-1)                 // control
            encoder.encode(UInt32(links))
            for _ in 0..<links {
                encoder.encode(1)
                encoder.encode("http://127.0.0.1/")
                encoder.encode("a link")
                encoder.encode(UInt64(7))
                encoder.encode(UInt32(1))
                encoder.encode(regionLine)
                encoder.encode(0)
                encoder.encode(4)
            }
            encoder.encode(UInt32(0))          // controls
            encoder.encode(UInt32(0))          // anchors
            encoder.encode(UInt32(1))          // outline: a heading on line 0
            encoder.encode(UInt8(0))
            encoder.encode(2)
            encoder.encode("Head\u{7}")
            encoder.encode(0)
            encoder.encode(UInt32(layer == nil ? 0 : 1))
            if let layer {
                encoder.encode(layer.lowerBound)
                encoder.encode(layer.upperBound)
                encoder.encode(true)
            }
            encoder.encode(false)
        }
    }

    func testALayoutCrossesWithItsControlCharactersMadeHarmless() throws {
        let message = oneRun(text: "ab\u{1B}[31mc\u{9B}d", width: 8, link: 0, links: 1)
        let layout = try XCTUnwrap(try WebPageProxy.decodeLayout(message))
        XCTAssertEqual(layout.title, "Title\u{FFFD}[2J")
        XCTAssertEqual(layout.lines[0].runs[0].text, "ab\u{FFFD}[31mc\u{FFFD}d")
        XCTAssertEqual(layout.links.count, 1)
        XCTAssertEqual(layout.outline, [PageOutlineItem(kind: .heading(level: 2), name: "Head\u{FFFD}", line: 0)])
        let page = layout.pageLayout(standIn: Document(html: "").createTextNode(""))
        XCTAssertEqual(page.links.first?.url, "http://127.0.0.1/")
    }

    func testALayoutWithAnIndexOutsideThePageIsRefused() {
        // A run of link 3 in a page of one link.
        XCTAssertThrowsError(try WebPageProxy.decodeLayout(oneRun(text: "x", width: 1, link: 3, links: 1)))
        // A link region on a line the page does not have.
        XCTAssertThrowsError(try WebPageProxy.decodeLayout(oneRun(text: "x", width: 1, link: 0, links: 1, regionLine: 5)))
        // A layer past the page's lines.
        XCTAssertNoThrow(try WebPageProxy.decodeLayout(oneRun(text: "x", width: 1, link: -1, links: 0, layer: 0..<1)))
        XCTAssertThrowsError(try WebPageProxy.decodeLayout(oneRun(text: "x", width: 1, link: -1, links: 0, layer: 0..<2)))
        // A run wider than its text can be.
        XCTAssertThrowsError(try WebPageProxy.decodeLayout(oneRun(text: "x", width: 1000, link: -1, links: 0)))
        // A count of lines the bytes cannot hold.
        XCTAssertThrowsError(try WebPageProxy.decodeLayout(layoutMessage { encoder in
            encoder.encode("t")
            encoder.encode(UInt32.max)
        }))
    }

    func testAStateWithAHistoryIndexOutOfRangeIsRefused() {
        var state = PageStateSnapshot()
        state.history = [PageStateSnapshot.HistoryEntry(entryID: 1, url: WebURL("http://127.0.0.1/")!,
                                                        initialURL: WebURL("http://127.0.0.1/")!, title: "", scrollPosition: 0, isData: false)]
        state.historyIndex = 0
        var bytes = WebContentMessage.FromContent.state(state).payload(page: 1)
        XCTAssertNoThrow(try WebContentMessage.FromContent.decode(MessageChannel.Message(kind: 3, sequence: 1, payload: bytes)))
        // The last field is the index: 0 → 9.
        bytes[bytes.count - 8] = 9
        XCTAssertThrowsError(try WebContentMessage.FromContent.decode(MessageChannel.Message(kind: 3, sequence: 1, payload: bytes)))
    }

    func testHostileNumbersInSettingsAreClamped() throws {
        var configuration = WebViewConfiguration()
        configuration.scriptTimeLimit = .nan
        configuration.pageCacheCapacity = .max
        let settings = PageSettings(configuration: configuration, customUserAgent: nil, authorStyleSheetsEnabled: true,
                                    numbersFormFields: false, viewportSize: ViewportSize(columns: .max, rows: 1))
        var encoder = MessageEncoder()
        encoder.encode(settings)
        var decoder = MessageDecoder(encoder.bytes)
        let decoded = try PageSettings(from: &decoder)
        XCTAssertEqual(decoded.scriptTimeLimit, 10)
        XCTAssertEqual(decoded.viewportColumns, 10_000)
        XCTAssertEqual(decoded.pageCacheCapacity, 1000)
    }

    func testTheBrowserRefusesWhatAPageMayNotLoad() {
        let folder = WebURL("file:///tmp/site/")!
        func refusal(_ url: String, method: String = "GET", headers: HTTPHeaders = [:], handler: Bool = false) -> NavigationError? {
            var request = Request(url: WebURL(url)!)
            request.method = method
            request.headers = headers
            return WebPageProxy.refusal(of: &request, fileReadAccess: folder, servedByHandler: handler)
        }
        XCTAssertNil(refusal("http://127.0.0.1/"))
        XCTAssertNil(refusal("file:///tmp/site/page.html"))
        XCTAssertEqual(refusal("file:///etc/passwd"), .fileAccessDenied("/etc/passwd"))
        XCTAssertEqual(refusal("file:///tmp/site/../../etc/passwd"), .fileAccessDenied("/etc/passwd"))
        XCTAssertEqual(refusal("myapp://x"), .unsupportedScheme("myapp"))
        XCTAssertNil(refusal("myapp://x", handler: true))
        XCTAssertNotNil(refusal("http://127.0.0.1/", method: "GET\r\nX: y"))
        XCTAssertNotNil(refusal("http://127.0.0.1/", headers: ["X-Test": "a\r\nSet-Cookie: b"]))
        XCTAssertNotNil(refusal("http://127.0.0.1/", headers: ["Bad Name": "a"]))
        // What only the browser sets is dropped, the rest kept.
        var request = Request(url: WebURL("http://127.0.0.1/")!)
        request.headers = ["Cookie": "stolen=1", "Host": "elsewhere", "Proxy-Authorization": "x", "Accept": "text/html"]
        XCTAssertNil(WebPageProxy.refusal(of: &request, fileReadAccess: nil, servedByHandler: false))
        XCTAssertNil(request.headers["Cookie"])
        XCTAssertNil(request.headers["Host"])
        XCTAssertNil(request.headers["Proxy-Authorization"])
        XCTAssertEqual(request.headers["Accept"], "text/html")
    }

    func testEveryMessageKindRoundTripsAndGarbageIsRefused() throws {
        let messages: [WebContentMessage.ToContent] = [
            .ping(1), .shutdown, .stop, .userActivation, .layout(request: 2, width: 80, rows: 24),
            .interact(request: 3, element: 4, .type(.character("é"))), .evaluate(request: 5, source: "1", frame: 2),
            .answer(request: 6, .dialog(confirmed: true, text: "x")), .resourceData(load: 7, [1, 2, 3]),
            .resourceDone(load: 8, .cancelled), .scroll(line: 9), .scriptReply(request: 10, value: .array([.null, .number(1)]), error: nil),
            .text(request: 11, width: 80, rows: 24, references: true), .closePage,
        ]
        for message in messages {
            // Each frame names its page first.
            let payload = message.payload(page: 12)
            let (page, decoded) = try WebContentMessage.ToContent.decode(MessageChannel.Message(kind: message.kind, sequence: 1, payload: payload))
            XCTAssertEqual(page, 12)
            XCTAssertEqual(decoded.kind, message.kind)
            XCTAssertEqual(decoded.payload(page: 12), payload)
            // One byte short, or one too many, is refused.
            XCTAssertThrowsError(try WebContentMessage.ToContent.decode(MessageChannel.Message(kind: message.kind, sequence: 1,
                                                                                                payload: Array(payload.dropLast()))))
            XCTAssertThrowsError(try WebContentMessage.ToContent.decode(MessageChannel.Message(kind: message.kind, sequence: 1,
                                                                                                payload: payload + [0])))
        }
        let replies: [WebContentMessage.FromContent] = [
            .text(request: 1, part: [65, 10], end: nil), .text(request: 1, part: [], end: .cutShort),
            .createWindow(request: 2, Request(url: WebURL("http://127.0.0.1/p")!), .other, WindowFeatures(width: 10, y: -3)),
        ]
        for message in replies {
            let payload = message.payload(page: 3)
            let (page, decoded) = try WebContentMessage.FromContent.decode(MessageChannel.Message(kind: message.kind, sequence: 1, payload: payload))
            XCTAssertEqual(page, 3)
            XCTAssertEqual(decoded.payload(page: 3), payload)
            XCTAssertThrowsError(try WebContentMessage.FromContent.decode(MessageChannel.Message(kind: message.kind, sequence: 1,
                                                                                                  payload: Array(payload.dropLast()))))
        }
        // A script value nested past its bound.
        var deep = MessageEncoder()
        for _ in 0..<100 { deep.encode(UInt8(4)); deep.encode(UInt32(1)) }
        deep.encode(UInt8(0))
        var decoder = MessageDecoder(deep.bytes)
        XCTAssertThrowsError(try ScriptValue(from: &decoder))
    }
}
