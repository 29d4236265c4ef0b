#if canImport(Glibc)
import Glibc
#endif

/// Holds one answer that a delegate must give exactly once, as WebKit's
/// decision handlers demand. A second answer is reported and ignored; an
/// answer never given is reported when the handler is released, and the
/// documented fallback is applied then.
final class DecisionHandler<Value> {
    private let name: String
    private let fallback: Value
    private var answer: ((Value) -> Void)?

    init(name: String, fallback: Value, answer: @escaping (Value) -> Void) {
        self.name = name
        self.fallback = fallback
        self.answer = answer
    }

    /// The closure handed to the delegate.
    var closure: (Value) -> Void { { [self] value in decide(value) } }

    func decide(_ value: Value) {
        guard let answer else {
            DecisionHandlerMisuse.report("The decision handler of \(name) was called more than once")
            return
        }
        self.answer = nil
        answer(value)
    }

    deinit {
        if let answer {
            DecisionHandlerMisuse.report("The decision handler of \(name) was released without being called")
            answer(fallback)
        }
    }
}

/// Where misused decision handlers are reported.
public enum DecisionHandlerMisuse {
    /// Called with a description of each misuse. Default: an assertion failure
    /// in debug builds, a line on stderr in release builds. Replace it to log
    /// elsewhere or, in tests, to record.
    public static var report: (String) -> Void = { message in
        assertionFailure(message)
        fputs("tern: \(message)\n", stderr)
    }
}
