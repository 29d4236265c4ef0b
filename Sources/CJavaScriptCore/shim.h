#ifndef TERN_CJAVASCRIPTCORE_SHIM_H
#define TERN_CJAVASCRIPTCORE_SHIM_H
#include <JavaScriptCore/JavaScript.h>
// Private but exported by the library: the script watchdog.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
extern void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                JSShouldTerminateCallback callback, void *context);
extern void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);
#endif
