import PaintGraphics

extension Document.Item {
    /// The layer pixels an item shown again on every motion of a brush can change (a clone
    /// stroke, a spray), at `scale` pixels per unit: its preview then works only there. Nil
    /// for the others (any pixel).
    func brushReach(atScale scale: Double) -> PixelRect? {
        switch self {
        case .retouch(let retouch): retouch.reach(atScale: scale)
        case .spray(let spray): spray.reach(atScale: scale)
        default: nil
        }
    }
}
