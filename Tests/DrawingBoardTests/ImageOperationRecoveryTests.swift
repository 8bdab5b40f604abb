import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Each image operation (turn, flip, resize, rotation, canvas size, crop, auto-crop) on a drawing of
/// several layers with their own order, opacity and modes comes back after a crash exactly as
/// it was, layers and pixels; Ctrl+Z then still takes it back. Turning over and over keeps
/// memory and the journal bounded.
final class ImageOperationRecoveryTests: RestartingBoardTestCase {
    private var content: DocumentContent { canvas.content }

    private func stroke(_ color: Color, _ points: [(Double, Double)], width: Double = 16) {
        board.setColor(color)
        board.setStrokeWidth(width)
        driver.drag(points.map { w($0.0, $0.1) })
    }

    /// Four layers, reordered, one half transparent in multiply, one hidden, each painted.
    private func paintLayers(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        func point() -> (Double, Double) { (Double(random.next() % 500) + 40, Double(random.next() % 380) + 30) }
        stroke(.red, [point(), point(), point()])
        for index in 1...3 {
            board.layerCommands.addLayer()
            stroke([Color.green, .blue, Color(r: 240, g: 200, b: 20)][index - 1], [point(), point(), point()], width: Double(6 + index * 5))
        }
        board.layerCommands.setProperties(LayerProperties(name: "mult", opacity: 0.5, mode: .multiply), of: 2)
        board.layerCommands.moveLayer(3, to: 1)
        board.layerCommands.toggleVisibility(1)
        board.layerCommands.select(2)
    }

    private struct Seen: Equatable {
        let layers: LayerList
        let current: Int
        let size: [Int]
        let pixels: [UInt32]
        let layerPixels: [[UInt32]]
    }

    private func seen() -> Seen {
        let art = canvas.renderArtwork()
        let stack = content.drawing.stack
        return Seen(layers: content.layers, current: content.currentLayerID, size: [art.width, art.height],
                    pixels: Array(UnsafeBufferPointer(start: art.pixels, count: art.width * art.height)),
                    layerPixels: stack.layers.map { Array(UnsafeBufferPointer(start: $0.pixels.pixels, count: art.width * art.height)) })
    }

    private func assertComesBackAfterACrash(_ what: String, _ operation: () -> Void, file: StaticString = #filePath, line: UInt = #line) {
        paintLayers(seed: what.utf8.reduce(UInt64(7)) { $0 &* 31 &+ UInt64($1) })
        let before = seen()
        operation()
        board.besideWork.waitUntilDone()
        let after = seen()
        XCTAssertNotEqual(after.pixels, before.pixels, "\(what) changed the drawing", file: file, line: line)
        crash()
        start()
        let back = seen()
        XCTAssertEqual(back.layers, after.layers, "\(what): the layers, their order and properties", file: file, line: line)
        XCTAssertEqual(back.current, after.current, "\(what): the current layer", file: file, line: line)
        XCTAssertEqual(back.size, after.size, "\(what): the size", file: file, line: line)
        XCTAssertTrue(back.layerPixels == after.layerPixels, "\(what): every layer's pixels", file: file, line: line)
        XCTAssertTrue(back.pixels == after.pixels, "\(what): the picture, pixel for pixel", file: file, line: line)
        // Ctrl+Z still takes it back, to the drawing as it was.
        board.undo()
        board.besideWork.waitUntilDone()
        let undone = seen()
        XCTAssertEqual(undone.size, before.size, "\(what): undone", file: file, line: line)
        XCTAssertTrue(undone.pixels == before.pixels, "\(what): undone, pixel for pixel", file: file, line: line)
        XCTAssertEqual(undone.layers, before.layers, "\(what): undone, the layers", file: file, line: line)
    }

    func testAHalfTurnComesBackExactly() {
        assertComesBackAfterACrash("half turn") { board.imageCommands.turn(.halfTurn) }
    }

    func testAQuarterTurnComesBackExactly() {
        assertComesBackAfterACrash("quarter turn") { board.imageCommands.turn(.clockwise) }
    }

    func testFlipsComeBackExactly() {
        assertComesBackAfterACrash("flip horizontal") { board.imageCommands.turn(.flipHorizontal) }
        board.undo()
        assertComesBackAfterACrash("flip vertical") { board.imageCommands.turn(.flipVertical) }
    }

    func testAResizeComesBackExactly() {
        assertComesBackAfterACrash("resize") { board.imageCommands.resize(toWidth: 300, height: 200, filter: .bilinear) }
    }

    func testARotationComesBackExactly() {
        assertComesBackAfterACrash("rotation") { board.imageCommands.rotate(byDegrees: 30, grow: true) }
    }

    func testACanvasSizeComesBackExactly() {
        assertComesBackAfterACrash("canvas size") { board.imageCommands.resizeCanvas(toWidth: 700, height: 300, anchor: (1, 2)) }
    }

    func testACropComesBackExactly() {
        assertComesBackAfterACrash("crop") { board.imageCommands.cropLayers(to: PixelRect(x0: 50, y0: 40, x1: 450, y1: 330)) }
    }

    func testAnAutoCropComesBackExactly() {
        canvas.previewBackground(.color(Color(r: 200, g: 220, b: 250)))
        canvas.settleBackgroundPreview()
        assertComesBackAfterACrash("auto crop") { board.imageCommands.autoCrop() }
    }

