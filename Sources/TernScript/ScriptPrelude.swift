/// The JavaScript that builds a page's globals on top of the native
/// functions ScriptWindow installs (names starting with `__tern`).
enum ScriptPrelude {}
