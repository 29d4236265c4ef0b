import XCTest
import TernScript

/// A real JavaScriptCore context, loaded with dlopen.
final class ScriptContextTests: XCTestCase {
    var context: ScriptContext!

    override func setUpWithError() throws {
        context = try ScriptContext()
    }

    func testValuesConvertToSwift() {
        XCTAssertEqual(try context.evaluate("1 + 2").get(), .number(3))
        XCTAssertEqual(try context.evaluate("'a' + 'b'").get(), .string("ab"))
        XCTAssertEqual(try context.evaluate("[1, 'x', true, null]").get(), .array([.number(1), .string("x"), .bool(true), .null]))
        XCTAssertEqual(try context.evaluate("({a: 1, b: {c: 'd'}})").get(), .dictionary(["a": .number(1), "b": .dictionary(["c": .string("d")])]))
        XCTAssertEqual(try context.evaluate("undefined").get(), .null)
        XCTAssertEqual(try context.evaluate("new Date(86400000)").get(), .date(86_400_000))
        XCTAssertEqual(try context.evaluate("'中文 \\u{1F600}'").get(), .string("中文 😀"))
        let cyclic = try? context.evaluate("var o = {name: 'o'}; o.self = o; o").get()
        XCTAssertEqual(cyclic?.description.hasPrefix("{name: o"), true, "a cycle ends, it does not hang")
    }

    /// Strings come back by two paths (ASCII a byte per unit, the rest
    /// transcoded): the edges of each, and a lone surrogate as U+FFFD.
    func testStringsConvertOnTheASCIIAndTheOtherPath() {
        XCTAssertEqual(try context.evaluate("'div' + String.fromCharCode(0, 0x7F)").get(), .string("div\0\u{7F}"))
        XCTAssertEqual(try context.evaluate("String.fromCharCode(0x80) + 'a'").get(), .string("\u{80}a"))
        XCTAssertEqual(try context.evaluate("'a' + String.fromCharCode(0xD800) + 'b'").get(), .string("a\u{FFFD}b"))
        XCTAssertEqual(try context.evaluate("String.fromCharCode(0xDC00)").get(), .string("\u{FFFD}"))
        XCTAssertEqual(try context.evaluate("'x'.repeat(100000)").get(), .string(String(repeating: "x", count: 100_000)))
        XCTAssertEqual(try context.evaluate("''").get(), .string(""))
    }

    func testAnExceptionBecomesAnErrorWithMessageAndLine() {
        let result = context.evaluate("var x = 1;\nthrow new TypeError('bad thing');", sourceURL: "https://a.test/app.js")
        XCTAssertEqual(result, .failure(.exception(message: "TypeError: bad thing", line: 2, sourceURL: "https://a.test/app.js")))
        XCTAssertEqual(try context.evaluate("x").get(), .number(1), "the context stays usable")
    }

    func testTheWatchdogEndsAnEndlessLoopAndTheNextScriptRuns() {
        context.executionTimeLimit = 0.3
        XCTAssertEqual(context.evaluate("while (true) {}"), .failure(.terminated(limit: 0.3)))
        XCTAssertEqual(try context.evaluate("6 * 7").get(), .number(42))
    }

    func testConsoleMessagesAreCaptured() {
        var heard: [String] = []
        context.onConsoleMessage = { heard.append("\($0.level): \($0.text)") }
        _ = context.evaluate("console.log('hello', 42, [1,2]); console.error('oops')")
        XCTAssertEqual(heard, ["log: hello 42 [1, 2]", "error: oops"])
        XCTAssertEqual(context.consoleMessages.count, 2)
    }

    func testSwiftFunctionsAreCallableFromScripts() {
        var received: [ScriptValue] = []
        context.setFunction("postMessage", path: ["webkit", "messageHandlers", "showName"]) { arguments in
            received = arguments
            return .string("ok")
        }
        let result = context.evaluate("window = this; window.webkit.messageHandlers.showName.postMessage(['a', 1])")
        XCTAssertEqual(result, .success(.string("ok")))
        XCTAssertEqual(received, [.array([.string("a"), .number(1)])])
    }

    func testCallingAGlobalFunction() {
        _ = context.evaluate("function alertSendMsg(num, msg) { return num + ':' + msg }")
        XCTAssertEqual(context.call("alertSendMsg", [.string("13300001111"), .string("hi")]), .success(.string("13300001111:hi")))
        guard case .failure(.exception) = context.call("missing", []) else { return XCTFail() }
    }

    func testManyFunctionsAreCollectedWithoutCrashing() {
        for index in 0..<2_000 { context.setFunction("f\(index % 10)") { _ in .number(Double(index)) } }
        XCTAssertEqual(try context.evaluate("f3()").get(), .number(1993))
    }

    /// Large strings handed to a script arrive whole: values made from Swift
    /// stay out of the collector's reach until the script holds them (they
    /// were once kept only in a Swift array while the next one was made,
    /// and large allocations run the collector).
    func testManyLargeStringsPassedToAScriptArriveWhole() {
        _ = context.evaluate("function check(items, more) { var ok = 0; for (var i = 0; i < items.length; i++) "
                             + "if (items[i].length === 200000 && items[i].charAt(0) === String.fromCharCode(65 + i % 26)) ok++; "
                             + "return ok + (more.length === 200000 ? 1 : 0); }")
        for round in 0..<5 {
            let items = (0..<40).map { ScriptValue.string(String(repeating: String(UnicodeScalar(65 + $0 % 26)!), count: 200_000)) }
            XCTAssertEqual(context.call("check", [.array(items), .string(String(repeating: "z", count: 200_000))]), .success(.number(41)),
                           "round \(round)")
        }
    }
}