    func testSixHalfTurnsAmongLayerChangesComeBackExactly() {
        paintLayers(seed: 42)
        for round in 0..<6 {
            board.imageCommands.turn(.halfTurn)
            board.layerCommands.addLayer()
            stroke(.black, [(Double(60 + round * 40), 50), (Double(80 + round * 40), 300)], width: 8)
            board.layerCommands.moveLayer(content.currentLayerID, to: round % 3)
            board.layerCommands.duplicateLayer()
        }
        let after = seen()
        crash()
        start()
        let back = seen()
        XCTAssertEqual(back.layers, after.layers)
        XCTAssertTrue(back.pixels == after.pixels, "the picture, pixel for pixel")
        XCTAssertTrue(back.layerPixels == after.layerPixels, "every layer")
    }

    /// About thirty layers and forty random layer operations among turns and flips, seeded: what a
    /// crash brings back is what was there, layers and pixels.
    func testRandomLayerOperationsAmongTurnsComeBackExactly() {
        for seed in UInt64(1)...6 {
            var random = SeededGenerator(seed: seed)
            func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
            stroke(.red, [(100, 100), (400, 300)])
            for _ in 0..<28 {
                board.layerCommands.addLayer()
                stroke(Color(r: pick(256), g: pick(256), b: pick(256), a: 128 + pick(128)),
                       [(Double(40 + pick(500)), Double(30 + pick(380))), (Double(40 + pick(500)), Double(30 + pick(380)))], width: Double(4 + pick(30)))
            }
            for _ in 0..<40 {
                let ids = content.layers.entries.map(\.id)
                switch pick(10) {
                case 0: board.imageCommands.turn(.halfTurn)
                case 8: board.imageCommands.turn(pick(2) == 0 ? .clockwise : .flipHorizontal)
                case 1: board.layerCommands.addLayer()
                case 2: board.layerCommands.duplicateLayer()
                case 3: board.layerCommands.moveLayer(ids[pick(ids.count)], to: pick(ids.count))
                case 4: board.layerCommands.mergeDown()
                case 5:
                    let id = ids[pick(ids.count)]
                    board.layerCommands.setProperties(LayerProperties(name: "L\(id)", opacity: Double(pick(101)) / 100,
                                                                      mode: LayerBlendMode.allCases[pick(LayerBlendMode.allCases.count)]), of: id)
                case 6: board.layerCommands.select(ids[pick(ids.count)])
                case 7: board.layerCommands.deleteLayer()
                default:
                    stroke(Color(r: pick(256), g: pick(256), b: pick(256)), [(Double(40 + pick(500)), Double(30 + pick(380))), (300, 200)], width: 12)
                }
            }
            let after = seen()
            crash()
            start()
            let back = seen()
            XCTAssertEqual(back.layers, after.layers, "seed \(seed)")
            XCTAssertEqual(back.current, after.current, "seed \(seed)")
            XCTAssertTrue(back.pixels == after.pixels, "seed \(seed): \(zip(back.pixels, after.pixels).filter { $0 != $1 }.count) pixels differ")
            board.newDocument(width: 640, height: 480)
        }
    }

    /// Turning over and over stores no pixels: the history grows by an item a turn, the journal
    /// keeps no picture more, and nothing is kept to undo a crop.
    func testSixtyTurnsOfThirtyLayersStoreNoPixels() throws {
        stroke(.red, [(100, 100), (400, 300)])
        for index in 1..<30 {
            board.layerCommands.addLayer()
            stroke(Color(r: index * 8, g: 100, b: 200), [(Double(20 + index * 15), 40), (Double(30 + index * 15), 400)])
        }
        board.settleJournal()
        let pictures = { (try? FileManager.default.subpathsOfDirectory(atPath: self.state))?.filter { $0.hasSuffix(".img") }.count ?? 0 }
        let picturesBefore = pictures(), itemsBefore = canvas.document.items.count
        let before = seen()
        // Quarter turns either way and half turns: sixty of them, ending as it began.
        let turns: [ImageTurn] = [.clockwise, .halfTurn, .counterClockwise, .halfTurn]
        for index in 0..<60 { board.imageCommands.turn(turns[index % 4]) }
        board.settleJournal()
        XCTAssertEqual(canvas.document.items.count, itemsBefore + 60, "an item a turn")
        XCTAssertFalse(board.documentController.canUndoCrop, "no whole drawing kept to take back")
        XCTAssertEqual(pictures(), picturesBefore, "no picture stored in the journal")
        XCTAssertTrue(seen() == before, "sixty turns: the drawing as it was")
        XCTAssertLessThanOrEqual(canvas.content.drawing.checkpointCount, 8, "the history's snapshots stay within their cap")
        board.imageCommands.turn(.clockwise)
        XCTAssertEqual(seen().size, [before.size[1], before.size[0]], "a quarter turn swaps the sides")
        crash()
        start()
        XCTAssertEqual(seen().size, [before.size[1], before.size[0]], "and comes back turned")
        board.imageCommands.turn(.counterClockwise)
        XCTAssertTrue(seen() == before, "after a crash, the turn back: as it was")
    }
}
