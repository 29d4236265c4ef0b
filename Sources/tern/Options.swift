#if canImport(Glibc)
import Glibc
#endif

/// The command line's options.
struct Options {
    var dump = false
    var help = false
    /// Print `tern VERSION` and exit.
    var version = false
    /// Print the settings in effect (settings file, command line, defaults) and exit.
    var printConfig = false
    var userAgent: String?
    var timeout: Double = 30
    /// Megabytes a page's JavaScript heap, with the DOM its scripts made, may hold before its scripts are stopped.
    var scriptMemoryLimit = 1024
    var resolve: [String] = []
    var target: String?
    /// Columns to lay the page out in; nil uses the terminal's width, else 80.
    var width: Int?
    /// Leave the list of link references out of `--dump`.
    var noList = false
    /// Print the page's source instead of its rendering.
    var source = false
    /// Run no page scripts.
    var noJavaScript = false
    /// How `--dump` answers JavaScript dialogs: accept (OK, default text) or dismiss.
    var acceptDialogs = false
    /// JavaScript whose result is printed after the page loaded.
    var eval: String?
    /// JavaScript to wait for (until truthy) before dumping or evaluating.
    var waitFor: String?
    /// Print console messages to stderr.
    var console = false
    /// The profile folder (cookies); nil uses `$XDG_DATA_HOME/tern`.
    var profile: String?
    /// Keep nothing on disk.
    var privateBrowsing = false
    /// Start with the last session's tabs, without asking.
    var restore = false
    /// Session cookies survive a restart too.
    var keepSessionCookies = false
    /// A Netscape cookies.txt file to add to the profile's cookies first.
    var importCookies: String?
    /// Where to write every cookie, as cookies.txt, when tern is done.
    var exportCookies: String?
    /// A Netscape bookmark HTML file to add to the profile's bookmarks first.
    var importBookmarks: String?
    /// Where to write every bookmark, as Netscape bookmark HTML, when tern is done.
    var exportBookmarks: String?
    /// A PEM file of CA certificates to trust instead of the system's.
    var caBundle: String?
    /// The proxy for every request; nil leaves it to the environment variables.
    var proxy: String?
    /// Skip TLS certificate verification.
    var insecure = false
    /// Apply no page style sheets (the browser's `S` turns them back on).
    var noCSS = false
    /// Run each page in a sandboxed web content process of its own.
    var contentProcess = false
    /// Draw no colours (`--no-color`, or a non-empty `NO_COLOR`).
    var noColor = false

    /// A command line Tern cannot use, with what is wrong.
    struct UsageError: Error {
        let message: String
        init(_ message: String) { self.message = "tern: " + message }
    }

    /// `environment` is asked for `NO_COLOR` (no-color.org: any non-empty
    /// value). The options start as `base` (the settings file's): the
    /// command line changes them.
    static func parse(_ arguments: [String], startingFrom base: Options = Options(),
                      environment: (String) -> String? = Options.environment) throws -> Options {
        var options = base
        options.noColor = options.noColor || !(environment("NO_COLOR") ?? "").isEmpty
        var rest = arguments[...]
        func value(for name: String) throws -> String {
            guard let value = rest.popFirst() else { throw UsageError("\(name) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--dump": options.dump = true
            case "--help", "-h": options.help = true
            case "--version": options.version = true
            case "--print-config": options.printConfig = true
            case "--user-agent": options.userAgent = try value(for: argument)
            case "--no-list": options.noList = true
            case "--no-js": options.noJavaScript = true
            case "--console": options.console = true
            case "--private": options.privateBrowsing = true
            case "--restore": options.restore = true
            case "--keep-session-cookies": options.keepSessionCookies = true
            case "--profile": options.profile = try value(for: argument)
            case "--import-cookies": options.importCookies = try value(for: argument)
            case "--export-cookies": options.exportCookies = try value(for: argument)
            case "--import-bookmarks": options.importBookmarks = try value(for: argument)
            case "--export-bookmarks": options.exportBookmarks = try value(for: argument)
            case "--insecure": options.insecure = true
            case "--no-css": options.noCSS = true
            case "--content-process": options.contentProcess = true
            case "--no-color": options.noColor = true
            case "--proxy": options.proxy = try value(for: argument)
            case "--ca-bundle":
                let path = try value(for: argument)
                guard access(path, R_OK) == 0 else { throw UsageError("--ca-bundle: cannot read \(path)") }
                options.caBundle = path
            case "--eval": options.eval = try value(for: argument)
            case "--wait-for": options.waitFor = try value(for: argument)
            case "--dialogs":
                switch try value(for: argument) {
                case "accept": options.acceptDialogs = true
                case "dismiss": options.acceptDialogs = false
                default: throw UsageError("--dialogs takes accept or dismiss")
                }
            case "--source": options.source = true
            case "--width":
                guard let columns = Int(try value(for: argument)), (10...1000).contains(columns) else {
                    throw UsageError("--width needs a number of columns from 10 to 1000")
                }
                options.width = columns
            case "--timeout":
                guard let seconds = Double(try value(for: argument)), seconds > 0 else {
                    throw UsageError("--timeout needs a positive number of seconds")
                }
                options.timeout = seconds
            case "--script-memory-limit":
                guard let megabytes = Int(try value(for: argument)), (16...1_048_576).contains(megabytes) else {
                    throw UsageError("--script-memory-limit needs a number of megabytes from 16 to 1048576")
                }
                options.scriptMemoryLimit = megabytes
            case "--resolve":
                let entry = try value(for: argument)
                guard entry.split(separator: ":", omittingEmptySubsequences: false).count >= 3 else {
                    throw UsageError("--resolve takes HOST:PORT:ADDRESS")
                }
                options.resolve.append(entry)
            case "--":
                options.target = rest.popFirst()
            default:
                if argument.hasPrefix("-") && argument.count > 1 { throw UsageError("unknown option \(argument)") }
                guard options.target == nil else { throw UsageError("more than one page given") }
                options.target = argument
            }
        }
        if options.restore && options.privateBrowsing { throw UsageError("--restore cannot be used with --private, which keeps no session") }
        if options.restore && options.dump { throw UsageError("--restore is for the browser, not --dump") }
        if options.dump && options.target == nil && !options.help && !options.version && !options.printConfig { throw UsageError("--dump needs a URL or file") }
        return options
    }

    /// The process's environment variable `name`.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
