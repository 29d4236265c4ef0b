// The types of TernKit's API that lower targets define: `import TernKit` brings
// them. TernNet: Request, Response, WebURL, NavigationError, EventLoop,
// Credential…; TernScript: ScriptValue, ScriptError.
@_exported import TernNet
@_exported import TernScript
