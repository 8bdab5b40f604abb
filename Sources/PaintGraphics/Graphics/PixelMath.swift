/// 8-bit fixed-point helpers for premultiplied BGRA32 compositing.
/// Inlinable: the canvas's compositor calls them per pixel.
@usableFromInline
package enum PixelMath {
    /// a * b / 255, rounded, for a, b in 0...255.
    @inlinable @inline(__always)
    package static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }

    /// Scales all four channels of a premultiplied pixel by k / 255.
    @inlinable @inline(__always)
    package static func scale(_ p: UInt32, by k: UInt32) -> UInt32 {
        // Two channels at a time in 16-bit lanes.
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over of premultiplied pixels: src + dst * (1 - srcAlpha).
    @inlinable @inline(__always)
    package static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let inverseAlpha = 255 - (src >> 24)
        if inverseAlpha == 0 { return src }
        if inverseAlpha == 255 { return dst }
        return src &+ scale(dst, by: inverseAlpha)
    }

    /// Source-over of four premultiplied pixels at once: exactly `over` for each, its shortcuts
    /// included (scaling by 0 gives 0, by 255 the pixel itself). Two channels a pixel are
    /// scaled at a time in 16-bit lanes, as `scale` does, with SSE2's 16-bit multiply.
    @inlinable @inline(__always)
    package static func over(_ src: SIMD4<UInt32>, _ dst: SIMD4<UInt32>) -> SIMD4<UInt32> {
        src &+ scale(dst, by: 255 &- (src &>> 24))
    }

    /// Four pixels each scaled by its own k / 255 (0...255): exactly `scale` for each.
    @inlinable @inline(__always)
    package static func scale(_ p: SIMD4<UInt32>, by k: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let factor = unsafeBitCast(k | (k &<< 16), to: SIMD8<UInt16>.self)
        var rb = unsafeBitCast(p & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* factor &+ 0x80
        rb = (rb &+ (rb &>> 8)) &>> 8
        var ag = unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* factor &+ 0x80
        ag = (ag &+ (ag &>> 8)) & 0xFF00
        return unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(ag, to: SIMD4<UInt32>.self)
    }

    /// `dst` moved toward `src` by k / 255 (0...255): (src * k + dst * (255 - k)) / 255 per
    /// channel, rounded once. The `copy` blend at coverage k, and source-over of an opaque colour
    /// at coverage k (whose scaled copy's alpha is k itself). Both products of a channel fit one
    /// 16-bit lane together (255 * 255 at most), so this is a single scaling, where `over` of the
    /// colour's scaled copy rounded twice and, four pixels at a time, had the copy looked up
    /// per pixel.
    @inlinable @inline(__always)
    package static func mix(_ src: UInt32, over dst: UInt32, by k: UInt32) -> UInt32 {
        let away = 255 - k
        var rb = (dst & 0x00FF_00FF) &* away &+ (src & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((dst >> 8) & 0x00FF_00FF) &* away &+ ((src >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// `mix` of four pixels, each by its own k, in 16-bit lanes: exactly `mix` for each.
    @inlinable @inline(__always)
    package static func mix(_ src: SIMD4<UInt32>, over dst: SIMD4<UInt32>, by k: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let toward = unsafeBitCast(k | (k &<< 16), to: SIMD8<UInt16>.self)
        let away = 255 &- toward
        var rb = unsafeBitCast(dst & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* away
            &+ unsafeBitCast(src & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* toward &+ 0x80
        rb = (rb &+ (rb &>> 8)) &>> 8
        var ag = unsafeBitCast((dst &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* away
            &+ unsafeBitCast((src &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* toward &+ 0x80
        ag = (ag &+ (ag &>> 8)) & 0xFF00
        return unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(ag, to: SIMD4<UInt32>.self)
    }

    /// `mix` of eight pixels, each by its own k: exactly `mix` for each. One pass of AVX2's
    /// sixteen 16-bit lanes where the processor has them.
    @inlinable @inline(__always)
    package static func mix(_ src: SIMD8<UInt32>, over dst: SIMD8<UInt32>, by k: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let toward = unsafeBitCast(k | (k &<< 16), to: SIMD16<UInt16>.self)
        let away = 255 &- toward
        var rb = unsafeBitCast(dst & 0x00FF_00FF, to: SIMD16<UInt16>.self) &* away
            &+ unsafeBitCast(src & 0x00FF_00FF, to: SIMD16<UInt16>.self) &* toward &+ 0x80
        rb = (rb &+ (rb &>> 8)) &>> 8
        var ag = unsafeBitCast((dst &>> 8) & 0x00FF_00FF, to: SIMD16<UInt16>.self) &* away
            &+ unsafeBitCast((src &>> 8) & 0x00FF_00FF, to: SIMD16<UInt16>.self) &* toward &+ 0x80
        ag = (ag &+ (ag &>> 8)) & 0xFF00
        return unsafeBitCast(rb, to: SIMD8<UInt32>.self) | unsafeBitCast(ag, to: SIMD8<UInt32>.self)
    }
}
