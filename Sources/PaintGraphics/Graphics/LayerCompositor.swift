/// Composes a stack of layers, bottom to top, each with its blend mode, opacity and
/// visibility, into a target that already holds what is under them (the background). Row by
/// row, every layer's row blended before the next row, so the target row stays in the cache;
/// big areas in row bands on both cores.
public enum LayerCompositor {
    /// A layer's pixels with how it mixes: whole (a Bitmap) or in tiles (a TiledBitmap).
    public struct Layer<Pixels: LayerPixels> {
        public let pixels: Pixels
        public let mode: LayerBlendMode
        /// 0...255.
        public let opacity: UInt32
        public let isVisible: Bool

        public init(pixels: Pixels, mode: LayerBlendMode = .normal, opacity: UInt32 = 255, isVisible: Bool = true) {
            self.pixels = pixels
            self.mode = mode
            self.opacity = opacity
            self.isVisible = isVisible
        }
    }

    /// Blends `layers` over `target` within `area` (layers and target the same size).
    public static func compose(_ layers: [Layer<Bitmap>], into target: Bitmap, area: PixelRect) {
        let shown = layers.filter { $0.isVisible && $0.opacity > 0 && $0.pixels.width == target.width && $0.pixels.height == target.height }
        let area = area.intersection(target.bounds)
        guard !shown.isEmpty, !area.isEmpty else { return }
        let width = target.width, count = area.width
        RowBands.forEachRow(of: area) { y in
            let row = y * width + area.x0
            for layer in shown {
                LayerBlender.blend(layer.pixels.pixels + row, over: target.pixels + row, count: count, mode: layer.mode, opacity: layer.opacity)
            }
        }
    }

    /// Blends tiled `layers` over `target` within `area`, a band of tile rows on each core.
    public static func compose(_ layers: [Layer<TiledBitmap>], into target: Bitmap, area: PixelRect) {
        let shown = layers.filter { $0.isVisible && $0.opacity > 0 && $0.pixels.width == target.width && $0.pixels.height == target.height }
        let area = area.intersection(target.bounds)
        guard let first = shown.first, !area.isEmpty else { return }
        let size = TiledBitmap.tileSize
        let firstRow = area.y0 / size, lastRow = (area.y1 - 1) / size
        let firstColumn = area.x0 / size, lastColumn = (area.x1 - 1) / size
        // Bands of whole tile rows, so no two threads write the same target row.
        RowBands.forEachBand(of: firstRow..<(lastRow + 1), pixels: area.width * area.height) { band in
            for row in band {
                for column in firstColumn...lastColumn {
                    let cell = first.pixels.tileRect(column: column, row: row).intersection(area)
                    for layer in shown {
                        guard let tile = layer.pixels.tile(column: column, row: row) else { continue }
                        let origin = layer.pixels.tileRect(column: column, row: row)
                        for y in cell.y0..<cell.y1 {
                            LayerBlender.blend(tile.pixels + (y - origin.y0) * tile.width + (cell.x0 - origin.x0),
                                               over: target.pixels + y * target.width + cell.x0, count: cell.width,
                                               mode: layer.mode, opacity: layer.opacity)
                        }
                    }
                }
            }
        }
    }
}

/// What a layer's pixels are kept in (the compositor needs their size to match the target's).
public protocol LayerPixels {
    var width: Int { get }
    var height: Int { get }
}

extension Bitmap: LayerPixels {}
extension TiledBitmap: LayerPixels {}
