import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Small files that are accepted must not cost too much.
final class LargePictureTests: XCTestCase {
    func testAHugePictureIsKeptAtWhatTheDrawingCanShowAndStoredSoInTheJournal() throws {
        let temp = TemporaryDirectory()
        let board = BoardSession(pictures: temp.path, stateFolder: temp.path + "/state").board
        let huge = Bitmap(width: 3000, height: 2400, color: .blue)
        for y in 0..<2400 where y % 100 < 50 { huge.fill(PixelRect(x0: 0, y0: y, x1: 3000, y1: y + 1), with: Color.red.premultipliedPixel) }
        try PNGCodec.encode(huge).write(to: URL(fileURLWithPath: temp.path + "/huge.png"))
        board.openPhoto(path: temp.path + "/huge.png")
        XCTAssertTrue(board.statusLabel.text.contains("Opening huge.png"), board.statusLabel.text)
        XCTAssertFalse(board.cancelOpeningButton.isHidden, "Cancel is offered while it opens")
        board.finishOpening()
        XCTAssertTrue(board.cancelOpeningButton.isHidden)
        let placed = try XCTUnwrap(board.photoPlacement?.photo.asset.image)
        let canvasPixels = Int(board.canvas.bounds.width * board.canvas.bounds.height)
        XCTAssertLessThanOrEqual(placed.width * placed.height, 4 * canvasPixels)
        XCTAssertEqual(placed.width, 1000, "3000 x 2400 reduced by 3")
        XCTAssertTrue(board.statusLabel.text.contains("3000x2400") && board.statusLabel.text.contains("1000x800"), board.statusLabel.text)
        // The reduction is an average: a 100-row period of 50 red, 50 blue stays crisp at 1/3.
        XCTAssertEqual(placed.bitmap.color(atX: 10, y: 5), .red)
        XCTAssertEqual(placed.bitmap.color(atX: 10, y: 25), .blue)
        board.bakePhoto()
        board.settleJournal()
        let stored = try FileManager.default.contentsOfDirectory(atPath: temp.path + "/state/pictures").filter { $0.hasSuffix(".img") }
        XCTAssertEqual(stored.count, 1)
        guard stored.count == 1 else { return }
        let storedImage = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: temp.path + "/state/pictures/" + stored[0])))
        XCTAssertEqual(storedImage.width, 1000, "the journal keeps the reduced picture, compressed")
    }

    func testEscapeWhileAPictureOpensStopsItAndChangesNothing() throws {
        let temp = TemporaryDirectory()
        let (window, board) = { let s = BoardSession(pictures: temp.path); return (s.window, s.board) }()
        try PNGCodec.encode(Bitmap(width: 2000, height: 1500, color: .green)).write(to: URL(fileURLWithPath: temp.path + "/big.png"))
        board.openPhoto(path: temp.path + "/big.png")
        XCTAssertTrue(window.send(KeyEvent(.escape)))
        board.finishOpening()
        XCTAssertNil(board.photoPlacement, "a cancelled picture is never placed, even if its decode had finished")
        XCTAssertTrue(board.statusLabel.text.contains("Stopped opening big.png"), board.statusLabel.text)
        XCTAssertTrue(board.cancelOpeningButton.isHidden)
        // Opening it again works, and the second of two opens wins.
        board.openPhoto(path: temp.path + "/big.png")
        board.openPhoto(.bytes(try PNGCodec.encode(Bitmap(width: 30, height: 20, color: .red)), name: "small"))
        board.finishOpening()
        XCTAssertEqual(board.photoPlacement?.photo.asset.name, "small")
    }

    func testBoxDownscalingAveragesPremultipliedPixels() {
        let source = Bitmap(width: 5, height: 3, color: .white)
        source[0, 0] = Color.black.premultipliedPixel
        let reduced = BoxDownscaler.downscale(source, by: 2)
        XCTAssertEqual(reduced.width, 3)
        XCTAssertEqual(reduced.height, 2)
        XCTAssertEqual(reduced.color(atX: 0, y: 0), Color(r: 191, g: 191, b: 191), "one black pixel in four")
        XCTAssertEqual(reduced.color(atX: 2, y: 1), .white, "an edge box averages the one pixel it has")
        XCTAssertEqual(BoxDownscaler.factor(width: 3000, height: 2400, maximumPixels: 1_000_000), 3)
        XCTAssertEqual(BoxDownscaler.factor(width: 100, height: 100, maximumPixels: 1_000_000), 1)
    }
}
