import Foundation
import PaintGraphics

/// The transform's frame as the numbers its fields show (document pixels and degrees): the
/// centre, the width along the top side, the height across it, the top side's angle and how
/// far the left side leans from square. A frame put in perspective is read through its top and
/// left sides; typing a number makes it a parallelogram again, as Krita's fields do.
struct TransformFields: Equatable {
    var centerX: Double
    var centerY: Double
    var width: Double
    var height: Double
    var angle: Double
    var skew: Double

    init(centerX: Double, centerY: Double, width: Double, height: Double, angle: Double, skew: Double) {
        (self.centerX, self.centerY, self.width, self.height, self.angle, self.skew) = (centerX, centerY, width, height, angle, skew)
    }

    init(corners c: [Point]) {
        centerX = c.map(\.x).reduce(0, +) / 4
        centerY = c.map(\.y).reduce(0, +) / 4
        let u = Point(x: c[1].x - c[0].x, y: c[1].y - c[0].y), v = Point(x: c[3].x - c[0].x, y: c[3].y - c[0].y)
        width = hypot(u.x, u.y)
        let a = atan2(u.y, u.x)
        angle = a * 180 / .pi
        // v in the frame turned by the angle: across the top side, and along it.
        let along = v.x * cos(a) + v.y * sin(a), across = -v.x * sin(a) + v.y * cos(a)
        height = across
        skew = abs(across) > 1e-9 ? atan(along / across) * 180 / .pi : 0
    }

    var corners: [Point] {
        let a = angle * .pi / 180, k = tan(skew * .pi / 180)
        let u = Point(x: width * cos(a), y: width * sin(a))
        let v = Point(x: -height * sin(a) + height * k * cos(a), y: height * cos(a) + height * k * sin(a))
        let p0 = Point(x: centerX - (u.x + v.x) / 2, y: centerY - (u.y + v.y) / 2)
        return [p0, Point(x: p0.x + u.x, y: p0.y + u.y), Point(x: p0.x + u.x + v.x, y: p0.y + u.y + v.y), Point(x: p0.x + v.x, y: p0.y + v.y)]
    }
}
