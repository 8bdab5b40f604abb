import CMachine

/// Sampling of a bitmap along a row of destination pixels, in 16.16 fixed point: bilinear, the
/// nearest texel (gesture frames), or a straight copy when pixels land on texels one to one.
package struct ImageSampler {
    package let bitmap: Bitmap
    /// Maps destination pixel centres to source coordinates, texel i spanning [i, i + 1).
    package let inverse: AffineTransform
    /// For an upright picture sampled nearest: the source column of each destination column
    /// from `columnsStart` on, the same for every row (worked out once per draw, not per pixel).
    package var columns: UnsafePointer<Int32>?
    package var columnsStart = 0
    /// Coarse frames: nearest sampling takes one texel per 2x2 block of destination pixels,
    /// the texel under the block's centre, wherever a run starts or ends (a dirty region's edge
    /// cuts through blocks). With `columns`, the table holds each block's column.
    package var inBlocks = false

    /// When destination pixels map one to one onto whole texels (a layer or a bitmap drawn at
    /// its own size on the pixel grid): the source column and row of destination (0, 0).
    package let offset: (x: Int, y: Int)?

    package init(bitmap: Bitmap, inverse: AffineTransform) {
        self.bitmap = bitmap
        self.inverse = inverse
        offset = Self.gridOffset(of: inverse)
    }

    /// Where destination (0, 0) falls among the texels when `inverse` maps pixels one to one
    /// onto whole texels; nil otherwise.
    package static func gridOffset(of inverse: AffineTransform) -> (x: Int, y: Int)? {
        let isUnit = inverse.a == 1 && inverse.d == 1 && isUpright(inverse)
        // Only offsets a picture can be at: one placed 1e20 away (a damaged document's) would
        // trap in the conversion, and is outside the bitmap anyway.
        guard isUnit, isNearPixel(inverse.tx), isNearPixel(inverse.ty) else { return nil }
        return inverse.tx == inverse.tx.rounded() && inverse.ty == inverse.ty.rounded() ? (Int(inverse.tx), Int(inverse.ty)) : nil
    }

    /// Whether destination columns map to source columns independently of the row.
    package static func isUpright(_ inverse: AffineTransform) -> Bool { inverse.b == 0 && inverse.c == 0 }
    package var isUpright: Bool { Self.isUpright(inverse) }

    /// The centre of the 2x2 block (starting at an even index) that pixel `index` lies in, on
    /// one axis: coarse frames sample there.
    @inline(__always)
    package static func blockCentre(_ index: Int) -> Double { Double(index & ~1) + 1 }

    /// Writes the source column of each destination column in `range`, for `columns`: under
    /// the pixel's centre, or with `inBlocks` under the centre of its 2x2 block.
    package func nearestColumns(_ range: Range<Int>, inBlocks: Bool = false, into table: UnsafeMutablePointer<Int32>) {
        let maxX = Double(bitmap.width - 1)
        for (i, x) in range.enumerated() {
            let centre = inBlocks ? Self.blockCentre(x) : Double(x) + 0.5
            table[i] = Int32(min(max((inverse.a * centre + inverse.tx).rounded(.down), 0), maxX))
        }
    }

    /// Fills `count` samples for destination pixels (x0 ..< x0 + count, y): bilinear, or the
    /// nearest texel (a third of the work: for the frames of a gesture).
    @inline(__always)
    package func sampleRow(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>, nearest: Bool) {
        if let offset, copy(y: y + offset.y, x0: x0 + offset.x, count: count, into: out) { return }
        if nearest {
            sampleNearest(y: y, x0: x0, count: count, into: out)
        } else {
            sampleBilinear(y: y, x0: x0, count: count, into: out)
        }
    }

    /// Texels straight from the source row, when the run lies inside the bitmap (any sampling
    /// of a texel centre is the texel itself).
    @inline(__always)
    private func copy(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) -> Bool {
        guard y >= 0, y < bitmap.height, x0 >= 0, x0 + count <= bitmap.width else { return false }
        out.update(from: bitmap.pixels + y * bitmap.width + x0, count: count)
        return true
    }

    private func sampleNearest(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        if inBlocks && columns == nil { return sampleCoarse(y: y, x0: x0, count: count, into: out) }
        // Texel i spans [i, i + 1): the nearest is the one the position falls in.
        let (du, dv) = steps
        var (u, v) = start(y: y, x0: x0, offset: 0, du: du, dv: dv)
        let width = bitmap.width, pixels = bitmap.pixels
        let maxX = width - 1, maxY = bitmap.height - 1
        if let columns {
            if inBlocks { v = Int(((inverse.d * Self.blockCentre(y) + inverse.ty) * 65536).rounded(.down)) }
            let row = pixels + min(max(v >> 16, 0), maxY) * width
            let source = columns + (x0 - columnsStart)
            for i in 0..<count { out[i] = row[Int(source[i])] }
            return
        }
        if dv == 0, v >= 0, v >> 16 <= maxY {
            // Upright rows read one source row.
            let row = pixels + (v >> 16) * width
            for i in 0..<count {
                out[i] = row[min(max(u >> 16, 0), maxX)]
                u &+= du
            }
            return
        }
        for i in 0..<count {
            out[i] = pixels[min(max(v >> 16, 0), maxY) * width + min(max(u >> 16, 0), maxX)]
            u &+= du
            v &+= dv
        }
    }

    /// The nearest texel once per 2x2 block of destination pixels (blocks start at even rows
    /// and columns): the texel under the block's centre, written to each of its pixels in the
    /// run. Gesture frames at 2x: the detail of one point, a quarter of the slanted reads.
    /// Every pixel's value depends on its block alone, so runs cut anywhere (bands, a dirty
    /// region's edge, a copy of the row above) agree.
    private func sampleCoarse(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        let du = Int(inverse.a * 131_072), dv = Int(inverse.b * 131_072)
        // Block 0 of the row, centred on device point (1, 2 * (y / 2) + 1).
        let px = Self.blockCentre(0), py = Self.blockCentre(y)
        var u = Int(((inverse.a * px + inverse.c * py + inverse.tx) * 65536).rounded(.down))
        var v = Int(((inverse.b * px + inverse.d * py + inverse.ty) * 65536).rounded(.down))
        let firstBlock = x0 >> 1
        u &+= firstBlock &* du
        v &+= firstBlock &* dv
        let width = bitmap.width, pixels = bitmap.pixels
        let maxX = width - 1, maxY = bitmap.height - 1
        @inline(__always) func texel(_ u: Int, _ v: Int) -> UnsafeMutablePointer<UInt32> {
            pixels + min(max(v >> 16, 0), maxY) * width + min(max(u >> 16, 0), maxX)
        }
        var i = 0
        if x0 & 1 == 1 {
            out[0] = texel(u, v).pointee
            u &+= du
            v &+= dv
            i = 1
        }
        // A turned row's reads step across source rows, so neither the caches' prefetchers
        // nor the row's own earlier reads bring the next texels in: asking for the texel
        // `prefetchBlocks` ahead overlaps those misses (the 30° 4K frame 4.4 -> 3.5 ms).
        let aheadU = Self.prefetchBlocks &* du, aheadV = Self.prefetchBlocks &* dv
        while i + 1 < count {
            machine_prefetch(texel(u &+ aheadU, v &+ aheadV))
            let value = texel(u, v).pointee
            out[i] = value
            out[i + 1] = value
            u &+= du
            v &+= dv
            i += 2
        }
        if i < count { out[i] = texel(u, v).pointee }
    }

    /// How far ahead along a row, in 2x2 blocks, the coarse sampler asks for its texels
    /// (64 and 128 measured alike; 4-16 no better than none).
    private static let prefetchBlocks = 64

    @inline(__always)
    private func sampleBilinear(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let (du, dv) = steps
        var (u, v) = start(y: y, x0: x0, offset: -0.5, du: du, dv: dv)
        let width = bitmap.width, height = bitmap.height
        let pixels = bitmap.pixels
        let maxX = width - 1, maxY = height - 1
        // Positions move along a line, so a run whose two ends read inside the texels (both
        // neighbours too) reads inside all along: no clamping per pixel (most of a photo's row).
        let lastU = u &+ (count - 1) &* du, lastV = v &+ (count - 1) &* dv
        if count > 0, min(u, lastU) >= 0, max(u, lastU) >> 16 < maxX, min(v, lastV) >= 0, max(v, lastV) >> 16 < maxY {
            for i in 0..<count {
                let row = pixels + (v >> 16) * width + (u >> 16)
                out[i] = Self.bilinear(row, width: width, fx: UInt16((u >> 8) & 0xFF), fy: UInt16((v >> 8) & 0xFF))
                u &+= du
                v &+= dv
            }
            return
        }
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

    /// Source steps per destination pixel along a row, in 16.16.
    private var steps: (Int, Int) { (Int(inverse.a * 65536), Int(inverse.b * 65536)) }

    /// The 16.16 source position of pixel (x0, y), `offset` texels shifted, reached from the
    /// row's pixel 0 in whole steps: a run sampled in pieces gets exactly the pixels of the run
    /// sampled at once, wherever it is cut (tiles, bands, clips).
    @inline(__always)
    private func start(y: Int, x0: Int, offset: Double, du: Int, dv: Int) -> (Int, Int) {
        let px = 0.5, py = Double(y) + 0.5
        let u = Int(((inverse.a * px + inverse.c * py + inverse.tx + offset) * 65536).rounded(.down))
        let v = Int(((inverse.b * px + inverse.d * py + inverse.ty + offset) * 65536).rounded(.down))
        return (u &+ x0 &* du, v &+ x0 &* dv)
    }

    /// The four texels from `row[0]` (two in its row, two in the next) weighted fx/256 right
    /// and fy/256 down: lerp's numbers (across first, then down, each step rounded down), with
    /// the channels of two texels in one vector's 16-bit lanes. A channel's weighted sum is at
    /// most 255 x 256, so it fits. Scalar, it was three lerps, twelve multiplies a pixel.
    @inline(__always)
    static func bilinear(_ row: UnsafePointer<UInt32>, width: Int, fx: UInt16, fy: UInt16) -> UInt32 {
        let top = widen(UnsafeRawPointer(row).loadUnaligned(as: SIMD8<UInt8>.self))
        let bottom = widen(UnsafeRawPointer(row + width).loadUnaligned(as: SIMD8<UInt8>.self))
        let left = SIMD8<UInt16>(lowHalf: top.lowHalf, highHalf: bottom.lowHalf)
        let right = SIMD8<UInt16>(lowHalf: top.highHalf, highHalf: bottom.highHalf)
        let across = (left &* SIMD8(repeating: 256 &- fx) &+ right &* SIMD8(repeating: fx)) &>> 8
        let down = (across.lowHalf &* SIMD4(repeating: 256 &- fy) &+ across.highHalf &* SIMD4(repeating: fy)) &>> 8
        let bytes = SIMD4<UInt8>(UInt8(truncatingIfNeeded: down[0]), UInt8(truncatingIfNeeded: down[1]),
                                 UInt8(truncatingIfNeeded: down[2]), UInt8(truncatingIfNeeded: down[3]))
        return unsafeBitCast(bytes, to: UInt32.self)
    }

    /// Bytes as 16-bit lanes, lane by lane (the standard library's generic conversion can be
    /// left out of line: a call a pixel).
    @inline(__always)
    private static func widen(_ b: SIMD8<UInt8>) -> SIMD8<UInt16> {
        SIMD8(UInt16(b[0]), UInt16(b[1]), UInt16(b[2]), UInt16(b[3]), UInt16(b[4]), UInt16(b[5]), UInt16(b[6]), UInt16(b[7]))
    }

    /// Linear interpolation of all four channels, weight f/256 towards q.
    @inline(__always)
    package static func lerp(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> UInt32 {
        if f == 0 { return p }
        let g = 256 - f
        let rb = (((p & 0xFF00FF) &* g &+ (q & 0xFF00FF) &* f) >> 8) & 0xFF00FF
        let ag = (((p >> 8) & 0xFF00FF) &* g &+ ((q >> 8) & 0xFF00FF) &* f) & 0xFF00FF00
        return rb | ag
    }
}
