import TernSystem
import TernKit
#if canImport(Glibc)
import Glibc
#endif

/// The settings file, `$XDG_CONFIG_HOME/tern/config` (else
/// `~/.config/tern/config`): lines of `key = value` (README, "Settings",
/// has the grammar). A line that cannot be used becomes a
/// `SettingsProblem` (`FILE:LINE: message`) and the rest still applies:
/// nothing in the file stops Tern from starting.
public enum SettingsFile {
    /// A value a key does not take, with what it takes.
    public struct InvalidValue: Error, CustomStringConvertible {
        public let description: String
        public init(_ message: String) { description = message }
    }

    /// The largest file read (a settings file is a few hundred lines).
    static let maximumSize: Int64 = 1 << 20

    /// `$XDG_CONFIG_HOME/tern/config`, else `~/.config/tern/config`.
    public static var defaultPath: String { ExternalHandlers.configPath() }

    /// The settings of the file at `path`: Tern's defaults when it does
    /// not exist, with a problem when it cannot be read.
    public static func load(path: String = defaultPath) -> Settings {
        switch LocalFile.read(path: path, limit: maximumSize) {
        case .success(let bytes):
            return parse(bytes, path: path)
        case .failure(.fileNotFound):
            return Settings()
        case .failure(.tooLarge):
            var settings = Settings()
            settings.path = path
            settings.problems = [SettingsProblem(file: path, line: nil, message: "larger than 1 MB: not read")]
            return settings
        case .failure:
            var settings = Settings()
            settings.path = path
            let reason = access(path, R_OK) != 0 ? String(cString: strerror(errno)) : "not a file"
            settings.problems = [SettingsProblem(file: path, line: nil, message: "cannot read it (\(reason)); Tern's defaults apply")]
            return settings
        }
    }

    /// Where the lines after a header go.
    private enum Section {
        case global
        case site(Int)  // index in `sites`
        case invalid  // a header with a bad pattern: its lines are skipped
    }

