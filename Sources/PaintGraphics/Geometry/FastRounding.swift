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
