import Foundation
import DrawingBoard
import TestSupport
import XCTest

/// Turning a layered drawing with the Image menu's keys (Ctrl+J half a turn, Ctrl+H and Ctrl+G
/// a quarter), the real binary killed with SIGKILL at seeded moments while the turns go on:
/// what the journal brings back is always the drawing after some whole number of the turns
/// pressed (never a mix, never the layers out of order), and after a rest, after all of them.
final class ImageOperationKillEndToEndTests: XvfbTestCase {
    /// Three layers, one multiplied at half opacity, none symmetric, over a Background layer.
    private func layeredFile() throws -> (path: String, flattened: Bitmap) {
        let (width, height) = (240, 160)
        let ground = Bitmap(width: width, height: height, color: Color(r: 250, g: 245, b: 230))
        let bar = Bitmap(width: width, height: height)
        bar.fill(PixelRect(x0: 10, y0: 10, x1: 200, y1: 40), with: Color(r: 20, g: 90, b: 200).premultipliedPixel)
        let spot = Bitmap(width: width, height: height)
        spot.fill(PixelRect(x0: 150, y0: 20, x1: 230, y1: 150), with: Color(r: 230, g: 60, b: 20).premultipliedPixel)
        let corner = Bitmap(width: width, height: height)
        corner.fill(PixelRect(x0: 0, y0: 120, x1: 60, y1: 160), with: Color(r: 20, g: 160, b: 40, a: 200).premultipliedPixel)
        let stack = LayerStack(width: width, height: height, layers: [
            LayerStack.Layer(name: "Background", pixels: ground),
            LayerStack.Layer(name: "bar", pixels: bar),
            LayerStack.Layer(name: "spot", pixels: spot, opacity: 0.5, mode: .multiply),
            LayerStack.Layer(name: "corner", pixels: corner),
        ])
        let path = home + "/layers.ora"
        try OpenRaster.encode(stack).write(to: URL(fileURLWithPath: path))
        return (path, stack.flattened(background: 0xFFFF_FFFF))
    }

    /// What the journal in `home` brings back, composed as the app shows it.
    private func restoredPicture() -> Bitmap? {
        let recovery = DocumentJournal.recover(folder: home + "/.local/state/x11paint")
        guard let format = recovery.document.format else { return nil }
        let drawing = DrawingLayer(width: format.pixelWidth, height: format.pixelHeight, scale: format.pixelScale)
        drawing.rebuild(from: recovery.document)
        return drawing.renderArtwork()
    }

    func testTurnsKilledAtRandomMomentsComeBackAsAWholeNumberOfTurns() throws {
        let (path, flattened) = try layeredFile()
        var random = SeededGenerator(seed: 67)
        let keys: [(String, Int)] = [("ctrl+j", 3), ("ctrl+h", 6), ("ctrl+g", 8)]
        var exactAfterRest = 0, rounds = 0
        for round in 0..<6 {
            try? FileManager.default.removeItem(atPath: home + "/.local/state/x11paint")
            let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", path])
            try app.xdotool(["windowfocus", "--sync", app.windowID])
            // The drawing after each whole number of turns.
            var expected = [flattened]
            let count = 2 + Int(random.next() % 6)
            for _ in 0..<count {
                let (key, orientation) = keys[Int(random.next() % 3)]
                try app.key(key)
                expected.append(expected.last!.reoriented(orientation))
            }
            // Every other round rests before the kill; the others are killed while turning.
            let rests = round % 2 == 0
            usleep(rests ? 1_500_000 : UInt32(random.next() % 200_000))
            kill(app.process.processIdentifier, SIGKILL)
            app.process.waitUntilExit()
            let back = try XCTUnwrap(restoredPicture(), "round \(round): something comes back")
            let matching = expected.indices.filter { expected[$0].width == back.width && expected[$0].height == back.height
                && expected[$0].isEqual(to: back) }
            XCTAssertFalse(matching.isEmpty, "round \(round): the drawing after a whole number of the \(count) turns, pixel for pixel")
            if rests {
                XCTAssertTrue(matching.contains(count), "round \(round): after a rest, every turn: \(matching)")
                if matching.contains(count) { exactAfterRest += 1 }
            }
            rounds += 1
        }
        print("image turns killed: \(rounds) rounds, \(exactAfterRest) of \(rounds / 2) rested rounds back with every turn")
    }
}
