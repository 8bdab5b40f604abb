import Foundation

/// Symmetry painting (MyPaint's and Krita's): each mark is drawn again mirrored across a
/// vertical line, a horizontal one, both, or turned about a centre N times. The copies are the
/// mark's own geometry through isometries, so they are drawn by the same kernel at the same
/// width, into the same coverage (where copies cross, no darker).
public struct Symmetry: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Mirrored left to right across the vertical line through the centre.
        case vertical
        /// Mirrored top to bottom across the horizontal line through the centre.
        case horizontal
        /// Both, and the two together: four marks.
        case both
        /// Turned about the centre `folds` times.
        case rotational
    }

    public var kind: Kind
    /// In document units.
    public var centre: Point
    /// How many marks a rotational symmetry makes, the drawn one included (2...16).
    public var folds: Int

    public init(kind: Kind, centre: Point, folds: Int = 6) {
        self.kind = kind
        self.centre = centre
        self.folds = folds
    }

    public static let foldRange = 2...16

    public var isPlausible: Bool {
        let limit = Double(DocumentFormat.maximumSide) * 4
        return centre.x.isFinite && centre.y.isFinite && abs(centre.x) <= limit && abs(centre.y) <= limit && Self.foldRange.contains(folds)
    }

    /// Where a mark reaching `rect` and its copies reach together.
    public func reach(of rect: Rect) -> Rect { copies.reduce(rect) { $0.union($1.apply(to: rect)) } }

    /// The maps from the drawn mark to each of its copies (the mark itself not among them).
    public var copies: [AffineTransform] {
        let (cx, cy) = (centre.x, centre.y)
        let acrossVertical = AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * cx, ty: 0)
        let acrossHorizontal = AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 * cy)
        switch kind {
        case .vertical: return [acrossVertical]
        case .horizontal: return [acrossHorizontal]
        case .both: return [acrossVertical, acrossHorizontal, AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 2 * cx, ty: 2 * cy)]
        case .rotational:
            let n = min(max(folds, Self.foldRange.lowerBound), Self.foldRange.upperBound)
            return (1..<n).map { k in
                let angle = 2 * Double.pi * Double(k) / Double(n), c = cos(angle), s = sin(angle)
                // About the centre: p' = centre + R (p - centre).
                return AffineTransform(a: c, b: s, c: -s, d: c, tx: cx - c * cx + s * cy, ty: cy - s * cx - c * cy)
            }
        }
    }
}

extension Optional where Wrapped == Symmetry {
    /// Where a mark reaching `rect` reaches with its copies (nil: no copies, the mark's own).
    public func reach(of rect: Rect) -> Rect { self?.reach(of: rect) ?? rect }
}
