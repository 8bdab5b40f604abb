/// Rasterizes a round-capped line segment (a capsule) into a coverage mask, combining with
/// max() so overlapping segments of one stroke never darken each other at the joints.
/// Coverage comes from the distance to the segment (see CapsuleKernel).
///
/// The freehand fast path of the renderer. A continuing segment visits only the pixels ahead
/// of its start (the previous segment's round end already covers the rest); long segments
/// limit each row to the capsule's exact span, and wide strokes fill their fully covered
/// middle directly, so only the anti-aliased rim needs a distance.
public enum CapsuleRasterizer {
    /// Adds the capsule and returns the rectangle of pixels whose coverage rose (what needs
    /// showing again; consecutive segments of a stroke overlap, so it is often much smaller
    /// than the capsule).
    ///
    /// `continuing` says the start point was already stamped by the previous segment of the
    /// same stroke: then pixels behind the start (nearest to it) cannot gain coverage and are
    /// not visited, which halves the work of a freehand segment.
    @discardableResult
    public static func add(from p0: Point, to p1: Point, width: Double, continuing: Bool = false,
                           into mask: CoverageMask) -> PixelRect {
        let radius = max(width, 0) / 2
        // Thin strokes keep a one-pixel footprint and fade with their width instead.
        let footprint = max(radius, 0.5)
        let strength = min(1, width)
        // A pixel is touched up to half its diagonal beyond the edge, and full half a diagonal inside.
        let outer = footprint + 0.5 * 2.0.squareRoot()
        let area = PixelRect(covering: Rect(x: min(p0.x, p1.x) - outer, y: min(p0.y, p1.y) - outer,
                                            width: abs(p1.x - p0.x) + 2 * outer, height: abs(p1.y - p0.y) + 2 * outer),
                             width: mask.width, height: mask.height)
        if area.isEmpty { return .empty }
        mask.markTouched(area)
        let inner = footprint - 0.5 * 2.0.squareRoot()
        let full = UInt8(255 * strength + 0.5)
        let kernel = CapsuleKernel(from: p0, to: p1, radius: footprint, scale: 255 * strength, full: full)
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        // Long or wide capsules: a row's span is much shorter than the bounding box's.
        let rows = CapsuleRows(area: area, geometry: area.width > 16 || inner > 3 ? CapsuleGeometry(p0: p0, p1: p1) : nil,
                               outer: outer, inner: inner > 3 ? inner : nil,
                               behindStart: continuing && (dx != 0 || dy != 0) ? StartBoundary(originX: p0.x, originY: p0.y, ux: dx, uy: dy) : nil)
        if let capsuleRows { return capsuleRows(kernel, rows, full, mask) }
        return cover(rows, by: kernel, full: full, in: mask, for: BaselineCompilation.self)
    }

    /// The rows' loop compiled for a newer processor than the baseline the package is built
    /// for, when this one has its instructions: set once at start, before any stroke
    /// (PaintGraphicsHaswell). Nil, the rows are covered by the code compiled here.
    package nonisolated(unsafe) static var capsuleRows: CapsuleRowsLoop?
    package typealias CapsuleRowsLoop = (CapsuleKernel, CapsuleRows, UInt8, CoverageMask) -> PixelRect

    /// Raises each row's span of the capsule in `mask`, the fully covered middle to `full`, and
    /// returns the rectangle of pixels whose coverage rose. Inlinable, so that a module
    /// compiled for another processor gets a copy of its own (the segment's set-up above, once a
    /// segment, stays here); specialized for that module's `compilation`, so what the optimiser
    /// leaves out of line there has names of its own (see ProcessorKernels).
    @inlinable @inline(__always)
    package static func cover<Compilation: KernelCompilation>(_ rows: CapsuleRows, by kernel: CapsuleKernel, full: UInt8,
                                                              in mask: CoverageMask, for compilation: Compilation.Type) -> PixelRect {
        var changes = CapsuleKernel.Changes()
        for y in rows.area.y0..<rows.area.y1 {
            guard let (x0, x1, solid0, solid1) = rows.span(ofRow: y) else { continue }
            let row = mask.values + y * mask.width
            // The anti-aliased rim: the whole span, or what lies either side of the solid middle.
            if solid0 <= solid1 {
                CapsuleRows.fill(row, from: solid0, through: solid1, with: full, y: y, changes: &changes)
                coverRim(kernel, row: row, rowWidth: mask.width, from: x0, through: solid0 - 1, y: y, changes: &changes, for: compilation)
                coverRim(kernel, row: row, rowWidth: mask.width, from: solid1 + 1, through: x1, y: y, changes: &changes, for: compilation)
            } else {
                coverRim(kernel, row: row, rowWidth: mask.width, from: x0, through: x1, y: y, changes: &changes, for: compilation)
            }
        }
        return changes.rect
    }

    /// Pixels `from...through` of a row, by the kernel's edge model.
    @inlinable @inline(__always)
    static func coverRim<Compilation: KernelCompilation>(_ kernel: CapsuleKernel, row: UnsafeMutablePointer<UInt8>, rowWidth: Int,
                                                         from: Int, through: Int, y: Int, changes: inout CapsuleKernel.Changes,
                                                         for compilation: Compilation.Type) {
        if kernel.isThin {
            kernel.cover(row: row, rowWidth: rowWidth, from: from, through: through, y: y, edges: NearAndFarEdges.self,
                         changes: &changes, for: compilation)
        } else {
            kernel.cover(row: row, rowWidth: rowWidth, from: from, through: through, y: y, edges: NearEdge.self,
                         changes: &changes, for: compilation)
        }
    }
}
