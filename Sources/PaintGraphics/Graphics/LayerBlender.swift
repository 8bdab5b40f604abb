/// Puts a layer's pixels over what is under it with a blend mode and an opacity, by the W3C
/// Compositing and Blending Level 1 formulas on premultiplied BGRA32:
///
///     co = cs (1 - ab) + cb (1 - as) + as ab B(Cb, Cs)        ao = as + ab (1 - as)
///
/// with cs, cb premultiplied and Cs, Cb the colours unpremultiplied. Normal, multiply, screen,
/// darken, lighten, difference and exclusion reduce to premultiplied integer arithmetic (B's
/// as·ab factor cancels the division); the others are computed in Float per pixel.
public enum LayerBlender {
    /// Blends `count` source pixels over `destination`, in place, the source scaled by
    /// `opacity` (0...255). Fully transparent source pixels leave the destination as it is.
    public static func blend(_ source: UnsafePointer<UInt32>, over destination: UnsafeMutablePointer<UInt32>, count: Int,
                             mode: LayerBlendMode, opacity: UInt32 = 255) {
        guard opacity > 0 else { return }
        switch mode {
        case .normal: normalRow(source, destination, count, opacity)
        // Each mode gets a loop of its own with the mode a constant, so the formula's choice is
        // made once a row, not once a pixel (a third of the float modes' time).
        case .multiply: integerRow(source, destination, count, opacity, .multiply)
        case .screen: integerRow(source, destination, count, opacity, .screen)
        case .darken: integerRow(source, destination, count, opacity, .darken)
        case .lighten: integerRow(source, destination, count, opacity, .lighten)
        case .difference: integerRow(source, destination, count, opacity, .difference)
        case .exclusion: integerRow(source, destination, count, opacity, .exclusion)
        case .overlay: floatRow(source, destination, count, opacity, .overlay)
        case .colorDodge: floatRow(source, destination, count, opacity, .colorDodge)
        case .colorBurn: floatRow(source, destination, count, opacity, .colorBurn)
        case .hardLight: floatRow(source, destination, count, opacity, .hardLight)
        case .softLight: floatRow(source, destination, count, opacity, .softLight)
        case .hue: floatRow(source, destination, count, opacity, .hue)
        case .saturation: floatRow(source, destination, count, opacity, .saturation)
        case .color: floatRow(source, destination, count, opacity, .color)
        case .luminosity: floatRow(source, destination, count, opacity, .luminosity)
        }
    }

