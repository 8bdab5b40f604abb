/// A document's own size, whatever the window: its pixels, and how many of them one unit of
/// its items spans (the display's scale when it was made, so strokes keep the width they were
/// drawn with on a HiDPI screen; 1 for a document opened from a file or made with New).
public struct DocumentFormat: Sendable, Equatable, Codable {
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Document pixels per item unit.
    public var pixelScale: Double
    /// How many first items are the document as it was opened (the picture of an opened file):
    /// undo stops there, as an editor's history starts at the file.
    public var historyStart: Int

    public init(pixelWidth: Int, pixelHeight: Int, pixelScale: Double = 1, historyStart: Int = 0) {
        self.pixelWidth = max(1, pixelWidth)
        self.pixelHeight = max(1, pixelHeight)
        self.pixelScale = pixelScale > 0 ? pixelScale : 1
        self.historyStart = max(0, historyStart)
    }

    private enum CodingKeys: String, CodingKey { case pixelWidth, pixelHeight, pixelScale, historyStart }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pixelWidth: try container.decode(Int.self, forKey: .pixelWidth),
                  pixelHeight: try container.decode(Int.self, forKey: .pixelHeight),
                  pixelScale: try container.decode(Double.self, forKey: .pixelScale),
                  historyStart: try container.decodeIfPresent(Int.self, forKey: .historyStart) ?? 0)
    }

    /// The same document turned a quarter: its width and height swapped.
    public var turnedQuarter: DocumentFormat {
        DocumentFormat(pixelWidth: pixelHeight, pixelHeight: pixelWidth, pixelScale: pixelScale, historyStart: historyStart)
    }

    /// The same document on a canvas of another size (its scale and history start kept).
    public func resized(width: Int, height: Int) -> DocumentFormat {
        DocumentFormat(pixelWidth: width, pixelHeight: height, pixelScale: pixelScale, historyStart: historyStart)
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

    /// The size a document's items imply when its size record was lost: a document opened
    /// from a picture (or cropped to one) starts with that picture, upright and pixel for pixel
    /// at its scale. Nil when nothing tells.
    public static func inferred(from items: [Document.Item]) -> DocumentFormat? {
        // A picture with transparency opens over a transparent background: the picture follows it.
        let leading = items.first.map { $0 == .background(.transparent) } == true ? 1 : 0
        guard items.count > leading, case .photo(let first) = items[leading], first.crop == nil, first.circleFrame == nil else { return nil }
        let p = first.placement
        guard p.b == 0, p.c == 0, p.tx == 0, p.ty == 0, p.a > 0, p.a == p.d else { return nil }
        let upright = first.photo.size
        return DocumentFormat(pixelWidth: Int(upright.width), pixelHeight: Int(upright.height), pixelScale: 1 / p.a,
                              historyStart: leading + 1)
    }

    /// A document that is a picture opened from a file: its own pixel size, the picture as
    /// its first item (so the eraser erases the picture's pixels to the background, as in
    /// KolourPaint), and the history starting after it. A picture with any pixel that is not
    /// opaque (an icon) keeps its transparency: it lies over a transparent background, not white.
    public static func opening(_ photo: Photo) -> Document {
        let upright = photo.uprighted()
        var items: [Document.Item] = upright.asset.image.isOpaque ? [] : [.background(.transparent)]
        items.append(.photo(PlacedPhoto(photo: upright, placement: .identity)))
        let format = DocumentFormat(pixelWidth: upright.asset.image.width, pixelHeight: upright.asset.image.height,
                                    pixelScale: 1, historyStart: items.count)
        return Document(items: items, format: format)
    }
}
