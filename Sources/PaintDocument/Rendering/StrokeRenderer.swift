/// Rasterizes document items onto a drawing layer: freehand strokes as chains of capsules
/// into a coverage mask, figures through the general stroker, clears as clears.
public struct StrokeRenderer {
    /// Mask pixels per stroke unit (the window's scale on HiDPI screens).
    public var scale: Double

    public init(scale: Double = 1) { self.scale = scale }

    /// Adds the segment ending at point `index` (or the dot, for the first point) to the mask,
    /// and its mirrored or turned copies when the stroke has a symmetry.
    @discardableResult
    public func addSegment(of stroke: Stroke, endingAt index: Int, to mask: CoverageMask) -> PixelRect {
        guard let symmetry = stroke.symmetry else { return addSegment(of: stroke, endingAt: index, through: nil, to: mask) }
        var touched = addSegment(of: stroke, endingAt: index, through: nil, to: mask)
        for copy in symmetry.copies { touched = touched.union(addSegment(of: stroke, endingAt: index, through: copy, to: mask)) }
        return touched
    }

    /// One segment, through `copy` (a symmetry's isometry, so widths hold) when given.
    private func addSegment(of stroke: Stroke, endingAt index: Int, through copy: AffineTransform?, to mask: CoverageMask) -> PixelRect {
        let end = (copy?.apply(to: stroke.points[index]) ?? stroke.points[index]) * scale
        let start = index > 0 ? (copy?.apply(to: stroke.points[index - 1]) ?? stroke.points[index - 1]) * scale : end
        guard stroke.widths != nil || stroke.opacities != nil else {
            return CapsuleRasterizer.add(from: start, to: end, width: stroke.width * scale, continuing: index > 0, into: mask)
        }
        let before = max(0, index - 1)
        let startWidth = stroke.width(at: before) * scale, endWidth = stroke.width(at: index) * scale
        // The round-cone kernel: pressure as opacity (it fades the coverage along the segment),
        // or unequal ends. Equal ends, or both thinner than a pixel's diagonal (where both edges
        // cross one pixel and the capsule kernel's exact thin-stroke model matters more than a
        // taper of a fraction of a pixel): the constant-width kernel. (Slowly changing widths
        // drawn at each segment's mean width were tried: a slow pressure ramp's error against
        // the truth tripled, to above cairo's; the golden test keeps that ramp.)
        if stroke.opacities != nil || (startWidth != endWidth && max(startWidth, endWidth) >= 2.0.squareRoot()) {
            return TaperedCapsuleRasterizer.add(from: start, width: startWidth, to: end, width: endWidth, continuing: index > 0,
                                                opacity0: stroke.opacity(at: before), opacity1: stroke.opacity(at: index), into: mask)
        }
        return CapsuleRasterizer.add(from: start, to: end, width: (startWidth + endWidth) / 2, continuing: index > 0, into: mask)
    }

    /// Renders a whole stroke onto a layer, using `scratch` as the coverage mask.
    public func render(_ stroke: Stroke, onto layer: Bitmap, scratch: CoverageMask) {
        scratch.clear()
        for index in stroke.points.indices { addSegment(of: stroke, endingAt: index, to: scratch) }
        MaskCompositor.apply(scratch, color: stroke.color, mode: stroke.blendMode, in: scratch.touched, to: layer)
        scratch.clear()
    }

    /// Puts the airbrush's dots on a layer: each a document pixel's square (a layer pixel at
    /// 1x), laid over what is there.
    public func render(_ spray: Spray, onto layer: Bitmap) {
        let pixel = spray.color.premultipliedPixel, size = max(1, Int(scale.rounded()))
        // The dots, then their symmetry's copies.
        let maps: [AffineTransform?] = [nil] + (spray.symmetry?.copies ?? []).map { $0 }
        for index in spray.dabs.indices {
            for centre in spray.dotCentres(ofDab: index) {
                for map in maps {
                    let dot = map?.apply(to: centre) ?? centre
                    let x0 = Int((dot.x * scale).rounded(.down)), y0 = Int((dot.y * scale).rounded(.down))
                    let square = PixelRect(x0: x0, y0: y0, x1: x0 + size, y1: y0 + size).intersection(layer.bounds)
                    guard !square.isEmpty else { continue }
                    for y in square.y0..<square.y1 {
                        for x in square.x0..<square.x1 { layer[x, y] = PixelMath.over(pixel, layer[x, y]) }
                    }
                }
            }
        }
    }

    /// Strokes a figure onto a layer.
    public func render(_ shape: Shape, onto layer: Bitmap) {
        let context = GraphicsContext(bitmap: layer)
        draw(shape, in: context)
    }

    /// Fills and strokes a figure (and its symmetry's copies) in a context whose transform maps
    /// stroke units to the target's pixels.
    public func draw(_ shape: Shape, in context: GraphicsContext) {
        draw(shape, through: nil, in: context)
        for copy in shape.symmetry?.copies ?? [] { draw(shape, through: copy, in: context) }
    }

    private func draw(_ shape: Shape, through copy: AffineTransform?, in context: GraphicsContext) {
        context.save()
        context.scaleBy(x: scale, y: scale)
        if let copy { context.concatenate(copy) }
        if let fill = shape.fill {
            context.fillColor = fill
            context.fill(shape.path)
        }
        if shape.isOutlined {
            context.strokeColor = shape.color
            context.lineStyle = shape.style
            context.stroke(shape.path)
        }
        context.restore()
    }