    /// Normal, four pixels a step in vector lanes (the same numbers as `PixelMath.over` one by
    /// one); four transparent source pixels leave the destination as it is. A layer of strokes
    /// is mostly transparent runs and painted runs, and the test per pixel was mispredicted at
    /// every change between them.
    @inline(__always)
    static func normalRow(_ source: UnsafePointer<UInt32>, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, _ opacity: UInt32) {
        let scale = SIMD4<UInt32>(repeating: opacity)
        var i = 0
        while i + 4 <= count {
            var four = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt32>.self)
            let target = UnsafeMutableRawPointer(destination + i)
            if opacity == 255 && all(four .>= 0xFF00_0000) {
                // Opaque paint replaces what is under it (an opened picture's layer).
                target.storeBytes(of: four, as: SIMD4<UInt32>.self)
            } else if four != .zero {
                if opacity != 255 { four = PixelMath.scale(four, by: scale) }
                target.storeBytes(of: PixelMath.over(four, target.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
            }
            i += 4
        }
        while i < count {
            if source[i] != 0 { destination[i] = PixelMath.over(PixelMath.scale(source[i], by: opacity), destination[i]) }
            i += 1
        }
    }

    @inline(__always)
    static func integerRow(_ source: UnsafePointer<UInt32>, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, _ opacity: UInt32,
                           _ mode: LayerBlendMode) {
        for i in 0..<count where source[i] != 0 {
            destination[i] = integerBlend(opacity == 255 ? source[i] : PixelMath.scale(source[i], by: opacity), destination[i], mode)
        }
    }

    @inline(__always)
    static func floatRow(_ source: UnsafePointer<UInt32>, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, _ opacity: UInt32,
                         _ mode: LayerBlendMode) {
        for i in 0..<count where source[i] != 0 {
            destination[i] = floatBlend(opacity == 255 ? source[i] : PixelMath.scale(source[i], by: opacity), destination[i], mode)
        }
    }

    /// The modes whose as·ab·B term is premultiplied products only.
    @inline(__always)
    static func integerBlend(_ s: UInt32, _ d: UInt32, _ mode: LayerBlendMode) -> UInt32 {
        let sa = s >> 24, da = d >> 24
        if da == 0 { return s }
        let alpha = (255 * (sa + da) - sa * da + 127) / 255
        var out = alpha << 24
        func channel(_ shift: UInt32) -> UInt32 {
            let cs = (s >> shift) & 0xFF, cb = (d >> shift) & 0xFF
            // Each in units of 1/255², rounded once at the end.
            let sum = 255 * (cs + cb)
            let scaled: UInt32
            switch mode {
            // cs(1-ab) + cb(1-as) + cs·cb
            case .multiply: scaled = cs * (255 - da) + cb * (255 - sa) + cs * cb
            // cs + cb - cs·cb
            case .screen: scaled = sum - cs * cb
            // cs + cb - max(cs·ab, cb·as), and min for lighten
            case .darken: scaled = sum - max(cs * da, cb * sa)
            case .lighten: scaled = sum - min(cs * da, cb * sa)
            // cs + cb - 2 min(cs·ab, cb·as)
            case .difference: scaled = sum - 2 * min(cs * da, cb * sa)
            // cs + cb - 2 cs·cb
            default: scaled = sum - 2 * cs * cb
            }
            return min((scaled + 127) / 255, alpha) << shift
        }
        out |= channel(0) | channel(8) | channel(16)
        return out
    }

    @inline(__always)
    static func floatBlend(_ s: UInt32, _ d: UInt32, _ mode: LayerBlendMode) -> UInt32 {
        let sa = Float(s >> 24) / 255, da = Float(d >> 24) / 255
        if da == 0 { return s }
        let premultipliedSource = SIMD3(Float((s >> 16) & 0xFF), Float((s >> 8) & 0xFF), Float(s & 0xFF)) * (1 / 255)
        let premultipliedBackdrop = SIMD3(Float((d >> 16) & 0xFF), Float((d >> 8) & 0xFF), Float(d & 0xFF)) * (1 / 255)
        // Unpremultiplied, and kept within 0...1 (a channel above its alpha is not valid paint).
        let source = pointwiseMin(premultipliedSource * (sa > 0 ? 1 / sa : 0), SIMD3(repeating: 1))
        let backdrop = pointwiseMin(premultipliedBackdrop * (1 / da), SIMD3(repeating: 1))
        let mixed = mode.isSeparable ? separable(backdrop, source, mode) : nonSeparable(backdrop, source, mode)
        let color = premultipliedSource * (1 - da) + premultipliedBackdrop * (1 - sa) + sa * da * mixed
        let alpha = sa + da * (1 - sa)
        let bytes = pointwiseMin(pointwiseMax(color, .zero), SIMD3(repeating: alpha)) * 255 + 0.5
        return UInt32(alpha * 255 + 0.5) << 24 | UInt32(bytes.x) << 16 | UInt32(bytes.y) << 8 | UInt32(bytes.z)
    }

    /// B(Cb, Cs) for the separable modes, the three channels at once (one choice of formula a
    /// pixel, lanes picked with masks where the spec branches).
    @inline(__always)
    static func separable(_ b: SIMD3<Float>, _ s: SIMD3<Float>, _ mode: LayerBlendMode) -> SIMD3<Float> {
        let one = SIMD3<Float>(repeating: 1), zero = SIMD3<Float>()
        switch mode {
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return hardLight(s, b)
        case .darken: return pointwiseMin(b, s)
        case .lighten: return pointwiseMax(b, s)
        case .colorDodge:
            var result = pointwiseMin(one, b / pointwiseMax(one - s, SIMD3(repeating: .leastNormalMagnitude)))
            result.replace(with: one, where: s .>= 1)
            result.replace(with: zero, where: b .== 0)
            return result
        case .colorBurn:
            var result = one - pointwiseMin(one, (one - b) / pointwiseMax(s, SIMD3(repeating: .leastNormalMagnitude)))
            result.replace(with: zero, where: s .<= 0)
            result.replace(with: one, where: b .>= 1)
            return result
        case .hardLight: return hardLight(b, s)
        case .softLight:
            let low = b - (one - 2 * s) * b * (one - b)
            var d = b.squareRoot()
            d.replace(with: ((16 * b - 12) * b + 4) * b, where: b .<= 0.25)
            var result = b + (2 * s - one) * (d - b)
            result.replace(with: low, where: s .<= 0.5)
            return result
        case .difference: return pointwiseMax(b - s, s - b)
        case .exclusion: return b + s - 2 * b * s
        default: return s
        }
    }

    /// HardLight(Cb, Cs): Multiply(Cb, 2Cs) where Cs <= 0.5, else Screen(Cb, 2Cs - 1).
    static func hardLight(_ b: SIMD3<Float>, _ s: SIMD3<Float>) -> SIMD3<Float> {
        let doubled = 2 * s, screenSource = doubled - 1
        var result = b + screenSource - b * screenSource
        result.replace(with: b * doubled, where: s .<= 0.5)
        return result
    }

    // MARK: - The non-separable modes (hue, saturation, color, luminosity)

    static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = c.min(), x = c.max()
        var c = c
        if n < 0 { c = l + (c - l) * l / (l - n) }
        if x > 1 { c = l + (c - l) * (1 - l) / (x - l) }
        return c
    }

    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + (l - lum(c))) }

    static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// The spec's SetSat: the largest channel becomes s, the smallest 0, the middle scaled between.
    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let high = c.max(), low = c.min()
        guard high > low else { return .zero }
        return (c - low) * s / (high - low)
    }

    @inline(__always)
    static func nonSeparable(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>, _ mode: LayerBlendMode) -> SIMD3<Float> {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        default: return setLum(cb, lum(cs))
        }
    }
}
