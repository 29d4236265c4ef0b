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
