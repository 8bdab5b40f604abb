extension DrawingLayer {
    /// Paints go to layer `id` from now on (the Layers panel's choice).
    public func selectLayer(_ id: Int) {
        guard id != currentLayerID, stack.list.contains(id) else { return }
        currentLayerID = id
        stack.makeDense(only: id)
        invalidateBelow()
    }

    /// Shows the current layer with `item` painted on it, without a document item (a gradient
    /// being dragged); nil: as it is. Returns the layer pixels that may show differently (nil: any).
    public func previewItem(_ item: Document.Item?) -> PixelRect? {
        defer { if stack.pixels(of: currentLayerID) !== layer { invalidateBelow() } }
        return stack.previewPixels(of: currentLayerID, within: item?.brushReach(atScale: scale), item.map { item in
            { pixels in self.renderer.apply(item, onto: pixels, scratch: self.scratch) { .init(pixel: self.backgroundPixel, image: self.backgroundImage) } }
        })
    }

    /// Shows the current layer as `adjustment` would leave it (in `area`, when set), without a
    /// document item; nil: as it is. The adjustments' dialogs preview with it. `reduction`:
    /// layer pixels per screen pixel, for a blur worked at the screen's resolution.
    public func previewAdjustment(_ adjustment: PixelAdjustment?, area: SelectionArea?, reduction: Int = 1) {
        let scale = self.scale
        stack.previewPixels(of: currentLayerID, adjustment.map { adjustment in
            { pixels in
                if let area {
                    area.work(on: pixels, atScale: scale) {
                        adjustment.preview(on: pixels, in: area.pixels(atScale: scale), selected: area.mask(atScale: scale), reduction: reduction)
                    }
                } else {
                    adjustment.preview(on: pixels, in: pixels.bounds, reduction: reduction)
                }
            }
        })
        invalidateBelow()
    }

    /// The composite under the current layer is stale (a layer under it changed, or the stack),
    /// and the current layer's pixels are looked up again.
    func invalidateBelow() {
        belowCache = nil
        layer = stack.pixels(of: currentLayerID) ?? stack.layers[stack.layers.count - 1].pixels
        // One plain layer over the background: the single-layer path, the fastest there is.
        let only = stack.layers.count == 1 ? stack.layers[0].properties : nil
        plainLayer = only.map { $0.mode == .normal && $0.opacity255 == 255 && $0.isVisible } == true ? layer : nil
        // Else the current layer and the ones above it, as the screen composes them, found here
        // once rather than on every motion event.
        let index = currentIndex, current = stack.layers[index]
        layersShown = plainLayer != nil ? nil
            : (StackCompositor.Current(pixels: current.pixels, mode: current.properties.mode, opacity: current.properties.opacity255,
                                       isVisible: current.properties.isVisible),
               stack.layers[(index + 1)...].map(\.composed))
    }

    private var currentIndex: Int { stack.layers.firstIndex { $0.id == currentLayerID } ?? stack.layers.count - 1 }

    /// The background and the layers under the current one, composed once for every stroke on it.
    private func composedBelow() -> Bitmap {
        if let belowCache { return belowCache }
        let below = backgroundImage?.cropped(to: backgroundImage!.bounds) ?? Bitmap(width: width, height: height, fill: backgroundPixel)
        stack.compose(0..<currentIndex, into: below, area: below.bounds)
        belowCache = below
        return below
    }

    // MARK: - Showing

    /// Composes background, layers and stroke in progress for `area` (layer pixels) into
    /// `target`, with the layer's origin at (dx, dy) in the target.
    /// Target pixels in `occluded` rows are left alone (a photo in front covers them).
    public func compose(_ area: PixelRect, into target: Bitmap, atX dx: Int, y dy: Int, skipping occluded: OccludedRows? = nil) {
        if let plainLayer {
            CanvasCompositor.compose(background: backgroundPixel, backgroundImage: backgroundImage, layer: plainLayer,
                                     active: activePaint, area: area, into: target, atX: dx, y: dy, skipping: occluded)
            return
        }
        guard let layersShown else { return }
        StackCompositor.compose(below: composedBelow(), current: layersShown.current, active: activePaint, above: layersShown.above,
                                area: area, into: target, atX: dx, y: dy, skipping: occluded)
    }

    /// The document's pixels in `area` as the user sees them (the background under the
    /// drawing), outside the document transparent: what the eyedropper reads and its loupe shows.
    public func renderArtwork(in area: PixelRect) -> Bitmap {
        let image = Bitmap(width: area.width, height: area.height)
        Self.composeArtwork(background: backgroundPixel, image: backgroundImage, layers: stack.layers.map(\.composed),
                            area: area, into: image, atX: -area.x0, y: -area.y0)
        return image
    }

    /// The artwork as saved: background and layers, without the stroke in progress.
    public func renderArtwork() -> Bitmap { renderArtwork(in: PixelRect(x0: 0, y0: 0, x1: width, y1: height)) }

    /// The magic wand's region around a document point: alike colours on the current layer
    /// alone (over nothing), or in the picture as it shows; joined to the point, or anywhere.
    public func similarRegion(at point: Point, tolerance: Double, layerOnly: Bool, global: Bool) -> SelectionMask? {
        let x = Int((point.x * scale).rounded(.down)), y = Int((point.y * scale).rounded(.down))
        let nothing = StrokeRenderer.Underlay(pixel: 0, image: nil)
        if layerOnly { return MagicWand.region(at: x, y, tolerance: tolerance, global: global, in: layer, over: nothing, scale: scale) }
        // One plain layer: read over the background as the fill does, with no picture composed.
        if let plainLayer {
            return MagicWand.region(at: x, y, tolerance: tolerance, global: global, in: plainLayer,
                                    over: StrokeRenderer.Underlay(pixel: backgroundPixel, image: backgroundImage), scale: scale)
        }
        return MagicWand.region(at: x, y, tolerance: tolerance, global: global, in: renderArtwork(), over: nothing, scale: scale)
    }

    /// The current layer's own pixels in `area` (transparent where nothing is painted): what a
    /// selection cuts and copies.
    public func renderCurrentLayer(in area: PixelRect) -> Bitmap {
        let image = Bitmap(width: area.width, height: area.height)
        image.copy(area, from: layer, toX: -area.x0, y: -area.y0)
        return image
    }

    /// The artwork as it is now, for a thread beside the UI: the layers are copied so drawing
    /// can go on while a save composes and encodes (sparse copies of the pages that hold paint:
    /// twenty 4K layers of a few strokes each copy tens of megabytes, not 663); the background
    /// picture is never changed in place, only replaced.
    public func artworkSnapshot() -> ArtworkSnapshot {
        let copies = stack.layers.map { LayerCompositor.Layer(pixels: $0.pixels.sparseCopy().copy, mode: $0.properties.mode,
                                                              opacity: $0.properties.opacity255, isVisible: $0.properties.isVisible) }
        return ArtworkSnapshot(background: backgroundPixel, backgroundImage: backgroundImage, layers: copies,
                               names: stack.layers.map { stack.list.displayName(of: $0.id) }, locked: stack.layers.map(\.properties.isLocked),
                               width: width, height: height)
    }

    /// Background and layers within `area` (layer pixels) into `target` at (dx, dy).
    private static func composeArtwork(background: UInt32, image: Bitmap?, layers: [LayerCompositor.Layer<Bitmap>],
                                       area: PixelRect, into target: Bitmap, atX dx: Int, y dy: Int) {
        guard let first = layers.first else { return }
        let area = area.intersection(first.pixels.bounds)
        let destination = area.offsetBy(dx: dx, dy: dy).intersection(target.bounds)
        guard !destination.isEmpty else { return }
        if destination == target.bounds, dx == 0, dy == 0 {
            // The whole document (a save): straight into the target, no copies.
            target.fill(with: background)
            if let image { target.copy(image.bounds, from: image, toX: 0, y: 0) }
            return LayerCompositor.compose(layers, into: target, area: target.bounds)
        }
        // The background first, then every layer over it, in a canvas-sized frame of reference.
        let under = Bitmap(width: destination.width, height: destination.height, fill: background)
        if let image { under.copy(destination.offsetBy(dx: -dx, dy: -dy), from: image, toX: 0, y: 0) }
        let source = destination.offsetBy(dx: -dx, dy: -dy)
        let cropped = layers.map { LayerCompositor.Layer(pixels: $0.pixels.cropped(to: source), mode: $0.mode, opacity: $0.opacity, isVisible: $0.isVisible) }
        LayerCompositor.compose(cropped, into: under, area: under.bounds)
        target.copy(under.bounds, from: under, toX: destination.x0, y: destination.y0)
    }
}
