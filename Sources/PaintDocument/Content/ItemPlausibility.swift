import PaintGraphics

/// Whether an item holds numbers the app's own tools can make. The journal is checked with a
/// CRC, so its records are what was written; a record written by something else (a crafted
/// file, a future peer over the network) can still say anything JSON can. Replaying a stroke
/// 1e20 pixels wide, a spray dab of Int.max dots or a blur of radius 1e20 stopped the app or
/// never ended (FarAwayItemsTests); such a record is damage, skipped and said like a torn one.
/// The limits are far beyond what the tools give (brushes up to 100, effects up to 500, a
/// document 16384 pixels a side), so nothing a person made is ever refused.
extension Document.Item {
    public var isPlausible: Bool {
        switch self {
        case .stroke(let stroke): return Plausible.stroke(stroke)
        case .shape(let shape):
            let style = shape.style
            return Plausible.path(shape.path) && Plausible.size(style.width) && style.miterLimit.isFinite
                && Plausible.coordinate(style.dashPhase) && style.dashes.allSatisfy(Plausible.size) && (shape.symmetry?.isPlausible ?? true)
        case .clear, .background, .layer, .turnImage: return true
        case .canvasSize(let change): return change.isPlausible
        case .resizeImage(let resize): return resize.isPlausible
        case .rotateImage(let rotation): return rotation.isPlausible
        case .fill(let fill): return Plausible.point(fill.seed) && fill.tolerance.isFinite
        case .photo(let placed): return Plausible.placement(placed)
        case .text(let text): return Plausible.point(text.origin) && Plausible.size(text.size)
        case .clearArea(let area): return Plausible.area(area)
        case .mirror(_, let area): return area.map(Plausible.area) ?? true
        case .transform(let transform, let area): return transform.isPlausible && (area.map(Plausible.area) ?? true)
        case .retouch(let retouch): return retouch.isPlausible
        case .adjust(let adjustment, let area): return Plausible.adjustment(adjustment) && (area.map(Plausible.area) ?? true)
        case .spray(let spray):
            return spray.dabs.count == spray.dots.count && spray.dabs.allSatisfy(Plausible.point)
                && spray.dots.allSatisfy { (0...Plausible.mostDotsADab).contains($0) }
                && spray.dots.reduce(0, +) <= Plausible.mostDots && Plausible.size(spray.radius) && (spray.symmetry?.isPlausible ?? true)
        case .gradient(let gradient, let area):
            return Plausible.point(gradient.start) && Plausible.point(gradient.end) && gradient.stops.allSatisfy { $0.offset.isFinite }
                && (area.map(Plausible.area) ?? true)
        case .brushStroke(let stroke):
            return stroke.events.count <= Plausible.mostBrushEvents && stroke.settings.utf8.count <= Plausible.longestBrushSettings
                && stroke.events.allSatisfy { Plausible.point(Point(x: $0.x, y: $0.y)) && $0.numbers.allSatisfy { $0.isFinite && abs($0) <= Plausible.farthest } }
                && (stroke.radius.map(Plausible.size) ?? true) && stroke.opacity.isFinite && stroke.hardness.isFinite
                && (stroke.symmetry?.isPlausible ?? true)
        case .onLayer(_, let item): return item.isPlausible
        }
    }
}

extension DocumentFormat {
    /// A size the app can make: New, Image Size, Open and the window all stop at 16384 a side
    /// (a record of a billion would allocate its layer and fail).
    public var isPlausible: Bool {
        (1...Self.maximumSide).contains(pixelWidth) && (1...Self.maximumSide).contains(pixelHeight)
            && pixelScale.isFinite && pixelScale <= 16
    }
}

/// The limits, in document units (a document is at most 16384 pixels a side, at scales of a
/// quarter and up; a stroke dragged off the canvas at the smallest zoom stays within a few
/// hundred thousand).
private enum Plausible {
    static let farthest = 1e7
    static let largest = 1e4
    /// A dab at full pressure of the widest spray is a few thousand dots; a minute of spraying
    /// a few million.
    static let mostDotsADab = 10_000
    static let mostDots = 50_000_000
    /// Ten minutes of a pen at a thousand events a second; a .myb file is a few kilobytes.
    static let mostBrushEvents = 600_000
    static let longestBrushSettings = 1 << 20

    static func coordinate(_ value: Double) -> Bool { abs(value) <= farthest } // NaN fails
    static func point(_ p: Point) -> Bool { coordinate(p.x) && coordinate(p.y) }
    static func size(_ value: Double) -> Bool { value >= 0 && value <= largest }
    static func rect(_ r: Rect) -> Bool { point(r.origin) && coordinate(r.size.width) && coordinate(r.size.height) }

    static func stroke(_ stroke: Stroke) -> Bool {
        stroke.points.allSatisfy(point) && size(stroke.width) && (stroke.widths ?? []).allSatisfy(size)
            && (stroke.opacities ?? []).allSatisfy(\.isFinite) && (stroke.symmetry?.isPlausible ?? true)
    }

    static func path(_ path: Path) -> Bool {
        path.elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): point(p)
            case .quad(let c, let p): point(c) && point(p)
            case .cubic(let c1, let c2, let p): point(c1) && point(c2) && point(p)
            case .close: true
            }
        }
    }

    static func area(_ area: SelectionArea) -> Bool { rect(area.bounds) && (area.outline ?? []).allSatisfy(point) }

    /// A placement may be anything finite: the photo tool does not limit a pinch, so a picture
    /// can be scaled and moved as far as a person likes, and the renderer draws any of them.
    static func placement(_ placed: PlacedPhoto) -> Bool {
        let m = placed.placement
        return [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite)
            && (placed.crop.map(rect) ?? true) && (placed.circleFrame.map { size($0.width) } ?? true)
    }

    static func adjustment(_ adjustment: PixelAdjustment) -> Bool {
        switch adjustment {
        case .invert, .blackAndWhite, .sepia, .posterize, .brightnessContrast, .hueSaturation, .curves: return true
        case .levels(let levels):
            let channels = [levels.low, levels.high, levels.outputLow ?? [0, 0, 0], levels.outputHigh ?? [255, 255, 255]]
            return channels.allSatisfy { $0.count == 3 && $0.allSatisfy { (0...255).contains($0) } }
                && (levels.gamma ?? [1, 1, 1]).count == 3 && (levels.gamma ?? []).allSatisfy { $0.isFinite && $0 > 0 }
        case .effect(let effect):
            switch effect {
            case .gaussianBlur(let radius): return radius > 0 && radius <= 1000
            case .unsharpMask(let amount, let radius, let threshold):
                return (0...10_000).contains(amount) && radius > 0 && radius <= 1000 && (0...255).contains(threshold)
            case .pixelate(let cellSize): return (1...10_000).contains(cellSize)
            case .addNoise: return true
            case .motionBlur(let angle, let distance): return (-100_000...100_000).contains(angle) && (0...1000).contains(distance)
            }
        }
    }
}
