import Foundation

/// The artwork as an ordered list of items (commands, not pictures); replaying them from the
/// start rebuilds the drawing layer and the background.
public struct Document: Sendable, Equatable, Codable {
    public enum Item: Sendable, Equatable, Codable {
        /// A freehand stroke (pencil or eraser).
        case stroke(Stroke)
        /// A figure: a line, dashed line, rectangle or ellipse.
        case shape(Shape)
        /// Clears the drawing layer (never the background); undoable like any other item.
        case clear
        /// A new background under the drawing layer.
        case background(Background)
        /// The fill bucket: replayed against what lies below it at its place in the history.
        case fill(Fill)
        /// A photo baked into the artwork where it was placed.
        case photo(PlacedPhoto)
        /// Words written with the text tool.
        case text(TextBlock)
        /// A selection cleared (Delete, Cut, or lifted to be moved): the background shows there.
        case clearArea(SelectionArea)
        /// The layer mirrored, only the selection's rectangle on it when `area` is set.
        case mirror(horizontally: Bool, area: SelectionArea?)
        /// The layer's pixels (the selection's, when `area` is set) through a free transform.
        case transform(FreeTransform, area: SelectionArea?)
        /// A colour adjustment of the layer, of the selection on it when `area` is set.
        case adjust(PixelAdjustment, area: SelectionArea?)
        /// The airbrush's dots.
        case spray(Spray)
        /// A stroke of one of MyPaint's brushes, drawn by libmypaint.
        case brushStroke(BrushStroke)
        /// Clone Stamp and Recolor: a brush that works on the pixels already there.
        case retouch(Retouch)
        /// A gradient painted over the layer (the gradient tool), only the selection on it when
        /// `area` is set; its points in document units.
        case gradient(Gradient, area: SelectionArea?)
        /// A change to the layer stack (a new, deleted, moved or merged layer, its properties).
        case layer(LayerChange)
        /// The whole image turned half a turn or mirrored: every layer, whichever is current.
        case turnImage(ImageTurn)
        /// The canvas made another size, every layer moved and cut or grown with it.
        case canvasSize(CanvasChange)
        /// Every layer resampled to another size.
        case resizeImage(ImageResize)
        /// Every layer turned by any angle.
        case rotateImage(ImageRotation)
        /// An item painted on a layer other than the first (items without it are on layer 0,
        /// as every document before layers was).
        indirect case onLayer(Int, Item)

        /// Whether it changes the layer stack or the background rather than painting a layer.
        public var changesStackOrBackground: Bool {
            switch self {
            case .layer, .background, .turnImage, .canvasSize, .resizeImage, .rotateImage: return true
            default: return false
            }
        }

        /// What a message calls this change ("Shaken: undid the last stroke").
        public var userDescription: String {
            switch self {
            case .stroke(let stroke): return stroke.blendMode == .clear ? tr("the last eraser stroke") : tr("the last stroke")
            case .shape: return tr("the last shape")
            case .clear: return tr("the clear")
            case .background: return tr("the background change")
            case .photo: return tr("the added photo")
            case .fill: return tr("the fill")
            case .text: return tr("the text")
            case .clearArea: return tr("the cleared selection")
            case .mirror: return tr("the flip")
            case .transform: return tr("the transform")
            case .adjust(.invert, _): return tr("the inverted colours")
            case .adjust(.blackAndWhite, _): return tr("the black and white")
            case .adjust(.sepia, _): return tr("the sepia")
            case .adjust(.levels(let levels), _): return levels.isStretchOnly ? tr("the auto level") : tr("the levels")
            case .adjust(.posterize, _): return tr("the posterize")
            case .adjust(.brightnessContrast, _): return tr("the brightness and contrast")
            case .adjust(.hueSaturation, _): return tr("the hue and saturation")
            case .adjust(.curves, _): return tr("the curves")
            case .adjust(.effect(.gaussianBlur), _): return tr("the blur")
            case .adjust(.effect(.unsharpMask), _): return tr("the unsharp mask")
            case .adjust(.effect(.pixelate), _): return tr("the pixelate")
            case .adjust(.effect(.addNoise), _): return tr("the noise")
            case .adjust(.effect(.motionBlur), _): return tr("the motion blur")
            case .gradient: return tr("the gradient")
            case .spray: return tr("the spray")
            case .brushStroke(let stroke): return stroke.isEraser ? tr("the last eraser stroke") : tr("the last brush stroke")
            case .retouch(let retouch):
                if case .clone = retouch.kind { return tr("the last clone stroke") }
                return tr("the last recolor stroke")
            case .layer(let change): return change.userDescription
            case .turnImage(.halfTurn): return tr("the half turn")
            case .turnImage(.clockwise), .turnImage(.counterClockwise): return tr("the quarter turn")
            case .turnImage: return tr("the flip")
            case .canvasSize(let change):
                switch change.purpose {
                case .canvasSize: return tr("the canvas size")
                case .crop: return tr("the crop")
                case .autoCrop: return tr("the auto crop")
                }
            case .resizeImage: return tr("the resize")
            case .rotateImage: return tr("the rotation")
            case .onLayer(_, let item): return item.userDescription
            }
        }
    }

