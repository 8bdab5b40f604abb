extension DocumentFormat {
    /// A document that is a layered picture (an OpenRaster file, a cropped layered drawing): its
    /// own pixel size, each layer's pixels as the first item on it, the history starting after
    /// them. A bottom layer that is the background (named so, opaque, plain) becomes the
    /// document's background, as X11Paint writes it; any other file's layers all stay layers,
    /// over a transparent background (as Krita and GIMP show them, and as they flatten them).
    public static func opening(_ stack: LayerStack, pixelScale: Double = 1) -> Document {
        var layers = stack.layers
        var items: [Document.Item] = []
        if let bottom = layers.first, let background = Self.background(in: bottom, width: stack.width, height: stack.height) {
            layers.removeFirst()
            if background != .color(.white) { items.append(.background(background)) }
        } else {
            items.append(.background(.transparent))
        }
        for (id, layer) in layers.enumerated() {
            let properties = LayerProperties(name: layer.name, opacity: layer.opacity, mode: layer.mode, isVisible: layer.isVisible,
                                             isLocked: layer.isLocked)
            items.append(id == 0 ? .layer(.properties(id: 0, properties)) : .layer(.add(id: id, index: id, properties: properties)))
            guard layer.pixels.hasPaint(in: layer.pixels.bounds) else { continue }
            let picture = Photo(asset: ImageAsset(bitmap: layer.pixels, name: layer.name))
            let placement = AffineTransform(scaleX: 1 / pixelScale, y: 1 / pixelScale)
                .concatenating(AffineTransform(translationX: Double(layer.x) / pixelScale, y: Double(layer.y) / pixelScale))
            let item = Document.Item.photo(PlacedPhoto(photo: picture, placement: placement))
            items.append(id == 0 ? item : .onLayer(id, item))
        }
        let format = DocumentFormat(pixelWidth: stack.width, pixelHeight: stack.height, pixelScale: pixelScale, historyStart: items.count)
        return Document(items: items, format: format)
    }

    /// The background a bottom layer holds: one named Background, covering the canvas,
    /// opaque, normal and shown (a colour when it is one colour throughout, else a picture).
    private static func background(in layer: LayerStack.Layer, width: Int, height: Int) -> Background? {
        let names = [ArtworkSnapshot.backgroundLayerName.lowercased(), tr("Background").lowercased()]
        guard names.contains(layer.name.lowercased()), layer.x == 0, layer.y == 0, layer.pixels.width == width, layer.pixels.height == height,
              layer.mode == .normal, layer.opacity >= 1, layer.isVisible else { return nil }
        let pixels = layer.pixels.pixels, count = width * height
        guard (0..<count).allSatisfy({ pixels[$0] >> 24 == 0xFF }) else { return nil }
        let first = pixels[0]
        if (0..<count).allSatisfy({ pixels[$0] == first }) { return .color(Color(premultipliedPixel: first)) }
        return .image(ImageAsset(bitmap: layer.pixels, name: layer.name))
    }
}
