/// A document's own size, whatever the window: its pixels, and how many of them one unit of
/// its items spans (the display's scale when it was made, so strokes keep the width they were
/// drawn with on a HiDPI screen; 1 for a document opened from a file or made with New).
public struct DocumentFormat: Sendable, Equatable, Codable {
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Document pixels per item unit.
    public var pixelScale: Double

    public init(pixelWidth: Int, pixelHeight: Int, pixelScale: Double = 1) {
        self.pixelWidth = max(1, pixelWidth)
        self.pixelHeight = max(1, pixelHeight)
        self.pixelScale = pixelScale > 0 ? pixelScale : 1
    }

    /// The size in item units (what strokes are measured in).
    public var size: Size { Size(width: Double(pixelWidth) / pixelScale, height: Double(pixelHeight) / pixelScale) }

    /// A document covering an area of `size` points on a display of `scale`.
    public static func covering(_ size: Size, scale: Double) -> DocumentFormat {
        DocumentFormat(pixelWidth: Int((size.width * scale).rounded(.up)), pixelHeight: Int((size.height * scale).rounded(.up)),
                       pixelScale: scale)
    }

    /// The largest document: 16384 pixels a side, as the window's own limit.
    public static let maximumSide = 16384
}
