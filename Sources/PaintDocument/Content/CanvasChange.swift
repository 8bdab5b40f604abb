/// The canvas made another size with the drawing kept where it lands (Canvas Size, a crop to a
/// rectangle, Auto Crop): every layer's pixels moved by (`dx`, `dy`) into a canvas of `width`
/// x `height` pixels, cut where they leave it and transparent where it grows (the background
/// shows there). As a document item it is these few numbers, not the layers stored again; the
/// size before is kept so a history can be read back from the document's size to its start.
public struct CanvasChange: Sendable, Hashable, Codable {
    /// What the user asked for (what Ctrl+Z and the history call it).
    public enum Purpose: String, Sendable, Hashable, Codable {
        case canvasSize, crop, autoCrop
    }

    public var purpose: Purpose
    public var oldWidth: Int
    public var oldHeight: Int
    public var width: Int
    public var height: Int
    /// Where the old canvas's top left corner lands in the new one, in pixels.
    public var dx: Int
    public var dy: Int

    public init(_ purpose: Purpose = .canvasSize, oldWidth: Int, oldHeight: Int, width: Int, height: Int, dx: Int, dy: Int) {
        self.purpose = purpose
        self.oldWidth = oldWidth
        self.oldHeight = oldHeight
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
    }

    /// A crop to `area` of a canvas `oldWidth` x `oldHeight` pixels.
    public static func crop(to area: PixelRect, oldWidth: Int, oldHeight: Int, purpose: Purpose = .crop) -> CanvasChange {
        CanvasChange(purpose, oldWidth: oldWidth, oldHeight: oldHeight, width: area.width, height: area.height, dx: -area.x0, dy: -area.y0)
    }

    /// Whether the sizes are ones the app makes (a damaged or crafted record is not replayed).
    public var isPlausible: Bool {
        [oldWidth, oldHeight, width, height].allSatisfy { (1...DocumentFormat.maximumSide).contains($0) }
            && abs(dx) <= 2 * DocumentFormat.maximumSide && abs(dy) <= 2 * DocumentFormat.maximumSide
    }
}
