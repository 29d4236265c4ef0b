import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// The terminal screen, through ncursesw: drawing styled text, reading keys,
/// mouse and resizes. One per process; `start()` takes the terminal over and
/// `stop()` gives it back as it was.
///
/// Every string drawn goes through `TerminalText.sanitize`, so nothing drawn
/// here can carry a control byte to the terminal.
public final class CursesTerminal: Terminal {
    /// Why the terminal could not be used.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public private(set) var rows = 24
    public private(set) var columns = 80
    /// Whether colours are drawn (the terminal has at least 8 and `TERM`
    /// says so, and they were not turned off).
    public private(set) var hasColors = false
    /// The colours page colours are mapped to (`.none` until `start()`).
    public private(set) var palette = ColorPalette.none
    /// false: no colour at all (`NO_COLOR`, `--no-color`; no-color.org).
    public let colorsAllowed: Bool
    /// The file descriptor to watch for key presses.
    public let inputFileDescriptor: Int32 = 0
    /// Readable when a signal arrived (SIGWINCH, SIGHUP, SIGTERM, SIGINT):
    /// watch it and call `readKey()`, which then returns `.resize` or sets
    /// `terminationSignal`.
    public var signalFileDescriptor: Int32 { signalPipe.read }
    /// SIGHUP, SIGTERM or SIGINT, once one arrived: the program should give
    /// the terminal back (`stop()`) and exit.
    public private(set) var terminationSignal: Int32?

    private var screen: OpaquePointer?
    private var started = false
    /// Colour pairs made so far, by foreground and background number.
    private var colorPairs: [Int64: Int32] = [:]
    /// Pairs made at most; past it, a cell is drawn in the default colours
    /// until the next full redraw (`erase()`) starts the pairs over.
    static let maximumColorPairs = 4096
    private var extraKeys: [Int32: Key] = [:]
    private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    /// Keys read ahead by `readWaitingKeys()`, handed out first by `readKey()`.
    private var readAhead: [Key] = []

    /// `colors: false` draws no colour at all (attributes only).
    public init(colors: Bool = true) {
        colorsAllowed = colors
    }

    deinit { stop() }

    /// Takes the terminal over: raw keys, no echo, keypad and mouse decoding,
    /// colours when the terminal has them.
    public func start() throws {
        guard !started else { return }
        setlocale(LC_ALL, "")
        guard isatty(0) != 0, isatty(1) != 0 else { throw StartError(description: "tern: the browser needs a terminal (use --dump to print a page)") }
        _ = tcgetattr(0, &terminalSavedModes)
        // Before newterm: Esc is read as Esc after 25 ms, not the default second.
        set_escdelay(25)
        guard let screen = newterm(CursesTerminal.directColorTerminalType(), stdout, stdin) else {
            let term = getenv("TERM").map { String(cString: $0) } ?? "(TERM is not set)"
            throw StartError(description: "tern: cannot use the terminal type \"\(TerminalText.sanitize(term))\"")
        }
        self.screen = screen
        started = true
        raw()
        noecho()
        nonl()
        keypad(stdscr, true)
        nodelay(stdscr, true)
        curs_set(0)
        mouseinterval(0)
        let buttons = tern_button1_pressed() | tern_button4_pressed() | tern_button5_pressed()
        _ = mousemask(buttons, nil)
        if colorsAllowed, has_colors() {
            start_color()
            use_default_colors()
            let rgb = "RGB".withCString { tigetflag(UnsafeMutablePointer(mutating: $0)) } > 0
            palette = ColorPalette(colors: Int(COLORS), directColor: rgb && COLORS >= 1 << 24)
            hasColors = palette != .none
        }
        use_extended_names(true)
        // Home and End as terminals send them whatever TERM says: tmux and
        // screen send ESC [1~ / ESC [4~ even under TERM=xterm-256color, rxvt
        // ESC [7~ / ESC [8~, xterm ESC [H / ESC [F or ESC OH / ESC OF.
        for (sequence, code) in [("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
                                 ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END)]
        where key_defined(sequence) == 0 {
            _ = define_key(sequence, code)
        }
        for (name, key) in [("kNXT5", Key.controlPageDown), ("kPRV5", Key.controlPageUp)] {
            let sequence = name.withCString { tigetstr(UnsafeMutablePointer(mutating: $0)) }
            if let sequence, Int(bitPattern: sequence) > 0 {
                let code = key_defined(sequence)
                if code > 0 { extraKeys[code] = key }
            }
        }
        installSignalHandlers()
        updateSize()
    }

