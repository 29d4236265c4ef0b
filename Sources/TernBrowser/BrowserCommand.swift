import TernTerminal

/// What a key asks the browser to do.
enum BrowserCommand: Equatable {
    case scrollLines(Int)
    case scrollPages(Int)
    case scrollToTop, scrollToBottom
    case scrollSideways(Int)
    case focusNext, focusPrevious
    case activate
    case back, forward, backOrClose
    case reload, reloadFromOrigin, stop
    case openURL, pageInfo, history, help
    case find, findNext, findPrevious
    /// A digit starts typing a link number.
    case linkNumber(Int)
    case quit, quitNow
    case newTab, nextTab, previousTab, closeTab
    case downloads, visitedPages, clearData
    /// Opens the popup the page tried to open without a key (in a new tab).
    case openBlockedPopup
    /// Turns pages' own style sheets off or on (in every tab).
    case toggleAuthorStyles

    /// The default key map (listed on the help page, Resources/help.html).
    static func forKey(_ key: Key) -> BrowserCommand? {
        switch key {
        case .down, .character("j"): return .scrollLines(1)
        case .up, .character("k"): return .scrollLines(-1)
        case .pageDown, .character(" "), .control("f"): return .scrollPages(1)
        case .pageUp, .character("b"), .control("b"): return .scrollPages(-1)
        case .home: return .scrollToTop
        case .end, .character("G"): return .scrollToBottom
        case .character(">"): return .scrollSideways(8)
        case .character("<"): return .scrollSideways(-8)
        case .tab: return .focusNext
        case .backTab: return .focusPrevious
        case .enter: return .activate
        case .left, .character("H"): return .back
        case .right, .character("L"): return .forward
        case .backspace: return .backOrClose
        case .character("r"), .control("r"): return .reload
        case .character("R"): return .reloadFromOrigin
        case .escape, .control("g"): return .stop
        case .character("o"): return .openURL
        case .character("="): return .pageInfo
        case .character("h"): return .history
        case .character("?"), .function(1): return .help
        case .character("/"): return .find
        case .character("n"): return .findNext
        case .character("N"): return .findPrevious
        case .character("q"): return .quit
        case .character("Q"): return .quitNow
        case .character("t"): return .newTab
        case .character("x"): return .closeTab
        case .character("d"): return .downloads
        case .character("v"): return .visitedPages
        case .character("C"): return .clearData
        case .character("P"): return .openBlockedPopup
        case .character("S"): return .toggleAuthorStyles
        case .controlPageDown: return .nextTab
        case .controlPageUp: return .previousTab
        case .control("c"): return .quit
        case .character(let c) where c.isASCII && c.isNumber: return .linkNumber(Int(String(c))!)
        default: return nil
        }
    }
}
