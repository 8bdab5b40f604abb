import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The document has its own size, and the canvas shows it through a zoomable, scrollable
/// viewport; everything a user does lands in document units.
final class DocumentViewportTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var board: DrawingBoardViewController!
    private var store: MemoryArtworkStore!
    private var temp: TemporaryDirectory!

    override func setUp() {
        clock = ManualClock()
        temp = TemporaryDirectory()
        store = MemoryArtworkStore()
        (window, board) = makeBoard()
    }

    private func makeBoard(size: Size = Size(width: 800, height: 600)) -> (Window, DrawingBoardViewController) {
        let session = BoardSession(store: store, pictures: temp.path, size: size, clock: clock)
        return (session.window, session.board)
    }

    private var canvas: CanvasView { board.canvas }

    /// A drag between two document points, however the document is zoomed and scrolled.
    private func drag(from a: Point, to b: Point, on board: DrawingBoardViewController, window: Window, steps: Int = 20) {
        let canvas = board.canvas
        let points = (0...steps).map { i -> Point in
            let t = Double(i) / Double(steps)
            let unit = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            return canvas.convert(canvas.viewport.viewPoint(unit), to: nil)
        }
        var driver = TouchDriver(window: window)
        driver.drag(points)
    }

    private func settle(_ window: Window) {
        clock.advance(by: 1)
        window.application.tick()
        window.render()
    }

    // MARK: - Size of its own

    func testTheDocumentKeepsItsSizeAndPixelsWhenTheWindowShrinksOrGoesFullScreen() throws {
        let size = try XCTUnwrap(canvas.document.format)
        XCTAssertEqual(size.pixelWidth, 800)
        XCTAssertEqual(size.pixelHeight, 456, "the canvas area at the first start")
        drag(from: Point(x: 100, y: 400), to: Point(x: 700, y: 400), on: board, window: window)
        let drawn = canvas.renderArtwork()
        window.resize(to: Size(width: 700, height: 500))
        settle(window)
        XCTAssertEqual(canvas.document.format, size, "a smaller window changes nothing")
        board.saveAndWait()
        let saved = try XCTUnwrap(store.saved.last)
        XCTAssertEqual(saved.width, 800)
        XCTAssertEqual(saved.height, 456)
        XCTAssertTrue(saved.isEqual(to: drawn), "the strokes outside the view are in the file")
        // Full screen: the bars go and the document does not move on screen.
        window.resize(to: Size(width: 800, height: 600))
        settle(window)
        let onScreen = canvas.convert(canvas.viewport.viewPoint(Point(x: 400, y: 400)), to: nil)
        board.setFullScreen(true)
        settle(window)
        XCTAssertEqual(canvas.convert(canvas.viewport.viewPoint(Point(x: 400, y: 400)), to: nil), onScreen)
        XCTAssertEqual(window.backbuffer.color(atX: Int(onScreen.x), y: Int(onScreen.y)), DrawingBoardViewController.palette[0].roundedTo8Bit)
        board.setFullScreen(false)
        settle(window)
        XCTAssertEqual(canvas.convert(canvas.viewport.viewPoint(Point(x: 400, y: 400)), to: nil), onScreen)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn))
    }

    /// Best Fit (Ctrl+0) fits the document into what the Layers panel leaves of the canvas; a
    /// small drawing is centred again when the window grows.
    func testBestFitLeavesTheLayersPanelClearAndASmallDrawingStaysCentred() throws {
        board.newDocument(width: 1600, height: 900)
        settle(window)
        board.layersPanel.show()
        window.send(KeyEvent(.character("0"), modifiers: .control))
        settle(window)
        let frame = canvas.convert(canvas.viewport.contentFrame, to: nil)
        let panel = board.layersPanel.panel.frame
        XCTAssertLessThanOrEqual(frame.maxX, panel.minX + 0.5, "the drawing ends where the panel begins")
        XCTAssertEqual(frame.width, panel.minX - canvas.convert(Point.zero, to: nil).x, accuracy: 1, "as large as that room allows")
        board.layersPanel.hide()
        // A small drawing: centred, and centred again in a grown window.
        board.newDocument(width: 200, height: 100)
        settle(window)
        func centreOffset() -> (Double, Double) {
            let frame = canvas.viewport.contentFrame
            return (frame.midX - canvas.bounds.midX, frame.midY - canvas.bounds.midY)
        }
        XCTAssertEqual(centreOffset().0, 0, accuracy: 0.5)
        window.resize(to: Size(width: 1200, height: 900))
        settle(window)
        XCTAssertEqual(centreOffset().0, 0, accuracy: 0.5, "centred across the grown window")
        XCTAssertEqual(centreOffset().1, 0, accuracy: 0.5, "and down it")
    }

    // MARK: - Zoom and scroll

    func testZoomingKeepsTheDocumentPointUnderThePointer() {
        let anchor = Point(x: 300, y: 200)
        let before = canvas.documentPixel(at: anchor)
        canvas.setZoom(4, about: anchor)
        XCTAssertEqual(canvas.zoom, 4, accuracy: 1e-9)
        let after = canvas.documentPixel(at: anchor)
        XCTAssertEqual(after.x, before.x, accuracy: 1e-9)
        XCTAssertEqual(after.y, before.y, accuracy: 1e-9)
        // Ctrl+wheel through the pointer: 1.1x a notch about the pointer.
        let pointer = PointerTranslator(window: window)
        let windowAnchor = canvas.convert(anchor, to: nil)
        pointer.handle(PointerEvent(.wheel(up: 1), at: windowAnchor, modifiers: .control, timestamp: 1))
        XCTAssertEqual(canvas.zoom, 4.4, accuracy: 1e-9)
        XCTAssertEqual(canvas.documentPixel(at: anchor).x, before.x, accuracy: 1e-6)
        XCTAssertTrue(board.zoomLabel.text.hasPrefix("440%"), board.zoomLabel.text)
    }

    func testKeysZoomInOutFitAndBackTo100() {
        XCTAssertTrue(window.send(KeyEvent(.character("="), modifiers: .control)))
        XCTAssertEqual(canvas.zoom, 1.5, accuracy: 1e-9)
        window.send(KeyEvent(.character("-"), modifiers: .control))
        window.send(KeyEvent(.character("-"), modifiers: .control))
        XCTAssertEqual(canvas.zoom, 2.0 / 3, accuracy: 1e-9)
        window.send(KeyEvent(.character("1")))
        XCTAssertEqual(canvas.zoom, 1, accuracy: 1e-9)
        window.resize(to: Size(width: 500, height: 400))
        settle(window)
        window.send(KeyEvent(.character("0"), modifiers: .control))
        XCTAssertEqual(canvas.zoom, min(500.0 / 800, 256.0 / 456), accuracy: 1e-9, "the whole document fits")
        XCTAssertTrue(canvas.bounds.insetBy(dx: -0.001, dy: -0.001).contains(canvas.viewport.contentFrame))
    }

    func testTwoFingersPinchToZoomAndMoveTogetherToScroll() {
        canvas.setZoom(1)
        let c = canvas.convert(Point(x: 400, y: 228), to: nil)
        let under = canvas.documentPixel(at: Point(x: 400, y: 228))
        func send(_ inputs: [(Int, Touch.Phase, Point)]) {
            window.send(inputs.map { TouchInput(identifier: $0.0, phase: $0.1, location: $0.2, timestamp: clock.now) })
        }
        send([(1, .began, Point(x: c.x - 50, y: c.y)), (2, .began, Point(x: c.x + 50, y: c.y))])
        send([(1, .moved, Point(x: c.x - 75, y: c.y)), (2, .moved, Point(x: c.x + 75, y: c.y))])
        send([(1, .moved, Point(x: c.x - 100, y: c.y)), (2, .moved, Point(x: c.x + 100, y: c.y))])
        XCTAssertEqual(canvas.zoom, 2, accuracy: 1e-6, "fingers twice as far apart")
        XCTAssertEqual(canvas.documentPixel(at: Point(x: 400, y: 228)).x, under.x, accuracy: 1e-6, "about the fingers")
        // Both fingers move 40 points right: the document follows them.
        send([(1, .moved, Point(x: c.x - 60, y: c.y)), (2, .moved, Point(x: c.x + 140, y: c.y))])
        XCTAssertEqual(canvas.documentPixel(at: Point(x: 440, y: 228)).x, under.x, accuracy: 1e-6)
        send([(1, .ended, Point(x: c.x - 60, y: c.y)), (2, .ended, Point(x: c.x + 140, y: c.y))])
        XCTAssertTrue(canvas.document.isEmpty, "two fingers never draw")
    }

    func testScrollingIsBoundedSoTheDocumentCannotBeLost() {
        canvas.setZoom(4)
        canvas.scroll(by: Point(x: 1e6, y: 1e6))
        var frame = canvas.viewport.contentFrame
        XCTAssertEqual(frame.maxX, canvas.bounds.width, accuracy: 1e-9, "the far edge stops at the view's edge")
        XCTAssertEqual(frame.maxY, canvas.bounds.height, accuracy: 1e-9)
        // The wheel scrolls too.
        let pointer = PointerTranslator(window: window)
        pointer.handle(PointerEvent(.wheel(up: 2), at: canvas.convert(Point(x: 100, y: 100), to: nil), timestamp: 1))
        XCTAssertEqual(canvas.viewport.contentFrame.maxY, canvas.bounds.height + 2 * ScrollEvent.notch, accuracy: 1e-9)
        canvas.setZoom(0.25)
        canvas.scroll(by: Point(x: 1e6, y: 1e6))
        frame = canvas.viewport.contentFrame
        XCTAssertEqual(frame.minX, 0, accuracy: 1e-9, "a small document stays wholly in view")
        XCTAssertEqual(frame.minY, 0, accuracy: 1e-9)
        canvas.setZoom(1.0 / 1000)
        XCTAssertEqual(canvas.zoom, 1.0 / 16, accuracy: 1e-9, "not below 1/16")
        canvas.setZoom(1000)
        XCTAssertEqual(canvas.zoom, 32, accuracy: 1e-9, "nor above 32x")
    }

    // MARK: - Drawing at any zoom

    func testStrokesAtQuarterAndQuadrupleZoomLandOnTheSameDocumentPixels() {
        board.setStrokeWidth(6)
        drag(from: Point(x: 250, y: 170), to: Point(x: 370, y: 240), on: board, window: window)
        let reference = canvas.renderArtwork()
        for zoom in [0.25, 4.0] {
            let (otherWindow, other) = makeBoard()
            other.setStrokeWidth(6)
            other.canvas.setZoom(zoom, about: other.canvas.viewport.viewPoint(Point(x: 310, y: 205)))
            drag(from: Point(x: 250, y: 170), to: Point(x: 370, y: 240), on: other, window: otherWindow)
            let art = other.canvas.renderArtwork()
            XCTAssertEqual(art.width, reference.width)
            var worst = 0.0
            for y in 160..<250 { for x in 240..<380 {
                let a = art.color(atX: x, y: y), b = reference.color(atX: x, y: y)
                worst = max(worst, abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue))
            } }
            XCTAssertLessThan(worst, 0.02, "at \(zoom)x the same document pixels (worst channel difference \(worst))")
            XCTAssertEqual(art.color(atX: 310, y: 205), DrawingBoardViewController.palette[0].roundedTo8Bit, "6 document pixels wide at \(zoom)x")
        }
    }

    func testAt400PercentEachDocumentPixelIsACrispSquare() {
        board.setStrokeWidth(3)
        drag(from: Point(x: 100, y: 100.5), to: Point(x: 300, y: 100.5), on: board, window: window)
        canvas.setZoom(4, about: canvas.viewport.viewPoint(Point(x: 200, y: 100)))
        window.render()
        let origin = canvas.convert(canvas.viewport.viewPoint(Point(x: 200, y: 99)), to: nil)
        let block = (0..<4).flatMap { dy in (0..<4).map { dx in window.backbuffer[Int(origin.x) + dx, Int(origin.y) + dy] } }
        XCTAssertEqual(Set(block).count, 1, "one document pixel, 4x4 screen pixels of one colour")
        XCTAssertEqual(Color(premultipliedPixel: block[0]), canvas.renderArtwork().color(atX: 200, y: 99))
        // The brush outline follows the zoom: width 3 at 400% is 12 points across.
        canvas.brushOutlineCenter = Point(x: 100, y: 100)
        XCTAssertEqual(canvas.brushOutlineRect?.width ?? 0, 12, accuracy: 1e-9)
    }

    func testAPhotoBakedAtZoomLandsWhereItShowed() throws {
        canvas.setZoom(2, about: Point(x: 0, y: 0))
        board.placePhoto(Photo(asset: ImageAsset(bitmap: Bitmap(width: 40, height: 40, color: .blue), name: "blue")))
        let placement = try XCTUnwrap(board.photoPlacement)
        let shownCenter = placement.simulatedPinchCenter(near: .zero)
        let documentCenter = canvas.documentPixel(at: shownCenter)
        board.bakePhoto()
        let art = canvas.renderArtwork()
        XCTAssertEqual(art.color(atX: Int(documentCenter.x), y: Int(documentCenter.y)), .blue)
        // Shown 40 points wide at 200%: 20 document pixels wide.
        XCTAssertEqual(art.color(atX: Int(documentCenter.x) + 8, y: Int(documentCenter.y)), .blue)
        XCTAssertEqual(art.color(atX: Int(documentCenter.x) + 12, y: Int(documentCenter.y)), .white)
    }

    func testZoomedInEveryScreenPixelShowsTheDocumentPixelUnderItAndFollowsEveryChange() {
        board.setStrokeWidth(5)
        drag(from: Point(x: 60, y: 40), to: Point(x: 300, y: 200), on: board, window: window)
        for (index, zoom) in [1.5, 2, 3].enumerated() {
            canvas.setZoom(zoom, about: .zero)
            window.render()
            // Drawing while zoomed in shows at once, whether the frame composes or shows the
            // kept copy, and whether the copy was being built beside the UI thread meanwhile.
            let y = 60.0 + 30 * Double(index)
            drag(from: Point(x: 20, y: y), to: Point(x: 200, y: y + 5), on: board, window: window)
            if index == 0 {
                // 150% shows more than a quarter of the document: the copy is built beside the
                // UI thread and lands at a tick, after this stroke was drawn.
                XCTAssertFalse(canvas.presenter.reducedCache.isBuilt, "the frame did not wait for it")
                for _ in 0..<500 where !canvas.presenter.reducedCache.isBuilt {
                    usleep(10_000)
                    window.application.tick()
                }
                XCTAssertTrue(canvas.presenter.reducedCache.isBuilt, "it lands")
            }
            canvas.brushOutlineCenter = nil // the pointer has left: no ring over the pixels
            canvas.setNeedsDisplay()
            window.render()
            let art = canvas.renderArtwork()
            let origin = canvas.convert(canvas.viewport.viewPoint(.zero), to: nil)
            let shown = canvas.convert(canvas.bounds, to: nil)
            var checked = 0
            for sy in stride(from: Int(shown.minY), to: Int(shown.maxY), by: 7) {
                for sx in stride(from: Int(shown.minX), to: Int(shown.maxX), by: 5) {
                    let docX = Int(((Double(sx) + 0.5 - origin.x) / zoom).rounded(.down))
                    let docY = Int(((Double(sy) + 0.5 - origin.y) / zoom).rounded(.down))
                    guard docX >= 0, docY >= 0, docX < art.width, docY < art.height else { continue }
                    XCTAssertEqual(window.backbuffer[sx, sy], art[docX, docY], "\(zoom * 100)%: screen \(sx),\(sy)")
                    checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 500, "\(zoom * 100)%")
        }
    }

    func testZoomedOutTheScreenShowsTheDocumentBoxFilteredAndFollowsEveryChange() {
        board.setStrokeWidth(12)
        drag(from: Point(x: 100, y: 100), to: Point(x: 700, y: 300), on: board, window: window)
        canvas.setZoom(0.25, about: .zero)
        window.render()
        // Drawing while zoomed out reaches the screen at once (the reduced copy is kept up to date).
        drag(from: Point(x: 100, y: 400), to: Point(x: 700, y: 400), on: board, window: window)
        window.render()
        func expected(_ x: Int, _ y: Int) -> Color {
            // The mean of the 4x4 document pixels under screen pixel (x, y) of the canvas.
            let art = canvas.renderArtwork()
            var sum = (0.0, 0.0, 0.0)
            for dy in 0..<4 { for dx in 0..<4 {
                let c = art.color(atX: x * 4 + dx, y: y * 4 + dy)
                sum = (sum.0 + c.red, sum.1 + c.green, sum.2 + c.blue)
            } }
            return Color(red: sum.0 / 16, green: sum.1 / 16, blue: sum.2 / 16)
        }
        let origin = canvas.convert(canvas.viewport.viewPoint(.zero), to: nil)
        for (x, y) in [(25, 25), (100, 50), (175, 75), (100, 100), (50, 100), (150, 100), (10, 110)] {
            let shown = window.backbuffer.color(atX: Int(origin.x) + x, y: Int(origin.y) + y), want = expected(x, y)
            XCTAssertEqual(shown.red, want.red, accuracy: 0.02, "(\(x), \(y))")
            XCTAssertEqual(shown.green, want.green, accuracy: 0.02, "(\(x), \(y))")
        }
        // An undo shows too.
        board.undo()
        window.render()
        XCTAssertEqual(window.backbuffer.color(atX: Int(origin.x) + 100, y: Int(origin.y) + 100), .white)
    }

    func testTheFirstStepsOutOf100PercentDoNotWaitForTheReducedCopies() {
        board.setStrokeWidth(12)
        drag(from: Point(x: 100, y: 100), to: Point(x: 700, y: 300), on: board, window: window)
        canvas.setZoom(2.0 / 3, about: .zero)
        window.render()
        // The frame was composed at once; the copies are built beside the UI thread.
        XCTAssertFalse(canvas.presenter.reducedCache.isBuilt, "the frame did not wait for the copies")
        let shown = canvas.convert(canvas.bounds, to: nil)
        func screen() -> [UInt32] {
            var pixels: [UInt32] = []
            for sy in stride(from: Int(shown.minY), to: Int(shown.maxY), by: 3) {
                for sx in stride(from: Int(shown.minX), to: Int(shown.maxX), by: 3) { pixels.append(window.backbuffer[sx, sy]) }
            }
            return pixels
        }
        let composed = screen()
        for _ in 0..<500 where !canvas.presenter.reducedCache.isBuilt {
            usleep(10_000)
            window.application.tick()
        }
        XCTAssertTrue(canvas.presenter.reducedCache.isBuilt, "the copies land")
        canvas.setNeedsDisplay()
        window.render()
        // Shown from the copies, the screen is the same box filter of the same pixels.
        let fromCopies = screen()
        XCTAssertEqual(composed.count, fromCopies.count)
        func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
            var largest = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let difference = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
                largest = max(largest, difference)
            }
            return largest
        }
        let worst = zip(composed, fromCopies).map(channelDifference).max() ?? 0
        XCTAssertLessThanOrEqual(worst, 1, "composed and shown from the copies agree")
        XCTAssertTrue(composed.contains(where: { $0 != 0xFFFF_FFFF }), "the stroke is on screen")
        // Further out the copies are used at once.
        canvas.presenter.reducedCache.invalidateAll()
        canvas.setZoom(0.25, about: .zero)
        window.render()
        XCTAssertTrue(canvas.presenter.reducedCache.isBuilt, "a quarter is shown from the copies, built first")
    }

    func testABigDocumentGetsItsReducedCopiesWhileNothingIsDrawn() {
        board.newDocument(width: 2100, height: 2000)
        settle(window)
        // Shown at 100% (a new document is fitted to the window, which builds them at once).
        canvas.setZoom(1, about: .zero)
        let cache = canvas.presenter.reducedCache
        cache.invalidateAll()
        canvas.setNeedsDisplay()
        window.render()
        XCTAssertFalse(cache.isBuilt, "not on the frame itself")
        // A stroke in progress puts it off: nothing is built while drawing.
        let start = canvas.convert(canvas.viewport.viewPoint(Point(x: 100, y: 100)), to: nil)
        let end = Point(x: start.x + 80, y: start.y + 20)
        window.send([TouchInput(identifier: 1, phase: .began, location: start, timestamp: 0.01)])
        window.send([TouchInput(identifier: 1, phase: .moved, location: end, timestamp: 0.02)])
        window.render()
        for _ in 0..<3 { settle(window) }
        usleep(50_000)
        window.application.tick()
        XCTAssertFalse(cache.isBuilt, "not while a stroke is drawn")
        window.send([TouchInput(identifier: 1, phase: .ended, location: end, timestamp: 0.03)])
        window.render()
        // A second without drawing: the copies are built beside the UI thread and land at a tick.
        clock.advance(by: DocumentPresenter.idleBeforeBuilding)
        window.application.tick()
        for _ in 0..<500 where !cache.isBuilt {
            usleep(10_000)
            window.application.tick()
        }
        XCTAssertTrue(cache.isBuilt, "built while nothing was drawn")
        // The first zoom step shows them, with the stroke in them.
        canvas.setZoom(0.8, about: .zero)
        window.render()
        let art = canvas.renderArtwork()
        XCTAssertEqual(art.color(atX: 140, y: 110), DrawingBoardViewController.palette[0].roundedTo8Bit)
        XCTAssertEqual(cache.level(0, of: canvas.drawing).color(atX: 140, y: 110), DrawingBoardViewController.palette[0].roundedTo8Bit)
    }

    func testASmallDocumentKeepsItsMemory() {
        drag(from: Point(x: 100, y: 100), to: Point(x: 300, y: 100), on: board, window: window)
        for _ in 0..<3 { settle(window) }
        usleep(50_000)
        settle(window)
        XCTAssertFalse(canvas.presenter.reducedCache.isBuilt, "an 800x456 document builds no copies")
    }

    // MARK: - Recovery

    func testTheJournalBringsBackTheDocumentAtItsOwnSize() throws {
        let state = temp.path + "/state"
        let first = BoardSession(window: window, board: board)
        board.restore(fromStateFolder: state)
        board.finishRestoring()
        first.drag(y: 300)
        let expected = canvas.renderArtwork()
        board.flushJournal()
        board.journal?.close()
        // The next start, in a smaller window.
        let (restoredWindow, restored) = makeBoard(size: Size(width: 600, height: 450))
        restored.restore(fromStateFolder: state)
        restored.finishRestoring()
        XCTAssertEqual(restored.canvas.document.format, canvas.document.format)
        XCTAssertEqual(restored.canvas.document, canvas.document)
        let art = restored.canvas.renderArtwork()
        XCTAssertTrue(art.isEqual(to: expected), "differs at \(art.firstDifference(from: expected).map { "\($0)" } ?? "-")")
        withExtendedLifetime(restoredWindow) {}
    }
}

extension Bitmap {
    /// The first pixel that differs and both values (tests' messages).
    func firstDifference(from other: Bitmap) -> (x: Int, y: Int, ours: UInt32, theirs: UInt32)? {
        guard width == other.width, height == other.height else { return (-1, -1, UInt32(width), UInt32(other.width)) }
        for y in 0..<height { for x in 0..<width where self[x, y] != other[x, y] { return (x, y, self[x, y], other[x, y]) } }
        return nil
    }
}
