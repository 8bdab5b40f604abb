/// A layer's pixels in 64 x 64 tiles, only where something is painted: an empty tile is no
/// memory at all, and composing skips it without reading a byte. The building block the
/// document's layers will keep their pixels in (twenty mostly empty 4K layers must
/// not cost twenty whole 4K bitmaps).
public final class TiledBitmap {
    public static let tileSize = 64
    public let width: Int
    public let height: Int
    public let columns: Int
    public let rows: Int
    /// Row by row; nil: the tile is all transparent.
    public private(set) var tiles: [Bitmap?]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        columns = (width + Self.tileSize - 1) / Self.tileSize
        rows = (height + Self.tileSize - 1) / Self.tileSize
        tiles = Array(repeating: nil, count: columns * rows)
    }

    /// `bitmap`'s pixels, keeping only the tiles that hold any.
    public convenience init(copying bitmap: Bitmap) {
        self.init(width: bitmap.width, height: bitmap.height)
        for row in 0..<rows {
            for column in 0..<columns {
                let area = tileRect(column: column, row: row)
                var painted = false
                for y in area.y0..<area.y1 where !painted {
                    let line = bitmap.pixels + y * bitmap.width
                    for x in area.x0..<area.x1 where line[x] != 0 { painted = true; break }
                }
                if painted { tiles[row * columns + column] = bitmap.cropped(to: area) }
            }
        }
    }

    /// Where a tile lies in the layer (edge tiles are cut to the layer).
    public func tileRect(column: Int, row: Int) -> PixelRect {
        let x0 = column * Self.tileSize, y0 = row * Self.tileSize
        return PixelRect(x0: x0, y0: y0, x1: min(width, x0 + Self.tileSize), y1: min(height, y0 + Self.tileSize))
    }

    public func tile(column: Int, row: Int) -> Bitmap? { tiles[row * columns + column] }

    /// The tile to paint into, made (transparent) when it was empty.
    public func writableTile(column: Int, row: Int) -> Bitmap {
        if let tile = tiles[row * columns + column] { return tile }
        let area = tileRect(column: column, row: row)
        let tile = Bitmap(width: area.width, height: area.height)
        tiles[row * columns + column] = tile
        return tile
    }

    public subscript(x: Int, y: Int) -> UInt32 {
        guard let tile = tile(column: x / Self.tileSize, row: y / Self.tileSize) else { return 0 }
        return tile.pixels[(y % Self.tileSize) * tile.width + x % Self.tileSize]
    }

    /// The bytes the painted tiles hold.
    public var pixelBytes: Int { tiles.reduce(0) { $0 + ($1.map { $0.width * $0.height * 4 } ?? 0) } }

    /// The whole layer as one bitmap.
    public func flattened() -> Bitmap {
        let result = Bitmap(width: width, height: height)
        for row in 0..<rows {
            for column in 0..<columns {
                guard let tile = tile(column: column, row: row) else { continue }
                let area = tileRect(column: column, row: row)
                for y in 0..<tile.height {
                    (result.pixels + (area.y0 + y) * width + area.x0).update(from: tile.pixels + y * tile.width, count: tile.width)
                }
            }
        }
        return result
    }
}
