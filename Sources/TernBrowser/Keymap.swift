import TernTerminal

/// Which command each key runs: a key, or a sequence of keys (`gt`), to a
/// `BrowserCommand`. A sequence waits for its next key a moment (see
/// `Browser.sequenceTimeout`); a key that is bound and also starts a longer
/// sequence (`g`, `gt`) runs its own command when the next key does not go
/// on with it. Digits are never bound: typed first, they are the count
/// prefix (`5j`) or a link number (`5` Enter).
///
/// The ready keymaps are `default` (Tern's keys), `lynx`, `w3m` and `vi`;
/// DECISIONS.md says where they differ from those programs.
public struct Keymap: Hashable {
    /// One binding: keys and the command they run.
    public struct Binding: Hashable {
        public var keys: [Key]
        public var command: BrowserCommand
    }

    /// The bindings, in the order they were made (the `?` page lists a
    /// command's keys in this order).
    public private(set) var bindings: [Binding] = []
    /// A character typed while a text field has the focus goes into the
    /// field at once (lynx's way), not to the key's command; false: the
    /// field is edited after Enter (w3m's way).
    public var typesIntoFields = true

    /// A keymap with no binding at all.
    public init() {}

    /// The names of the ready keymaps, for `keymap = NAME`.
    public static let names = ["default", "lynx", "w3m", "vi"]

    /// The ready keymap called `name`, or nil.
    public static func named(_ name: String) -> Keymap? {
        switch name.lowercased() {
        case "default", "tern": return .default
        case "lynx": return .lynx
        case "w3m": return .w3m
        case "vi", "vim": return .vi
        default: return nil
        }
    }

    // MARK: Looking up

    /// The command `keys` run, if they are a binding.
    public func command(for keys: [Key]) -> BrowserCommand? {
        bindings.first { $0.keys == keys }?.command
    }

    /// Whether a longer binding starts with `keys` (so a next key may follow).
    public func hasLongerBinding(startingWith keys: [Key]) -> Bool {
        bindings.contains { $0.keys.count > keys.count && Array($0.keys.prefix(keys.count)) == keys }
    }

    /// The key sequences bound to `command`, in binding order.
    public func keys(for command: BrowserCommand) -> [[Key]] {
        bindings.filter { $0.command == command }.map(\.keys)
    }

    /// The names of `command`'s keys (`["Down", "j"]`), in binding order.
    public func keyNames(for command: BrowserCommand) -> [String] {
        keys(for: command).map(KeyName.name(of:))
    }

    // MARK: Changing

    /// Binds `keyName` (a key or sequence, see `KeyName`) to the command
    /// named `commandName`; `none` removes the binding. Throws, saying what
    /// is wrong, for an unknown key name or command, or a digit.
    public mutating func bind(_ keyName: String, to commandName: String) throws {
        let keys = try Keymap.keys(named: keyName)
        if commandName.lowercased() == "none" {
            bind(keys, to: nil)
            return
        }
        guard let command = BrowserCommand(name: commandName) else { throw KeymapError.unknownCommand(commandName) }
        bind(keys, to: command)
    }

    /// Removes the binding of `keyName`, if any (an unknown key name throws).
    public mutating func unbind(_ keyName: String) throws {
        bind(try Keymap.keys(named: keyName), to: nil)
    }

    /// Binds `keys` to `command`, or removes their binding (nil). A key
    /// bound to another command comes after that command's other keys.
    mutating func bind(_ keys: [Key], to command: BrowserCommand?) {
        if let index = bindings.firstIndex(where: { $0.keys == keys }) {
            guard bindings[index].command != command else { return }
            bindings.remove(at: index)
        }
        if let command { bindings.append(Binding(keys: keys, command: command)) }
    }

    private static func keys(named keyName: String) throws -> [Key] {
        guard let keys = KeyName.keys(named: keyName) else { throw KeymapError.unknownKey(keyName) }
        if case .character(let first)? = keys.first, first.isASCII, first.isNumber { throw KeymapError.digit(keyName) }
        return keys
    }

    // MARK: Ready keymaps

    /// A keymap of `list` (key names and commands, in order); names that
    /// do not parse are left out (a test checks there are none).
    init(_ list: [(String, BrowserCommand)]) {
        for (name, command) in list {
            if let keys = KeyName.keys(named: name) { bind(keys, to: command) }
        }
    }

