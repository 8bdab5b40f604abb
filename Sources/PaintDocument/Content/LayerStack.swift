/// A picture in layers, as OpenRaster holds one: a canvas size and layers bottom first, each
/// with its name, offset, opacity, visibility and blend mode. What a layered file is read into
/// and written from (`DocumentFormat.opening(_:)` makes a document of it,
/// `ArtworkSnapshot.stack()` one of the document).
public struct LayerStack {
    public struct Layer {
        public var name: String
        public var x: Int
        public var y: Int
        /// 0...1.
        public var opacity: Double
        public var isVisible: Bool
        /// Kept by X11Paint's own turns and crops (OpenRaster files do not say).
        public var isLocked = false
        public var mode: LayerBlendMode
        public var pixels: Bitmap

        public init(name: String, pixels: Bitmap, x: Int = 0, y: Int = 0, opacity: Double = 1, isVisible: Bool = true, mode: LayerBlendMode = .normal) {
            self.name = name
            self.pixels = pixels
            self.x = x
            self.y = y
            self.opacity = opacity
            self.isVisible = isVisible
            self.mode = mode
        }
    }

    public var width: Int
    public var height: Int
    /// Bottom first.
    public var layers: [Layer]

    public init(width: Int, height: Int, layers: [Layer]) {
        self.width = width
        self.height = height
        self.layers = layers
    }

    /// The picture the stack shows: every visible layer composed, bottom to top, over
    /// transparency (or `background`).
    public func flattened(background: UInt32 = 0) -> Bitmap {
        let result = Bitmap(width: width, height: height, fill: background)
        let placed = layers.map { layer -> LayerCompositor.Layer<Bitmap> in
            // The compositor works on canvas-sized layers: an offset or smaller one is placed first.
            var pixels = layer.pixels
            if layer.x != 0 || layer.y != 0 || pixels.width != width || pixels.height != height {
                pixels = Bitmap(width: width, height: height)
                GraphicsContext(bitmap: pixels).draw(layer.pixels, at: Point(x: Double(layer.x), y: Double(layer.y)))
            }
            return LayerCompositor.Layer(pixels: pixels, mode: layer.mode, opacity: UInt32((min(max(layer.opacity, 0), 1) * 255).rounded()),
                                         isVisible: layer.isVisible)
        }
        LayerCompositor.compose(placed, into: result, area: result.bounds)
        return result
    }
}
