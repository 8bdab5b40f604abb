/// An anti-aliased glyph image and its placement relative to the pen on the baseline.
struct Glyph {
    let width: Int
    let rows: Int
    let left: Int
    let top: Int
    let advance: Double
    let coverage: [UInt8]
}