    /// Adds, for each command this keymap has no key for, the default
    /// keymap's keys that start with a key still free here: so every Tern
    /// command stays reachable where the other browser has no such command.
    func fillingUnboundCommands(from other: Keymap) -> Keymap {
        var filled = self
        for binding in other.bindings where keys(for: binding.command).isEmpty {
            guard let first = binding.keys.first, !bindings.contains(where: { $0.keys.first == first }) else { continue }
            filled.bind(binding.keys, to: binding.command)
        }
        return filled
    }

    /// Tern's own keys.
    public static let `default` = Keymap(defaultList)
    /// lynx's keys (LYKeymap.c), and Tern's where lynx has no such command.
    public static let lynx = Keymap(lynxList).fillingUnboundCommands(from: .default)
    /// w3m's keys (its keymap.default and tab keys), and Tern's where w3m
    /// has no such command.
    public static let w3m: Keymap = {
        var keymap = Keymap(w3mList).fillingUnboundCommands(from: .default)
        keymap.typesIntoFields = false
        return keymap
    }()
    /// vim's motions and vimium's browser keys, and Tern's for the rest.
    public static let vi = Keymap(viList).fillingUnboundCommands(from: .default)

    static let defaultList: [(String, BrowserCommand)] = [
        ("Down", .scrollDown), ("j", .scrollDown),
        ("Up", .scrollUp), ("k", .scrollUp),
        ("PageDown", .pageDown), ("Space", .pageDown), ("C-f", .pageDown),
        ("PageUp", .pageUp), ("b", .pageUp), ("C-b", .pageUp),
        ("C-d", .halfPageDown), ("C-u", .halfPageUp),
        ("Home", .top), ("g", .top),
        ("End", .bottom), ("G", .bottom),
        ("<", .scrollLeft), (">", .scrollRight),
        ("Tab", .nextLink), ("S-Tab", .previousLink),
        ("Enter", .activate),
        ("T", .openLinkInNewTab),
        ("Y", .copyLinkURL),
        ("A", .bookmarkLink),
        ("]h", .nextHeading), ("[h", .previousHeading),
        ("]l", .nextLandmark), ("[l", .previousLandmark),
        ("]f", .nextField), ("[f", .previousField),
        ("]t", .nextTable), ("[t", .previousTable),
        ("gm", .goToMain), ("M", .pageStructure),
        ("Left", .back), ("H", .back),
        ("Right", .forward), ("L", .forward),
        ("Backspace", .backOrClose),
        ("h", .history),
        ("v", .visitedPages),
        ("o", .openURL),
        ("r", .reload), ("C-r", .reload),
        ("R", .reloadFromOrigin),
        ("Esc", .stop), ("C-g", .stop),
        ("/", .find), ("n", .findNext), ("N", .findPrevious),
        ("=", .pageInfo),
        ("\\", .viewSource),
        ("s", .savePage),
        ("y", .copyURL),
        ("S", .toggleStyles),
        ("P", .openBlockedPopup),
        ("t", .newTab),
        ("gt", .nextTab), ("C-PageDown", .nextTab),
        ("gT", .previousTab), ("C-PageUp", .previousTab),
        ("x", .closeTab),
        ("a", .bookmarkAdd),
        ("B", .bookmarks),
        ("?", .help), ("F1", .help),
        ("d", .downloads),
        ("C", .clearData),
        ("q", .quit), ("C-c", .quit),
        ("Q", .quitNow),
    ]

    static let lynxList: [(String, BrowserCommand)] = [
        ("C-n", .scrollDown), ("C-p", .scrollUp),
        ("PageDown", .pageDown), ("Space", .pageDown), ("+", .pageDown), ("C-f", .pageDown),
        ("PageUp", .pageUp), ("b", .pageUp), ("-", .pageUp), ("C-b", .pageUp),
        (")", .halfPageDown), ("(", .halfPageUp),
        ("Home", .top), ("C-a", .top),
        ("End", .bottom), ("C-e", .bottom),
        ("{", .scrollLeft), ("}", .scrollRight),
        ("Down", .nextLink), ("Tab", .nextLink), (">", .nextLink),
        ("Up", .previousLink), ("S-Tab", .previousLink), ("<", .previousLink),
        ("Enter", .activate), ("Right", .activate),
        ("C-s", .copyLinkURL),
        ("Left", .back), ("u", .back),
        ("C-u", .forward),
        ("Backspace", .history),
        ("V", .visitedPages),
        ("g", .openURL), ("G", .openURL),
        ("C-r", .reload),
        ("z", .stop), ("C-g", .stop),
        ("/", .find), ("n", .findNext), ("N", .findPrevious),
        ("=", .pageInfo),
        ("\\", .viewSource),
        ("p", .savePage),
        ("a", .bookmarkAdd),
        ("v", .bookmarks),
        ("?", .help), ("h", .help), ("H", .help), ("F1", .help), ("k", .help), ("K", .help),
        ("q", .quit), ("C-c", .quit),
        ("Q", .quitNow), ("C-d", .quitNow),
    ]

