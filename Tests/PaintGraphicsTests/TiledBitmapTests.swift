import XCTest
@testable import PaintGraphics

/// Tiled layers (building block): only painted tiles take memory, and composing
/// tiles gives the same pixels as composing whole bitmaps.
final class TiledBitmapTests: XCTestCase {
    func testOnlyPaintedTilesAreKeptAndTheLayerComesBackWhole() {
        let bitmap = Bitmap(width: 300, height: 200)
        bitmap.fill(PixelRect(x0: 10, y0: 10, x1: 20, y1: 20), with: Color.red.premultipliedPixel)
        bitmap.fill(PixelRect(x0: 290, y0: 195, x1: 300, y1: 200), with: Color.blue.premultipliedPixel)
        let tiled = TiledBitmap(copying: bitmap)
        XCTAssertEqual([tiled.columns, tiled.rows], [5, 4])
        XCTAssertEqual(tiled.tiles.compactMap { $0 }.count, 2, "two tiles of twenty hold paint")
        XCTAssertEqual(tiled.pixelBytes, 64 * 64 * 4 + 44 * 8 * 4, "an edge tile is cut to the layer")
        XCTAssertTrue(tiled.flattened().isEqual(to: bitmap))
        XCTAssertEqual(tiled[15, 15], Color.red.premultipliedPixel)
        XCTAssertEqual(tiled[150, 100], 0)
        let tile = tiled.writableTile(column: 2, row: 1)
        tile.pixels[0] = Color.green.premultipliedPixel
        XCTAssertEqual(tiled[128, 64], Color.green.premultipliedPixel)
    }

    func testComposingTilesEqualsComposingWholeLayers() {
        let width = 700, height = 500
        var layers: [Bitmap] = []
        for index in 0..<4 {
            let layer = Bitmap(width: width, height: height)
            for k in 0..<30 {
                let x = (k * 97 + index * 31) % (width - 40), y = (k * 53 + index * 17) % (height - 40)
                layer.fill(PixelRect(x0: x, y0: y, x1: x + 30 + index, y1: y + 20), with: Color(r: 40 * index, g: 200 - k * 5, b: 90, a: 120 + index * 40).premultipliedPixel)
            }
            layers.append(layer)
        }
        let modes: [LayerBlendMode] = [.normal, .multiply, .overlay, .hue], opacities: [UInt32] = [255, 180, 255, 90]
        let whole = Bitmap(width: width, height: height, color: .white), tiled = Bitmap(width: width, height: height, color: .white)
        LayerCompositor.compose(zip(layers, zip(modes, opacities)).map { LayerCompositor.Layer(pixels: $0, mode: $1.0, opacity: $1.1) },
                                into: whole, area: whole.bounds)
        LayerCompositor.compose(zip(layers, zip(modes, opacities)).map { LayerCompositor.Layer(pixels: TiledBitmap(copying: $0), mode: $1.0, opacity: $1.1) },
                                into: tiled, area: tiled.bounds)
        XCTAssertTrue(tiled.isEqual(to: whole))
        // A part of the target only (a dirty rectangle).
        let partWhole = Bitmap(width: width, height: height, color: .white), partTiled = Bitmap(width: width, height: height, color: .white)
        let area = PixelRect(x0: 33, y0: 70, x1: 401, y1: 333)
        LayerCompositor.compose([LayerCompositor.Layer(pixels: layers[1], mode: .screen)], into: partWhole, area: area)
        LayerCompositor.compose([LayerCompositor.Layer(pixels: TiledBitmap(copying: layers[1]), mode: .screen)], into: partTiled, area: area)
        XCTAssertTrue(partTiled.isEqual(to: partWhole))
    }
}
