/// The background as fills and the eraser read it under the layers. A picture scaled to fill
/// the layer costs a whole layer to draw, so the last one is kept for the next ask (a replay
/// asks for it at every fill).
final class UnderlayCache {
    private var last: (asset: ImageAsset, width: Int, height: Int, underlay: StrokeRenderer.Underlay)?

    func underlay(for background: Background, width: Int, height: Int) -> StrokeRenderer.Underlay {
        guard case .image(let asset) = background else { return StrokeRenderer.Underlay(background, width: width, height: height) }
        if let last, last.asset == asset, last.width == width, last.height == height { return last.underlay }
        let underlay = StrokeRenderer.Underlay(background, width: width, height: height)
        last = (asset, width, height, underlay)
        return underlay
    }
}
