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

    /// What a row adds to every pixel's projections onto the segment.
    private struct RowTerms {
        let py: Lanes, pyDy: Lanes, pyDx: Lanes

        @inline(__always)
        init(cone: Cone, y: Int) {
            let offset = Float(Double(y) + 0.5 - cone.originY)
            py = Lanes(repeating: offset)
            pyDy = Lanes(repeating: offset * cone.dy)
            pyDx = Lanes(repeating: offset * cone.dx)
        }
    }

    /// The round cone as the discs centred along the segment whose radius goes linearly from
    /// r0 to r1 (their union is the hull of the end discs while neither holds the other).
    ///
    /// A pixel's nearest disc is the capsule kernel's nearest point moved back by the flank's
    /// slope: in the segment's frame, a point at (along u, across v) is nearest the disc at
    /// s = u - v b / a, clamped to the segment (b = (r0 - r1) / length, a = sqrt(1 - b^2)),
    /// where the line from the disc's centre to the point meets the flank at a right angle.
    /// Its centre, radius and the direction to the pixel then go to the capsule kernel's
    /// exact edge area: the same per-pixel work as a constant width, plus a cross product.
    private struct Cone {
        let originX: Double, originY: Double
        /// The segment's vector and 1 / its squared length (0 for a lone disc).
        let dx: Float, dy: Float, inverseLengthSquared: Float
        /// How far along the nearest disc lies behind the pixel's projection, per unit across: b / a.
        let slant: Float
        let length: Float
        let r0: Float, r1: Float
        /// The flank's slope: b = (r0 - r1) / length.
        let b: Float
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
            self.dx = degenerate ? 0 : Float(dx)
            self.dy = degenerate ? 0 : Float(dy)
            inverseLengthSquared = degenerate ? 0 : Float(1 / (d * d))
            self.r0 = Float(degenerate ? max(r0, r1) : r0)
            self.r1 = Float(degenerate ? max(r0, r1) : r1)
            let slope = degenerate ? 0 : (r0 - r1) / d
            b = Float(slope)
            slant = Float(slope / (1 - slope * slope).squareRoot())
            full0 = Float(255 * s0)
            full1 = Float(255 * s1)
        }

        /// Where a row's pixels ahead of the start point begin: behind it the previous segment
        /// drew the disc, and a widening flank reaches back at most r0 |b| (plus a pixel's half
        /// diagonal). Nil for a lone disc (nothing is behind).
        func startBoundary() -> StartBoundary? {
            guard length > 0 else { return nil }
            return StartBoundary(originX: originX, originY: originY, ux: Double(dx / length), uy: Double(dy / length),
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
            let terms = RowTerms(cone: self, y: y)
            var x = x0
            while x <= x1 {
                let start = rowWidth >= 4 && x > rowWidth - 4 ? rowWidth - 4 : x
                x = start + 4
                let group = row + start
                let columns = SIMD4<Int32>(repeating: Int32(start)) &+ SIMD4<Int32>(0, 1, 2, 3)
                guard start + 4 <= rowWidth else {
                    rowChanges.raiseEach(group, to: coverage(x: start, row: terms), columns: columns, through: x1)
                    continue
                }
                let bytes = UnsafeRawPointer(group).loadUnaligned(as: UInt32.self)
                if bytes == fullGroup { continue }
                // Pixels of the group beyond the span get their true coverage too: raising them is right.
                rowChanges.raise(group, bytes: bytes, to: coverage(x: start, row: terms), columns: columns)
            }
            rowChanges.finish(row: y, into: &changes)
        }

        /// Coverage (0...255) of pixels x...x+3 of row y. Transparent, as the capsule kernel's:
        /// the optimizer declines to inline it otherwise.
        @_transparent
        func coverage(x: Int, row: RowTerms) -> Values {
            let px = Lanes(repeating: Float(Double(x) + 0.5 - originX)) + Lanes(0, 1, 2, 3)
            // The nearest disc's place along the segment (0...1): the projection, moved back by
            // the distance across times the slant.
            let projection = px * dx + row.pyDy
            let across = CapsuleKernel.magnitude(px * dy - row.pyDx)
            let t = CapsuleKernel.clampUnit((projection - across * slant) * inverseLengthSquared)
            // From that disc's centre to the pixel: the distance and the edge's direction.
            let ex = CapsuleKernel.magnitude(px - t * dx), ey = CapsuleKernel.magnitude(row.py - t * dy)
            let distance = (ex * ex + ey * ey).squareRoot()
            let radius = Lanes(repeating: r0) + t * (r1 - r0)
            let length = CapsuleKernel.larger(distance, Lanes(repeating: 1e-4))
            let big = CapsuleKernel.larger(CapsuleKernel.larger(ex, ey), Lanes(repeating: 1e-4))
            let small = CapsuleKernel.larger(CapsuleKernel.smaller(ex, ey), Lanes(repeating: 1e-7))
            let area = CapsuleKernel.edgeArea(inside: radius - distance, a: big, b: small, length: length, reciprocal: 1 / (big * small))
            // The strength of that disc, between the two ends.
            let full = Lanes(repeating: full0) + t * (full1 - full0)
            let shifted = CapsuleKernel.clampUnit(area) * full + Lanes(repeating: 8_388_608)
            return unsafeBitCast(shifted, to: Values.self) & Values(repeating: 0x7FFFFF)
        }
    }
}