    public private(set) var items: [Item] = []
    /// Its size (nil: not fixed yet; journals from before documents had sizes).
    public var format: DocumentFormat?

    public init(items: [Item] = [], format: DocumentFormat? = nil) {
        self.items = items
        self.format = format
    }

    public var isEmpty: Bool { items.isEmpty }

    /// The items that are visible: everything after the last clear.
    public var visibleItems: ArraySlice<Item> {
        if let last = items.lastIndex(of: .clear) { return items[(last + 1)...] }
        return items[...]
    }

    /// Whether there is anything on the drawing layer to clear.
    public var hasVisibleDrawing: Bool {
        visibleItems.contains { if case .background = $0 { return false } else { return true } }
    }

    /// The background the items leave in force (white before any change).
    public var background: Background { background(after: items.count) }

    public func background(after count: Int) -> Background {
        for item in items[..<count].reversed() { if case .background(let b) = item { return b } }
        return .color(.white)
    }

    /// Adds an item; a quarter turn of the image swaps the document's width and height, a
    /// canvas change gives it its new size.
    public mutating func append(_ item: Item) {
        items.append(item)
        format = format.map { Self.format(after: item, $0) }
    }

    /// The size the document had before its items: its format taken back through each item
    /// that changed it (a history is replayed from there).
    public var initialFormat: DocumentFormat? {
        guard var format else { return nil }
        for item in items.reversed() { format = Self.format(before: item, format) }
        return format
    }

    /// The document's size after `item`, from its size before.
    static func format(after item: Item, _ format: DocumentFormat) -> DocumentFormat {
        switch item {
        case .turnImage(let turn) where turn.swapsSides: return format.turnedQuarter
        case .canvasSize(let change): return format.resized(width: change.width, height: change.height)
        case .resizeImage(let resize): return format.resized(width: resize.width, height: resize.height)
        case .rotateImage(let rotation): return format.resized(width: rotation.size.width, height: rotation.size.height)
        default: return format
        }
    }

    /// The document's size before `item`, from its size after.
    static func format(before item: Item, _ format: DocumentFormat) -> DocumentFormat {
        switch item {
        case .turnImage(let turn) where turn.swapsSides: return format.turnedQuarter
        case .canvasSize(let change): return format.resized(width: change.oldWidth, height: change.oldHeight)
        case .resizeImage(let resize): return format.resized(width: resize.oldWidth, height: resize.oldHeight)
        case .rotateImage(let rotation): return format.resized(width: rotation.oldWidth, height: rotation.oldHeight)
        default: return format
        }
    }

    /// Takes out the item at `index` (an author's undo under others' later changes), or puts
    /// one back there: the size follows from the history's first size through the items.
    @discardableResult
    public mutating func remove(at index: Int) -> Item {
        let initial = initialFormat
        defer { format = initial.map { items.reduce($0) { Self.format(after: $1, $0) } } }
        return items.remove(at: index)
    }

    public mutating func insert(_ item: Item, at index: Int) {
        let initial = initialFormat
        items.insert(item, at: index)
        format = initial.map { items.reduce($0) { Self.format(after: $1, $0) } }
    }

