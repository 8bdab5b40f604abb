import PaintDocument

extension ImageTurn {
    /// What the status line says was done, and what Ctrl+Z says it took back.
    var done: String {
        switch self {
        case .clockwise: tr("Rotated 90° clockwise")
        case .counterClockwise: tr("Rotated 90° counter-clockwise")
        case .halfTurn: tr("Rotated 180°")
        case .flipHorizontal: tr("Flipped horizontally")
        case .flipVertical: tr("Flipped vertically")
        }
    }
}
