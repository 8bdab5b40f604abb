/// Blends a row of paint into a row of pixels through a coverage row, with a blend mode.
/// The hot loop of every fill, stroke, glyph and image.
package enum SpanBlender {
    /// Solid paint over a span given as the rasterizer reports it: per-pixel cells, or one
    /// constant coverage for an interior run (an opaque run is a plain fill).
    @inline(__always)
    package static func blend(solid source: UInt32, mode: BlendMode, cells: UnsafePointer<UInt8>?, constant: UInt8,
                      clip: UnsafePointer<UInt8>?, count: Int, into destination: UnsafeMutablePointer<UInt32>) {
        if let cells {
            blend(solid: source, mode: mode, coverage: cells, clip: clip, count: count, into: destination)
            return
        }
        let c = UInt32(constant)
        if clip == nil {
            if c == 255 && (mode == .copy || (mode == .sourceOver && source >> 24 == 255)) {
                PixelRun.fill(destination, with: source, count: count)
                return
            }
            if c == 255 && mode == .clear {
                destination.update(repeating: 0, count: count)
                return
            }
            let sourceAlpha = source >> 24
            for i in 0..<count { destination[i] = apply(mode, source: source, sourceAlpha: sourceAlpha, coverage: c, over: destination[i]) }
            return
        }
        let sourceAlpha = source >> 24
        for i in 0..<count {
            let k = PixelMath.mul255(c, UInt32(clip![i]))
            if k != 0 { destination[i] = apply(mode, source: source, sourceAlpha: sourceAlpha, coverage: k, over: destination[i]) }
        }
    }

    /// Varying paint with per-pixel cells or a constant coverage.
    @inline(__always)
    package static func blend(sources: UnsafePointer<UInt32>, mode: BlendMode, cells: UnsafePointer<UInt8>?, constant: UInt8,
                      clip: UnsafePointer<UInt8>?, count: Int, into destination: UnsafeMutablePointer<UInt32>) {
        if let cells {
            blend(sources: sources, mode: mode, coverage: cells, clip: clip, count: count, into: destination)
            return
        }
        let c = UInt32(constant)
        for i in 0..<count {
            let k = clip.map { PixelMath.mul255(c, UInt32($0[i])) } ?? c
            if k == 0 { continue }
            let source = sources[i]
            destination[i] = apply(mode, source: source, sourceAlpha: source >> 24, coverage: k, over: destination[i])
        }
    }

    /// Solid paint: one premultiplied source pixel for the whole span.
    @inline(__always)
    package static func blend(solid source: UInt32, mode: BlendMode, coverage: UnsafePointer<UInt8>,
                      clip: UnsafePointer<UInt8>?, count: Int, into destination: UnsafeMutablePointer<UInt32>) {
        let sourceAlpha = source >> 24
        for i in 0..<count {
            var c = UInt32(coverage[i])
            if let clip { c = PixelMath.mul255(c, UInt32(clip[i])) }
            if c == 0 { continue }
            destination[i] = apply(mode, source: source, sourceAlpha: sourceAlpha, coverage: c, over: destination[i])
        }
    }

    /// Varying paint (an image): one source pixel per destination pixel.
    @inline(__always)
    package static func blend(sources: UnsafePointer<UInt32>, mode: BlendMode, coverage: UnsafePointer<UInt8>,
                      clip: UnsafePointer<UInt8>?, count: Int, into destination: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            var c = UInt32(coverage[i])
            if let clip { c = PixelMath.mul255(c, UInt32(clip[i])) }
            if c == 0 { continue }
            let source = sources[i]
            destination[i] = apply(mode, source: source, sourceAlpha: source >> 24, coverage: c, over: destination[i])
        }
    }

    @inlinable @inline(__always)
    package static func apply(_ mode: BlendMode, source: UInt32, sourceAlpha: UInt32, coverage c: UInt32, over d: UInt32) -> UInt32 {
        switch mode {
        case .sourceOver:
            if c == 255 {
                return sourceAlpha == 255 ? source : PixelMath.over(source, d)
            }
            return sourceAlpha == 255 ? PixelMath.mix(source, over: d, by: c) : PixelMath.over(PixelMath.scale(source, by: c), d)
        case .copy:
            if c == 255 { return source }
            return PixelMath.mix(source, over: d, by: c)
        case .clear:
            return c == 255 ? 0 : PixelMath.scale(d, by: 255 - c)
        case .destinationOut:
            return PixelMath.scale(d, by: 255 - PixelMath.mul255(sourceAlpha, c))
        }
    }
}