    static let w3mList: [(String, BrowserCommand)] = [
        ("j", .scrollDown), ("Down", .scrollDown), ("C-n", .scrollDown), ("J", .scrollDown),
        ("k", .scrollUp), ("Up", .scrollUp), ("C-p", .scrollUp), ("K", .scrollUp),
        ("Space", .pageDown), ("C-v", .pageDown), ("PageDown", .pageDown),
        ("b", .pageUp), ("<Esc>v", .pageUp), ("PageUp", .pageUp),
        ("g", .top), ("<Esc><", .top), ("Home", .top),
        ("G", .bottom), ("<Esc>>", .bottom), ("End", .bottom),
        ("<", .scrollLeft), (",", .scrollLeft), ("h", .scrollLeft), ("Left", .scrollLeft),
        (">", .scrollRight), (".", .scrollRight), ("l", .scrollRight), ("Right", .scrollRight),
        ("Tab", .nextLink),
        ("<Esc><Tab>", .previousLink), ("C-u", .previousLink),
        ("Enter", .activate),
        ("C-t", .openLinkInNewTab),
        ("B", .back),
        ("s", .history),
        ("Backspace", .visitedPages),
        ("U", .openURL),
        ("R", .reload),
        ("Esc", .stop),
        ("/", .find), ("n", .findNext), ("N", .findPrevious),
        ("=", .pageInfo),
        ("v", .viewSource),
        ("S", .savePage), ("<Esc>s", .savePage),
        ("T", .newTab),
        ("}", .nextTab), ("{", .previousTab),
        ("C-q", .closeTab),
        ("<Esc>a", .bookmarkAdd),
        ("<Esc>b", .bookmarks),
        ("H", .help),
        ("q", .quit), ("C-c", .quit),
        ("Q", .quitNow),
    ]

    static let viList: [(String, BrowserCommand)] = [
        ("j", .scrollDown), ("Down", .scrollDown), ("C-e", .scrollDown),
        ("k", .scrollUp), ("Up", .scrollUp), ("C-y", .scrollUp),
        ("C-f", .pageDown), ("PageDown", .pageDown),
        ("C-b", .pageUp), ("PageUp", .pageUp),
        ("C-d", .halfPageDown), ("C-u", .halfPageUp),
        ("gg", .top), ("Home", .top),
        ("G", .bottom), ("End", .bottom),
        ("h", .scrollLeft), ("Left", .scrollLeft),
        ("l", .scrollRight), ("Right", .scrollRight),
        ("Tab", .nextLink), ("S-Tab", .previousLink),
        ("Enter", .activate),
        ("F", .openLinkInNewTab),
        ("yf", .copyLinkURL),
        ("H", .back), ("L", .forward),
        ("o", .openURL),
        ("r", .reload), ("R", .reloadFromOrigin),
        ("Esc", .stop), ("C-c", .stop),
        ("/", .find), ("n", .findNext), ("N", .findPrevious),
        ("C-g", .pageInfo),
        ("gs", .viewSource),
        // vim's section motions and its outline of a help or man buffer (`gO`).
        ("]]", .nextHeading), ("[[", .previousHeading), ("gO", .pageStructure), ("gm", .goToMain),
        ("yy", .copyURL),
        ("t", .newTab),
        ("gt", .nextTab), ("K", .nextTab), ("C-PageDown", .nextTab),
        ("gT", .previousTab), ("J", .previousTab), ("C-PageUp", .previousTab),
        ("x", .closeTab),
        ("M", .bookmarkAdd),
        ("b", .bookmarks),
        ("?", .help),
        ("q", .quit), ("ZZ", .quit),
        ("ZQ", .quitNow),
    ]
}

/// A `bind` the keymap cannot make.
public enum KeymapError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String)
    case unknownCommand(String)
    case digit(String)

    public var description: String {
        switch self {
        case .unknownKey(let name):
            return "unknown key name \"\(name)\" (a character such as j or ?, a name such as Enter, Space, Tab, S-Tab, Esc, "
                + "Backspace, Up, PageDown, Home, F1, C-x, or a sequence such as gt or <Esc>b)"
        case .unknownCommand(let name):
            return "unknown command \"\(name)\" (the ? page names them all; none removes a binding)"
        case .digit(let name):
            return "\"\(name)\": digits cannot be bound; typed first they are a count (5j) or a link number (5 Enter)"
        }
    }
}
