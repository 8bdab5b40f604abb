import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// At every size from the window's minimum up, nothing overlaps, nothing is cut and every
/// control can be reached.
final class BoardLayoutTests: XCTestCase {
    private static let sizes = [DrawingBoardViewController.minimumSize, Size(width: 600, height: 450), Size(width: 700, height: 500),
                                Size(width: 1024, height: 768), Size(width: 3840, height: 2160)]

    private let clock = ManualClock()

    private func makeBoard(_ size: Size) -> (Window, DrawingBoardViewController) {
        let window = Window(size: size, application: Application(clock: clock))
        let board = DrawingBoardViewController(store: MemoryArtworkStore())
        window.rootViewController = board
        window.render()
        return (window, board)
    }

    /// The visible leaf controls and labels under `view`, with their frames in window coordinates.
    private func controls(in view: View) -> [(View, Rect)] {
        view.subviews.filter { !$0.isHidden && $0.alpha > 0 }.flatMap { subview -> [(View, Rect)] in
            if subview is Control || subview is Label { return [(subview, subview.convert(subview.bounds, to: nil))] }
            return controls(in: subview)
        }
    }

    /// What a control needs to show whole (its title, its segments' labels).
    private func neededWidth(_ view: View) -> Double? {
        switch view {
        case let button as Button where button.swatchColor == nil: return button.intrinsicWidth
        case let segments as SegmentedControl: return segments.intrinsicWidth
        case let popUp as PopUpButton: return popUp.intrinsicWidth
        case let label as Label: return label.font.width(of: label.text)
        default: return nil
        }
    }

    private func assertLaidOutWhole(_ views: [(View, Rect)], in window: Window, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (view, frame) in views {
            XCTAssertTrue(window.bounds.insetBy(dx: -0.001, dy: -0.001).contains(frame),
                          "\(what): \(type(of: view)) \(frame) lies outside the window \(window.bounds.size)", file: file, line: line)
            XCTAssertGreaterThan(frame.width, 0, "\(what): \(type(of: view)) has no width", file: file, line: line)
            if view is Control {
                // A target a mouse hits without aiming hard.
                XCTAssertGreaterThanOrEqual(min(frame.width, frame.height), 24, "\(what): \(describe(view)) \(frame) is under 24 points",
                                            file: file, line: line)
            }
            if let needed = neededWidth(view) {
                XCTAssertLessThanOrEqual(needed, frame.width + 0.5, "\(what): \(type(of: view)) \(describe(view)) is cut", file: file, line: line)
            }
        }
        for (i, (a, frameA)) in views.enumerated() {
            for (b, frameB) in views[(i + 1)...] {
                let overlap = frameA.intersection(frameB)
                XCTAssertTrue(overlap.isEmpty || overlap.width * overlap.height < 0.5,
                              "\(what): \(describe(a)) \(frameA) overlaps \(describe(b)) \(frameB)", file: file, line: line)
            }
        }
    }

    private func describe(_ view: View) -> String {
        switch view {
        case let button as Button: return "button '\(button.title)'"
        case let label as Label: return "label '\(label.text)'"
        default: return "\(type(of: view))"
        }
    }

    /// Chinese labels are measured and laid out like English ones (no clipping, no
    /// overlap), in simplified and traditional characters, and so are the panels.
    func testNothingOverlapsOrIsCutInChineseEither() throws {
        XCTAssertNotNil(Catalogs.folder, "the catalogs compile")
        for locale in ["zh_CN.UTF-8", "zh_TW.UTF-8"] {
            try Catalogs.speaking(locale) {
                for size in Self.sizes {
                    let (window, board) = makeBoard(size)
                    XCTAssertNotEqual(board.undoButton.title, "Undo", "\(locale): translated")
                    assertLaidOutWhole(controls(in: board.toolbar) + controls(in: board.bottomBar), in: window, "\(locale) \(size)")
                    for show in [board.showBrushSettings, board.showBackgroundSettings, board.showPalette] {
                        show()
                        clock.advance(by: 0.5)
                        window.application.tick()
                        window.render()
                        let panel = [board.brushPanel, board.backgroundPanel, board.panels.palettePanel].first { $0.isPresented && $0.frame.minY < size.height }
                        if let panel { assertLaidOutWhole(controls(in: panel), in: window, "\(locale) \(size) panel") }
                    }
                }
            }
        }
    }

