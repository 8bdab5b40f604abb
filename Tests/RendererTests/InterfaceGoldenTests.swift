import Foundation
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import XCTest

/// Look, pinned: the board, the palette, a tooltip, the photo bar and the Layers panel, rendered
/// offscreen by the toolkit at 1x and 2x and compared with reviewed references in
/// Tests/Fixtures/golden (mean error at most half a level; actual, expected and diff PNGs are
/// written on failure). After an intended change: `UPDATE_GOLDEN=1 swift test --filter
/// InterfaceGoldenTests`, then look at the new PNGs before committing them.
final class InterfaceGoldenTests: XCTestCase {
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
        try GoldenFiles.check(name, actual, file: file, line: line)
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

    func testTheLayersPanel() throws {
        for scale in [1.0, 2.0] {
            let b = board(scale: scale)
            let content = b.board.canvas.content
            content.append(.stroke(Stroke(points: [Point(x: 40, y: 40), Point(x: 300, y: 200)], color: .red, width: 12, blendMode: .sourceOver)))
            content.append(.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "Shade", opacity: 0.5, mode: .multiply))))
            content.selectLayer(1)
            content.append(.stroke(Stroke(points: [Point(x: 40, y: 200), Point(x: 300, y: 40)], color: .blue, width: 20, blendMode: .sourceOver)))
            content.append(.layer(.add(id: 2, index: 2, properties: LayerProperties(name: "Hidden", isVisible: false, isLocked: true))))
            b.board.layersPanel.show()
            b.settle()
            try check("layers-panel-\(Int(scale))x", crop(b.window, b.board.layersPanel.panel.frame))
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
