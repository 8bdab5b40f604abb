/// 8-bit fixed-point helpers for premultiplied BGRA32 compositing.
/// Inlinable: the canvas's compositor calls them per pixel.
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
}
