#ifndef TERN_CJAVASCRIPTCORE_SHIM_H
#define TERN_CJAVASCRIPTCORE_SHIM_H
// JavaScriptCore is loaded with dlopen only when a page needs scripts (its
// library costs ~16 ms of start-up and ~7 MB), so nothing here links it: the
// headers give the types, and `tern_jsc_api` holds the functions, filled in
// by TernScript from dlsym. The include path comes from TernScript's settings.
#include <JavaScriptCore/JavaScript.h>

// Private but exported by the library: the script watchdog.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                         JSShouldTerminateCallback callback, void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);
// Private but exported: the heap's size (heapSize: live after the last
// collection, heapCapacity: held, extraMemorySize), and a full collection now.
JSObjectRef JSGetMemoryUsageStatistics(JSContextRef ctx);
void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);

#define TERN_JSC(name) __typeof__(&name) name;
struct tern_jsc_api {
    TERN_JSC(JSContextGroupCreate)
    TERN_JSC(JSContextGroupRetain)
    TERN_JSC(JSContextGroupRelease)
    TERN_JSC(JSContextGroupSetExecutionTimeLimit)
    TERN_JSC(JSContextGroupClearExecutionTimeLimit)
    TERN_JSC(JSGlobalContextCreateInGroup)
    TERN_JSC(JSGlobalContextRelease)
    TERN_JSC(JSContextGetGlobalObject)
    TERN_JSC(JSContextGetGroup)
    TERN_JSC(JSEvaluateScript)
    TERN_JSC(JSCheckScriptSyntax)
    TERN_JSC(JSGarbageCollect)
    TERN_JSC(JSStringCreateWithUTF8CString)
    TERN_JSC(JSStringCreateWithCharacters)
    TERN_JSC(JSStringRelease)
    TERN_JSC(JSStringGetLength)
    TERN_JSC(JSStringGetCharactersPtr)
    TERN_JSC(JSStringGetMaximumUTF8CStringSize)
    TERN_JSC(JSStringGetUTF8CString)
    TERN_JSC(JSValueGetType)
    TERN_JSC(JSValueIsArray)
    TERN_JSC(JSValueIsDate)
    TERN_JSC(JSValueIsObject)
    TERN_JSC(JSValueIsStrictEqual)
    TERN_JSC(JSValueMakeUndefined)
    TERN_JSC(JSValueMakeNull)
    TERN_JSC(JSValueMakeBoolean)
    TERN_JSC(JSValueMakeNumber)
    TERN_JSC(JSValueMakeString)
    TERN_JSC(JSValueMakeFromJSONString)
    TERN_JSC(JSValueCreateJSONString)
    TERN_JSC(JSValueToBoolean)
    TERN_JSC(JSValueToNumber)
    TERN_JSC(JSValueToStringCopy)
    TERN_JSC(JSValueToObject)
    TERN_JSC(JSValueProtect)
    TERN_JSC(JSValueUnprotect)
    TERN_JSC(JSObjectMake)
    TERN_JSC(JSObjectMakeFunctionWithCallback)
    TERN_JSC(JSObjectMakeArray)
    TERN_JSC(JSObjectMakeDate)
    TERN_JSC(JSObjectMakeError)
    TERN_JSC(JSObjectMakeDeferredPromise)
    TERN_JSC(JSObjectGetProperty)
    TERN_JSC(JSObjectSetProperty)
    TERN_JSC(JSObjectDeleteProperty)
    TERN_JSC(JSObjectHasProperty)
    TERN_JSC(JSObjectGetPropertyAtIndex)
    TERN_JSC(JSObjectSetPropertyAtIndex)
    TERN_JSC(JSObjectCopyPropertyNames)
    TERN_JSC(JSPropertyNameArrayGetCount)
    TERN_JSC(JSPropertyNameArrayGetNameAtIndex)
    TERN_JSC(JSPropertyNameArrayRelease)
    TERN_JSC(JSObjectIsFunction)
    TERN_JSC(JSObjectCallAsFunction)
    TERN_JSC(JSObjectGetPrivate)
    TERN_JSC(JSObjectSetPrivate)
    TERN_JSC(JSClassCreate)
    TERN_JSC(JSClassRelease)
    TERN_JSC(JSGetMemoryUsageStatistics)
    TERN_JSC(JSSynchronousGarbageCollectForDebugging)
    TERN_JSC(JSObjectMakeTypedArrayWithBytesNoCopy)
};
#undef TERN_JSC
#endif
