/// floor and ceil to Int without a libm call: on the x86-64 baseline `rounded(.down)` is a
/// function call, and the rasterizers round several times per row.
@inline(__always)
@inlinable package func floorToInt(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) > x ? t - 1 : t
}

@inline(__always)
@inlinable package func ceilToInt(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) < x ? t + 1 : t
}

/// Whether a pixel position can be converted to Int and still mean a place in a picture: a
/// billion pixels is past any bitmap, far inside Int's range. Only damaged or crafted numbers
/// lie beyond (a figure at 1e20 trapped in the conversion); NaN is not near either.
@inline(__always)
@inlinable package func isNearPixel(_ x: Double) -> Bool { abs(x) <= 1e9 }
