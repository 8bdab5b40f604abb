/// A solid premultiplied colour scaled by each of the 256 coverage levels, for source-over fills
/// without a clip mask: a translucent colour's edge pixel then costs one scale (the
/// destination's) instead of two, with the very numbers SpanBlender gives (the same PixelMath;
/// scaling by 255 is exact). An opaque colour's edge pixels are mixed in (`PixelMath.mix`), as
/// SpanBlender mixes them, and need no table.
/// Kept with a rasterizer (which outlives the contexts made around it) and remade only when the
/// colour changes.
@usableFromInline
package final class ScaledPaint {
    private var source: UInt32 = 0
    private var isMade = false
    private let levels = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)

    deinit { levels.deallocate() }

    /// The table for `source`, made now if the last colour was another.
    package func levels(for source: UInt32) -> UnsafePointer<UInt32> {
        if !isMade || source != self.source {
            for coverage in 0..<256 { levels[coverage] = PixelMath.scale(source, by: UInt32(coverage)) }
            self.source = source
            isMade = true
        }
        return UnsafePointer(levels)
    }

    /// Source-over of the colour through per-pixel coverage, four pixels a step: four none
    /// covers are skipped, four an opaque colour covers fully are stored, others are blended in
    /// vector lanes (`PixelMath.over` of four, the same numbers). A branch per pixel on its
    /// coverage was mispredicted along an edge's mixed levels.
    @inlinable @inline(__always)
    package static func blendOver(_ levels: UnsafePointer<UInt32>, cells: UnsafePointer<UInt8>, count: Int,
                          into destination: UnsafeMutablePointer<UInt32>) {
        let full = levels[255]
        let opaque = full >> 24 == 255
        var i = 0
        while i + 4 <= count {
            let four = UnsafeRawPointer(cells + i).loadUnaligned(as: UInt32.self)
            let target = UnsafeMutableRawPointer(destination + i)
            if four == 0xFFFF_FFFF && opaque {
                target.storeBytes(of: SIMD4<UInt32>(repeating: full), as: SIMD4<UInt32>.self)
            } else if four != 0 {
                blendOver(levels, source: full, coverage: SIMD4(UInt32(cells[i]), UInt32(cells[i + 1]), UInt32(cells[i + 2]), UInt32(cells[i + 3])),
                          into: target)
            }
            i += 4
        }
        while i < count {
            let coverage = Int(cells[i])
            if coverage != 0 { destination[i] = blendOver(levels, source: full, level: UInt32(coverage), over: destination[i]) }
            i += 1
        }
    }

    /// Source-over of the colour into one pixel at coverage `level` (0...255): an opaque colour
    /// is mixed in by the level (`PixelMath.mix`, as SpanBlender does), a translucent one's
    /// scaled copy laid over. `source` is the colour itself (`levels[255]`).
    @inlinable @inline(__always)
    package static func blendOver(_ levels: UnsafePointer<UInt32>, source: UInt32, level: UInt32, over pixel: UInt32) -> UInt32 {
        source >> 24 == 255 ? PixelMath.mix(source, over: pixel, by: level) : PixelMath.over(levels[Int(level)], pixel)
    }

    /// The same into the four pixels at `target`, each through its own coverage level, in vector
    /// lanes with the one-pixel numbers. The mix needs no table: 1,000 small polygons took
    /// 21.8–22.0 ms where looking up their scaled colour took 22.35–22.5. `source` is passed so
    /// it stays in a register: read from the table, the test cost what the mix saves.
    @inlinable @inline(__always)
    package static func blendOver(_ levels: UnsafePointer<UInt32>, source: UInt32, coverage: SIMD4<UInt32>,
                                  into target: UnsafeMutableRawPointer) {
        if source >> 24 == 255 {
            let mixed = PixelMath.mix(SIMD4(repeating: source), over: target.loadUnaligned(as: SIMD4<UInt32>.self), by: coverage)
            return target.storeBytes(of: mixed, as: SIMD4<UInt32>.self)
        }
        let paint = SIMD4<UInt32>(levels[Int(coverage[0])], levels[Int(coverage[1])], levels[Int(coverage[2])], levels[Int(coverage[3])])
        target.storeBytes(of: PixelMath.over(paint, target.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
    }

    /// The same into the eight pixels at `target`: an opaque colour mixed in sixteen 16-bit
    /// lanes (one pass where the lanes are AVX2's), a translucent one's scaled copies laid over
    /// four at a time.
    @inlinable @inline(__always)
    package static func blendOver(_ levels: UnsafePointer<UInt32>, source: UInt32, coverage: SIMD8<UInt32>,
                                  into target: UnsafeMutableRawPointer) {
        guard source >> 24 == 255 else {
            blendOver(levels, source: source, coverage: coverage.lowHalf, into: target)
            return blendOver(levels, source: source, coverage: coverage.highHalf, into: target + 16)
        }
        let mixed = PixelMath.mix(SIMD8(repeating: source), over: target.loadUnaligned(as: SIMD8<UInt32>.self), by: coverage)
        target.storeBytes(of: mixed, as: SIMD8<UInt32>.self)
    }
}
