import Foundation

/// The airbrush's paint (KolourPaint's spray can, Pinta's airbrush): dabs of single dots
/// scattered evenly over a disc, one dab each tick the button is held, where the pointer was.
/// The dots' places come from the seed, the dab's number and the dot's number, so a replay
/// (redo, a crash) puts every dot where it first fell.
public struct Spray: Sendable, Equatable, Codable {
    /// Each dab's centre, in document units.
    public var dabs: [Point]
    /// How many dots each dab put down (more with a pen pressed harder).
    public var dots: [Int]
    public var color: Color
    /// The disc's radius, in document units.
    public var radius: Double
    public var seed: UInt64
    /// The dots put down again mirrored or turned (View → Symmetry); nil: once.
    public var symmetry: Symmetry?

    public init(color: Color, radius: Double, seed: UInt64) {
        dabs = []
        dots = []
        self.color = color
        self.radius = radius
        self.seed = seed
    }

    /// How many dots a dab puts down at full pressure: the disc's area over about 12 (so a
    /// held spray fills in within a second or so), at least 3.
    public static func dotsPerDab(radius: Double, pressure: Double = 1) -> Int {
        max(1, Int((max(3, Double.pi * radius * radius / 12) * min(max(pressure, 0.1), 1)).rounded()))
    }

    /// The layer pixels its dots (and their copies) can cover, at `scale` pixels per unit.
    public func reach(atScale scale: Double) -> PixelRect {
        let xs = dabs.map(\.x), ys = dabs.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .empty }
        let discs = symmetry.reach(of: Rect(x: minX - radius, y: minY - radius, width: maxX - minX + 2 * radius, height: maxY - minY + 2 * radius))
        // A dot is a square of the scale's pixels from where its centre falls.
        let dot = max(1, Int(scale.rounded()))
        return PixelRect(x0: Int((discs.minX * scale).rounded(.down)) - 1, y0: Int((discs.minY * scale).rounded(.down)) - 1,
                         x1: Int((discs.maxX * scale).rounded(.up)) + dot + 1, y1: Int((discs.maxY * scale).rounded(.up)) + dot + 1)
    }

    /// The dots of dab `index`, in document units.
    public func dotCentres(ofDab index: Int) -> [Point] {
        let centre = dabs[index]
        return (0..<dots[index]).map { dot in
            let bits = ImageEffect.hash(index, dot, seed)
            let angle = Double(bits & 0xFFFF) / 65536 * 2 * .pi
            // The square root spreads the dots evenly over the disc's area, not bunched at its centre.
            let distance = radius * (Double((bits >> 16) & 0xFFFF) / 65536).squareRoot()
            return Point(x: centre.x + distance * cos(angle), y: centre.y + distance * sin(angle))
        }
    }
}
