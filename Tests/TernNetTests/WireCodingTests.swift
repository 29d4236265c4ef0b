import XCTest
import TernSystem
@testable import TernNet

/// Requests, responses and load errors as they cross to and from a web
/// content process: what is written is read back equal, and bytes another
/// process made up are refused.
final class WireCodingTests: XCTestCase {
    private func roundTrip<Value: WireCodable & Equatable>(_ value: Value, file: StaticString = #filePath, line: UInt = #line) {
        var encoder = MessageEncoder()
        encoder.encode(value)
        var decoder = MessageDecoder(encoder.bytes)
        XCTAssertEqual(try decoder.decode(Value.self), value, file: file, line: line)
        XCTAssertNoThrow(try decoder.finish(), file: file, line: line)
    }

    private func refuses<Value: WireCodable>(_: Value.Type, _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        var decoder = MessageDecoder(bytes)
        XCTAssertThrowsError(try decoder.decode(Value.self), file: file, line: line) { error in
            guard case .malformed = error as? MessageError else { return XCTFail("\(error)", file: file, line: line) }
        }
    }

    private func bytes(_ build: (inout MessageEncoder) -> Void) -> [UInt8] {
        var encoder = MessageEncoder()
        build(&encoder)
        return encoder.bytes
    }

    func testRequestRoundTripsWithEveryField() throws {
        var request = Request(url: WebURL("https://example.com/a?b#c")!, method: "POST",
                              headers: ["Content-Type": "text/plain", "X-Two": "2"], body: [0, 1, 255],
                              cachePolicy: .returnCacheDataDontLoad, timeoutInterval: 12.5)
        request.headers.add("X-Two", "again")
        request.handlesCookies = false
        request.initiator = WebURL("https://example.org/")
        request.initiatorOrigin = "https://example.org"
        request.isTopLevelNavigation = true
        request.referrerPolicy = .strictOrigin
        request.headerValuesAreBytes = true
        request.redirectedFrom = [WebURL("http://example.com/")!, WebURL("https://example.net/x")!]
        roundTrip(request)
        roundTrip(Request(url: WebURL("data:,hi")!))
    }

    func testResponseRoundTrips() {
        var response = Response(url: WebURL("https://example.com/")!, statusCode: 404, headers: ["Set-Cookie": "a=1"],
                                mimeType: "text/html", textEncodingName: "utf-8", expectedContentLength: 1234)
        response.httpVersion = "HTTP/2"
        roundTrip(response)
        roundTrip(Response(url: WebURL("about:blank")!))
    }

    func testEveryNavigationErrorRoundTrips() {
        let trust = ServerTrust(host: "bad.example", port: 8443, reason: "self-signed", failure: .selfSigned,
                                certificateChain: [CertificateSummary(subject: "CN=bad", issuer: "CN=bad", notBefore: "a", notAfter: "b", der: [1, 2, 3])])
        let errors: [NavigationError] = [
            .badURL("x"), .unsupportedScheme("gopher"), .cannotFindHost("h"), .cannotConnect(host: "h", reason: "r"), .timedOut,
            .secureConnectionFailed(reason: "r"), .serverCertificateUntrusted(trust), .tooManyRedirects(20),
            .redirectToDisallowedScheme("file"), .cancelled, .interruptedByPolicy, .fileNotFound("/a"), .fileNotReadable("/b"),
            .fileAccessDenied("/c"), .documentTooLarge(limit: 1 << 40), .responseHeaderTooLarge(limit: 65536),
            .badContentEncoding(reason: "gzip"), .badServerResponse(reason: "r"), .connectionLost(reason: "r"),
            .resourceUnavailable("u"), .other(reason: "o"),
        ]
        for error in errors { roundTrip(error) }
    }

    func testMadeUpBytesAreRefused() {
        // A URL that does not parse.
        refuses(WebURL.self, bytes { $0.encode("not a url") })
        // An unknown error tag, cache policy and trust failure.
        refuses(NavigationError.self, [200])
        refuses(ServerTrust.self, bytes { $0.encode("h"); $0.encode(443); $0.encode("r"); $0.encode(UInt8(99)); $0.encode(UInt32(0)) })
        // A port and a status out of range.
        refuses(ServerTrust.self, bytes { $0.encode("h"); $0.encode(70_000); $0.encode("r"); $0.encode(UInt8(0)); $0.encode(UInt32(0)) })
        refuses(Response.self, bytes { $0.encode(WebURL("https://a/")!); $0.encode(-1) })
        refuses(Response.self, bytes { $0.encode(WebURL("https://a/")!); $0.encode(Int.max) })
        // A header list claiming four billion fields.
        refuses(HTTPHeaders.self, [0xFF, 0xFF, 0xFF, 0xFF, 0, 0])
        // A request whose timeout is not a time.
        var request = Request(url: WebURL("https://a/")!, timeoutInterval: 1)
        var encoded = bytes { $0.encode(request) }
        for bad in [Double.nan, -1, .infinity] {
            request.timeoutInterval = 1
            encoded = bytes { $0.encode(request) }
            let one = bytes { $0.encode(1.0) }
            let replaced = bytes { $0.encode(bad) }
            // The timeout's eight bytes are the only 1.0 in the encoding.
            guard let start = (0...(encoded.count - 8)).first(where: { Array(encoded[$0..<$0 + 8]) == one }) else { return XCTFail() }
            var hostile = encoded
            hostile.replaceSubrange(start..<start + 8, with: replaced)
            refuses(Request.self, hostile)
        }
        // An unknown referrer policy.
        request.timeoutInterval = nil
        request.referrerPolicy = .origin
        encoded = bytes { $0.encode(request) }
        let origin = Array("origin".utf8)
        guard let at = (0...(encoded.count - origin.count)).first(where: { Array(encoded[$0..<$0 + origin.count]) == origin }) else { return XCTFail() }
        encoded.replaceSubrange(at..<at + origin.count, with: Array("orig1n".utf8))
        refuses(Request.self, encoded)
    }
}
