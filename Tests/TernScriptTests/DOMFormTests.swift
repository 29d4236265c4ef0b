import XCTest
import TernDOM
import TernNet
@testable import TernScript

final class DOMFormTests: DOMTestCase {
    let formPage = #"""
        <body><form id=f action="../submit?x=1" method=POST>
          <input name=user value="ann">
          <input name=pass type=password value="s3cret">
          <input name=off disabled value=no>
          <input type=checkbox name=agree checked>
          <input type=checkbox name=news value=yes>
          <input type=radio name=size value=s><input type=radio name=size value=m checked>
          <select name=color><option>red<option selected value=g>green</select>
          <select name=many multiple><option selected>a<option>b<option selected>c</select>
          <textarea name=note>hello
        there</textarea>
          <input type=submit name=go value=Go id=go>
          <button name=other id=other>Other</button>
          <input type=file name=upload>
        </form></body>
        """#

    func testSubmitSendsTheSuccessfulControls() throws {
        try load(formPage, url: "https://example.test/app/page.html")
        js("document.getElementById('f').submit()")
        let submission = try XCTUnwrap(host.submissions.first)
        XCTAssertEqual(submission.method, "post")
        XCTAssertEqual(submission.action.href, "https://example.test/submit?x=1")
        XCTAssertEqual(submission.enctype, "application/x-www-form-urlencoded")
        XCTAssertEqual(submission.fields.map { "\($0.name)=\($0.value)" },
                       ["user=ann", "pass=s3cret", "agree=on", "size=m", "color=g", "many=a", "many=c", "note=hello\nthere", "upload="])
    }

    func testScriptChangesAndTheSubmitterAreIncluded() throws {
        try load(formPage, url: "https://example.test/app/page.html")
        js("""
            var f = document.getElementById('f');
            f.elements.user.value = 'bob';
            f.elements.news.checked = true;
            f.elements.size[0];
            document.querySelector('input[value=s]').checked = true;
            f.elements.color.selectedIndex = 0;
            f.querySelector('textarea').value = 'bye';
            window.submits = 0;
            f.addEventListener('submit', function (e) { window.submits++; window.submitter = e.submitter && e.submitter.id; });
            document.getElementById('go').click();
            """)
        XCTAssertEqual(js("[window.submits, window.submitter]"), .array([.number(1), .string("go")]))
        let submission = try XCTUnwrap(host.submissions.first)
        XCTAssertEqual(submission.fields.map { "\($0.name)=\($0.value)" },
                       ["user=bob", "pass=s3cret", "agree=on", "news=yes", "size=s", "color=red", "many=a", "many=c", "note=bye", "go=Go", "upload="])
        XCTAssertEqual(try document.element(withID: "f")?.querySelector("input[name=user]")?.attribute("value"), "bob", "values live in the attributes")
    }

    func testACancelledSubmitEventSendsNothing() throws {
        try load(formPage)
        js("document.getElementById('f').addEventListener('submit', function (e) { e.preventDefault(); }); document.getElementById('other').click();")
        XCTAssertEqual(host.submissions.count, 0)
        let form = try XCTUnwrap(document.element(withID: "f"))
        XCTAssertFalse(window.requestSubmit(form))
        XCTAssertEqual(host.submissions.count, 0)
    }

    func testControlsProperties() throws {
        try load(formPage)
        XCTAssertEqual(js("""
            var f = document.getElementById('f'), sel = f.elements.color, cb = f.elements.agree;
            cb.click();
            var changed = cb.checked;
            [f.elements.length, f.length, sel.options.length, sel.selectedIndex, sel.value, sel.options[1].selected,
             f.elements.user.type, f.elements.go.type, f.elements.other.type, sel.type, f.elements.off.disabled,
             f.elements.user.form === f, f.method, f.action, changed, f.elements.user.defaultValue]
            """), .array([.number(13), .number(13), .number(2), .number(1), .string("g"), .bool(true),
                          .string("text"), .string("submit"), .string("submit"), .string("select-one"), .bool(true),
                          .bool(true), .string("post"), .string("https://example.test/submit?x=1"), .bool(false), .string("ann")]))
    }
}