    /// Puts `newItems` in place of the items from `index` on (a shared document taking the
    /// server's order): the size follows from the history's first size through the items.
    public mutating func replaceItems(from index: Int, with newItems: some Collection<Item>) {
        let initial = initialFormat
        items.replaceSubrange(index..., with: newItems)
        format = initial.map { items.reduce($0) { Self.format(after: $1, $0) } }
    }

    /// The layers the items leave.
    public var layers: LayerList { LayerList(self) }

    /// Removes and returns the last item, or nil when there is nothing to undo (a quarter turn
    /// or a canvas change taken back gives the document its size before it).
    @discardableResult
    public mutating func removeLast() -> Item? {
        let item = items.popLast()
        if let item { format = format.map { Self.format(before: item, $0) } }
        return item
    }
}

/// A figure drawn by a shape brush: its outline and how it is stroked, and for a closed figure
/// what fills it, fixed when committed.
public struct Shape: Sendable, Equatable, Codable {
    public var path: Path
    public var style: LineStyle
    public var color: Color
    /// The colour inside the figure (nil: an outline only).
    public var fill: Color?
    /// Whether the outline is stroked (a filled figure may go without).
    public var isOutlined: Bool
    /// The figure drawn again mirrored or turned (View → Symmetry); nil: once.
    public var symmetry: Symmetry?

    public init(path: Path, style: LineStyle, color: Color, fill: Color? = nil, isOutlined: Bool = true) {
        self.path = path
        self.style = style
        self.color = color
        self.fill = fill
        self.isOutlined = isOutlined
    }

    private enum CodingKeys: String, CodingKey { case path, style, color, fill, isOutlined, symmetry }

    /// Journals and documents written before figures could be filled read as outlines.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(Path.self, forKey: .path)
        style = try container.decode(LineStyle.self, forKey: .style)
        color = try container.decode(Color.self, forKey: .color)
        fill = try container.decodeIfPresent(Color.self, forKey: .fill)
        isOutlined = try container.decodeIfPresent(Bool.self, forKey: .isOutlined) ?? true
        symmetry = try container.decodeIfPresent(Symmetry.self, forKey: .symmetry)
    }
}

/// A fill bucket's click: where, with what, how alike the colours it spreads over must be.
public struct Fill: Sendable, Equatable, Codable {
    /// In document units (points); the pixel under it at the layer's scale is the seed.
    public var seed: Point
    public var color: Color
    /// 0 (the exact colour) to 1 (everything).
    public var tolerance: Double
    /// Whether the region is found on the layer alone (Pinta's "layer" sampling) rather than
    /// in the picture as it shows under and on the layer.
    public var samplesLayerOnly: Bool

    public init(seed: Point, color: Color, tolerance: Double, samplesLayerOnly: Bool = false) {
        self.seed = seed
        self.color = color
        self.tolerance = tolerance
        self.samplesLayerOnly = samplesLayerOnly
    }

    private enum CodingKeys: String, CodingKey { case seed, color, tolerance, samplesLayerOnly }

    /// Fills from before layers read the picture as it shows.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seed = try container.decode(Point.self, forKey: .seed)
        color = try container.decode(Color.self, forKey: .color)
        tolerance = try container.decode(Double.self, forKey: .tolerance)
        samplesLayerOnly = try container.decodeIfPresent(Bool.self, forKey: .samplesLayerOnly) ?? false
    }
}

/// How the rectangle and the ellipse are drawn (KolourPaint's and Pinta's fill styles).
public enum ShapeFill: Int, Sendable, CaseIterable {
    /// The outline in the pen's colour.
    case outline
    /// Filled with the pen's colour, no outline.
    case fill
    /// The outline in the pen's colour around a fill of the background's colour (the second colour).
    case outlineAndFill
}

/// What shows through where nothing is drawn (and where the eraser erased).
public enum Background: Sendable, Equatable, Codable {
    case color(Color)
    /// A picture scaled to fill the canvas (not tiled).
    case image(ImageAsset)

    /// No background at all: what is not drawn is transparent (a checkerboard on screen, alpha
    /// in the formats that keep it), as an icon or a picture opened with transparency has.
    public static let transparent = Background.color(.clear)

    /// Whether nothing shows through where nothing is drawn (any colour with no alpha counts).
    public var isTransparent: Bool {
        if case .color(let color) = self { return color.alpha <= 0 }
        return false
    }
}
