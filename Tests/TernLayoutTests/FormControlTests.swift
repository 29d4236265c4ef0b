import XCTest
@testable import TernLayout

final class FormControlTests: XCTestCase {
    func testTextFieldsAndPasswords() {
        XCTAssertEqual(dump("<input name=\"q\">"), lines("[____________________]"))
        XCTAssertEqual(dump("<input value=\"hello\" size=\"8\">"), lines("[hello___]"))
        XCTAssertEqual(dump("<input value=\"much too long\" size=\"4\">"), lines("[much]"))
        XCTAssertEqual(dump("<input type=\"password\" value=\"secret\" size=\"8\">"), lines("[******__]"))
        XCTAssertEqual(dump("<input type=\"email\" size=\"3\">"), lines("[___]"))
    }

    func testCheckboxesRadiosAndLabels() {
        XCTAssertEqual(dump("<label><input type=\"checkbox\" checked> Remember me</label> <input type=\"checkbox\"> <input type=\"radio\" checked>Yes <input type=\"radio\">No"),
                       lines("[X] Remember me [ ] (*)Yes ( )No"))
    }

    func testButtons() {
        XCTAssertEqual(dump("<input type=\"submit\"> <input type=\"submit\" value=\"Search now\"> <input type=\"reset\"> <button>Go <b>fast</b></button> <input type=\"image\" alt=\"Send\">"),
                       lines("[Submit] [Search now] [Reset] [Go fast] [Send]"))
    }

    /// A button's face is a line of its own: no space inside its brackets,
    /// and an empty inline block (an icon drawn by a background image, as
    /// Bootstrap's navbar toggler) neither breaks the line nor names it.
    func testButtonFacesKeepNoSpacesAndEmptyIconsDoNotBreakTheLine() {
        XCTAssertEqual(dump("<p>Menu <button>\n <span style=\"display:inline-block;width:1.5em\"></span>\n</button> <button> Go <b>now</b> </button> "
                            + "<button><span style=\"display:inline-block\">In</span></button> end</p>"),
                       lines("Menu [button] [Go now] [In] end"))
    }

    func testSelectShowsTheChosenOption() {
        XCTAssertEqual(dump("<select><option>One</option><option selected>Three</option><option>Two</option></select>"),
                       lines("[Three ▾]"))
        XCTAssertEqual(dump("<select><option>Apple</option><option>Banana split</option></select>"),
                       lines("[Apple        ▾]"))
    }

    func testTextareaIsABoxOfItsRowsAndColumns() {
        XCTAssertEqual(dump("<p>Comment:</p><textarea rows=\"3\" cols=\"8\">Hello world again</textarea>"),
                       lines("Comment:", "", "┌────────┐", "│Hello wo│", "│rld agai│", "│n       │", "└────────┘"))
    }

    func testHiddenInputsAreListedButNotShown() {
        let page = render("<form><input type=\"hidden\" name=\"token\" value=\"abc\"><input name=\"q\" size=\"2\"></form>")
        XCTAssertEqual(page.plainText(references: false), lines("[__]"))
        XCTAssertEqual(page.controls.map(\.kind), [.hidden, .text])
        XCTAssertEqual(page.controls[0].value, "abc")
        XCTAssertTrue(page.controls[0].regions.isEmpty)
    }

