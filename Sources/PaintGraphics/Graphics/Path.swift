import Foundation

/// A vector outline: subpaths of lines and quadratic and cubic Bézier curves.
public struct Path: Sendable, Equatable, Codable {
    public enum Element: Sendable, Equatable, Codable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// Where the current subpath started and where the pen is.
    private var subpathStart: Point?
    public private(set) var currentPoint: Point?

    public init() {}

    public var isEmpty: Bool { elements.isEmpty }

    // MARK: - Building

    public mutating func move(to p: Point) {
        elements.append(.move(p))
        subpathStart = p
        currentPoint = p
    }

    public mutating func line(to p: Point) {
        if currentPoint == nil { move(to: p); return }
        elements.append(.line(p))
        currentPoint = p
    }

    public mutating func quadCurve(to p: Point, control c: Point) {
        if currentPoint == nil { move(to: c) }
        elements.append(.quad(c, p))
        currentPoint = p
    }

    public mutating func curve(to p: Point, control1 c1: Point, control2 c2: Point) {
        if currentPoint == nil { move(to: c1) }
        elements.append(.cubic(c1, c2, p))
        currentPoint = p
    }

    public mutating func close() {
        guard currentPoint != nil, elements.last != .close else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// An arc of a circle from startAngle to endAngle (radians; y down, so positive angles turn
    /// clockwise on screen), joined to the current point by a line, as CGPath's addArc.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = false) {
        var sweep = endAngle - startAngle
        // `clockwise` follows UIKit's flipped convention: false sweeps with increasing angle.
        if !clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) + 2 * .pi }
            if endAngle - startAngle >= 2 * .pi { sweep = 2 * .pi }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) - 2 * .pi }
            if startAngle - endAngle >= 2 * .pi { sweep = -2 * .pi }
        }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { line(to: start) }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        // Control-point distance for a circular arc of `step` radians.
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = Point(x: cos(angle), y: sin(angle)), p3 = Point(x: cos(next), y: sin(next))
            let c1 = Point(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
            let c2 = Point(x: p3.x + k * p3.y, y: p3.y - k * p3.x)
            func place(_ p: Point) -> Point { Point(x: center.x + radius * p.x, y: center.y + radius * p.y) }
            curve(to: place(p3), control1: place(c1), control2: place(c2))
            angle = next
        }
    }

    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY))
        line(to: Point(x: r.maxX, y: r.minY))
        line(to: Point(x: r.maxX, y: r.maxY))
        line(to: Point(x: r.minX, y: r.maxY))
        close()
    }

    public mutating func addRoundedRect(_ r: Rect, cornerRadius: Double) {
        let radius = max(0, min(cornerRadius, r.width / 2, r.height / 2))
        if radius == 0 { addRect(r); return }
        move(to: Point(x: r.minX + radius, y: r.minY))
        addArc(center: Point(x: r.maxX - radius, y: r.minY + radius), radius: radius, startAngle: -.pi / 2, endAngle: 0)
        addArc(center: Point(x: r.maxX - radius, y: r.maxY - radius), radius: radius, startAngle: 0, endAngle: .pi / 2)
        addArc(center: Point(x: r.minX + radius, y: r.maxY - radius), radius: radius, startAngle: .pi / 2, endAngle: .pi)
        addArc(center: Point(x: r.minX + radius, y: r.minY + radius), radius: radius, startAngle: .pi, endAngle: 1.5 * .pi)
        close()
    }

    /// An ellipse inscribed in a rectangle, as four cubic curves.
    public mutating func addEllipse(in r: Rect) {
        let k = 0.5522847498307936 // 4/3 (sqrt(2) - 1)
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: Point(x: cx + rx, y: cy))
        curve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry))
        curve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry))
        curve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry))
        curve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry))
        close()
    }

    public mutating func addPolygon(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { line(to: p) }
        close()
    }

    public mutating func addPath(_ other: Path) {
        for element in other.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): line(to: p)
            case .quad(let c, let p): quadCurve(to: p, control: c)
            case .cubic(let c1, let c2, let p): curve(to: p, control1: c1, control2: c2)
            case .close: close()
            }
        }
    }

    public static func rect(_ r: Rect) -> Path { var p = Path(); p.addRect(r); return p }
    public static func ellipse(in r: Rect) -> Path { var p = Path(); p.addEllipse(in: r); return p }
    public static func roundedRect(_ r: Rect, cornerRadius: Double) -> Path {
        var p = Path(); p.addRoundedRect(r, cornerRadius: cornerRadius); return p
    }
    public static func polygon(_ points: [Point]) -> Path { var p = Path(); p.addPolygon(points); return p }
    public static func line(from a: Point, to b: Point) -> Path { var p = Path(); p.move(to: a); p.line(to: b); return p }
    /// An open chain of lines through the points.
    public static func polyline(_ points: [Point]) -> Path {
        var p = Path()
        for (i, point) in points.enumerated() { if i == 0 { p.move(to: point) } else { p.line(to: point) } }
        return p
    }

    // MARK: - Geometry

    /// The box around all points, control points included (a cheap, conservative bound).
    public var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        if minX > maxX { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public static func == (a: Path, b: Path) -> Bool { a.elements == b.elements }
}
