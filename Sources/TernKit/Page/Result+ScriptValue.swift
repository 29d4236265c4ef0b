import TernScript

extension Result where Success == ScriptValue?, Failure == ScriptError {
    /// Hands the result to a WebKit-style completion handler: the value as
    /// WKWebView converts it (`ScriptValue.anyValue`), or the error.
    func deliver(to completionHandler: ((Any?, Error?) -> Void)?) {
        switch self {
        case .success(let value): completionHandler?(value?.anyValue, nil)
        case .failure(let error): completionHandler?(nil, error)
        }
    }
}
