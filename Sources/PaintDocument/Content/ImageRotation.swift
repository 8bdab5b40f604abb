/// The whole drawing turned by any angle about its centre (Image → Rotate…): every layer's
/// pixels turned `degrees` clockwise, the canvas grown to hold the corners or kept with them
/// cut, the new corners transparent over the background. As a document item it is these few
/// values, not the layers stored again; the size before is kept so a history can be read back
/// from the document's size to its start.
public struct ImageRotation: Sendable, Hashable, Codable {
    public var degrees: Double
    public var grow: Bool
    public var oldWidth: Int
    public var oldHeight: Int

    public init(degrees: Double, grow: Bool, oldWidth: Int, oldHeight: Int) {
        self.degrees = degrees
        self.grow = grow
        self.oldWidth = oldWidth
        self.oldHeight = oldHeight
    }

    /// The canvas's size after the turn.
    public var size: (width: Int, height: Int) { Bitmap.rotatedSize(width: oldWidth, height: oldHeight, degrees: degrees, grow: grow) }

    /// Whether the angle and sizes are ones the app makes (a damaged or crafted record is not
    /// replayed).
    public var isPlausible: Bool {
        let side = 1...DocumentFormat.maximumSide
        guard degrees.isFinite, abs(degrees) <= 360, side.contains(oldWidth), side.contains(oldHeight) else { return false }
        return side.contains(size.width) && side.contains(size.height)
    }

    /// One layer's pixels turned as the item does it.
    public func turn(_ pixels: Bitmap) -> Bitmap { pixels.rotated(byDegrees: degrees, grow: grow) }
}
