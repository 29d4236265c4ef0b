import TernSystem
import TernKit
#if canImport(Glibc)
import Glibc
#endif

/// A global key of the settings file: its name, how its value is read into
/// `Settings`, and how `--print-config` writes it back. `all` is the table,
/// in the order `--print-config` prints.
struct SettingsKey {
    let name: String
    /// Reads `value` into the settings; throws `SettingsFile.InvalidValue`.
    let read: (inout Settings, String) throws -> Void
    /// The key's values as they would be written (several for a repeated
    /// key, none when unset: printed as a comment).
    let write: (Settings) -> [String]

    static let all: [SettingsKey] = [
        // The command line's options, by their long names.
        flag("no-js", \.noJavaScript),
        flag("no-css", \.noCSS),
        flag("no-color", \.noColor),
        text("user-agent", \.userAgent, check: SettingsKey.headerValue),
        number("timeout", \.timeout),
        integer("script-memory-limit", \.scriptMemoryLimit, in: 16...1_048_576, unit: "megabytes"),
        integer("width", \.width, in: 10...1000, unit: "columns"),
        flag("no-list", \.noList),
        SettingsKey(name: "dialogs", read: { settings, value in
            switch value {
            case "accept": settings.acceptDialogs = true
            case "dismiss": settings.acceptDialogs = false
            default: throw SettingsFile.InvalidValue("dialogs takes accept or dismiss")
            }
        }, write: { [$0.acceptDialogs ? "accept" : "dismiss"] }),
        flag("console", \.console),
        text("profile", \.profile, check: SettingsKey.folder),
        flag("private", \.privateBrowsing),
        flag("keep-session-cookies", \.keepSessionCookies),
        SettingsKey(name: "resolve", read: { settings, value in
            guard value.split(separator: ":", omittingEmptySubsequences: false).count >= 3, !value.contains(" ") else {
                throw SettingsFile.InvalidValue("resolve takes HOST:PORT:ADDRESS")
            }
            settings.resolve.append(value)
        }, write: { $0.resolve }),
        text("ca-bundle", \.caBundle) { value in
            let path = try folder(value)
            guard access(path, R_OK) == 0 else { throw SettingsFile.InvalidValue("ca-bundle: cannot read \(path)") }
            return path
        },
        text("proxy", \.proxy) { value in
            guard !value.contains(where: \.isWhitespace) else { throw SettingsFile.InvalidValue("proxy takes a URL") }
            return value
        },
        flag("insecure", \.insecure),
        // The browser's own.
        SettingsKey(name: "start-page", read: { settings, value in
            guard let url = UserInput.url(for: value) else { throw SettingsFile.InvalidValue("start-page: not a URL or file: \(value)") }
            settings.startPage = url.href
        }, write: { [$0.startPage] }),
        flag("start-at-main", \.startAtMain),
        flag("number-fields", \.numberFields),
        text("download-folder", \.downloadFolder, check: SettingsKey.folder),
        SettingsKey(name: "theme", read: { settings, value in
            guard Theme.named[value] != nil else {
                throw SettingsFile.InvalidValue("theme takes \(Theme.names.joined(separator: ", "))")
            }
            settings.theme = value
        }, write: { [$0.theme] }),
        SettingsKey(name: "search", read: { settings, value in
            guard value.contains("%s"), let url = UserInput.searchURL(for: "test", template: value),
                  ["http", "https"].contains(url.scheme) else {
                throw SettingsFile.InvalidValue("search takes an http or https URL with %s where the words go")
            }
            settings.search = value
        }, write: { [$0.search] }),
        SettingsKey(name: "keymap", read: { settings, value in
            guard !value.contains(where: \.isWhitespace) else { throw SettingsFile.InvalidValue("keymap takes one name") }
            guard Keymap.named(value) != nil else {
                throw SettingsFile.InvalidValue("unknown keymap \"\(value)\": default, lynx, w3m or vi")
            }
            settings.keymapName = value
        }, write: { $0.keymapName.map { [$0] } ?? [] }),
    ]

    static let byName: [String: SettingsKey] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { $1 })

    // MARK: Kinds of value

    static func flag(_ name: String, _ field: WritableKeyPath<Settings, Bool>) -> SettingsKey {
        SettingsKey(name: name, read: { settings, value in
            guard let flag = boolean(value) else {
                throw SettingsFile.InvalidValue("\(name) takes true or false (yes/no, on/off), not \"\(value)\"")
            }
            settings[keyPath: field] = flag
        }, write: { [$0[keyPath: field] ? "true" : "false"] })
    }

    static func text(_ name: String, _ field: WritableKeyPath<Settings, String?>,
                     check: @escaping (String) throws -> String) -> SettingsKey {
        SettingsKey(name: name, read: { settings, value in
            settings[keyPath: field] = try check(value)
        }, write: { $0[keyPath: field].map { [$0] } ?? [] })
    }

    static func number(_ name: String, _ field: WritableKeyPath<Settings, Double>) -> SettingsKey {
        SettingsKey(name: name, read: { settings, value in
            guard let number = Double(value), number.isFinite, number > 0 else {
                throw SettingsFile.InvalidValue("\(name) takes a positive number of seconds")
            }
            settings[keyPath: field] = number
        }, write: { settings in
            let value = settings[keyPath: field]
            return [value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)]
        })
    }

    static func integer(_ name: String, _ field: WritableKeyPath<Settings, Int>, in range: ClosedRange<Int>, unit: String) -> SettingsKey {
        SettingsKey(name: name, read: { settings, value in
            settings[keyPath: field] = try integer(value, name: name, in: range, unit: unit)
        }, write: { [String($0[keyPath: field])] })
    }

    static func integer(_ name: String, _ field: WritableKeyPath<Settings, Int?>, in range: ClosedRange<Int>, unit: String) -> SettingsKey {
        SettingsKey(name: name, read: { settings, value in
            settings[keyPath: field] = try integer(value, name: name, in: range, unit: unit)
        }, write: { $0[keyPath: field].map { [String($0)] } ?? [] })
    }

    private static func integer(_ value: String, name: String, in range: ClosedRange<Int>, unit: String) throws -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw SettingsFile.InvalidValue("\(name) takes a number of \(unit) from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `true|false|yes|no|on|off`, in any case; nil for anything else.
    static func boolean(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// A value sent in a header: no control characters.
    static func headerValue(_ value: String) throws -> String {
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
            throw SettingsFile.InvalidValue("control characters cannot go in a header")
        }
        return value
    }

    /// An absolute path; `~/` at its start stands for `$HOME/`.
    static func folder(_ value: String) throws -> String {
        let path = HomeDirectory.expandingTilde(value)
        guard path.hasPrefix("/") else { throw SettingsFile.InvalidValue("\(value) is not an absolute path (/… or ~/…)") }
        return path
    }
}