    /// The settings `bytes` (a settings file's content) give; `path` names
    /// the file in problems.
    public static func parse(_ bytes: [UInt8], path: String) -> Settings {
        var settings = Settings()
        settings.path = path
        var section = Section.global
        var number = 0
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            func problem(_ message: String) {
                settings.problems.append(SettingsProblem(file: path, line: number, message: message))
            }
            var lineBytes = rawLine
            if lineBytes.last == UInt8(ascii: "\r") { lineBytes.removeLast() }
            guard let line = String(validating: lineBytes, as: UTF8.self) else {
                problem("not UTF-8 text")
                continue
            }
            if line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
                problem("a control character in the line")
                continue
            }
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                guard trimmed.hasSuffix("]") else {
                    problem("a section header ends with \"]\": [site PATTERN] or [global]")
                    section = .invalid
                    continue
                }
                let inside = String(trimmed.dropFirst().dropLast()).trimmingWhitespace()
                let words = inside.split(whereSeparator: \.isWhitespace).map(String.init)
                if words == ["global"] {
                    section = .global
                } else if words.first == "site", words.count == 2 {
                    do {
                        settings.sites.append(SiteSettings(pattern: try SitePattern(words[1]), line: number))
                        section = .site(settings.sites.count - 1)
                    } catch {
                        problem("\(error); the section's lines are skipped")
                        section = .invalid
                    }
                } else {
                    problem("unknown section [\(inside)]: sections are [site PATTERN] and [global]")
                    section = .invalid
                }
                continue
            }
            if case .invalid = section { continue }
            let words = trimmed.split(whereSeparator: \.isWhitespace)
            if words.first == "bind" {
                guard case .global = section else {
                    problem("bind is not a site setting (a site section takes javascript, cookies, user-agent)")
                    continue
                }
                guard words.count == 3 else {
                    problem("bind takes a key and a command: bind KEY COMMAND")
                    continue
                }
                let binding = KeyBinding(key: String(words[1]), command: String(words[2]), line: number)
                // Checked here so that the problem has its line; `Settings.keymap` applies it.
                var scratch = Keymap.default
                do {
                    try scratch.bind(binding.key, to: binding.command)
                    settings.bindings.append(binding)
                } catch {
                    problem("\(error)")
                }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                problem("not a setting: expected KEY = VALUE")
                continue
            }
            let key = String(trimmed[..<equals]).trimmingWhitespace()
            let value = String(trimmed[trimmed.index(after: equals)...]).trimmingWhitespace()
            guard !key.isEmpty else {
                problem("no key before \"=\"")
                continue
            }
            do {
                switch section {
                case .site(let index): try read(site: &settings.sites[index].values, key: key, value: value)
                default: try read(global: &settings, key: key, value: value)
                }
            } catch {
                problem("\(error)")
            }
        }
        return settings
    }

    private static func read(global settings: inout Settings, key: String, value: String) throws {
        if key.hasPrefix("handler.") {
            let scheme = String(key.dropFirst("handler.".count)).lowercased()
            guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
                  scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
            else { throw InvalidValue("handler.SCHEME needs a URL scheme (letters, digits, + - .)") }
            let words = value.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !words.isEmpty else { throw InvalidValue("\(key) needs a program") }
            settings.handlers[scheme] = words
            return
        }
        guard let entry = SettingsKey.byName[key] else {
            if ["javascript", "cookies"].contains(key) { throw InvalidValue("\(key) goes in a [site PATTERN] section") }
            if SettingsFile.commandLineOnly.contains(key) { throw InvalidValue("\(key) is for the command line only") }
            throw InvalidValue("unknown key \"\(key)\"")
        }
        guard !value.isEmpty else { throw InvalidValue("\(key) needs a value") }
        try entry.read(&settings, value)
    }

    private static func read(site values: inout SiteSettings.Values, key: String, value: String) throws {
        switch key {
        case "javascript":
            guard let on = SettingsKey.boolean(value) else { throw InvalidValue("javascript takes on or off") }
            values.javaScript = on
        case "cookies":
            guard let policy = CookieSitePolicy(rawValue: value) else { throw InvalidValue("cookies takes allow, block or session-only") }
            values.cookies = policy
        case "user-agent":
            guard !value.isEmpty else { throw InvalidValue("user-agent needs a value") }
            values.userAgent = try SettingsKey.headerValue(value)
        default:
            throw InvalidValue("\(key) is not a site setting (a site section takes javascript, cookies, user-agent)")
        }
    }

    /// The options that make no sense in a file: one run's actions.
    static let commandLineOnly: Set<String> = [
        "dump", "help", "version", "eval", "wait-for", "source", "print-config", "import-cookies", "export-cookies",
        "import-bookmarks", "export-bookmarks", "restore",
    ]

    // MARK: Writing (`tern --print-config`)

    /// `settings` in the file's own grammar, every key with its value
    /// (unset ones as comments), then the problems as comments: the output
    /// is itself a settings file.
    public static func render(_ settings: Settings) -> String {
        var out = "# Tern's settings in effect: the settings file \(settings.path ?? "(none: \(defaultPath) does not exist)"),\n"
            + "# the command line, and the defaults.\n"
        for key in SettingsKey.all {
            let values = key.write(settings)
            if values.isEmpty { out += "# \(key.name) =\n" }
            for value in values { out += "\(key.name) = \(value)\n" }
        }
        for (scheme, command) in settings.handlers.sorted(by: { $0.key < $1.key }) {
            out += "handler.\(scheme) = \(command.joined(separator: " "))\n"
        }
        for binding in settings.bindings { out += "bind \(binding.key) \(binding.command)\n" }
        for site in settings.sites {
            out += "\n[site \(site.pattern)]\n"
            if let javaScript = site.values.javaScript { out += "javascript = \(javaScript ? "on" : "off")\n" }
            if let cookies = site.values.cookies { out += "cookies = \(cookies.rawValue)\n" }
            if let userAgent = site.values.userAgent { out += "user-agent = \(userAgent)\n" }
        }
        out += "\n"
        if settings.problems.isEmpty {
            out += "# No problems.\n"
        } else {
            out += "# Problems (these lines were skipped; the others apply):\n"
            for problem in settings.problems { out += "# \(problem)\n" }
        }
        return out
    }
}
