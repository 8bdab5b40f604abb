/// What the Tools → Shapes menu sets for the figures that have a choice: the rounded
/// rectangle's corner radius (Pinta's Radius) and whether the arrow has a head at both ends.
public struct ShapeOptions: Equatable, Sendable {
    /// In points; nil: three widths, at least 8 (the tool's own choice).
    public var cornerRadius: Double?
    public var arrowHeadsAtBothEnds = false

    public init(cornerRadius: Double? = nil, arrowHeadsAtBothEnds: Bool = false) {
        self.cornerRadius = cornerRadius
        self.arrowHeadsAtBothEnds = arrowHeadsAtBothEnds
    }

    /// The radii the menu offers.
    public static let cornerRadii: [Double] = [4, 8, 16, 32, 64]
}