    func testControlRecordsAndRegions() {
        let html = "<form action=\"/s\"><p>Name: <input name=\"n\" value=\"Al\" size=\"4\"> <input type=\"checkbox\" name=\"c\" checked></p><select name=\"s\"><option value=\"1\">a<option value=\"2\" selected>b</select></form>"
        let page = render(html)
        XCTAssertEqual(page.controls.count, 3)
        let text = page.controls[0]
        XCTAssertEqual(text.kind, .text)
        XCTAssertEqual(text.name, "n")
        XCTAssertEqual(text.value, "Al")
        XCTAssertEqual(text.form?.attribute("action"), "/s")
        XCTAssertEqual(text.regions, [TextRegion(line: 0, columns: 6..<12)])
        XCTAssertEqual(page.controls[1].kind, .checkbox)
        XCTAssertTrue(page.controls[1].checked)
        XCTAssertEqual(page.controls[1].regions, [TextRegion(line: 0, columns: 13..<16)])
        XCTAssertEqual(page.controls[2].kind, .select)
        XCTAssertEqual(page.controls[2].value, "2")
        XCTAssertEqual(page.controls[2].options, ["a", "b"])
        XCTAssertEqual(page.controls[2].selectedIndex, 1)
        XCTAssertEqual(page.controls[2].regions, [TextRegion(line: 2, columns: 0..<5)])
        for run in page.lines[0].runs where run.control != nil { XCTAssertTrue(run.style.contains(.formControl)) }
    }
}

/// Issue 31: a form control is one line high under a style sheet that
/// gives it borders and padding (its brackets are its border); its CSS
/// width (and a textarea's height) size its face.
final class FormControlSizeTests: XCTestCase {
    private let sheet = """
        input, select, textarea { border: 1px solid #ccc; padding: 6px 12px; display: block; width: 240px; margin-bottom: 10px }
        textarea { width: 400px; height: 96px }
        button { border: 2px solid blue; padding: 8px }
        """

    func testBorderedControlsAreOneLineHighAndAsWideAsTheirCSS() {
        let text = styledDump("""
            <form><label for=a>Name</label><input id=a name=a value=Ada>
            <label for=s>Kind</label><select id=s><option>Fiction<option>Poetry</select>
            <button>Save</button></form>
            """, width: 80, css: sheet)
        // 240 px = 30 columns, brackets included; a select's " ▾]" and "[" take 4.
        XCTAssertEqual(text, lines("Name", "[Ada" + String(repeating: "_", count: 25) + "]", "", "Kind",
                                   "[Fiction" + String(repeating: " ", count: 19) + " ▾]", "", "[Save]"))
        XCTAssertFalse(text.contains("┌"), text)
    }

    func testATextareaTakesItsCSSWidthAndHeightInsteadOfABoxAroundIt() {
        let page = styled("<textarea rows=2 cols=10>Hi</textarea>", width: 80, css: sheet)
        let rows = page.lines.map(\.text).filter { !$0.isEmpty }
        // 400 px = 50 columns with its border lines; 96 px = 6 lines, 4 of them rows.
        XCTAssertEqual(rows.count, 6, rows.joined(separator: "\n"))
        XCTAssertEqual(rows.first, "┌" + String(repeating: "─", count: 48) + "┐")
    }

    func testASelectNeverBreaksAcrossLines() {
        XCTAssertEqual(dump("<select><option>A very long option label that goes on</select>", width: 20),
                       lines("[A very long opti ▾]"))
        XCTAssertEqual(styledDump("<select><option>Short</select>", width: 20, css: "select { border: 1px solid; width: 600px }"),
                       lines("[Short" + String(repeating: " ", count: 11) + " ▾]"))
    }

    /// Django's login form: `width: 100%` fields in a 28em box are as wide
    /// as the box's content (percentages of the box, not of the page).
    func testAFieldOfFullWidthInABoxFitsTheBox() {
        let text = styledDump("<div class=box><p>Username:<input class=full></p><p><span class=half>x</span></p></div>", width: 80,
                              css: ".box { width: 28em; border: 1px solid; padding: 0 8px; margin: 0 auto } .full { width: 100%; padding: 8px; border: 1px solid }"
                                   + " .half { display: block; width: 50%; border: 1px solid }")
        let rows = text.components(separatedBy: "\n")
        let field = try? XCTUnwrap(rows.first { $0.contains("[") })
        XCTAssertEqual(field?.filter { $0 == "_" }.count, 54, text)
        XCTAssertEqual(rows.filter { $0.contains("_") }.count, 1, "one line: \(text)")
        XCTAssertTrue(rows.contains { $0.contains("┌" + String(repeating: "─", count: 28) + "┐") }, "a half-width box is half of 56 columns: \(text)")
    }

