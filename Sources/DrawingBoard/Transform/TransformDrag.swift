import Foundation
import PaintGraphics

/// What a drag on the free transform's frame does, and the corners it makes (Krita's and
/// GIMP's unified transform): a corner scales about the opposite corner, a side about the
/// opposite side, inside moves, outside turns about the pivot; with Ctrl a side skews and a
/// corner moves alone (perspective); the pivot itself can be moved. Each drag works from the
/// corners as they were at the press, so nothing drifts however long it goes on.
enum TransformDrag: Equatable {
    case move
    case rotate
    case pivot
    /// Corner i (top-left, top-right, bottom-right, bottom-left).
    case scaleCorner(Int)
    /// Side i: from corner i to corner i + 1 (top, right, bottom, left).
    case scaleSide(Int)
    case skewSide(Int)
    case distortCorner(Int)

    /// The drag a press at `point` starts (all in the same space as `corners`): a handle
    /// within `reach`, else inside or outside the frame.
    static func at(_ point: Point, corners: [Point], pivot: Point, control: Bool, reach: Double) -> TransformDrag {
        func near(_ p: Point) -> Bool { hypot(p.x - point.x, p.y - point.y) <= reach }
        if let corner = corners.indices.first(where: { near(corners[$0]) }) { return control ? .distortCorner(corner) : .scaleCorner(corner) }
        if let side = corners.indices.first(where: { near(midpoint(corners[$0], corners[($0 + 1) % 4])) }) { return control ? .skewSide(side) : .scaleSide(side) }
        if near(pivot) { return .pivot }
        return contains(corners, point) ? .move : .rotate
    }

    /// The corners after the pointer went from `start` to `point`. Nil when the drag would fold
    /// the frame (a bow tie, three corners on a line): the frame stays as it was.
    func corners(from corners: [Point], pivot: Point, start: Point, to point: Point, keepAspect: Bool, snapAngle: Bool) -> [Point]? {
        let delta = Point(x: point.x - start.x, y: point.y - start.y)
        var result: [Point]
        switch self {
        case .move:
            result = corners.map { Point(x: $0.x + delta.x, y: $0.y + delta.y) }
        case .pivot:
            return corners
        case .rotate:
            var angle = atan2(point.y - pivot.y, point.x - pivot.x) - atan2(start.y - pivot.y, start.x - pivot.x)
            if snapAngle { angle = (angle / (.pi / 12)).rounded() * (.pi / 12) }
            let c = cos(angle), s = sin(angle)
            result = corners.map { p in
                let x = p.x - pivot.x, y = p.y - pivot.y
                return Point(x: pivot.x + x * c - y * s, y: pivot.y + x * s + y * c)
            }
        case .distortCorner(let i):
            result = corners
            result[i] = Point(x: corners[i].x + delta.x, y: corners[i].y + delta.y)
        case .skewSide(let i):
            let a = corners[i], b = corners[(i + 1) % 4]
            let length = hypot(b.x - a.x, b.y - a.y)
            guard length > 1e-9 else { return nil }
            let along = (delta.x * (b.x - a.x) + delta.y * (b.y - a.y)) / length
            let shift = Point(x: (b.x - a.x) / length * along, y: (b.y - a.y) / length * along)
            result = corners
            for j in [i, (i + 1) % 4] { result[j] = Point(x: corners[j].x + shift.x, y: corners[j].y + shift.y) }
        case .scaleCorner(let i):
            let anchor = corners[(i + 2) % 4]
            result = Self.scaled(corners, about: anchor, handle: corners[i], to: point.offset(by: corners[i], minus: start), axes: .both, keepAspect: keepAspect)
        case .scaleSide(let i):
            let opposite = Self.midpoint(corners[(i + 2) % 4], corners[(i + 3) % 4])
            let handle = Self.midpoint(corners[i], corners[(i + 1) % 4])
            result = Self.scaled(corners, about: opposite, handle: handle, to: point.offset(by: handle, minus: start),
                                 axes: i % 2 == 0 ? .down : .across, keepAspect: false)
        }
        return FreeTransform.isConvex(result) ? result : nil
    }

    private enum Axes { case across, down, both }

    /// The corners scaled along the frame's own axes (its top and left sides) about `anchor`,
    /// so that `handle` lands on `target` (along the axes asked for).
    private static func scaled(_ corners: [Point], about anchor: Point, handle: Point, to target: Point, axes: Axes, keepAspect: Bool) -> [Point] {
        let u = Point(x: corners[1].x - corners[0].x, y: corners[1].y - corners[0].y)
        let v = Point(x: corners[3].x - corners[0].x, y: corners[3].y - corners[0].y)
        let determinant = u.x * v.y - u.y * v.x
        guard abs(determinant) > 1e-9 else { return corners }
        // Coordinates along u and v.
        func local(_ p: Point) -> Point {
            let x = p.x - anchor.x, y = p.y - anchor.y
            return Point(x: (x * v.y - y * v.x) / determinant, y: (u.x * y - u.y * x) / determinant)
        }
        let from = local(handle), to = local(target)
        var fx = axes == .down || abs(from.x) < 1e-9 ? 1 : to.x / from.x
        var fy = axes == .across || abs(from.y) < 1e-9 ? 1 : to.y / from.y
        if keepAspect {
            let f = (to.x * from.x + to.y * from.y) / max(from.x * from.x + from.y * from.y, 1e-12)
            (fx, fy) = (f, f)
        }
        // A frame no thinner than a hundredth of what it was: a collapse cannot be dragged back.
        guard abs(fx) >= 0.01, abs(fy) >= 0.01 else { return corners }
        return corners.map { p in
            let l = local(p)
            let x = l.x * fx, y = l.y * fy
            return Point(x: anchor.x + x * u.x + y * v.x, y: anchor.y + x * u.y + y * v.y)
        }
    }

    static func midpoint(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

    /// Whether a point lies inside the (convex) frame.
    static func contains(_ corners: [Point], _ point: Point) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) && cross != 0 { return false }
        }
        return true
    }
}

private extension Point {
    /// This point moved by `to − from`: where a handle goes when the pointer that grabbed it moves.
    func offset(by handle: Point, minus start: Point) -> Point { Point(x: handle.x + x - start.x, y: handle.y + y - start.y) }
}
