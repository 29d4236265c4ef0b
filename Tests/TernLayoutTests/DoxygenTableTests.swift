import XCTest
@testable import TernLayout

/// A Doxygen member table (its HTML as Doxygen 1.9 writes it): group
/// headings in `<td colspan=2><h2>` rows above two-column rows whose left
/// cell is `align=right`. A data table, not a layout table.
final class DoxygenTableTests: XCTestCase {
    static let memberTable = """
        <div class="contents">
        <table class="memberdecls">
        <tr class="heading"><td colspan="2"><h2 class="groupheader"><a id="pub-methods" name="pub-methods"></a>
        Public Member Functions</h2></td></tr>
        <tr class="memitem:a1"><td class="memItemLeft" align="right" valign="top">&#160;</td><td class="memItemRight" valign="bottom"><a class="el" href="#a1">Buffer</a> (size_t capacity)</td></tr>
        <tr class="memdesc:a1"><td class="mdescLeft">&#160;</td><td class="mdescRight">Makes an empty buffer.  <a href="#a1">More...</a><br /></td></tr>
        <tr class="separator:a1"><td class="memSeparator" colspan="2">&#160;</td></tr>
        <tr class="memitem:a2"><td class="memItemLeft" align="right" valign="top">size_t&#160;</td><td class="memItemRight" valign="bottom"><a class="el" href="#a2">size</a> () const</td></tr>
        <tr class="separator:a2"><td class="memSeparator" colspan="2">&#160;</td></tr>
        <tr class="memitem:a3"><td class="memItemLeft" align="right" valign="top">const std::string &amp;&#160;</td><td class="memItemRight" valign="bottom"><a class="el" href="#a3">name</a> () const</td></tr>
        <tr class="separator:a3"><td class="memSeparator" colspan="2">&#160;</td></tr>
        </table>
        <table class="memberdecls">
        <tr class="heading"><td colspan="2"><h2 class="groupheader"><a id="pub-static-attribs" name="pub-static-attribs"></a>
        Static Public Attributes</h2></td></tr>
        <tr class="memitem:a4"><td class="memItemLeft" align="right" valign="top">static constexpr int&#160;</td><td class="memItemRight" valign="bottom"><a class="el" href="#a4">kMax</a> = 64</td></tr>
        <tr class="memdesc:a4"><td class="mdescLeft">&#160;</td><td class="mdescRight">The largest capacity.  <a href="#a4">More...</a><br /></td></tr>
        <tr class="separator:a4"><td class="memSeparator" colspan="2">&#160;</td></tr>
        </table>
        </div>
        """

    func testGroupHeadingsSpanTheTableAndRightAlignedCellsStayInTheirColumn() {
        // The type column is as wide as its longest type, each type ends at
        // its right edge; the blank rows are Doxygen's separator rows (&#160;).
        XCTAssertEqual(dump(DoxygenTableTests.memberTable), lines(
            "Public Member Functions",
            "───────────────────────",
            "",
            "                      [1]Buffer (size_t capacity)",
            "",
            "                      Makes an empty buffer. [2]More...",
            "",
            "",
            "",
            "             size_t   [3]size () const",
            "",
            "",
            "",
            "const std::string &   [4]name () const",
            "",
            "",
            "",
            "Static Public Attributes",
            "────────────────────────",
            "",
            "static constexpr int   [5]kMax = 64",
            "",
            "                       The largest capacity. [6]More...",
            "", ""))
    }

    /// A heading in a cell beside others is still a layout table's.
    func testAHeadingBesideOtherCellsIsStillALayoutTable() {
        let html = "<table><tr><td colspan=2><h2>Site</h2></td></tr><tr><td><ul><li>Home</li></ul></td><td><h2>Article</h2></td></tr></table>"
        XCTAssertEqual(dump(html), lines("Site", "────", "", "  * Home", "", "Article", "───────"))
    }

    /// colspan values are capped (HTML's table model: at most 1000) before
    /// they are summed: two of Int.max must not overflow.
    func testHugeColspansDoNotOverflow() {
        let html = "<table><tr><td colspan=9223372036854775807>a</td><td colspan=9223372036854775807><h2>b</h2></td></tr></table>"
        XCTAssertTrue(dump(html).contains("a"))
    }
}