    /// An image is drawn as its alt text on the line: its CSS size and
    /// border make no box (Python's docs size their logo 20px in a flex row).
    func testAnImagesCSSSizeMakesNoBox() {
        XCTAssertEqual(styledDump("<div class=row><a href=/ class=row><img src=py.svg alt=Logo class=logo></a></div><p>x <img alt=Pic class=logo> y</p>",
                                  width: 30, css: ".row { display: flex } .logo { width: 20px; border: 1px solid; padding: 4px }"),
                       lines("[1][Logo]", "", "x [Pic] y"))
    }

    /// A field that grows in a flex row (Python's docs: `width: 40px; flex:
    /// 1 1 auto`) takes at least a field's default 20 columns, not 5.
    func testAGrowingFieldInAFlexRowIsNotCutToItsBasis() {
        let css = ".row { display: flex; border: 1px solid } .row input[type=text] { border: 0; width: 40px; flex: 1 1 auto } .fixed { width: 40px; border: 1px solid }"
        let page = styled("<form class=row><input type=text aria-label=Search><input type=submit value=Go></form><p><input class=fixed></p>",
                          width: 40, css: css)
        XCTAssertEqual(page.lines.map(\.text), ["┌──────────────────────────────────────┐", "│[Search______________] [Go]           │",
                                                "└──────────────────────────────────────┘", "", "[___]"])
    }

    func testAControlWithoutBordersKeepsItsOwnSize() {
        XCTAssertEqual(styledDump("<input size=5> <input class=wide size=5>", width: 30, css: ".wide { width: 100% }"),
                       lines("[_____]", "[" + String(repeating: "_", count: 28) + "]"))
    }
}

/// `LayoutOptions.numberFields`: lynx's numbered fields, one count with the links.
final class NumberedFieldTests: XCTestCase {
    func testFieldsAreNumberedWithTheLinks() {
        var options = LayoutOptions()
        options.numberFields = true
        let page = render("<a href=/a>A</a> <input name=q> <input type=hidden name=h> <input type=submit> <a href=/b>B</a>", options: options)
        XCTAssertEqual(page.plainText(references: false), "[1]A [2][____________________] [3][Submit] [4]B\n")
        XCTAssertEqual(page.links.map(\.number), [1, 4])
        XCTAssertEqual(page.controls.map(\.number), [2, nil, 3])
        // The number is not part of the field: its region starts at its bracket.
        XCTAssertEqual(page.controls[0].regions.first?.columns.lowerBound, 8)
        XCTAssertEqual(render("<a href=/a>A</a> <input name=q>").controls.map(\.number), [nil], "off by default")
    }
}

/// What plain text (`--dump`) shows of a control.
final class ControlPlainTextTests: XCTestCase {
    func testATextareasNumberStandsInItsTopBorder() {
        var options = LayoutOptions()
        options.numberFields = true
        let page = render("<a href=/a>A</a><textarea rows=1 cols=6>hi</textarea><textarea rows=1 cols=2></textarea>", options: options)
        XCTAssertEqual(page.plainText(references: false), lines("[1]A", "┌[2]───┐", "│hi    │", "└──────┘", "┌──┐", "│  │", "└──┘"),
                       "the number on the box's first line; a box too narrow for it goes without")
        XCTAssertEqual(page.controls.map(\.number), [2, 3])
        XCTAssertEqual(page.controls[0].regions.map(\.line), [1, 2, 3], "one region a line, the number inside the box's")
        XCTAssertEqual(page.controls[0].regions[0].columns, 0..<8)
    }

    func testAPlaceholderIsNotPrintedAsTheFieldsValue() {
        XCTAssertEqual(render("<input placeholder=Search size=8> <input aria-label=Name size=6> <input value=v size=3>").plainText(references: false),
                       "[________] [______] [v__]\n")
    }
}
