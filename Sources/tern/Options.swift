/// The command line's options.
struct Options {
    var dump = false
    var help = false
    var userAgent: String?
    var timeout: Double = 30
    var resolve: [String] = []
    var target: String?

    /// A command line Tern cannot use, with what is wrong.
    struct UsageError: Error {
        let message: String
        init(_ message: String) { self.message = "tern: " + message }
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(for name: String) throws -> String {
            guard let value = rest.popFirst() else { throw UsageError("\(name) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--dump": options.dump = true
            case "--help", "-h": options.help = true
            case "--user-agent": options.userAgent = try value(for: argument)
            case "--timeout":
                guard let seconds = Double(try value(for: argument)), seconds > 0 else {
                    throw UsageError("--timeout needs a positive number of seconds")
                }
                options.timeout = seconds
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
        if options.dump && options.target == nil && !options.help { throw UsageError("--dump needs a URL or file") }
        return options
    }
}
