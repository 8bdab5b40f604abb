/// Rasterizes a segment whose width changes along it (a pen's pressure): the convex hull of a
/// disc at each end, a "round cone", into a coverage mask with max(), as the constant-width
/// capsule does. Consecutive segments share their end discs exactly, so a stroke's outline is
/// smooth: no steps where the width changes, no beads at the joints.
///
/// Per pixel: the signed distance to the round cone (the nearer end disc, or the straight
/// flank tangent to both) and the edge's direction there, turned into the pixel's area inside
/// that straight edge by the capsule kernel's `edgeArea`, four pixels at a time.
public enum TaperedCapsuleRasterizer {
    typealias Lanes = SIMD4<Float>
    typealias Values = SIMD4<UInt32>

    /// Adds the round cone from `p0` (width `w0`) to `p1` (width `w1`) and returns the pixels
    /// whose coverage rose. `continuing`: p0's disc was stamped by the previous segment.
    @discardableResult
    /// `opacity0` and `opacity1` scale the coverage at each end (a pen's pressure as opacity).
    public static func add(from p0: Point, width w0: Double, to p1: Point, width w1: Double, continuing: Bool = false,
                           opacity0: Double = 1, opacity1: Double = 1, into mask: CoverageMask) -> PixelRect {
        // As the constant kernel: thin ends keep a one-pixel footprint and fade instead.
        let r0 = max(w0 / 2, 0.5), r1 = max(w1 / 2, 0.5)
        let s0 = min(1, max(w0, 0)) * min(max(opacity0, 0), 1), s1 = min(1, max(w1, 0)) * min(max(opacity1, 0), 1)
        let outer = max(r0, r1) + 0.5 * 2.0.squareRoot()
        let area = PixelRect(covering: Rect(x: min(p0.x, p1.x) - outer, y: min(p0.y, p1.y) - outer,
                                            width: abs(p1.x - p0.x) + 2 * outer, height: abs(p1.y - p0.y) + 2 * outer),
                             width: mask.width, height: mask.height)
        if area.isEmpty { return .empty }
        mask.markTouched(area)
        let cone = Cone(p0: p0, p1: p1, r0: r0, r1: r1, s0: s0, s1: s1)
        // Rows limited to the capsule of the larger radius around the segment (the cone lies
        // inside it), and the middle inside the capsule of the smaller radius filled directly.
        let inner = min(r0, r1) - 0.5 * 2.0.squareRoot()
        let fillsMiddle = inner > 3 && s0 >= 1 && s1 >= 1
        let rows = CapsuleRows(area: area, geometry: area.width > 16 || fillsMiddle ? CapsuleGeometry(p0: p0, p1: p1) : nil,
                               outer: outer, inner: fillsMiddle ? inner : nil,
                               // Behind a continuing segment's start only a widening flank can rise.
                               behindStart: continuing ? cone.startBoundary() : nil)
        var changes = CapsuleKernel.Changes()
        for y in area.y0..<area.y1 {
            guard let (x0, x1, solid0, solid1) = rows.span(ofRow: y) else { continue }
            let row = mask.values + y * mask.width
            // The rim either side of the solid middle (or the whole span), four pixels at a time.
            if solid0 <= solid1 {
                CapsuleRows.fill(row, from: solid0, through: solid1, with: 255, y: y, changes: &changes)
                cone.cover(row: row, rowWidth: mask.width, from: x0, through: solid0 - 1, y: y, changes: &changes)
                cone.cover(row: row, rowWidth: mask.width, from: solid1 + 1, through: x1, y: y, changes: &changes)
            } else {
                cone.cover(row: row, rowWidth: mask.width, from: x0, through: x1, y: y, changes: &changes)
            }
        }
        return changes.rect
    }

    /// What a row adds to every pixel's position in the cone's frame.
    private struct RowTerms {
        let along: Lanes, across: Lanes

        @inline(__always)
        init(cone: Cone, y: Int) {
            let py = Float(Double(y) + 0.5 - cone.originY)
            along = Lanes(repeating: py * cone.uy)
            across = Lanes(repeating: py * cone.ux)
        }
    }

    /// The round cone in its own frame: along the segment (u) and across it (v).
    private struct Cone {
        let originX: Double, originY: Double
        /// The unit direction along the segment and its length.
        let ux: Float, uy: Float, length: Float
        /// 1 / length (0 for a lone disc), so the strength's share along the segment is a multiply.
        let inverseLength: Float
        let r0: Float, r1: Float
        /// The flank's normal in the (across, along) frame: (a, b), a = sqrt(1 - b^2), b = (r0 - r1) / length.
        let a: Float, b: Float
        /// Coverage of a fully covered pixel at each end (255 times the strength).
        let full0: Float, full1: Float

        init(p0: Point, p1: Point, r0: Double, r1: Double, s0: Double, s1: Double) {
            let dx = p1.x - p0.x, dy = p1.y - p0.y
            let d = (dx * dx + dy * dy).squareRoot()
            // One disc inside the other: the larger disc alone (a dot, or a sharp change of width).
            let degenerate = d <= abs(r0 - r1) + 1e-6
            let centre = degenerate && r1 > r0 ? p1 : p0
            originX = centre.x
            originY = centre.y
            length = degenerate ? 0 : Float(d)
            inverseLength = degenerate ? 0 : Float(1 / d)
            ux = d > 0 ? Float(dx / d) : 1
            uy = d > 0 ? Float(dy / d) : 0
            self.r0 = Float(degenerate ? max(r0, r1) : r0)
            self.r1 = Float(degenerate ? max(r0, r1) : r1)
            let slope = degenerate ? 0 : Float((r0 - r1) / d)
            b = slope
            a = (1 - slope * slope).squareRoot()
            full0 = Float(255 * s0)
            full1 = Float(255 * s1)
        }

