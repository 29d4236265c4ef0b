import XCTest

/// The web-platform-tests folders of issue 30 that the shared snapshot
/// lacks: `html/browsers/history` (session history, the History and
/// Location interfaces), `css/mediaqueries`, `intersection-observer`,
/// `uievents` and `workers`. Each runs when $TERN_TESTSUITES names a suites
/// folder whose `wpt/` has it, and is skipped otherwise. The floors are
/// what Tern passed of the public WPT files measured on loopback (README).
final class WPTHistoryTests: WPTTestCase {
    func testHistorySubtestsPass() throws {
        opensPopups = true
        try runSuite("html/browsers/history/the-history-interface", floor: 0, minimumFiles: 20, optional: true)
    }
}

/// `css/mediaqueries`: the media features a terminal's viewport answers.
final class WPTMediaQueriesTests: WPTTestCase {
    func testMediaQueriesSubtestsPass() throws {
        try runSuite("css/mediaqueries", floor: 0, minimumFiles: 3, optional: true)
    }
}

/// `intersection-observer`: IntersectionObserver over the layout's boxes.
final class WPTIntersectionObserverTests: WPTTestCase {
    func testIntersectionObserverSubtestsPass() throws {
        try runSuite("intersection-observer", floor: 0, minimumFiles: 10, optional: true)
    }
}

/// `uievents`: keyboard, input and focus events.
final class WPTUIEventsTests: WPTTestCase {
    func testUIEventsSubtestsPass() throws {
        try runSuite("uievents", floor: 0, minimumFiles: 10, optional: true)
    }
}

/// `workers`: dedicated workers (the window pages; `.any.js` files are not run).
final class WPTWorkersTests: WPTTestCase {
    func testWorkersSubtestsPass() throws {
        try runSuite("workers", floor: 0, minimumFiles: 10, optional: true)
    }
}
