import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Clone Stamp (J) and Recolor (H) on the board: Ctrl+click sets the source, an aligned clone
/// keeps its first stroke's distance for every stroke after, a clone not aligned starts at the
/// source each time; each stroke is one item that undo takes back and a crash brings back.
final class RetouchToolTests: RestartingBoardTestCase {
    private func ctrlClick(_ p: Point) {
        session.window.modifierFlags = .control
        touch(.began, at: shown(p))
        touch(.ended, at: shown(p))
        session.window.modifierFlags = []
    }

    private func cloneOffsets() -> [Point] {
        canvas.document.items.compactMap { item in
            if case .retouch(let retouch) = item, case .clone(let offset) = retouch.kind { return offset }
            return nil
        }
    }

    override func tearDown() {
        // The app's one clone source: as a new run has it for the tests after.
        CloneSource.shared.isAligned = true
        super.tearDown()
    }

    override func setUp() {
        super.setUp()
        CloneSource.shared.isAligned = true
        canvas.commit(.stroke(Stroke(points: [Point(x: 40, y: 40), Point(x: 80, y: 60)], color: .blue, width: 14, blendMode: .sourceOver)))
    }

    func testAnAlignedCloneKeepsTheFirstStrokesDistance() {
        session.window.send(KeyEvent(.character("j")))
        XCTAssertTrue(canvas.brush is CloneStampBrush)
        ctrlClick(Point(x: 50, y: 45))
        XCTAssertEqual(canvas.document.items.count, 1, "Ctrl+click paints nothing")
        drag(through: [Point(x: 250, y: 145), Point(x: 270, y: 150)])
        drag(through: [Point(x: 300, y: 200), Point(x: 310, y: 210)])
        XCTAssertEqual(cloneOffsets(), [Point(x: -200, y: -100), Point(x: -200, y: -100)], "the first stroke's distance, kept")
        XCTAssertEqual(canvas.content.drawing.renderArtwork().color(atX: 255, y: 147), Color.blue.roundedTo8Bit, "the blue line copied")
        let cloned = canvas.renderArtwork()
        session.window.send(KeyEvent(.character("z"), modifiers: .control))
        XCTAssertEqual(cloneOffsets().count, 1)
        session.window.send(KeyEvent(.character("z"), modifiers: [.control, .shift]))
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: cloned))
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: cloned), "after a crash, the same pixels")
    }

    /// While a clone stroke is painted its preview is worked again on each motion, copying back
    /// only where the last one reached: what shows before the release is what is kept.
    func testAClonesPreviewIsWhatIsKept() {
        session.window.send(KeyEvent(.character("j")))
        ctrlClick(Point(x: 50, y: 45))
        let path = [Point(x: 250, y: 145), Point(x: 300, y: 160), Point(x: 260, y: 220), Point(x: 180, y: 200)]
        touch(.began, at: shown(path[0]))
        for point in path.dropFirst() {
            session.clock.advance(by: 1 / 60)
            touch(.moved, at: shown(point))
        }
        let previewed = canvas.renderArtwork()
        touch(.ended, at: shown(path.last!))
        XCTAssertEqual(canvas.document.items.count, 2, "the line and the clone")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: previewed), "kept as it showed")
    }

    /// Ctrl+Z in the middle of a clone stroke drops it: the layer as it was, nothing kept, and
    /// the rest of the press paints nothing.
    func testCtrlZInTheMiddleOfACloneStrokeDropsIt() {
        session.window.send(KeyEvent(.character("j")))
        ctrlClick(Point(x: 50, y: 45))
        let before = canvas.renderArtwork()
        touch(.began, at: shown(Point(x: 250, y: 145)))
        session.clock.advance(by: 1 / 60)
        touch(.moved, at: shown(Point(x: 270, y: 150)))
        XCTAssertFalse(canvas.renderArtwork().isEqual(to: before), "the clone shows while it is drawn")
        session.window.send(KeyEvent(.character("z"), modifiers: .control))
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "dropped")
        touch(.moved, at: shown(Point(x: 290, y: 160)))
        touch(.ended, at: shown(Point(x: 290, y: 160)))
        XCTAssertEqual(canvas.document.items.count, 1, "only the line")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
    }

    func testACloneNotAlignedStartsAtTheSourceEachTime() {
        CloneSource.shared.isAligned = false
        session.window.send(KeyEvent(.character("j")))
        ctrlClick(Point(x: 50, y: 45))
        drag(through: [Point(x: 250, y: 145), Point(x: 270, y: 150)])
        drag(through: [Point(x: 300, y: 200), Point(x: 310, y: 210)])
        XCTAssertEqual(cloneOffsets(), [Point(x: -200, y: -100), Point(x: -250, y: -155)])
    }

    func testWithoutAPlaceThereIsNothingToCopyAndTheMarkShowsWhereItWould() {
        let source = CloneSource()
        XCTAssertNil(source.offset(forStrokeAt: Point(x: 10, y: 10)), "no place yet: no stroke")
        XCTAssertNil(source.source(for: Point(x: 10, y: 10)))
        source.set(Point(x: 5, y: 5))
        XCTAssertEqual(source.source(for: Point(x: 90, y: 90)), Point(x: 5, y: 5), "before the first stroke: the place itself")
        XCTAssertEqual(source.offset(forStrokeAt: Point(x: 20, y: 25)), Point(x: -15, y: -20))
        XCTAssertEqual(source.source(for: Point(x: 100, y: 100)), Point(x: 85, y: 80), "aligned: the mark follows the brush")
    }

    func testRecolorTurnsTheSecondaryColoursPixelsIntoThePrimary() {
        session.window.send(KeyEvent(.character("h")))
        XCTAssertTrue(canvas.brush is RecolorBrush)
        canvas.strokeColor = .red
        canvas.secondaryColor = .blue
        drag(through: [Point(x: 60, y: 20), Point(x: 60, y: 90)])
        guard case .retouch(let retouch)? = canvas.document.items.last, case .recolor(let from, let to, _) = retouch.kind else { return XCTFail("a recolor") }
        XCTAssertEqual(from, .blue)
        XCTAssertEqual(to, .red)
        XCTAssertEqual(canvas.renderArtwork().color(atX: 60, y: 50), Color.red.roundedTo8Bit, "blue became red")
        XCTAssertEqual(canvas.renderArtwork().color(atX: 60, y: 25), .white, "the page is not the secondary colour: left")
    }
}
