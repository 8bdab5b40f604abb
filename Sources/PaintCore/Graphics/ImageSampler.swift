/// Bilinear sampling of a bitmap along a row of destination pixels, in 16.16 fixed point.
struct ImageSampler {
    let bitmap: Bitmap
    /// Maps destination pixel centres to source texel coordinates (texel centres at integers).
    let inverse: AffineTransform

    /// Fills `count` samples for destination pixels (x0 ..< x0 + count, y).
    @inline(__always)
    func sampleRow(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let px = Double(x0) + 0.5, py = Double(y) + 0.5
        let u0 = inverse.a * px + inverse.c * py + inverse.tx - 0.5
        let v0 = inverse.b * px + inverse.d * py + inverse.ty - 0.5
        var u = Int(u0 * 65536), v = Int(v0 * 65536)
        let du = Int(inverse.a * 65536), dv = Int(inverse.b * 65536)
        let width = bitmap.width, height = bitmap.height
        let pixels = bitmap.pixels
        let maxX = width - 1, maxY = height - 1
        for i in 0..<count {
            var x = u >> 16, yy = v >> 16
            var fx = UInt32((u >> 8) & 0xFF), fy = UInt32((v >> 8) & 0xFF)
            // Clamp to the edge texels (the polygon edge supplies the anti-aliasing).
            if x < 0 { x = 0; fx = 0 } else if x >= maxX { x = maxX; fx = 0 }
            if yy < 0 { yy = 0; fy = 0 } else if yy >= maxY { yy = maxY; fy = 0 }
            let row = pixels + yy * width + x
            let dx = x < maxX ? 1 : 0, dy = yy < maxY ? width : 0
            let top = Self.lerp(row[0], row[dx], fx)
            let bottom = Self.lerp(row[dy], row[dy + dx], fx)
            out[i] = Self.lerp(top, bottom, fy)
            u &+= du
            v &+= dv
        }
    }

    /// Linear interpolation of all four channels, weight f/256 towards q.
    @inline(__always)
    static func lerp(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> UInt32 {
        if f == 0 { return p }
        let g = 256 - f
        let rb = (((p & 0xFF00FF) &* g &+ (q & 0xFF00FF) &* f) >> 8) & 0xFF00FF
        let ag = (((p >> 8) & 0xFF00FF) &* g &+ ((q >> 8) & 0xFF00FF) &* f) & 0xFF00FF00
        return rb | ag
    }
}
