import TernBrowser
import TernKit
import TernNet
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
      --dialogs accept|dismiss  how to answer alert/confirm/prompt (default dismiss; each is logged to stderr)
      --eval JS                 print the result of JS after the page loaded
      --wait-for JS             keep the page running until JS is truthy (or --timeout passes)
      --console                 print the page's console messages to stderr
      --profile DIR             keep cookies in DIR (default $XDG_DATA_HOME/tern)
      --private                 keep nothing on disk
      --keep-session-cookies    let session cookies survive a restart
      --user-agent STRING       send STRING as the User-Agent
      --timeout SECONDS         give up on the page after SECONDS (default 30)
      --resolve HOST:PORT:ADDR  connect to ADDR for HOST:PORT (as curl --resolve)
      --ca-bundle FILE          trust the CA certificates in FILE (PEM) instead of the system's
      --proxy URL               send every request through the proxy URL (default: $http_proxy,
                                $https_proxy, $all_proxy, minus $no_proxy)
      --insecure                do not verify TLS certificates (INSECURE: anyone on the way can read and change pages)
      --help                    show this help
    """

    /// Parses `arguments`, runs, and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            printError((error as? Options.UsageError)?.message ?? "\(error)")
            printError(usage)
            return 2
        }
        if options.help {
            print(usage)
            return 0
        }
        guard options.dump else {
            return Browser(configuration: options.webViewConfiguration(), customUserAgent: options.userAgent).run(opening: options.target)
        }
        return PageDumper(options: options).run()
    }

    static func printError(_ message: String) {
        fputs(TerminalText.sanitize(message, keepLineBreaks: true) + "\n", stderr)
    }
}
