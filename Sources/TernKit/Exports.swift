// The types of TernKit's API that TernNet defines (Request, Response, WebURL,
// NavigationError, EventLoop, Credential, …): `import TernKit` brings them.
@_exported import TernNet
