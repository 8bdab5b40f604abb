/// Composes a stack of layers, bottom to top, each with its blend mode, opacity and
/// visibility, into a target that already holds what is under them (the background). Row by
/// row, every layer's row blended before the next row, so the target row stays in the cache;
/// big areas in row bands on both cores.
public enum LayerCompositor {
    public struct Layer {
        public let pixels: Bitmap
        public let mode: LayerBlendMode
        /// 0...255.
        public let opacity: UInt32
        public let isVisible: Bool

        public init(pixels: Bitmap, mode: LayerBlendMode = .normal, opacity: UInt32 = 255, isVisible: Bool = true) {
            self.pixels = pixels
            self.mode = mode
            self.opacity = opacity
            self.isVisible = isVisible
        }
    }

    /// Blends `layers` over `target` within `area` (layers and target the same size).
    public static func compose(_ layers: [Layer], into target: Bitmap, area: PixelRect) {
        let shown = layers.filter { $0.isVisible && $0.opacity > 0 && $0.pixels.width == target.width && $0.pixels.height == target.height }
        let area = area.intersection(target.bounds)
        guard !shown.isEmpty, !area.isEmpty else { return }
        let width = target.width, count = area.width
        RowBands.forEachRow(of: area) { y in
            let row = y * width + area.x0
            for layer in shown {
                LayerBlender.blend(layer.pixels.pixels + row, over: target.pixels + row, count: count, mode: layer.mode, opacity: layer.opacity)
            }
        }
    }
}
