import Foundation

/// An effect applied to a copy of a layer beside the UI thread, band by band from the top, so
/// a dialog's OK can show how far it got and Escape can stop it between two bands (nothing of
/// a stopped job reaches the layer). Each band is made from the untouched copy (an effect
/// reads its neighbours), so the bands join to exactly what `apply(to:in:selected:)` makes.
///
/// The finished layer goes into the document with the item (`DocumentContent.append(_:painted:)`)
/// instead of being worked a second time.
public final class AdjustmentJob: @unchecked Sendable {
    public let adjustment: PixelAdjustment
    private let source: Bitmap
    private let area: PixelRect
    private let selected: [Bool]?

    /// `source`: the layer's pixels, copied (the job reads it from another thread).
    public init(_ adjustment: PixelAdjustment, source: Bitmap, area: PixelRect, selected: [Bool]?) {
        self.adjustment = adjustment
        self.source = source
        self.area = area
        self.selected = selected
    }

    /// Works the adjustment (on any thread), telling `progress` the fraction done after each
    /// band; the layer as it would be after, or nil when `isStopped` said so between two bands.
    public func run(progress: (Double) -> Void, isStopped: () -> Bool = { false }) -> Bitmap? {
        let result = source.cropped(to: source.bounds)
        let visible = area.intersection(source.bounds)
        guard case .effect(let effect) = adjustment, !visible.isEmpty else {
            adjustment.apply(to: result, in: area, selected: selected)
            return isStopped() ? nil : result
        }
        // Bands tall enough that the rows an effect reads beyond each are a small part of it.
        let bandHeight = max(128, effect.reach * 8)
        var y = visible.y0
        while y < visible.y1 {
            if isStopped() { return nil }
            let band = PixelRect(x0: visible.x0, y0: y, x1: visible.x1, y1: min(visible.y1, y + bandHeight))
            let made = effect.render(from: source, area: band)
            RowBands.forEachRow(of: band) { row in
                let into = result.pixels + row * result.width, from = made.pixels + (row - band.y0) * made.width - band.x0
                if let selected {
                    let maskRow = (row - area.y0) * area.width - area.x0
                    for x in band.x0..<band.x1 where selected[maskRow + x] { into[x] = from[x] }
                } else {
                    (into + band.x0).update(from: from + band.x0, count: band.width)
                }
            }
            y = band.y1
            progress(Double(y - visible.y0) / Double(visible.height))
        }
        return isStopped() ? nil : result
    }
}