        /// Where a row's pixels ahead of the start point begin: behind it the previous segment
        /// drew the disc, and a widening flank reaches back at most r0 |b| (plus a pixel's half
        /// diagonal). Nil for a lone disc (nothing is behind).
        func startBoundary() -> StartBoundary? {
            guard length > 0 else { return nil }
            return StartBoundary(originX: originX, originY: originY, ux: Double(ux), uy: Double(uy),
                                 margin: b < 0 ? Double(r0 * b) - 0.75 : 0)
        }

        /// Raises pixels `x0...x1` of row `y` as CapsuleKernel.cover does, the changes kept in
        /// registers for the row. Transparent: the optimizer declines @inline(__always) here.
        @_transparent
        func cover(row: UnsafeMutablePointer<UInt8>, rowWidth: Int, from x0: Int, through x1: Int, y: Int,
                   changes: inout CapsuleKernel.Changes) {
            if x0 > x1 { return }
            let fullGroup = UInt32(0xFFFF_FFFF)
            var rowChanges = CapsuleKernel.RowChanges(changes)
            let across = RowTerms(cone: self, y: y)
            var x = x0
            while x <= x1 {
                let start = rowWidth >= 4 && x > rowWidth - 4 ? rowWidth - 4 : x
                x = start + 4
                let group = row + start
                let columns = SIMD4<Int32>(repeating: Int32(start)) &+ SIMD4<Int32>(0, 1, 2, 3)
                guard start + 4 <= rowWidth else {
                    rowChanges.raiseEach(group, to: coverage(x: start, row: across), columns: columns, through: x1)
                    continue
                }
                let bytes = UnsafeRawPointer(group).loadUnaligned(as: UInt32.self)
                if bytes == fullGroup { continue }
                // Pixels of the group beyond the span get their true coverage too: raising them is right.
                rowChanges.raise(group, bytes: bytes, to: coverage(x: start, row: across), columns: columns)
            }
            rowChanges.finish(row: y, into: &changes)
        }

        /// Coverage (0...255) of pixels x...x+3 of row y. Transparent, as the capsule kernel's:
        /// the optimizer declines to inline it otherwise.
        @_transparent
        func coverage(x: Int, row: RowTerms) -> Values {
            let px = Lanes(repeating: Float(Double(x) + 0.5 - originX)) + Lanes(0, 1, 2, 3)
            // In the cone's frame: along (u) and across (v, folded to v >= 0).
            let along = px * ux + row.along
            let acrossSigned = row.across - px * uy
            let across = CapsuleKernel.magnitude(acrossSigned)
            // Which feature is nearest: k < 0 the start disc, k > a * length the end disc, else the flank.
            let k = along * a - across * b
            let atStart = k .< 0, atEnd = k .> a * length
            let onDisc = atStart .| atEnd
            // The flank: its normal (a, b) in the (across, along) frame, on the pixel's side.
            var normalAcross = CapsuleKernel.copySign(Lanes(repeating: a), acrossSigned), normalAlong = Lanes(repeating: b)
            var distance = across * a + along * b - r0
            // A disc: the distance to its centre, and the radial direction left unnormalised (its
            // length goes to edgeArea, which cancels it: one root and no division here).
            var offsetAlong = along
            offsetAlong.replace(with: along - length, where: atEnd)
            let radial = (offsetAlong * offsetAlong + across * across).squareRoot()
            var discRadius = Lanes(repeating: r0)
            discRadius.replace(with: r1, where: atEnd)
            distance.replace(with: radial - discRadius, where: onDisc)
            normalAcross.replace(with: acrossSigned, where: onDisc)
            normalAlong.replace(with: offsetAlong, where: onDisc)
            var normalLength = Lanes(repeating: 1)
            normalLength.replace(with: CapsuleKernel.larger(radial, Lanes(repeating: 1e-4)), where: onDisc)
            // To pixel axes.
            let nx = normalAlong * ux - normalAcross * uy
            let ny = normalAlong * uy + normalAcross * ux
            let fx = CapsuleKernel.magnitude(nx), fy = CapsuleKernel.magnitude(ny)
            let big = CapsuleKernel.larger(CapsuleKernel.larger(fx, fy), normalLength * 1e-4)
            let small = CapsuleKernel.larger(CapsuleKernel.smaller(fx, fy), normalLength * 1e-7)
            let area = CapsuleKernel.edgeArea(inside: -distance, a: big, b: small, length: normalLength, reciprocal: 1 / (big * small))
            // The strength where the pixel is nearest, between the two ends.
            let t = CapsuleKernel.clampUnit(along * inverseLength)
            let full = Lanes(repeating: full0) + t * (full1 - full0)
            let shifted = CapsuleKernel.clampUnit(area) * full + Lanes(repeating: 8_388_608)
            return unsafeBitCast(shifted, to: Values.self) & Values(repeating: 0x7FFFFF)
        }
    }
}
