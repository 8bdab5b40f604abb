/// A turn of the whole image: a quarter turn either way (the width and height swap), half a
/// turn, or a mirror left to right or top to bottom (Pinta's Image menu). Every layer turns;
/// as a document item it costs a few bytes in the history and the journal, whatever the
/// number of layers.
public enum ImageTurn: String, Sendable, Codable, CaseIterable {
    case halfTurn
    case flipHorizontal
    case flipVertical
    case clockwise
    case counterClockwise

    /// Whether the width and the height swap (a quarter turn).
    public var swapsSides: Bool { self == .clockwise || self == .counterClockwise }

    /// Whether each row is reversed (left and right swap).
    public var reversesRows: Bool { self != .flipVertical }
    /// Whether the rows are reversed in order (top and bottom swap).
    public var reversesColumns: Bool { self != .flipHorizontal }

    /// The EXIF orientation code that describes it (see `Bitmap.reoriented`).
    public var orientation: Int {
        switch self {
        case .halfTurn: 3
        case .flipHorizontal: 2
        case .flipVertical: 4
        case .clockwise: 6
        case .counterClockwise: 8
        }
    }
}
