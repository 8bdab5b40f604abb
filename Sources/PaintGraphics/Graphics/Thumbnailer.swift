/// Small pictures of big bitmaps for lists (the Layers panel's rows), cheap enough to make
/// after every stroke: each thumbnail pixel averages a 4x4 grid of samples of the area it
/// covers instead of every pixel under it (a 4K layer costs thousands of reads, not millions),
/// and takes the strongest coverage among them, so a thin stroke on a big layer still shows as a
/// line rather than fading into the average.
public enum Thumbnailer {
    /// `source` fitted inside `width` x `height` pixels, its proportions kept.
    public static func thumbnail(of source: Bitmap, fitting width: Int, _ height: Int) -> Bitmap {
        let scale = min(Double(width) / Double(max(1, source.width)), Double(height) / Double(max(1, source.height)), 1)
        let w = max(1, Int((Double(source.width) * scale).rounded())), h = max(1, Int((Double(source.height) * scale).rounded()))
        let result = Bitmap(width: w, height: h)
        let stepX = Double(source.width) / Double(w), stepY = Double(source.height) / Double(h)
        let grid = 4
        for y in 0..<h {
            for x in 0..<w {
                var b = 0, g = 0, r = 0, a = 0, strongest = 0
                for sy in 0..<grid {
                    let py = min(source.height - 1, Int((Double(y) + (Double(sy) + 0.5) / Double(grid)) * stepY))
                    let row = source.pixels + py * source.width
                    for sx in 0..<grid {
                        let px = min(source.width - 1, Int((Double(x) + (Double(sx) + 0.5) / Double(grid)) * stepX))
                        let pixel = row[px]
                        b += Int(pixel & 0xFF)
                        g += Int((pixel >> 8) & 0xFF)
                        r += Int((pixel >> 16) & 0xFF)
                        a += Int(pixel >> 24)
                        strongest = max(strongest, Int(pixel >> 24))
                    }
                }
                guard a > 0 else { continue }
                // The samples' mean colour at the strongest sample's alpha (premultiplied: scaled alike).
                let scale = { (channel: Int) in UInt32(min(strongest, (channel * strongest + a / 2) / a)) }
                result[x, y] = scale(b) | scale(g) << 8 | scale(r) << 16 | UInt32(strongest) << 24
            }
        }
        return result
    }
}
