/// A solid premultiplied colour scaled by each of the 256 coverage levels, for source-over fills
/// without a clip mask: an edge pixel then costs one scale (the destination's) instead of two,
/// with the very numbers SpanBlender gives (the same PixelMath; scaling by 255 is exact).
/// Kept with a rasterizer (which outlives the contexts made around it) and remade only when the
/// colour changes.
final class ScaledPaint {
    private var source: UInt32 = 0
    private var isMade = false
    private let levels = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)

    deinit { levels.deallocate() }

    /// The table for `source`, made now if the last colour was another.
    func levels(for source: UInt32) -> UnsafePointer<UInt32> {
        if !isMade || source != self.source {
            for coverage in 0..<256 { levels[coverage] = PixelMath.scale(source, by: UInt32(coverage)) }
            self.source = source
            isMade = true
        }
        return UnsafePointer(levels)
    }

    /// Source-over of the colour through per-pixel coverage.
    @inline(__always)
    static func blendOver(_ levels: UnsafePointer<UInt32>, cells: UnsafePointer<UInt8>, count: Int,
                          into destination: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            let coverage = Int(cells[i])
            if coverage != 0 { destination[i] = PixelMath.over(levels[coverage], destination[i]) }
        }
    }
}