    func testNothingOverlapsOrIsCutFromTheMinimumSizeTo4K() {
        for size in Self.sizes {
            let (window, board) = makeBoard(size)
            let bars = controls(in: board.toolbar) + controls(in: board.bottomBar)
            assertLaidOutWhole(bars, in: window, "\(size)")
            XCTAssertTrue(bars.contains { $0.0 === board.saveButton }, "\(size): Save is reachable")
            XCTAssertTrue(bars.contains { $0.0 === board.toolPicker || $0.0 === board.toolPopUp }, "\(size): the tools are reachable")
            XCTAssertGreaterThan(board.canvas.frame.height, 100, "\(size): room to draw")
            XCTAssertGreaterThanOrEqual(board.widthSlider.frame.width, 60, "\(size): a width slider one can drag")
        }
    }

    func testTheSettingsPanelsFitAtTheMinimumSize() {
        let (window, board) = makeBoard(DrawingBoardViewController.minimumSize)
        for show in [board.showBrushSettings, board.showBackgroundSettings] {
            show()
            clock.advance(by: 0.5)
            window.application.tick()
            window.render()
            let panel = board.brushPanel.isPresented ? board.brushPanel : board.backgroundPanel
            assertLaidOutWhole(controls(in: panel), in: window, "panel")
        }
    }

    func testTheToolsCollapseIntoAPopUpWhenTheirSegmentsDoNotFitAndItChoosesTools() throws {
        // With icons the 20 segments fit at 1024 points (the buttons show icons only there).
        let roomy = makeBoard(Size(width: 1024, height: 700))
        XCTAssertFalse(roomy.1.toolPicker.isHidden)
        XCTAssertFalse(roomy.1.toolbarController.undoButton.showsTitle, "icons only, the tooltip names it")
        let (window, board) = makeBoard(Size(width: 480, height: 360))
        XCTAssertTrue(board.toolPicker.isHidden)
        XCTAssertFalse(board.toolPopUp.isHidden)
        var driver = TouchDriver(window: window)
        driver.tap(board.toolPopUp)
        let menu = try XCTUnwrap(board.toolPopUp.menu)
        window.render()
        XCTAssertTrue(window.bounds.contains(menu.listFrame), "the menu is on screen")
        let ellipse = menu.frame(ofRow: 4)
        driver.tap(Point(x: ellipse.midX, y: ellipse.midY))
        XCTAssertNil(board.toolPopUp.menu, "closed after the choice")
        XCTAssertTrue(board.canvas.brush is EllipseBrush)
        XCTAssertEqual(board.toolPicker.selectedSegmentIndex, 4, "both pickers agree")
        // A click beside the menu closes it and changes nothing.
        driver.tap(board.toolPopUp)
        driver.tap(Point(x: 470, y: 300))
        XCTAssertNil(board.toolPopUp.menu)
        XCTAssertTrue(board.canvas.brush is EllipseBrush)
        XCTAssertTrue(board.canvas.document.isEmpty, "and draws nothing")
        // Wide enough again: the segments come back.
        window.resize(to: Size(width: 1024, height: 768))
        window.render()
        XCTAssertFalse(board.toolPicker.isHidden)
        XCTAssertTrue(board.toolPopUp.isHidden)
    }
}

/// The window's first size fits the work area at the display's scale.
final class WindowGeometryTests: XCTestCase {
    func testTheRequestIsClampedToTheWorkAreaInPoints() {
        let minimum = DrawingBoardViewController.minimumSize
        let hiDPI = WindowGeometry(requested: Size(width: 1024, height: 768), minimum: minimum,
                                   workArea: Size(width: 1600, height: 940), scale: 2)
        XCTAssertEqual(hiDPI.size, Size(width: 800, height: 470), "1600x940 pixels at 2x")
        XCTAssertEqual(hiDPI.minimumSize, minimum)
        let roomy = WindowGeometry(requested: Size(width: 1024, height: 768), minimum: minimum,
                                   workArea: Size(width: 3840, height: 2100), scale: 1)
        XCTAssertEqual(roomy.size, Size(width: 1024, height: 768), "as asked when it fits")
        let tiny = WindowGeometry(requested: Size(width: 1024, height: 768), minimum: minimum,
                                  workArea: Size(width: 800, height: 600), scale: 2)
        XCTAssertEqual(tiny.size, Size(width: 400, height: 300), "a screen smaller than the minimum gets what fits")
        XCTAssertEqual(tiny.minimumSize, Size(width: 400, height: 300), "and the window manager is not asked for more")
        let unknown = WindowGeometry(requested: Size(width: 1024, height: 768), minimum: minimum, workArea: nil, scale: 2)
        XCTAssertEqual(unknown.size, Size(width: 1024, height: 768))
    }
}
