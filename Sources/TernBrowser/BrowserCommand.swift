/// What a key asks the browser to do. Each command has a stable kebab-case
/// name (its raw value), used by `bind KEY COMMAND` in the settings and on
/// the `?` page, and a one-line description for that page. Which key runs
/// which command is the `Keymap`'s business; digits typed first are the
/// count (or link number) prefix, not a command.
public enum BrowserCommand: String, CaseIterable, Sendable {
    // Moving
    case scrollDown = "scroll-down"
    case scrollUp = "scroll-up"
    case pageDown = "page-down"
    case pageUp = "page-up"
    case halfPageDown = "half-page-down"
    case halfPageUp = "half-page-up"
    case top
    case bottom
    case scrollLeft = "scroll-left"
    case scrollRight = "scroll-right"
    // Links and form controls
    case nextLink = "next-link"
    case previousLink = "previous-link"
    case activate
    case openLinkInNewTab = "open-link-in-new-tab"
    case copyLinkURL = "copy-link-url"
    case bookmarkLink = "bookmark-link"
    // Quick navigation (as screen readers move: by heading, landmark, field, table)
    case nextHeading = "next-heading"
    case previousHeading = "previous-heading"
    case nextLandmark = "next-landmark"
    case previousLandmark = "previous-landmark"
    case nextField = "next-field"
    case previousField = "previous-field"
    case nextTable = "next-table"
    case previousTable = "previous-table"
    case goToMain = "go-to-main"
    case pageStructure = "page-structure"
    // History
    case back
    case forward
    case backOrClose = "back-or-close"
    case history
    case visitedPages = "visited-pages"
    // The page
    case openURL = "open-url"
    case reload
    case reloadFromOrigin = "reload-from-origin"
    case stop
    case find
    case findNext = "find-next"
    case findPrevious = "find-previous"
    case pageInfo = "page-info"
    case viewSource = "view-source"
    case savePage = "save-page"
    case copyURL = "copy-url"
    /// Turns pages' own style sheets off or on (in every tab).
    case toggleStyles = "toggle-styles"
    /// Opens the popup the page tried to open without a key (in a new tab).
    case openBlockedPopup = "open-blocked-popup"
    // Tabs
    case newTab = "new-tab"
    case nextTab = "next-tab"
    case previousTab = "previous-tab"
    case closeTab = "close-tab"
    // Bookmarks
    case bookmarkAdd = "bookmark-add"
    case bookmarks
    // Tern
    case help
    case downloads
    case clearData = "clear-data"
    case quit
    case quitNow = "quit-now"

    /// The command's name: `scroll-down`, `open-url`, …
    public var name: String { rawValue }

