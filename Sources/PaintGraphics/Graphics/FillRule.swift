/// Which regions of a self-overlapping outline are inside.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (overlaps stay single-coverage).
    case nonZero
    /// Inside where the winding number is odd (overlaps cut holes).
    case evenOdd
}
