internal import CJavaScriptCore

/// A JavaScript function backed by a Swift closure that works on JavaScriptCore
/// values directly, without converting through `ScriptValue`: the DOM
/// bindings call these on every property access, so they stay thin.
///
/// A thrown Swift error becomes a JavaScript exception (see
/// `DOMBridge.exception(for:)`). Not thread-safe: one event-loop thread.
final class NativeFunction {
    typealias Body = (NativeArguments) throws -> JSValueRef?

    /// Weak: the windows of a page share one engine group, so a frame's
    /// functions can be called from its parent after the frame's window went.
    weak var bridge: DOMBridge?
    let body: Body

    init(bridge: DOMBridge, body: @escaping Body) {
        self.bridge = bridge
        self.body = body
    }

    /// A function object calling `body`; the box is released when JavaScriptCore collects it.
    static func make(_ bridge: DOMBridge, _ body: @escaping Body) -> JSObjectRef {
        let box = Unmanaged.passRetained(NativeFunction(bridge: bridge, body: body)).toOpaque()
        let jsc = bridge.jsc
        return jsc.JSObjectMake!(bridge.ctx, jsClass(jsc), box)!
    }

    private static var cachedClass: JSClassRef?
    private static var getPrivate: (@convention(c) (JSObjectRef?) -> UnsafeMutableRawPointer?)?

    private static func jsClass(_ jsc: tern_jsc_api) -> JSClassRef {
        if let cachedClass { return cachedClass }
        getPrivate = jsc.JSObjectGetPrivate
        var definition = JSClassDefinition()
        definition.callAsFunction = { _, function, _, count, arguments, exception in
            guard let function, let box = NativeFunction.getPrivate?(function) else { return nil }
            let native = Unmanaged<NativeFunction>.fromOpaque(box).takeUnretainedValue()
            // The window is gone: the call does nothing (JavaScriptCore reads nil as undefined).
            guard let bridge = native.bridge else { return nil }
            do {
                return try native.body(NativeArguments(count: count, values: arguments)) ?? bridge.undefined
            } catch {
                exception?.pointee = bridge.exception(for: error)
                return bridge.undefined
            }
        }
        definition.finalize = { object in
            guard let object, let box = NativeFunction.getPrivate?(object) else { return }
            Unmanaged<NativeFunction>.fromOpaque(box).release()
        }
        let created = jsc.JSClassCreate!(&definition)!
        cachedClass = created
        return created
    }
}

/// The arguments of a call to a `NativeFunction`; missing ones read as nil (undefined).
struct NativeArguments {
    let count: Int
    let values: UnsafePointer<JSValueRef?>?

    subscript(_ index: Int) -> JSValueRef? {
        index < count ? values?[index] : nil
    }
}
