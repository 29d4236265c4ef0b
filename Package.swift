// swift-tools-version:6.0
import PackageDescription

// MARK: - Shared settings

/// Page work runs on one thread (ARCHITECTURE.md), so the targets use the
/// Swift 5 language mode rather than annotating every type for Sendable.
let languageModes: [SwiftLanguageMode] = [.v5]

func system(_ name: String, _ pkgConfig: String, _ apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

// MARK: - Package

let package = Package(
    name: "Tern",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TernKit", targets: ["TernKit"]),
        // Optional: WebKit's Foundation spellings (URL, URLRequest, HTTPCookie) over TernKit.
        // Nothing else links Foundation (start-up speed).
        .library(name: "TernKitFoundation", targets: ["TernKitFoundation"]),
        .executable(name: "tern", targets: ["tern"]),
    ],
    targets: [
        // MARK: C libraries, each wrapped by exactly one Swift target
        // Headers only: TernNet loads libcurl with dlopen when the first transfer starts.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        system("CLibXML2", "libxml-2.0", ["libxml2-dev"]),
        system("CNcursesw", "ncursesw", ["libncurses-dev"]),
        // Headers only: TernScript loads the library with dlopen when a page needs it.
        .systemLibrary(name: "CJavaScriptCore"),
        system("CSQLite", "sqlite3", ["libsqlite3-dev"]),
        system("CLibPSL", "libpsl", ["libpsl-dev"]),
        // Kernel headers (linux-libc-dev): seccomp, Landlock, prctl.
        .systemLibrary(name: "CLinux"),

        // MARK: The pipeline
        .target(name: "TernNet", dependencies: ["CCurl", "CLibPSL", "TernSystem"]),
        // libxml2's memory counted (xmlMemSetup), for the page's memory limit.
        .target(name: "CLibXML2Memory", dependencies: ["CLibXML2"]),
        .target(name: "TernDOM", dependencies: ["CLibXML2", "CLibXML2Memory"]),
        // Layout's hot walk touches its builder's state millions of times on a
        // large page; the dynamic exclusivity checks cost ~7% of the run.
        .target(name: "TernLayout", dependencies: ["TernDOM", "TernCSS"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),
        // The preludes' JavaScript is Sources/TernScript/JS/*.js (ScriptPrelude.swift),
        // compiled in by TernScriptJS.
        .target(name: "TernScript", dependencies: ["CJavaScriptCore", "TernDOM", "TernNet", "TernCSS", "TernScriptJS"],
                exclude: ["JS"],
                swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/webkitgtk-4.1"])]),
        // The .js files, through the symlink JS, compiled in (no Foundation): PackageResources.<the
        // name with _ for - and .>. Their array literals take ~1 min to compile in release, so a
        // target of their own, which only a change to a .js file builds again.
        .target(name: "TernScriptJS", resources: [.embedInCode("JS")]),
        .target(name: "TernTerminal", dependencies: ["CNcursesw"]),
        // The operating system, typed (swift-system's style): files, SQLite, the
        // home folders, spawning, the web content process's sandbox and the
        // framed messages between the processes; no Foundation.
        .target(name: "TernSystem", dependencies: ["CLinux", "CSQLite"]),
        // The user-agent sheet, Resources/ua.css through a symlink, compiled in (no Foundation).
        // As TernLayout: the style engine's state is read for every element.
        .target(name: "TernCSS", dependencies: ["TernDOM"], resources: [.embedInCode("ua.css")],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),
        .target(name: "TernKit", dependencies: ["TernNet", "TernDOM", "TernLayout", "TernScript"]),
        .target(name: "TernKitFoundation", dependencies: ["TernKit"]),
        .target(name: "TernBrowser", dependencies: ["TernKit", "TernTerminal"]),
        // Release builds link the Swift runtime statically: no Swift libraries to
        // load and relocate at start-up (a tiny page 4.1 -> 3.6 ms, 14.7 -> 12.4 MB),
        // and export none of its 3 000 symbols: each shared library's symbol
        // lookups would search them first (a tiny page 3.9 -> 3.4 ms).
        .executableTarget(name: "tern", dependencies: ["TernBrowser", "TernKit", "TernTerminal"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"],
                                                        .when(configuration: .release))]),

        // MARK: The README's example, kept compiling
        .executableTarget(name: "TernExample", dependencies: ["TernKit"], path: "Examples/TernExample"),

        // MARK: Tests
        .target(name: "TernTestSupport", dependencies: ["TernKit"], path: "Tests/TernTestSupport"),
        .testTarget(name: "TernNetTests", dependencies: ["TernNet", "TernTestSupport"]),
        .testTarget(name: "TernURLConformanceTests", dependencies: ["TernNet"]),
        .testTarget(name: "TernDOMTests", dependencies: ["TernDOM"]),
        .testTarget(name: "TernCSSTests", dependencies: ["TernCSS", "TernDOM"]),
        // The golden files are read from the source tree by path (GoldenTests).
        .testTarget(name: "TernLayoutTests", dependencies: ["TernLayout"], exclude: ["Golden"]),
        .testTarget(name: "TernKitTests", dependencies: ["TernKit", "TernTestSupport"]),
        .testTarget(name: "TernKitFoundationTests", dependencies: ["TernKitFoundation", "TernTestSupport", "tern"]),
        .testTarget(name: "TernTerminalTests", dependencies: ["TernTerminal"]),
        // The sandbox is tried from a program of its own that enters it.
        .executableTarget(name: "TernSandboxProbe", dependencies: ["TernSystem", "TernScript"], path: "Tests/TernSandboxProbe"),
        .testTarget(name: "TernSystemTests", dependencies: ["TernSystem", "TernSandboxProbe"]),
        .testTarget(name: "TernBrowserTests", dependencies: ["TernBrowser", "TernTerminal", "TernKit", "TernTestSupport"]),
        .testTarget(name: "TernScriptTests", dependencies: ["TernScript", "TernScriptJS"]),
        .testTarget(name: "TernEndToEndTests", dependencies: ["TernTestSupport", "tern"]),
        .testTarget(name: "TernWPTTests", dependencies: ["TernKit", "TernTestSupport"]),
        // A WKWebView controller as tutorials write it, ported line by line (issue 14).
        .testTarget(name: "TernWebKitPortTests", dependencies: ["TernKit", "TernTestSupport"]),
        // The hostile page and server (SECURITY.md): one test per rule, two origins on loopback.
        .testTarget(name: "TernSecurityTests", dependencies: ["TernKit", "TernScript", "TernNet", "TernTestSupport", "tern"]),
    ],
    swiftLanguageModes: languageModes
)