    /// The command named `name`, if there is one.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// What the command does, in a line (the `?` page shows it).
    public var summary: String {
        switch self {
        case .scrollDown: return "scroll down a line"
        case .scrollUp: return "scroll up a line"
        case .pageDown: return "scroll down a page"
        case .pageUp: return "scroll up a page"
        case .halfPageDown: return "scroll down half a page"
        case .halfPageUp: return "scroll up half a page"
        case .top: return "go to the top of the page"
        case .bottom: return "go to the bottom of the page"
        case .scrollLeft: return "scroll left (wide preformatted text)"
        case .scrollRight: return "scroll right (wide preformatted text)"
        case .nextLink: return "focus the next link or form field"
        case .previousLink: return "focus the previous link or form field"
        case .activate: return "follow the link, press the button, edit the field; after a number: follow the link with that number"
        case .openLinkInNewTab: return "open the focused link in a new tab"
        case .copyLinkURL: return "copy the focused link's URL (to the terminal's clipboard)"
        case .bookmarkLink: return "bookmark the focused link"
        case .nextHeading: return "the next heading"
        case .previousHeading: return "the previous heading"
        case .nextLandmark: return "the next landmark (main, navigation, search, form, banner, complementary, contentinfo, a named region)"
        case .previousLandmark: return "the previous landmark"
        case .nextField: return "focus the next form field"
        case .previousField: return "focus the previous form field"
        case .nextTable: return "the next table"
        case .previousTable: return "the previous table"
        case .goToMain: return "go to the page's main content (past its repeated header)"
        case .pageStructure: return "the page's headings and landmarks, as a menu to go to"
        case .back: return "go back"
        case .forward: return "go forward"
        case .backOrClose: return "go back; on the tab's first page, close the tab"
        case .history: return "the tab's back/forward list, as a menu"
        case .visitedPages: return "visited pages: search the global history (also about:history)"
        case .openURL: return "open a URL, a file or a search (the prompt starts with the current URL)"
        case .reload: return "reload the page"
        case .reloadFromOrigin: return "reload from the server, skipping the caches"
        case .stop: return "stop loading (and cancel a number or key sequence being typed); Esc first closes a modal dialog, or puts away an overlay drawn over the page"
        case .find: return "find text (case-insensitive unless the text has a capital)"
        case .findNext: return "the next match"
        case .findPrevious: return "the previous match"
        case .pageInfo: return "page information: URL, title, type, encoding, security"
        case .viewSource: return "view the page's source"
        case .savePage: return "save the page as text or HTML"
        case .copyURL: return "copy the page's URL (to the terminal's clipboard)"
        case .toggleStyles: return "page styles off / on, in every tab (Tern's own style sheet and your user.css stay)"
        case .openBlockedPopup: return "open the popup the page just tried to open without a key press"
        case .newTab: return "a new tab (the URL prompt opens in it)"
        case .nextTab: return "the next tab"
        case .previousTab: return "the previous tab"
        case .closeTab: return "close the tab"
        case .bookmarkAdd: return "bookmark this page"
        case .bookmarks: return "the bookmarks (about:bookmarks)"
        case .help: return "every command and its keys in force, as a page (about:help)"
        case .downloads: return "downloads (what Tern cannot show is saved to $XDG_DOWNLOAD_DIR or ~/Downloads)"
        case .clearData: return "clear browsing data: cookies, cached pages, site storage, history (asking which)"
        case .quit: return "close the tab, or quit when it is the last (asking first)"
        case .quitNow: return "quit at once"
        }
    }

    /// Where the `?` page lists a command.
    public enum Group: String, CaseIterable, Sendable {
        case moving = "Moving"
        case links = "Links and form fields"
        case structure = "Headings, landmarks, fields and tables"
        case history = "History"
        case page = "The page"
        case tabs = "Tabs"
        case bookmarks = "Bookmarks"
        case tern = "Tern"
    }

    public var group: Group {
        switch self {
        case .scrollDown, .scrollUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .top, .bottom, .scrollLeft, .scrollRight:
            return .moving
        case .nextLink, .previousLink, .activate, .openLinkInNewTab, .copyLinkURL, .bookmarkLink:
            return .links
        case .nextHeading, .previousHeading, .nextLandmark, .previousLandmark, .nextField, .previousField, .nextTable,
             .previousTable, .goToMain, .pageStructure:
            return .structure
        case .back, .forward, .backOrClose, .history, .visitedPages:
            return .history
        case .openURL, .reload, .reloadFromOrigin, .stop, .find, .findNext, .findPrevious, .pageInfo, .viewSource,
             .savePage, .copyURL, .toggleStyles, .openBlockedPopup:
            return .page
        case .newTab, .nextTab, .previousTab, .closeTab:
            return .tabs
        case .bookmarkAdd, .bookmarks:
            return .bookmarks
        case .help, .downloads, .clearData, .quit, .quitNow:
            return .tern
        }
    }

    /// Whether a count typed first (`5j`) repeats the command; the others
    /// run once, except `activate`, for which the number is a link number.
    var repeatsWithCount: Bool {
        switch self {
        case .scrollDown, .scrollUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .scrollLeft, .scrollRight,
             .nextLink, .previousLink, .findNext, .findPrevious, .back, .forward, .nextTab, .previousTab,
             .nextHeading, .previousHeading, .nextLandmark, .previousLandmark, .nextField, .previousField, .nextTable,
             .previousTable:
            return true
        default:
            return false
        }
    }
}
