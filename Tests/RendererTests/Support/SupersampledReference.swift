import DrawingBoard
@testable import PaintGraphics

/// The ground truth for golden tests: each pixel's coverage measured by 16 x 16 point samples
/// of an exact inside test, independent of the renderer under test.
enum SupersampledReference {
    static let grid = 16

    /// Coverage (0...1) of a region given by an inside predicate on sample points.
    static func coverage(width: Int, height: Int, inside: (Double, Double) -> Bool) -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        let step = 1.0 / Double(grid)
        for y in 0..<height {
            for x in 0..<width {
                var count = 0
                for sy in 0..<grid {
                    let py = Double(y) + (Double(sy) + 0.5) * step
                    for sx in 0..<grid where inside(Double(x) + (Double(sx) + 0.5) * step, py) { count += 1 }
                }
                result[y * width + x] = Double(count) / Double(grid * grid)
            }
        }
        return result
    }

    /// Coverage of polygons under a fill rule, by exact crossing counts on each sample row.
    static func coverage(width: Int, height: Int, polygons: [[Point]], rule: FillRule) -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        let step = 1.0 / Double(grid)
        let weight = 1.0 / Double(grid * grid)
        for y in 0..<height {
            for sy in 0..<grid {
                let py = Double(y) + (Double(sy) + 0.5) * step
                var crossings: [(x: Double, winding: Int)] = []
                for polygon in polygons {
                    for i in polygon.indices {
                        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                        if (a.y <= py && b.y > py) || (b.y <= py && a.y > py) {
                            let x = a.x + (py - a.y) / (b.y - a.y) * (b.x - a.x)
                            crossings.append((x, b.y > a.y ? 1 : -1))
                        }
                    }
                }
                crossings.sort { $0.x < $1.x }
                for sx in 0..<(width * grid) {
                    let px = (Double(sx) + 0.5) * step
                    var winding = 0
                    for crossing in crossings where crossing.x < px { winding += crossing.winding }
                    let inside = rule == .nonZero ? winding != 0 : winding % 2 != 0
                    if inside { result[y * width + sx / grid] += weight }
                }
            }
        }
        return result
    }

    /// The expected image: a colour at the measured coverage over a background.
    static func image(coverage: [Double], width: Int, height: Int, color: Color, background: Color = .white) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height, color: background)
        for i in 0..<(width * height) {
            let c = coverage[i] * color.alpha
            let b = background
            let mixed = Color(red: color.red * c + b.red * (1 - c), green: color.green * c + b.green * (1 - c),
                              blue: color.blue * c + b.blue * (1 - c), alpha: 1)
            bitmap.pixels[i] = mixed.premultipliedPixel
        }
        return bitmap
    }

    /// Distance from a point to a segment.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared)) : 0
        return p.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }

    /// Whether a point is inside a convex polygon (either orientation).
    static func insideConvex(_ p: Point, _ polygon: [Point]) -> Bool {
        var sign = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross != 0 {
                if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
            }
        }
        return true
    }

    /// The rectangle a butt-capped segment covers, optionally extended at both ends.
    static func segmentRectangle(_ a: Point, _ b: Point, halfWidth r: Double, extend: Double = 0) -> [Point] {
        let length = a.distance(to: b)
        let d = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
        let n = Point(x: -d.y * r, y: d.x * r)
        let a2 = a - d * extend, b2 = b + d * extend
        return [a2 + n, b2 + n, b2 - n, a2 - n]
    }
}