    /// Gives the terminal back (cursor shown, modes restored). Safe to call twice.
    public func stop() {
        guard started else { return }
        started = false
        curs_set(1)
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        alarm(0)
        for number in CursesTerminal.handledSignals + [SIGALRM] { signal(number, SIG_DFL) }
    }

    /// Hands the terminal to another program for a while (an editor): the
    /// screen is put back as it was before `start()` until `resume()`.
    public func suspend() {
        guard started else { return }
        def_prog_mode()
        endwin()
    }

    /// Takes the terminal back after `suspend()` and redraws everything.
    public func resume() {
        guard started else { return }
        reset_prog_mode()
        clearok(stdscr, true)
        wrefresh(stdscr)
    }

    /// The next key, or nil when none is waiting. Never blocks.
    public func readKey() -> Key? {
        guard started else { return nil }
        if drainSignalPipe() {
            updateSize()
            return .resize
        }
        if !readAhead.isEmpty { return readAhead.removeFirst() }
        return decodeKey()
    }

    /// Reads the keys waiting now, without handling them: `readKey()` hands
    /// them out later. For a program busy elsewhere (a page's script running
    /// on) that must know whether the person asked to stop: one poll(2)
    /// when nothing waits. Also notes a termination signal.
    public func readWaitingKeys() -> [Key] {
        guard started else { return [] }
        var fds = [pollfd(fd: inputFileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, nfds_t(fds.count), 0) > 0 else { return [] }
        if fds[1].revents != 0, drainSignalPipe() {
            // A resize (or a signal) is seen by the next readKey(): keep the pipe readable.
            var byte = UInt8(SIGWINCH)
            _ = write(signalPipe.write, &byte, 1)
        }
        var keys: [Key] = []
        while fds[0].revents != 0, let key = decodeKey() { keys.append(key) }
        readAhead += keys
        return keys
    }

    private func decodeKey() -> Key? {
        var character: wint_t = 0
        let result = wget_wch(stdscr, &character)
        if result == ERR { return nil }
        if result == tern_key_code_yes() { return functionKey(Int32(character)) }
        return characterKey(UInt32(character))
    }

    /// Clears the whole screen (drawn on the next `refresh()`).
    public func erase() {
        werase(stdscr)
        // Every cell is drawn again: a full set of pairs can start over.
        if colorPairs.count >= CursesTerminal.maximumColorPairs { colorPairs = [:] }
    }

    /// The terminal type to use instead of `TERM` when `COLORTERM` says the
    /// terminal takes 24-bit colour and terminfo has a direct-colour entry
    /// of the same family (`xterm-256color` → `xterm-direct`): ncurses sends
    /// 24-bit colours only through such an entry. nil keeps `TERM`.
    static func directColorTerminalType() -> String? {
        guard let colorTerm = getenv("COLORTERM").map({ String(cString: $0) }), ["truecolor", "24bit"].contains(colorTerm),
              let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty, !term.hasSuffix("-direct") else { return nil }
        let family = term.hasSuffix("-256color") ? String(term.dropLast("-256color".count)) : term
        let candidate = family + "-direct"
        var error: Int32 = 0
        guard setupterm(candidate, -1, &error) == OK else { return nil }
        let rgbColors = tigetnum("colors") >= 1 << 24
        del_curterm(cur_term)
        return rgbColors ? candidate : nil
    }

    /// Draws `text` at a cell, clipped at `maxColumns` display columns (and the
    /// screen's right edge). Returns the columns drawn.
    @discardableResult
    public func put(_ text: String, row: Int, column: Int, style: CellStyle, maxColumns: Int) -> Int {
        guard started, row >= 0, row < rows, column >= 0, column < columns else { return 0 }
        let limit = min(maxColumns, columns - column)
        guard limit > 0 else { return 0 }
        let safe = TerminalText.sanitize(text)
        var buffer: [wchar_t] = []
        buffer.reserveCapacity(safe.unicodeScalars.count + 1)
        var used = 0
        for scalar in safe.unicodeScalars {
            let width = max(0, Int(wcwidth(wchar_t(bitPattern: scalar.value))))
            if used + width > limit { break }
            used += width
            buffer.append(wchar_t(bitPattern: scalar.value))
        }
        buffer.append(0)
        apply(style)
        buffer.withUnsafeBufferPointer { _ = mvwaddnwstr(stdscr, Int32(row), Int32(column), $0.baseAddress, Int32($0.count - 1)) }
        return used
    }

    /// Shows the cursor at a cell (for editing), or hides it (nil).
    public func setCursor(row: Int, column: Int) {
        guard started else { return }
        curs_set(1)
        wmove(stdscr, Int32(max(0, min(row, rows - 1))), Int32(max(0, min(column, columns - 1))))
    }

    public func hideCursor() {
        guard started else { return }
        curs_set(0)
    }

    /// Sends what was drawn to the terminal (only the changed cells).
    public func refresh() {
        guard started else { return }
        wrefresh(stdscr)
    }

    /// Sets the terminal window's title (xterm-like terminals and tmux), from
    /// sanitized text only, so a page title can never end the sequence early.
    public func setWindowTitle(_ title: String) {
        guard started, let term = getenv("TERM").map({ String(cString: $0) }),
              term.hasPrefix("xterm") || term.hasPrefix("screen") || term.hasPrefix("tmux") || term.hasPrefix("rxvt") else { return }
        let safe = TerminalText.sanitize(String(title.prefix(200)))
        fputs("\u{1B}]2;\(safe)\u{07}", stdout)
        fflush(stdout)
    }

    /// Asks the terminal to put `text` on the system clipboard (OSC 52, which
    /// xterm, tmux with `set-clipboard on`, kitty, iTerm2 and others honour).
    /// Only for what the person chose to copy after seeing it (a page can show
    /// a URL to copy, never copy it). The text travels base64-encoded, so
    /// nothing in it can end the sequence.
    public func copyToClipboard(_ text: String) {
        guard started else { return }
        fputs("\u{1B}]52;c;\(CursesTerminal.base64(Array(text.utf8)))\u{07}", stdout)
        fflush(stdout)
    }

    /// RFC 4648 base64 with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Keys

    private func functionKey(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_RESIZE:
            // ncurses has resized its screens already (resizeterm queues this key).
            rows = Int(getmaxy(stdscr))
            columns = Int(getmaxx(stdscr))
            return .resize
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return .unknown(code) }
            let row = Int(event.y), column = Int(event.x)
            if event.bstate & tern_button4_pressed() != 0 { return .mouse(MouseEvent(action: .wheelUp, row: row, column: column)) }
            if event.bstate & tern_button5_pressed() != 0 { return .mouse(MouseEvent(action: .wheelDown, row: row, column: column)) }
            if event.bstate & (tern_button1_pressed() | tern_button1_clicked()) != 0 {
                return .mouse(MouseEvent(action: .click, row: row, column: column))
            }
            return .unknown(code)
        default:
            if code > KEY_F0 && code <= KEY_F0 + 12 { return .function(Int(code - KEY_F0)) }
            return extraKeys[code] ?? .unknown(code)
        }
    }

    private func characterKey(_ value: UInt32) -> Key {
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x08, 0x7F: return .backspace
        case 0x1B: return .escape
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(value + 0x60)!))
        case 0..<0x20, 0x80..<0xA0: return .unknown(Int32(value))
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown(Int32(bitPattern: value)) }
            return .character(Character(scalar))
        }
    }

    // MARK: Drawing state

    private func apply(_ style: CellStyle) {
        var attributes: attr_t = 0
        var bold = style.bold, underline = style.underline, reverse = style.reverse
        if !hasColors {
            bold = bold || style.monochromeBold
            underline = underline || style.monochromeUnderline
            reverse = reverse || style.monochromeReverse
        }
        if bold { attributes |= tern_a_bold() }
        if underline { attributes |= tern_a_underline() }
        if reverse { attributes |= tern_a_reverse() }
        if style.italic { attributes |= tern_a_italic() }
        if style.dim { attributes |= tern_a_dim() }
        var pair: Int32 = 0
        if hasColors {
            let fg = style.foregroundRGB.flatMap(palette.number) ?? style.foreground.map(number) ?? -1
            let bg = style.backgroundRGB.flatMap(palette.number) ?? style.background.map(number) ?? -1
            if fg != -1 || bg != -1 { pair = colorPair(foreground: fg, background: bg) }
        }
        // The pair goes through the extension's int argument (pairs past 32767).
        wattr_set(stdscr, attributes, Int16(clamping: pair), &pair)
    }

    /// The colour number of one of the 16 named colours: the nearest of
    /// the 8 on a terminal without bright ones, its RGB value in direct colour.
    private func number(_ color: TerminalColor) -> Int32 {
        let index = Int32(color.rawValue)
        if palette == .direct, index >= 8 { return palette.number(for: ColorPalette.rgb(ofIndex: Int(index))) ?? -1 }
        return index < COLORS ? index : index % 8
    }

    /// The colour pair for a foreground and background (-1: the terminal's
    /// default), made on first use; 0 (default colours) when no more can be made.
    private func colorPair(foreground: Int32, background: Int32) -> Int32 {
        let key = Int64(foreground) << 32 | Int64(UInt32(bitPattern: background))
        if let pair = colorPairs[key] { return pair }
        let pair = Int32(colorPairs.count + 1)
        guard pair < COLOR_PAIRS, pair <= CursesTerminal.maximumColorPairs, init_extended_pair(pair, foreground, background) == OK else { return 0 }
        colorPairs[key] = pair
        return pair
    }

    // MARK: Size

    private func updateSize() {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
           Int32(size.ws_row) != getmaxy(stdscr) || Int32(size.ws_col) != getmaxx(stdscr) {
            resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        }
        rows = Int(getmaxy(stdscr))
        columns = Int(getmaxx(stdscr))
    }

    /// The signals handled through the pipe: resize, and the ones that end the program.
    static let handledSignals = [SIGWINCH, SIGHUP, SIGTERM, SIGINT]

    /// Each signal writes its number into a pipe the event loop watches
    /// (writing is all a signal handler may safely do); the program answers
    /// it between tasks, and a running script is interrupted at its next check.
    private func installSignalHandlers() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        signalPipe = (fds[0], fds[1])
        terminalSignalPipe = fds[1]
        for number in CursesTerminal.handledSignals {
            signal(number) { number in
                let savedErrno = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(terminalSignalPipe, &byte, 1)
                // A signal that ends the program: if the program has not
                // given the terminal back within 3 s (a script that its
                // watchdog failed to stop), the alarm does it and exits.
                if number != SIGWINCH && terminalEndingSignal == 0 {
                    terminalEndingSignal = number
                    alarm(3)
                }
                errno = savedErrno
            }
        }
        // Only what is async-signal-safe: the saved tty modes back, the
        // normal screen and the cursor back (xterm's sequences), _exit.
        signal(SIGALRM) { _ in
            _ = tcsetattr(0, TCSANOW, &terminalSavedModes)
            var reset = (UInt8(0x1B), UInt8(0x5B), UInt8(0x3F), UInt8(0x31), UInt8(0x30), UInt8(0x34), UInt8(0x39), UInt8(0x6C),
                         UInt8(0x1B), UInt8(0x5B), UInt8(0x3F), UInt8(0x32), UInt8(0x35), UInt8(0x68))  // ESC[?1049l ESC[?25h
            withUnsafeBytes(of: &reset) { _ = write(1, $0.baseAddress, $0.count) }
            _exit(128 + terminalEndingSignal)
        }
    }

    /// Empties the signal pipe, noting a termination signal; true when
    /// anything arrived (the size is read again either way).
    private func drainSignalPipe() -> Bool {
        guard signalPipe.read >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while true {
            let count = read(signalPipe.read, &buffer, buffer.count)
            guard count > 0 else { break }
            any = true
            for byte in buffer[0..<count] where Int32(byte) != SIGWINCH && terminationSignal == nil {
                terminationSignal = Int32(byte)
            }
        }
        return any
    }
}

/// The write end of the signal pipe, for the signal handlers (which can
/// capture nothing).
nonisolated(unsafe) private var terminalSignalPipe: Int32 = -1
/// The first signal that asked the program to end (0: none yet).
nonisolated(unsafe) private var terminalEndingSignal: Int32 = 0
/// The tty's modes before `start()`, for the last-resort restore.
nonisolated(unsafe) private var terminalSavedModes = termios()
