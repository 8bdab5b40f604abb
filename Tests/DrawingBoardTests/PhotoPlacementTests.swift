import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

private typealias AffineTransform = PaintGraphics.AffineTransform

final class PhotoPlacementTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var board: DrawingBoardViewController!
    private var temp: TemporaryDirectory!

    override func setUp() {
        clock = ManualClock()
        temp = TemporaryDirectory()
        window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
        board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: temp.path)
        window.rootViewController = board
        window.render()
    }

    private func wait(_ seconds: Double) {
        clock.advance(by: seconds)
        window.application.tick()
    }

    private func testPhoto() -> Photo {
        let bitmap = Bitmap(width: 200, height: 100)
        for y in 0..<100 { for x in 0..<200 { bitmap[x, y] = Color(r: x, g: y * 2, b: 120).premultipliedPixel } }
        return Photo(asset: ImageAsset(bitmap: bitmap, name: "test"))
    }

    private func send(_ inputs: [(Int, Touch.Phase, Point)]) {
        window.send(inputs.map { TouchInput(identifier: $0.0, phase: $0.1, location: $0.2, timestamp: clock.now) })
    }

    func testThePhotoIsFittedInsideTheCanvas() throws {
        board.placePhoto(testPhoto())
        let placement = try XCTUnwrap(board.photoPlacement)
        let canvas = board.canvas.bounds
        for corner in placement.corners { XCTAssertTrue(canvas.contains(corner), "\(corner) inside \(canvas)") }
        XCTAssertEqual(placement.corners[0].x + placement.corners[2].x, canvas.width, accuracy: 1e-9, "centred")
    }

    /// The photo's bar is evenly laid out and never sits over one of the photo's corners.
    func testThePhotoBarIsEvenAndKeepsClearOfThePhotosCorners() throws {
        board.placePhoto(testPhoto())
        window.render()
        let placement = try XCTUnwrap(board.photoPlacement)
        let bar = board.photoController.bar
        func cornersInWindow() -> [Point] { placement.corners.map { placement.convert($0, to: nil) } }
        func assertClear(_ what: String) {
            let frame = bar.convert(bar.bounds, to: nil)
            XCTAssertTrue(board.canvas.frame.contains(frame), "\(what): the bar is over the canvas")
            for corner in cornersInWindow() { XCTAssertFalse(frame.insetBy(dx: -12, dy: -12).contains(corner), "\(what): \(corner) under \(frame)") }
        }
        assertClear("placed")
        // Gaps: equal between the buttons of each pair; no stretched space.
        let buttons = [board.photoController.cropButton, board.photoController.circleButton,
                       board.photoController.dropButton, board.photoController.keepButton].map(\.frame)
        XCTAssertEqual(buttons[1].minX - buttons[0].maxX, buttons[3].minX - buttons[2].maxX, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(buttons[2].minX - buttons[1].maxX, 24, "no wide hole in the middle")
        XCTAssertEqual(bar.frame.width, bar.fullWidth.rounded(.up), "as wide as its buttons")
        // Drag the photo so its top-left corner lands where the bar was: after the drag the bar moves.
        let old = bar.convert(bar.bounds, to: nil)
        let corner = cornersInWindow()[0]
        let start = placement.convert(placement.placement.apply(to: Point(x: 100, y: 50)), to: nil)
        let target = Point(x: old.midX, y: old.midY)
        send([(1, .began, start)])
        for step in 1...5 {
            let t = Double(step) / 5
            send([(1, .moved, Point(x: start.x + (target.x - corner.x) * t, y: start.y + (target.y - corner.y) * t))])
        }
        send([(1, .ended, Point(x: start.x + target.x - corner.x, y: start.y + target.y - corner.y))])
        window.render()
        XCTAssertEqual(cornersInWindow()[0].x, target.x, accuracy: 1e-6)
        assertClear("after the drag")
        XCTAssertNotEqual(bar.frame, old, "it moved out of the way")
    }

    func testPanPinchAndRotationMoveScaleAndTurnThePhotoTogether() throws {
        board.placePhoto(testPhoto())
        let placement = try XCTUnwrap(board.photoPlacement)
        let start = placement.placement
        let center = placement.convert(placement.placement.apply(to: Point(x: 100, y: 50)), to: nil) // the photo's centre
        // Drag with one finger: moved by exactly the drag.
        send([(1, .began, center)])
        for step in 1...4 { send([(1, .moved, Point(x: center.x + Double(step) * 10, y: center.y + Double(step) * 5))]) }
        send([(1, .ended, Point(x: center.x + 40, y: center.y + 20))])
        let moved = placement.placement
        XCTAssertEqual(moved.tx - start.tx, 40, accuracy: 1e-6)
        XCTAssertEqual(moved.ty - start.ty, 20, accuracy: 1e-6)
        // Two fingers about the new centre: spread to twice the distance and turn 90 degrees.
        let c = Point(x: center.x + 40, y: center.y + 20)
        send([(2, .began, Point(x: c.x - 30, y: c.y)), (3, .began, Point(x: c.x + 30, y: c.y))])
        for step in 1...10 {
            let angle = Double(step) / 10 * .pi / 2, r = 30 * (1 + Double(step) / 10)
            send([(2, .moved, Point(x: c.x - r * cos(angle), y: c.y - r * sin(angle))),
                  (3, .moved, Point(x: c.x + r * cos(angle), y: c.y + r * sin(angle)))])
        }
        send([(2, .ended, Point(x: c.x, y: c.y - 60)), (3, .ended, Point(x: c.x, y: c.y + 60))])
        let final = placement.placement
        let scale = (final.a * final.a + final.b * final.b).squareRoot() / (moved.a * moved.a + moved.b * moved.b).squareRoot()
        XCTAssertEqual(scale, 2, accuracy: 1e-6, "pinched to twice the size")
        XCTAssertEqual(atan2(final.b, final.a) - atan2(moved.b, moved.a), .pi / 2, accuracy: 1e-6, "turned a quarter")
        let centreNow = placement.convert(final.apply(to: Point(x: 100, y: 50)), to: nil)
        XCTAssertEqual(centreNow.x, c.x, accuracy: 1e-6, "about the fingers' centre")
        XCTAssertEqual(centreNow.y, c.y, accuracy: 1e-6)
        XCTAssertTrue(board.canvas.document.isEmpty, "placing draws nothing yet")
    }

    func testLongPressFlashesThenBakesWhereTheUserSeesIt() throws {
        let photo = testPhoto()
        board.placePhoto(photo)
        let placement = try XCTUnwrap(board.photoPlacement)
        let transform = AffineTransform(rotationAngle: 0.5).concatenating(AffineTransform(translationX: 300, y: 100))
        placement.setPlacement(transform)
        let inside = placement.convert(transform.apply(to: Point(x: 100, y: 50)), to: nil)
        send([(1, .began, inside)])
        wait(0.51)
        XCTAssertTrue(placement.isBaking, "recognized after half a second")
        wait(0.25)
        XCTAssertEqual(placement.alpha, 0.75, accuracy: 1e-9, "fading to 0.5 over 0.5 s")
        wait(0.25)
        XCTAssertEqual(placement.alpha, 0.5, accuracy: 1e-9)
        send([(1, .ended, inside)])
        wait(0.25)
        XCTAssertEqual(placement.alpha, 0.75, accuracy: 1e-9, "and back over 0.5 s")
        XCTAssertNotNil(board.photoPlacement, "not baked before the flash ends")
        wait(0.25)
        XCTAssertNil(board.photoPlacement, "baked")
        guard case .photo(let placed) = board.canvas.document.items.last else { return XCTFail("a photo item") }
        XCTAssertEqual(placed.placement, transform)
        // The baked pixels are the photo drawn through the same transform, at full resolution.
        let expected = Bitmap(width: 800, height: 456, color: .white)
        GraphicsContext(bitmap: expected).draw(photo.asset.image, transform: transform)
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: expected))
        board.undo()
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: Bitmap(width: 800, height: 456, color: .white)), "undo removes it")
    }

    func testEnterBakesAndEscapeCancels() {
        board.placePhoto(testPhoto())
        window.send(KeyEvent(.escape))
        XCTAssertNil(board.photoPlacement)
        XCTAssertTrue(board.canvas.document.isEmpty)
        board.placePhoto(testPhoto())
        window.send(KeyEvent(.enter))
        XCTAssertNil(board.photoPlacement)
        XCTAssertEqual(board.canvas.document.items.count, 1)
    }

    func testAnUnreadablePhotoSaysWhyAndChangesNothing() throws {
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: temp.path + "/bad.jpg"))
        board.openPhoto(path: temp.path + "/bad.jpg")
        board.finishOpening()
        XCTAssertNil(board.photoPlacement)
        XCTAssertTrue(board.statusLabel.text.contains("not a PNG, JPEG, WebP, HEIC, AVIF, TIFF, GIF, BMP or SVG"), board.statusLabel.text)
        XCTAssertTrue(board.canvas.document.isEmpty)
    }

    func testThePickerListsFoldersThenNewestPicturesLoadsThumbnailsInTheBackgroundAndPlacesTheChoice() throws {
        try FileManager.default.createDirectory(atPath: temp.path + "/Trips", withIntermediateDirectories: true)
        let older = temp.path + "/older.png", newer = temp.path + "/newer.jpg"
        try PNGCodec.encode(Bitmap(width: 300, height: 200, color: .red)).write(to: URL(fileURLWithPath: older))
        try JPEGCodec.encode(Bitmap(width: 640, height: 480, color: .blue)).write(to: URL(fileURLWithPath: newer))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: older)
        try Data("x".utf8).write(to: URL(fileURLWithPath: temp.path + "/notes.txt"))
        board.choosePhoto()
        wait(0.31)
        let picker = try XCTUnwrap(board.presentedViewController as? PhotoPickerViewController)
        XCTAssertEqual(picker.entries.map(\.name), ["Trips", "newer.jpg", "older.png"])
        // Thumbnails arrive from a background queue through Application.post.
        let deadline = Date().addingTimeInterval(10)
        while picker.thumbnailsLoaded < 2 && Date() < deadline {
            usleep(10_000)
            window.application.tick()
        }
        XCTAssertEqual(picker.thumbnailsLoaded, 2)
        XCTAssertEqual(picker.progressLabel.text, "2 pictures")
        let tiles = picker.grid.tiles.compactMap { $0 as? ThumbnailTile }
        XCTAssertEqual(tiles[1].thumbnail?.width, 112, "the JPEG thumbnail, decoded small")
        window.render()
        var driver = TouchDriver(window: window)
        driver.tap(tiles[0])
        XCTAssertEqual(picker.folder, temp.path + "/Trips", "folders open")
        XCTAssertEqual(picker.entries.map(\.name), ["Up"])
        window.render()
        driver.tap(picker.grid.tiles[0])
        XCTAssertEqual(picker.entries.count, 3, "back up")
        window.render()
        driver.tap(picker.grid.tiles[2]) // older.png
        wait(0.3)
        board.finishOpening()
        XCTAssertNil(board.presentedViewController, "the presenter dismissed the picker")
        XCTAssertEqual(board.photoPlacement?.photo.asset.name, "older.png")
    }

    func testCropModeKeepsWhatTheTranslucentRectangleCovers() throws {
        let photo = testPhoto()
        board.placePhoto(photo)
        let placement = try XCTUnwrap(board.photoPlacement)
        placement.setPlacement(AffineTransform(translationX: 100, y: 100)) // photo at (100,100)-(300,200), scale 1
        window.render()
        var driver = TouchDriver(window: window)
        driver.tap(board.cropButton)
        XCTAssertTrue(placement.isCropping)
        let a = placement.convert(Point(x: 150, y: 120), to: nil), b = placement.convert(Point(x: 250, y: 180), to: nil)
        send([(1, .began, a)])
        send([(1, .moved, b)])
        XCTAssertEqual(placement.cropCover, Rect(x: 150, y: 120, width: 100, height: 60), "the translucent cover")
        XCTAssertEqual(placement.placement, AffineTransform(translationX: 100, y: 100), "dragging in crop mode does not move the photo")
        send([(1, .ended, b)])
        XCTAssertFalse(placement.isCropping, "one crop per press of Crop")
        XCTAssertEqual(placement.placed.crop, Rect(x: 50, y: 20, width: 100, height: 60), "in the photo's own coordinates")
        board.bakePhoto()
        let art = board.canvas.renderArtwork()
        XCTAssertEqual(art.color(atX: 200, y: 150), photo.asset.image.bitmap.color(atX: 100, y: 50), "inside the crop: the photo")
        XCTAssertEqual(art.color(atX: 120, y: 110), .white, "outside the crop: nothing")
    }

    /// Seed 001's circular clip: on a 200x100 photo, the largest circle centred
    /// in it (it was the ellipse filling the photo), with its border.
    func testCircleFrameClipsToTheLargestCentredCircleWithABorder() throws {
        let photo = testPhoto()
        board.placePhoto(photo)
        let placement = try XCTUnwrap(board.photoPlacement)
        placement.setPlacement(AffineTransform(translationX: 100, y: 100))
        board.setStrokeWidth(6)
        board.selectColor(at: 2)
        board.toggleCircleFrame()
        XCTAssertEqual(placement.placed.circleFrame, CircleFrame(width: 6, color: DrawingBoardViewController.palette[2]))
        board.bakePhoto()
        let art = board.canvas.renderArtwork()
        XCTAssertEqual(art.color(atX: 200, y: 150), photo.asset.image.bitmap.color(atX: 100, y: 50), "the middle of the photo")
        XCTAssertEqual(art.color(atX: 102, y: 102), .white, "the corner is cut away")
        XCTAssertEqual(art.color(atX: 200, y: 102), DrawingBoardViewController.palette[2].roundedTo8Bit, "the border at the top")
        XCTAssertEqual(art.color(atX: 153, y: 150), DrawingBoardViewController.palette[2].roundedTo8Bit, "and at the left, 50 from the centre")
        XCTAssertEqual(art.color(atX: 120, y: 150), .white, "a circle, not the ellipse: the photo's left end is cut away")
        XCTAssertEqual(art.color(atX: 247, y: 150), DrawingBoardViewController.palette[2].roundedTo8Bit, "and the right")
    }

    /// Crop shows the whole photo's rectangle with handles at once and says
    /// what to do; a handle dragged keeps less; the toggles follow undo.
    func testCropShowsItsRectangleAtOnceAndTheTogglesFollowUndo() throws {
        board.placePhoto(testPhoto())
        let placement = try XCTUnwrap(board.photoPlacement)
        placement.setPlacement(AffineTransform(translationX: 100, y: 100)) // (100,100)-(300,200)
        window.render()
        var driver = TouchDriver(window: window)
        driver.tap(board.cropButton)
        XCTAssertEqual(placement.cropCover, Rect(x: 100, y: 100, width: 200, height: 100), "the whole photo, before any drag")
        XCTAssertTrue(board.cropButton.isSelected)
        XCTAssertTrue(board.statusLabel.text.hasPrefix("Crop: drag a handle"), board.statusLabel.text)
        window.render()
        let corner = placement.convert(Point(x: 300, y: 200), to: nil)
        XCTAssertEqual(window.backbuffer.color(atX: Int(corner.x), y: Int(corner.y)), .white, "a handle at the bottom right corner")
        // The right edge's handle dragged 80 in: the right 80 are cut.
        let right = placement.convert(Point(x: 300, y: 150), to: nil)
        driver.drag([right, Point(x: right.x - 40, y: right.y), Point(x: right.x - 80, y: right.y)])
        XCTAssertEqual(placement.placed.crop, Rect(x: 0, y: 0, width: 120, height: 100))
        XCTAssertFalse(board.cropButton.isSelected, "one crop per press of Crop")
        XCTAssertTrue(board.statusLabel.text.hasPrefix("Photo cropped"), "the crop hint went with crop mode: \(board.statusLabel.text)")
        // Circle on, then Ctrl+Z: the frame goes and the button says so.
        board.toggleCircleFrame()
        XCTAssertTrue(board.photoController.circleButton.isSelected)
        board.undo()
        XCTAssertNil(placement.placed.circleFrame)
        XCTAssertFalse(board.photoController.circleButton.isSelected, "Circle is off again after Ctrl+Z")
        // Crop, then Ctrl+Z while cropping: crop mode ends and the button follows.
        driver.tap(board.cropButton)
        board.undo()
        XCTAssertFalse(placement.isCropping)
        XCTAssertFalse(board.cropButton.isSelected)
        XCTAssertNil(placement.placed.crop, "and the crop is taken back")
    }

    /// Frames from before circles were ellipses filling the photo, and stay so when read back.
    func testAFrameFromBeforeReadsBackAsTheEllipseItWas() throws {
        let old = Data(#"{"width":6,"color":{"red":1,"green":0,"blue":0,"alpha":1}}"#.utf8)
        let frame = try JSONDecoder().decode(CircleFrame.self, from: old)
        XCTAssertFalse(frame.isCircle)
        XCTAssertEqual(frame.outline(in: Rect(x: 0, y: 0, width: 200, height: 100)), Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertTrue(try JSONDecoder().decode(CircleFrame.self, from: JSONEncoder().encode(CircleFrame(width: 6, color: .red))).isCircle)
    }
}