    /// The layer pixels a rectangle in document units covers (a selection lies on whole pixels).
    public func pixels(of rect: Rect) -> PixelRect {
        PixelRect(x0: Int((rect.minX * scale).rounded()), y0: Int((rect.minY * scale).rounded()),
                  x1: Int((rect.maxX * scale).rounded()), y1: Int((rect.maxY * scale).rounded()))
    }

    /// Writes a text block onto a layer, laid out at the layer's pixel size.
    public func render(_ block: TextBlock, onto layer: Bitmap) {
        TextRenderer.draw(block.layout(atScale: scale), color: block.color, at: block.origin * scale, clip: layer.bounds, on: layer)
    }

    /// What lies under the layer where a fill reads the colours: a colour, or a picture drawn
    /// to fill the layer (cropped, not tiled).
    public struct Underlay {
        public var pixel: UInt32
        public var image: Bitmap?

        public static let white = Underlay(pixel: Color.white.premultipliedPixel, image: nil)

        public init(pixel: UInt32, image: Bitmap?) {
            self.pixel = pixel
            self.image = image
        }

        public init(_ background: Background, width: Int, height: Int) {
            switch background {
            case .color(let color):
                self.init(pixel: color.premultipliedPixel, image: nil)
            case .image(let asset):
                let filled = Bitmap(width: width, height: height, color: .white)
                let context = GraphicsContext(bitmap: filled)
                let w = Double(asset.image.width), h = Double(asset.image.height)
                let s = max(Double(width) / w, Double(height) / h)
                context.draw(asset.image, in: Rect(x: (Double(width) - w * s) / 2, y: (Double(height) - h * s) / 2, width: w * s, height: h * s))
                self.init(pixel: Color.white.premultipliedPixel, image: filled)
            }
        }
    }

    /// Applies one item to the layer; a fill reads the layer over `underlay` (the background
    /// in effect at the item's place in the history).
    public func apply(_ item: Document.Item, onto layer: Bitmap, scratch: CoverageMask, underlay: () -> Underlay = { .white }) {
        switch item {
        case .fill(let fill):
            FloodFill.fill(at: Int((fill.seed.x * scale).rounded(.down)), Int((fill.seed.y * scale).rounded(.down)),
                           color: fill.color, tolerance: fill.tolerance, on: layer, over: underlay())
        case .stroke(let stroke): render(stroke, onto: layer, scratch: scratch)
        case .shape(let shape): render(shape, onto: layer)
        case .text(let block): render(block, onto: layer)
        case .clearArea(let area): area.clear(layer, atScale: scale)
        case .mirror(let horizontally, let area):
            guard let area else { return layer.mirror(in: layer.bounds, horizontally: horizontally) }
            area.work(on: layer, atScale: scale) { layer.mirror(in: pixels(of: area.bounds), horizontally: horizontally) }
        case .transform(let transform, let area): transform.apply(onto: layer, area: area, atScale: scale)
        case .adjust(let adjustment, let area):
            if let area {
                area.work(on: layer, atScale: scale) { adjustment.apply(to: layer, in: area.pixels(atScale: scale), selected: area.mask(atScale: scale)) }
            } else {
                adjustment.apply(to: layer, in: layer.bounds)
            }
        case .spray(let spray): render(spray, onto: layer)
        case .brushStroke(let stroke): BrushStrokeDrawing.draw(stroke, on: layer, scale: scale)
        case .retouch(let retouch): retouch.apply(onto: layer, atScale: scale, over: underlay())
        case .gradient(let gradient, let area):
            var inPixels = gradient
            inPixels.start = gradient.start * scale
            inPixels.end = gradient.end * scale
            if let area {
                area.work(on: layer, atScale: scale) {
                    GradientRenderer.paint(inPixels, on: layer, in: area.pixels(atScale: scale), selected: area.mask(atScale: scale))
                }
            } else {
                GradientRenderer.paint(inPixels, on: layer, in: layer.bounds)
            }
        case .clear: layer.clear()
        case .background, .layer, .turnImage, .canvasSize, .resizeImage, .rotateImage: break // the background lives under the layers; stack changes are the stack's
        case .onLayer(_, let item): apply(item, onto: layer, scratch: scratch, underlay: underlay)
        case .photo(let placed) where placed.isPixelAligned(atScale: scale):
            // An opened picture lies pixel on pixel: copied (over what is there), not resampled.
            let image = placed.photo.asset.image.bitmap
            let dx = Int((placed.placement.tx * scale).rounded()), dy = Int((placed.placement.ty * scale).rounded())
            let area = PixelRect(x0: dx, y0: dy, x1: dx + image.width, y1: dy + image.height).intersection(layer.bounds)
            guard !area.isEmpty else { return }
            for y in area.y0..<area.y1 {
                let source = image.pixels + (y - dy) * image.width + (area.x0 - dx)
                let target = layer.pixels + y * layer.width + area.x0
                for i in 0..<area.width {
                    let paint = source[i]
                    target[i] = paint >> 24 == 0xFF ? paint : PixelMath.over(paint, target[i])
                }
            }
        case .photo(let placed):
            let context = GraphicsContext(bitmap: layer)
            context.scaleBy(x: scale, y: scale)
            placed.draw(in: context)
        }
    }
}
