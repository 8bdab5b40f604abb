/// A run of destination pixels wholly inside a picture, kept to be sampled later in an order
/// kinder to the source's memory than the rasterizer's row after row.
package struct InteriorSpan {
    package var y: Int
    package var x0: Int
    package var x1: Int

    /// Destination columns per tile: a slanted read across this many columns stays within a few
    /// dozen source rows, which the TLB and caches hold.
    package static let tileWidth = 32

    /// Visits the spans cut into columns of `tileWidth`, one column after another, top to
    /// bottom within each: every pixel of every span exactly once.
    package static func forEachTileColumn(of spans: [InteriorSpan], _ body: (_ y: Int, _ x0: Int, _ x1: Int) -> Void) {
        guard let left = spans.lazy.map(\.x0).min(), let right = spans.lazy.map(\.x1).max() else { return }
        var column = left
        while column < right {
            let end = column + tileWidth
            for span in spans {
                let x0 = max(span.x0, column), x1 = min(span.x1, end)
                if x0 < x1 { body(span.y, x0, x1) }
            }
            column = end
        }
    }
}
