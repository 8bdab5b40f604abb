/// The artwork as it was at one moment, for work beside the UI thread (a save, the zoomed-out
/// copies): layer copies no one changes any more. Called, it composes the picture as shown;
/// `stack()` gives the layers for a format that keeps them, the background as the bottom one.
public struct ArtworkSnapshot: @unchecked Sendable {
    let background: UInt32
    let backgroundImage: Bitmap?
    let layers: [LayerCompositor.Layer<Bitmap>]
    let names: [String]
    let locked: [Bool]
    public let width: Int
    public let height: Int

    /// Every layer's pixels, bottom first (the background not among them).
    public var layerPixels: [Bitmap] { layers.map(\.pixels) }

    /// How many layers the document has (the background not counted).
    public var layerCount: Int { layers.count }

    /// The picture as shown: the background and every visible layer.
    public func callAsFunction() -> Bitmap {
        let image = Bitmap(width: width, height: height, fill: background)
        if let backgroundImage { image.copy(backgroundImage.bounds, from: backgroundImage, toX: 0, y: 0) }
        LayerCompositor.compose(layers, into: image, area: image.bounds)
        return image
    }

    /// The name of the bottom layer that holds the background in a layered file (read back as
    /// the background, not as a layer).
    public static let backgroundLayerName = "Background"

    /// Whether what is not drawn is transparent (no background colour or picture under the
    /// layers): a format without alpha then has to put the picture over white.
    public var hasTransparentBackground: Bool { backgroundImage == nil && background >> 24 == 0 }

    /// The layers bottom first, under them the background as an opaque layer of its own (none
    /// when the background is transparent: the file's layers then lie over nothing, as read back).
    public func stack() -> LayerStack {
        var stacked: [LayerStack.Layer] = []
        if !hasTransparentBackground {
            let under = Bitmap(width: width, height: height, fill: background)
            if let backgroundImage { under.copy(backgroundImage.bounds, from: backgroundImage, toX: 0, y: 0) }
            stacked.append(LayerStack.Layer(name: Self.backgroundLayerName, pixels: under))
        }
        for (index, layer) in layers.enumerated() {
            var kept = LayerStack.Layer(name: names[index], pixels: layer.pixels, opacity: Double(layer.opacity) / 255,
                                        isVisible: layer.isVisible, mode: layer.mode)
            kept.isLocked = locked[index]
            stacked.append(kept)
        }
        return LayerStack(width: width, height: height, layers: stacked)
    }
}
