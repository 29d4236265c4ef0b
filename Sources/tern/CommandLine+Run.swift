import TernBrowser
import TernKit
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

extension CommandLine {
    static let usage = """
    usage: tern [options] [URL|FILE]     browse (the start page when none is given)
           tern --dump [options] URL|FILE
    options:
      --dump                    print the page as text and exit
      --width COLUMNS           lay the page out in COLUMNS (default: the terminal's, else 80)
      --no-list                 leave the list of link references out of --dump
      --source                  print the page's source instead of its text
      --no-js                   run no page scripts
      --no-css                  apply no page style sheets or style attributes (S in the browser toggles them)
      --content-process         run each page in a sandboxed process of its own (a crash ends that page only)
      --no-color                draw no colours (also when NO_COLOR is set and not empty)
      --dialogs accept|dismiss  how to answer alert/confirm/prompt (default dismiss; each is logged to stderr)
      --eval JS                 print the result of JS after the page loaded
      --wait-for JS             keep the page running until JS is truthy (or --timeout passes)
      --console                 print the page's console messages to stderr
      --profile DIR             keep cookies, cache, history and storage in DIR (default $XDG_DATA_HOME/tern)
      --private                 keep nothing on disk (no history, no session)
      --restore                 start with the last session's tabs (after a quit or a crash)
      --keep-session-cookies    let session cookies survive a restart
      --import-cookies FILE     add the cookies of FILE (Netscape cookies.txt, as curl -c writes) first
      --export-cookies FILE     write every cookie to FILE (cookies.txt, for curl -b) when done;
                                without a page, tern imports and exports and exits
      --import-bookmarks FILE   add the bookmarks of FILE (Netscape bookmark HTML, as browsers export) first
      --export-bookmarks FILE   write every bookmark to FILE (Netscape bookmark HTML) when done;
                                without a page, tern imports and exports and exits
      --user-agent STRING       send STRING as the User-Agent
      --timeout SECONDS         --dump: give up after SECONDS, page scripts included (default 30)
      --script-memory-limit MB  stop a page's scripts when their heap and DOM hold more than MB (default 1024)
      --resolve HOST:PORT:ADDR  connect to ADDR for HOST:PORT (as curl --resolve)
      --ca-bundle FILE          trust the CA certificates in FILE (PEM) instead of the system's
      --proxy URL               send every request through the proxy URL (default: $http_proxy,
                                $https_proxy, $all_proxy, minus $no_proxy)
      --insecure                do not verify TLS certificates (INSECURE: anyone on the way can read and change pages)
      --print-config            print the settings in effect (settings file, command line, defaults)
                                and the settings file's problems, and exit
      --version                 print tern's version ("tern VERSION") and exit
      --help                    show this help
    """

    /// Parses `arguments`, runs, and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        // The settings file first: the command line changes what it sets.
        let fileSettings = SettingsFile.load()
        let options: Options
        do {
            options = try Options.parse(arguments, startingFrom: Options(settings: fileSettings))
        } catch {
            printError((error as? Options.UsageError)?.message ?? "\(error)")
            fputs(usage + "\n", stderr)
            return 2
        }
        if options.help {
            print(usage)
            return 0
        }
        if options.version {
            print("tern " + LoaderConfiguration.version)
            return 0
        }
        let settings = options.applied(to: fileSettings)
        if options.printConfig {
            print(SettingsFile.render(settings), terminator: "")
            return 0
        }
        let configuration = options.webViewConfiguration()
        let store = configuration.websiteDataStore
        // Every way out below closes the databases (PageDumper's early exit too).
        defer { store.close() }
        var imported: [Cookie] = []
        if let file = options.importCookies {
            guard let cookies = CookieFiles.importFile(file, into: store) else { return 1 }
            imported = cookies
        }
        if let file = options.importBookmarks, !BookmarkFiles.importFile(file, into: store) { return 1 }
        let bookmarkFilesOnly = options.importBookmarks != nil || options.exportBookmarks != nil
        if !options.dump && options.target == nil && bookmarkFilesOnly && options.importCookies == nil && options.exportCookies == nil {
            return exportBookmarks(options, store) ? 0 : 1
        }
        // Only cookie (and bookmark) files given: a tool run, like curl's -b/-c.
        if !options.dump && options.target == nil && (options.importCookies != nil || options.exportCookies != nil) {
            let sessionCookies = imported.filter { !$0.isPersistent }.count
            if sessionCookies > 0 && store.isPersistent && !options.keepSessionCookies && options.exportCookies == nil {
                printError("tern: \(sessionCookies) of the imported cookies are session cookies, which end with this run;"
                    + " give a page to use them now, or --keep-session-cookies to keep them")
            }
            return exportCookies(options, store) && exportBookmarks(options, store) ? 0 : 1
        }
        guard options.dump else {
            let browser = Browser(configuration: configuration, customUserAgent: options.userAgent, settings: settings,
                                  terminal: CursesTerminal(colors: !options.noColor))
            browser.restoresLastSession = options.restore
            let status = browser.run(opening: options.target)
            return exportCookies(options, store) && exportBookmarks(options, store) ? status : 1
        }
        // The settings file's problems go to stderr; none stops the page.
        for problem in settings.problems { printError(problem.description) }
        settings.applyCookiePolicy(to: store)
        return PageDumper(options: options, configuration: configuration, settings: settings).run()
    }

    /// `--export-bookmarks`, if given; false when the file could not be written.
    static func exportBookmarks(_ options: Options, _ store: WebsiteDataStore) -> Bool {
        guard let file = options.exportBookmarks else { return true }
        return BookmarkFiles.exportFile(file, from: store)
    }

    /// `--export-cookies`, if given; false when the file could not be written.
    static func exportCookies(_ options: Options, _ store: WebsiteDataStore) -> Bool {
        guard let file = options.exportCookies else { return true }
        return CookieFiles.exportFile(file, from: store)
    }

    /// Writes `message` to stderr as one message: made safe for a terminal
    /// (TerminalText), and each line after the first indented by two
    /// spaces, so that text from a page or a server inside it (a console
    /// message, a dialog's text, an error) cannot begin a line of its own
    /// that reads as tern's (`tern: …`).
    static func printError(_ message: String) {
        let lines = TerminalText.sanitize(message, keepLineBreaks: true).split(separator: "\n", omittingEmptySubsequences: false)
        fputs(lines.joined(separator: "\n  ") + "\n", stderr)
    }
}
