internal import CJavaScriptCore
#if canImport(Glibc)
import Glibc
#endif

/// JavaScriptCore's C API, loaded on first use with dlopen, so that pages
/// without scripts never pay for the library (ARCHITECTURE.md, start-up).
enum JavaScriptCoreLibrary {
    /// The library's file name on Debian (libjavascriptcoregtk-4.1-0).
    static let fileName = "libjavascriptcoregtk-4.1.so.0"

    /// The functions, or why they could not be loaded.
    static let api: Result<tern_jsc_api, ScriptError> = load()

    /// Whether the library has been loaded into this process.
    static var isLoaded: Bool { dlopen(fileName, RTLD_NOW | RTLD_NOLOAD) != nil }

    private static func load() -> Result<tern_jsc_api, ScriptError> {
        // The watchdog's checks reach a running script through VM traps. With
        // signal-based traps (the default on Linux) a script spinning in JIT
        // code was seen to miss them now and then, and then nothing stopped
        // it; polling traps (a check at each loop back-edge) never miss.
        // JavaScriptCore reads its options from the environment when it starts.
        setenv("JSC_usePollingTraps", "true", 0)
        // A page's scripts mostly run once: the optimizing tier (DFG), compiled
        // ten times later than by default, is kept for code that stays hot
        // (DECISIONS.md, issue 29: Python's stdtypes.html −24% instructions).
        for option in ["thresholdForOptimizeAfterWarmUp", "thresholdForOptimizeAfterLongWarmUp", "thresholdForOptimizeSoon"] {
            setenv("JSC_" + option, "10000", 0)
        }
        // The library is linked to bind every symbol at load (14 000 lookups).
        // RTLD_DEEPBIND looks in the library and its own dependencies before
        // the global scope, where most of them are not: 17.3 M → 11.0 M
        // instructions for the load. Safe here: tern defines none of the
        // library's symbols and has no copy relocations of libc's data.
        // Not under the address sanitizer, which must see every malloc.
        let underSanitizer = dlsym(nil, "__asan_init") != nil
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL | (underSanitizer ? 0 : RTLD_DEEPBIND)) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            return .failure(.engineUnavailable("cannot load \(fileName): \(reason)"))
        }
        var api = tern_jsc_api()
        var missing: [String] = []
        func bind<T>(_ field: inout T?, _ name: String) {
            if let symbol = dlsym(handle, name) { field = unsafeBitCast(symbol, to: T.self) } else { missing.append(name) }
        }
        bind(&api.JSContextGroupCreate, "JSContextGroupCreate")
        bind(&api.JSContextGroupRetain, "JSContextGroupRetain")
        bind(&api.JSContextGroupRelease, "JSContextGroupRelease")
        bind(&api.JSContextGroupSetExecutionTimeLimit, "JSContextGroupSetExecutionTimeLimit")
        bind(&api.JSContextGroupClearExecutionTimeLimit, "JSContextGroupClearExecutionTimeLimit")
        bind(&api.JSGlobalContextCreateInGroup, "JSGlobalContextCreateInGroup")
        bind(&api.JSGlobalContextRelease, "JSGlobalContextRelease")
        bind(&api.JSContextGetGlobalObject, "JSContextGetGlobalObject")
        bind(&api.JSContextGetGroup, "JSContextGetGroup")
        bind(&api.JSEvaluateScript, "JSEvaluateScript")
        bind(&api.JSCheckScriptSyntax, "JSCheckScriptSyntax")
        bind(&api.JSGarbageCollect, "JSGarbageCollect")
        bind(&api.JSStringCreateWithUTF8CString, "JSStringCreateWithUTF8CString")
        bind(&api.JSStringCreateWithCharacters, "JSStringCreateWithCharacters")
        bind(&api.JSStringRelease, "JSStringRelease")
        bind(&api.JSStringGetLength, "JSStringGetLength")
        bind(&api.JSStringGetCharactersPtr, "JSStringGetCharactersPtr")
        bind(&api.JSStringGetMaximumUTF8CStringSize, "JSStringGetMaximumUTF8CStringSize")
        bind(&api.JSStringGetUTF8CString, "JSStringGetUTF8CString")
        bind(&api.JSValueGetType, "JSValueGetType")
        bind(&api.JSValueIsArray, "JSValueIsArray")
        bind(&api.JSValueIsDate, "JSValueIsDate")
        bind(&api.JSValueIsObject, "JSValueIsObject")
        bind(&api.JSValueIsStrictEqual, "JSValueIsStrictEqual")
        bind(&api.JSValueMakeUndefined, "JSValueMakeUndefined")
        bind(&api.JSValueMakeNull, "JSValueMakeNull")
        bind(&api.JSValueMakeBoolean, "JSValueMakeBoolean")
        bind(&api.JSValueMakeNumber, "JSValueMakeNumber")
        bind(&api.JSValueMakeString, "JSValueMakeString")
        bind(&api.JSValueMakeFromJSONString, "JSValueMakeFromJSONString")
        bind(&api.JSValueCreateJSONString, "JSValueCreateJSONString")
        bind(&api.JSValueToBoolean, "JSValueToBoolean")
        bind(&api.JSValueToNumber, "JSValueToNumber")
        bind(&api.JSValueToStringCopy, "JSValueToStringCopy")
        bind(&api.JSValueToObject, "JSValueToObject")
        bind(&api.JSValueProtect, "JSValueProtect")
        bind(&api.JSValueUnprotect, "JSValueUnprotect")
        bind(&api.JSObjectMake, "JSObjectMake")
        bind(&api.JSObjectMakeFunctionWithCallback, "JSObjectMakeFunctionWithCallback")
        bind(&api.JSObjectMakeArray, "JSObjectMakeArray")
        bind(&api.JSObjectMakeTypedArrayWithBytesNoCopy, "JSObjectMakeTypedArrayWithBytesNoCopy")
        bind(&api.JSObjectMakeDate, "JSObjectMakeDate")
        bind(&api.JSObjectMakeError, "JSObjectMakeError")
        bind(&api.JSObjectMakeDeferredPromise, "JSObjectMakeDeferredPromise")
        bind(&api.JSObjectGetProperty, "JSObjectGetProperty")
        bind(&api.JSObjectSetProperty, "JSObjectSetProperty")
        bind(&api.JSObjectDeleteProperty, "JSObjectDeleteProperty")
        bind(&api.JSObjectHasProperty, "JSObjectHasProperty")
        bind(&api.JSObjectGetPropertyAtIndex, "JSObjectGetPropertyAtIndex")
        bind(&api.JSObjectSetPropertyAtIndex, "JSObjectSetPropertyAtIndex")
        bind(&api.JSObjectCopyPropertyNames, "JSObjectCopyPropertyNames")
        bind(&api.JSPropertyNameArrayGetCount, "JSPropertyNameArrayGetCount")
        bind(&api.JSPropertyNameArrayGetNameAtIndex, "JSPropertyNameArrayGetNameAtIndex")
        bind(&api.JSPropertyNameArrayRelease, "JSPropertyNameArrayRelease")
        bind(&api.JSObjectIsFunction, "JSObjectIsFunction")
        bind(&api.JSObjectCallAsFunction, "JSObjectCallAsFunction")
        bind(&api.JSObjectGetPrivate, "JSObjectGetPrivate")
        bind(&api.JSObjectSetPrivate, "JSObjectSetPrivate")
        bind(&api.JSClassCreate, "JSClassCreate")
        bind(&api.JSClassRelease, "JSClassRelease")
        // Optional: without them a page's heap is not limited.
        func bindOptional<T>(_ field: inout T?, _ name: String) {
            field = dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        bindOptional(&api.JSGetMemoryUsageStatistics, "JSGetMemoryUsageStatistics")
        bindOptional(&api.JSSynchronousGarbageCollectForDebugging, "JSSynchronousGarbageCollectForDebugging")
        guard missing.isEmpty else {
            return .failure(.engineUnavailable("\(fileName) lacks \(missing.joined(separator: ", "))"))
        }
        return .success(api)
    }
}
