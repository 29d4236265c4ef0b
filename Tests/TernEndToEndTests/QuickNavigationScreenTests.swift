import XCTest
import Foundation
import TernTestSupport

/// Reaching things on a page with a long header (issue 31), through the
/// real browser in tmux: heading, landmark, field and table keys, the
/// page-structure menu, the main content (by key and by setting), and
/// find then Enter.
final class QuickNavigationScreenTests: TerminalTestCase {
    private func page(_ html: String) -> String {
        server.url("/mime?type=" + "text/html; charset=utf-8".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                   + "&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href
    }

    /// An admin site's add form: a header and a sidebar of 25 links before
    /// the first field.
    private var adminPage: String {
        let sidebar = (1...25).map { "<li><a href=\"\(page("<title>Model \($0)</title><p>Details of model \($0).</p>"))\">Model \($0)</a>" }.joined()
        return page("""
            <title>Add book</title>
            <header><h1>Site administration</h1><nav aria-label=Breadcrumbs><a href="/">Home</a> › <a href="/books">Books</a></nav></header>
            <nav aria-label=Sidebar><ul>\(sidebar)</ul></nav>
            <main><h2>Add book</h2>
            <form action="/echo"><p><label>Title <input name=title></label></p><p><label>Author <input name=author></label></p>
            <p><input type=submit value=Save></p></form>
            <h2>Recent books</h2>
            <table><caption>Books added this week</caption><tr><th>Title<th>Author<tr><td>Dune<td>Herbert</table>
            <p>See the <a href="/guide">editing guide</a> for more.</p>
            \((1...20).map { "<p>Notes on editing, part \($0).</p>" }.joined())
            </main>
            <footer><p>Site footer</p></footer>
            """)
    }

    private func status(_ tern: TerminalSession) -> String {
        tern.screen().components(separatedBy: "\n").last { !$0.isEmpty } ?? ""
    }

    func testHeadingLandmarkFieldAndTableKeysMoveThroughThePage() throws {
        let tern = try browse([adminPage], rows: 24)
        tern.waitFor("Site administration")
        tern.type("]h")
        tern.waitFor("Heading 1: Site administration (1 of 3)")
        tern.type("]h")
        tern.waitFor("Heading 2: Add book (2 of 3)")
        // The heading is at the top of the screen, past the 25 sidebar links.
        XCTAssertTrue(tern.screen().components(separatedBy: "\n")[1].hasPrefix("Add book"), tern.screen())
        tern.type("[h")
        tern.waitFor("Heading 1: Site administration (1 of 3)")
        tern.type("]l")
        tern.waitFor("Navigation landmark: Breadcrumbs")
        tern.type("]l")
        tern.waitFor("Navigation landmark: Sidebar")
        tern.type("]l")
        tern.waitFor("Main landmark")
        tern.type("]t")
        tern.waitFor("Table: Books added this week (1 of 1)")
        tern.type("]t")
        tern.waitFor("No next table (1 on this page)")
        tern.press("g")
        // From the top, the first field is one key away (25 Tab presses before).
        tern.type("]f")
        tern.waitFor("Form field title")
        // On a text field keys type into it (lynx's way): Tab moves on, Esc leaves it.
        tern.press("Tab")
        tern.waitFor("Form field author")
        tern.press("Escape")
        tern.waitFor("Left the field")
        tern.type("[f")
        tern.waitFor("Form field title")
    }

    func testTheStructureMenuListsHeadingsAndLandmarksAndGoesThere() throws {
        let tern = try browse([adminPage], rows: 24)
        tern.waitFor("Site administration")
        tern.press("M")
        tern.waitFor("Page structure")
        for entry in ["[banner]", "h1 Site administration", "[navigation] Breadcrumbs", "[navigation] Sidebar", "[main]",
                      "h2 Add book", "h2 Recent books", "[contentinfo]"] {
            XCTAssertTrue(tern.screen().contains(entry), "\(entry) missing:\n\(tern.screen())")
        }
        // Down to "h2 Recent books": banner, h1, two navigations, main, h2 Add book, [form], then it.
        tern.press("Home")
        for _ in 0..<7 { tern.press("Down") }
        tern.press("Enter")
        tern.waitFor("Heading 2: Recent books")
        XCTAssertTrue(tern.screen().components(separatedBy: "\n")[1].hasPrefix("Recent books"), tern.screen())
        // Tab goes on from there: the first link after the heading.
        tern.press("Tab")
        tern.waitForScreen("the link after the heading focused") { self.status(tern).hasSuffix("/guide") || $0.contains("/guide") }
    }

    func testGoToMainSkipsTheRepeatedHeaderAndTheSettingStartsThere() throws {
        let tern = try browse([adminPage], rows: 24)
        tern.waitFor("Site administration")
        tern.type("gm")
        tern.waitFor("Main content")
        XCTAssertTrue(tern.screen().components(separatedBy: "\n")[1].hasPrefix("Add book"), tern.screen())
        tern.press("Tab")
        tern.waitFor("Form field title")

        let started = try browse([adminPage], rows: 24, config: "start-at-main = yes\n")
        started.waitForScreen("the page opened at its main content") { screen in
            screen.components(separatedBy: "\n").dropFirst().first?.hasPrefix("Add book") == true
        }
    }

    func testFindThenEnterFollowsTheMatchedLinkAndCountsMatches() throws {
        let tern = try browse([adminPage], rows: 24)
        tern.waitFor("Site administration")
        tern.press("/")
        tern.type("Model 1")
        tern.press("Enter")
        // "Model 1", "Model 10" … "Model 19": 11 matches.
        tern.waitFor("match 1 of 11 (Enter follows it)")
        tern.press("n")
        tern.waitFor("match 2 of 11")
        tern.press("Enter")
        tern.waitFor("Details of model 10.")
    }

    func testAfterHomeTabGoesToTheFirstLinkOnTheScreen() throws {
        let tern = try browse([adminPage], rows: 24)
        tern.waitFor("Site administration")
        tern.type("gm")
        tern.waitFor("Main content")
        tern.press("Tab")
        tern.waitFor("Form field title")
        tern.press("Home")
        tern.press("Tab")
        tern.waitForScreen("the first link on the screen focused, not the field") { _ in self.status(tern).hasSuffix("/") }
    }
}
