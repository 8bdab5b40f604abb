import Foundation
@testable import PaintCore
import XCTest

/// Issue 19's look, pinned: the board, the palette, a tooltip and the photo bar, rendered
/// offscreen by PaintCore at 1x and 2x and compared with reviewed references in
/// Tests/Fixtures/golden (mean error at most half a level; actual, expected and diff PNGs are
/// written on failure). After an intended change: `UPDATE_GOLDEN=1 swift test --filter
/// InterfaceGoldenTests`, then look at the new PNGs before committing them.
final class InterfaceGoldenTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden").path

    private final class DiscardingStore: ArtworkStore {
        func save(_ artwork: Bitmap) throws -> String { "/dev/null" }
    }

    private struct Board {
        let window: Window
        let board: DrawingBoardViewController
        let clock: ManualClock

        func settle() {
            for _ in 0..<10 {
                clock.advance(by: 0.1)
                window.application.tick()
            }
            window.render()
        }
    }

    private func board(scale: Double) -> Board {
        let clock = ManualClock()
        let window = Window(size: Size(width: 800, height: 500), scale: scale, application: Application(clock: clock))
        let board = DrawingBoardViewController(store: DiscardingStore(), picturesFolder: NSTemporaryDirectory())
        window.rootViewController = board
        window.render()
        return Board(window: window, board: board, clock: clock)
    }

    /// The part of the backbuffer in `rect` (points).
    private func crop(_ window: Window, _ rect: Rect?) -> Bitmap {
        guard let rect else { return window.backbuffer }
        let s = window.scale
        let area = PixelRect(x0: Int(rect.minX * s), y0: Int(rect.minY * s), x1: Int(rect.maxX * s), y1: Int(rect.maxY * s))
            .intersection(window.backbuffer.bounds)
        let result = Bitmap(width: area.width, height: area.height)
        for y in 0..<area.height {
            result.pixels.advanced(by: y * area.width)
                .update(from: window.backbuffer.pixels.advanced(by: (area.y0 + y) * window.backbuffer.width + area.x0), count: area.width)
        }
        return result
    }

    private func check(_ name: String, _ actual: Bitmap, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = "\(Self.folder)/\(name).png"
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try PNGCodec.encode(actual).write(to: URL(fileURLWithPath: path))
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let folder = ImageComparison.writeFailure(name: name, actual: actual, expected: actual, cairo: nil)
            return XCTFail("\(name): no reference at \(path); the rendering is in \(folder)", file: file, line: line)
        }
        let expected = try PNGCodec.decode(data)
        guard expected.width == actual.width, expected.height == actual.height else {
            return XCTFail("\(name): \(actual.width)x\(actual.height), the reference is \(expected.width)x\(expected.height)", file: file, line: line)
        }
        // Anti-aliasing may wobble a little; a changed icon or label may not even move the mean.
        let error = ImageComparison.meanAbsoluteError(actual, expected)
        let changed = Self.pixelsDiffering(actual, expected, byMoreThan: 48)
        let allowed = max(8, actual.width * actual.height / 20000)
        if error > 0.5 || changed > allowed {
            let folder = ImageComparison.writeFailure(name: name, actual: actual, expected: expected, cairo: nil)
            XCTFail("\(name): mean error \(error) (at most 0.5), \(changed) pixels changed (at most \(allowed)); see \(folder)",
                    file: file, line: line)
        }
    }

    private static func pixelsDiffering(_ a: Bitmap, _ b: Bitmap, byMoreThan limit: Int) -> Int {
        var count = 0
        for i in 0..<a.width * a.height {
            let p = a.pixels[i], q = b.pixels[i]
            for shift in [0, 8, 16, 24] as [UInt32] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > limit {
                count += 1
                break
            }
        }
        return count
    }

    func testTheBoard() throws {
        for scale in [1.0, 2.0] {
            let b = board(scale: scale)
            b.board.selectColor(at: 1)
            b.window.render()
            try check("board-\(Int(scale))x", crop(b.window, nil))
        }
    }

    func testThePalette() throws {
        for scale in [1.0, 2.0] {
            let b = board(scale: scale)
            b.board.showPalette()
            b.settle()
            let panel = b.board.panels.palettePanel.frame
            try check("palette-\(Int(scale))x", crop(b.window, panel))
        }
    }

    func testATooltip() throws {
        for scale in [1.0, 2.0] {
            let b = board(scale: scale)
            let photo = b.board.photoButton
            let spot = photo.convert(Point(x: photo.bounds.midX, y: photo.bounds.midY), to: nil)
            b.window.pointerHovered(to: spot, timestamp: 0)
            b.settle()
            XCTAssertEqual(b.window.tooltips.visibleText, "Place a photo (Ctrl+Shift+O)")
            try check("tooltip-\(Int(scale))x", crop(b.window, Rect(x: 0, y: 0, width: 600, height: 90)))
        }
    }

    func testThePhotoBar() throws {
        for scale in [1.0, 2.0] {
            let b = board(scale: scale)
            let bitmap = Bitmap(width: 300, height: 200)
            for y in 0..<200 { for x in 0..<300 { bitmap[x, y] = Color(r: x * 255 / 300, g: y * 255 / 200, b: 160).premultipliedPixel } }
            b.board.placePhoto(Photo(asset: ImageAsset(bitmap: bitmap, name: "gradient")))
            b.settle()
            let bar = b.board.photoController.bar.frame.insetBy(dx: -8, dy: -8)
            try check("photo-bar-\(Int(scale))x", crop(b.window, bar))
        }
    }
}
