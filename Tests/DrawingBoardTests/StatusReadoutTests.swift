import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The bottom bar's pointer position follows every motion, drags included,
/// and is worked out again whenever the zoom or the scroll changes under a still pointer.
final class StatusReadoutTests: XCTestCase {
    private var session: BoardSession!
    private var window: Window { session.window }
    private var board: DrawingBoardViewController { session.board }

    override func setUp() { session = BoardSession() }

    private func w(_ x: Double, _ y: Double) -> Point { board.canvas.convert(Point(x: x, y: y), to: nil) }

    func testThePositionFollowsDragsAndIsRecomputedAfterZoomAndScroll() {
        window.pointerHovered(to: w(100, 50), timestamp: 0)
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("100, 50"), board.zoomLabel.text)
        // A drag: the press, then motion with the button held.
        window.send([TouchInput(identifier: 1, phase: .began, location: w(100, 50), timestamp: 0.1)])
        window.send([TouchInput(identifier: 1, phase: .moved, location: w(240, 130), timestamp: 0.2)])
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("240, 130"), "during the drag: \(board.zoomLabel.text)")
        window.send([TouchInput(identifier: 1, phase: .moved, location: w(300, 200), timestamp: 0.3)])
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("300, 200"), board.zoomLabel.text)
        window.send([TouchInput(identifier: 1, phase: .ended, location: w(300, 200), timestamp: 0.4)])
        // Zoomed in about another point: the pixel under the still pointer changes.
        board.canvas.setZoom(2, about: Point(x: 0, y: 0))
        let expected = board.canvas.documentPixel(at: Point(x: 300, y: 200))
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("\(Int(expected.x)), \(Int(expected.y))"), board.zoomLabel.text)
        XCTAssertEqual(Int(expected.x), 150, "half of 300 at 200%")
        board.canvas.scroll(by: Point(x: 40, y: 20))
        let scrolled = board.canvas.documentPixel(at: Point(x: 300, y: 200))
        XCTAssertNotEqual(Int(scrolled.x), Int(expected.x))
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("\(Int(scrolled.x)), \(Int(scrolled.y))"), board.zoomLabel.text)
        // Leaving the window clears it.
        window.pointerLeft()
        XCTAssertFalse(board.zoomLabel.text.contains(","), board.zoomLabel.text)
    }
}

/// The pasteboard around the document is always redrawn exactly.
final class PasteboardRedrawTests: XCTestCase {
    private func makeBoard(size: Size, scale: Double) -> BoardSession {
        let window = Window(size: size, scale: scale, application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: NSTemporaryDirectory())
        window.rootViewController = board
        window.render()
        return BoardSession(window: window, board: board)
    }

    /// A fresh window in the same state: the board's document at its zoom and scroll, drawn whole.
    private func freshRender(of board: DrawingBoardViewController, size: Size, scale: Double) -> Bitmap {
        let fresh = makeBoard(size: size, scale: scale)
        fresh.board.canvas.load(board.canvas.document)
        fresh.window.render()
        fresh.board.canvas.setZoom(board.canvas.zoom, about: .zero)
        // Exactly the same view (scrolling there by the difference can miss by a rounding).
        fresh.board.canvas.viewport = board.canvas.viewport
        // Magenta first: a pixel no view paints (skipped as under something opaque that does not
        // quite cover it) keeps it, and shows.
        fresh.window.backbuffer.fill(fresh.window.backbuffer.bounds, with: Color(r: 255, g: 0, b: 255).premultipliedPixel)
        fresh.window.invalidateAll()
        fresh.window.render()
        return fresh.window.backbuffer
    }

    func testZoomStepsAndDialogsLeaveNoStalePixels() {
        for scale in [1.0, 2.0] {
            let size = Size(width: 900, height: 640)
            let session = makeBoard(size: size, scale: scale)
            let board = session.board
            board.newDocument(width: 500, height: 300)
            session.drag(y: 100)
            var steps: [String] = []
            var random = SeededSteps(seed: UInt64(scale * 7))
            for _ in 0..<60 {
                let anchor = Point(x: random.next(in: 0...board.canvas.bounds.width), y: random.next(in: 0...board.canvas.bounds.height))
                switch random.next(below: 9) {
                case 0: board.canvas.zoomIn(about: anchor); steps.append("zoom in")
                case 1, 2: board.canvas.zoomOut(about: anchor); steps.append("zoom out")
                case 3:
                    board.chooseNewDocument()
                    session.window.render()
                    board.dismiss(animated: false)
                    steps.append("New opened and closed")
                case 4:
                    board.chooseSaveAs()
                    session.window.render()
                    session.window.send(KeyEvent(.escape))
                    steps.append("Save As opened and cancelled")
                case 5: board.canvas.setZoom(random.next(in: 0.3...3.3), about: anchor); steps.append("a zoom")
                case 6: board.canvas.zoomToFit(); steps.append("fit")
                case 7:
                    // A pinch step, as Ctrl+wheel gives.
                    board.canvas.setZoom(board.canvas.zoom * 1.1, about: anchor)
                    steps.append("wheel")
                default: board.canvas.scroll(by: Point(x: random.next(in: -40...40), y: random.next(in: -40...40))); steps.append("scroll")
                }
                // What only the live window has (the brush's outline at the pointer, a message) goes.
                board.canvas.brushOutlineCenter = nil
                board.messageLine.hide()
                session.window.render()
                let shown = session.window.backbuffer
                let fresh = freshRender(of: board, size: size, scale: scale)
                let area = board.canvas.convert(board.canvas.bounds, to: nil)
                var differing = 0, first: (Int, Int)?
                for y in Int(area.minY * scale)..<Int(area.maxY * scale) {
                    for x in Int(area.minX * scale)..<Int(area.maxX * scale) where shown[x, y] != fresh[x, y] {
                        differing += 1
                        if first == nil { first = (x, y) }
                    }
                }
                XCTAssertEqual(differing, 0, "\(scale)x after \(steps.joined(separator: ", ")): first at \(String(describing: first))")
                if differing > 0 {
                    try? PNGCodec.encode(shown).write(to: URL(fileURLWithPath: "/tmp/stale-shown-\(scale).png"))
                    try? PNGCodec.encode(fresh).write(to: URL(fileURLWithPath: "/tmp/stale-fresh-\(scale).png"))
                }
                if differing > 0 { break }
            }
        }
    }
}

/// A small deterministic generator (xorshift), so a failing sequence is found again.
struct SeededSteps {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func nextBits() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    mutating func next(below n: Int) -> Int { Int(nextBits() % UInt64(n)) }
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(nextBits() % 1_000_000) / 1_000_000 * (range.upperBound - range.lowerBound)
    }
}
