import XCTest
import TernDOM
@testable import TernLayout

/// Fixed overlays and HTML's top layer laid out as layers over the page
/// (`RenderedPage.layers`): their lines follow the page's, narrower by
/// `PageLayer.inset`, and what is not over the viewport stays in the flow.
final class PageLayerTests: XCTestCase {
    private func layerTexts(_ page: RenderedPage) -> [String] {
        page.layers.map { layer in layer.lines.map { page.lines[$0].text }.joined(separator: "\n") }
    }

    func testAFixedBoxStretchedOverTheViewportIsALayerAfterThePage() {
        let page = render("""
            <p>Before.</p>
            <div style="position: fixed; top: 0; bottom: 0; left: 0; right: 0"><p>Search the site</p><a href=/r>Result</a></div>
            <p>After.</p>
            """, width: 40)
        XCTAssertEqual(page.layers.count, 1)
        let layer = page.layers[0]
        XCTAssertFalse(layer.isModal)
        XCTAssertEqual(layer.lines.upperBound, page.lines.count, "the layer's lines come last")
        XCTAssertEqual(layerTexts(page), ["Search the site\n\n[1]Result"])
        // The page's own text reads on without the overlay.
        let before = page.lines[..<layer.lines.lowerBound].map(\.text).joined(separator: "\n")
        XCTAssertEqual(before.trimmingCharacters(in: .whitespacesAndNewlines), "Before.\n\nAfter.")
        XCTAssertEqual(page.links.first?.regions.first?.line, layer.lines.lowerBound + 2, "link regions point into the layer")
    }

    func testALayerIsLaidOutNarrowerThanThePageForItsFrame() {
        let words = Array(repeating: "word", count: 40).joined(separator: " ")
        let page = render("<div style='position: fixed; inset: 0'>\(words)</div>", width: 30)
        XCTAssertEqual(page.layers.count, 1)
        for index in page.layers[0].lines {
            XCTAssertLessThanOrEqual(page.lines[index].width, 30 - PageLayer.inset)
        }
    }

    func testBoxesNotOverTheViewportStayInTheFlow() {
        let cases = [
            "position: fixed; top: 0; left: 0; right: 0", // a bar fixed to an edge
            "position: fixed; inset: 0; opacity: 0", // faded out
            "position: fixed; top: 0; bottom: 0; left: -300px; width: 300px", // an off-canvas menu
            "position: fixed; top: 0; bottom: 0; left: -100%",
            "position: fixed; inset: 0; width: 0; height: 0; overflow: hidden",
            "position: absolute; inset: 0",
        ]
        for style in cases {
            let page = render("<p>Page</p><div style='\(style)'>Panel</div><p>End</p>")
            XCTAssertEqual(page.layers, [], style)
            XCTAssertEqual(page.plainText(references: false), "Page\n\nPanel\n\nEnd\n", style)
        }
        // Hidden: its place kept blank, as without the overlay rule.
        let hidden = render("<p>Page</p><div style='position: fixed; inset: 0; visibility: hidden'>Panel</div><p>End</p>")
        XCTAssertEqual(hidden.layers, [])
        XCTAssertEqual(hidden.plainText(references: false), "Page\n\n\n\nEnd\n")
        for style in ["position: fixed; top: 50%; left: 50%", "position: fixed; top: 0; left: 0; width: 100%; height: 100%",
                      "position: fixed; inset: 0; opacity: 0.5"] {
            XCTAssertEqual(render("<p>Page</p><div style='\(style)'>Panel</div>").layers.count, 1, style)
        }
    }

    func testAnEmptyOverlayMakesNoLayer() {
        let page = render("<p>Page</p><div style='position: fixed; inset: 0; background: black'></div>")
        XCTAssertEqual(page.layers, [])
        XCTAssertEqual(page.plainText(references: false), "Page\n")
    }

    func testAnOverlayInsideAnOverlayStaysInIt() {
        let page = render("""
            <div style='position: fixed; inset: 0'>Outer <span style='position: fixed; inset: 0'>inner</span></div>
            """)
        XCTAssertEqual(layerTexts(page), ["Outer inner"])
    }

    func testTheTopLayerElementIsAModalLayerOverTheOthers() throws {
        let document = parse("""
            <p>Page</p><dialog open id=d><p>Choose a day</p><button>OK</button></dialog>
            <div style='position: fixed; inset: 0'>Overlay</div>
            """)
        var options = LayoutOptions(width: 40)
        var dialog: Node?
        document.node?.walk { node in
            if node.isElement("dialog") { dialog = node }
            return dialog == nil
        }
        options.topLayer = try XCTUnwrap(dialog)
        let page = Layout.render(document, options: options)
        XCTAssertEqual(page.layers.map(\.isModal), [false, true], "the modal dialog is drawn last, over the overlay")
        XCTAssertEqual(layerTexts(page), ["Overlay", "Choose a day\n\n[OK]"])
        // Without the top layer the open dialog is in the flow.
        let plain = Layout.render(document, options: LayoutOptions(width: 40))
        XCTAssertEqual(plain.layers.map(\.isModal), [false])
        XCTAssertTrue(plain.plainText(references: false).hasPrefix("Page\n\nChoose a day\n\n[OK]\n"))
    }
}
