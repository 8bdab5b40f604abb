import Foundation

/// How a big piece of pixel work is shared between the cores: in bands of whole rows, so each
/// destination row is written by one thread only and no locks are needed. Small work stays on
/// the calling thread, where a hand-over to the pool would cost more than it saves.
public enum RowBands {
    /// Below this many pixels one thread does it all (about a 512x512 area).
    public static let minimumPixels = 1 << 18

    /// How many bands work over `pixels` is split into: all the cores from `minimumPixels` on.
    @inlinable
    public static func count(forPixels pixels: Int, minimumPixels: Int = minimumPixels) -> Int {
        pixels >= minimumPixels ? cores : 1
    }

    /// Read once: on Linux each call of `activeProcessorCount` reads the cgroup's CPU quota
    /// from /sys, 2% of a 4K pinch frame when it was asked for every band.
    public static let availableCores = min(4, ProcessInfo.processInfo.activeProcessorCount)
    /// How many bands work is split into: settable so a benchmark can measure one core beside
    /// all of them.
    nonisolated(unsafe) public static var cores = availableCores

    /// Runs `body` for each band of `area` (its index and rows), on the cores at once when the
    /// area is big.
    /// Inlinable: the canvas compositor runs its per-pixel loop in `body`.
    @inlinable
    public static func forEachBand(of area: PixelRect, minimumPixels: Int = minimumPixels, _ body: (Int, PixelRect) -> Void) {
        let bands = count(forPixels: area.width * area.height, minimumPixels: minimumPixels)
        guard bands > 1 else {
            body(0, area)
            return
        }
        let rowsPerBand = (area.height + bands - 1) / bands
        BandWorkers.shared.run(iterations: bands) { band in
            var rows = area
            rows.y0 = area.y0 + band * rowsPerBand
            rows.y1 = min(area.y1, rows.y0 + rowsPerBand)
            if !rows.isEmpty { body(band, rows) }
        }
    }

    /// Runs `body` for each band of `area` between `cuts` (rows, the first `area.y0` and the
    /// last `area.y1`; a band that would be empty is skipped), on the cores at once: for work
    /// that is not spread evenly over the rows.
    static func forEachBand(of area: PixelRect, cuts: [Int], _ body: (Int, PixelRect) -> Void) {
        BandWorkers.shared.run(iterations: cuts.count - 1) { band in
            var rows = area
            rows.y0 = cuts[band]
            rows.y1 = cuts[band + 1]
            if !rows.isEmpty { body(band, rows) }
        }
    }

    /// Runs `body` for bands of `items` (tile rows, say) on the cores at once when the work
    /// covers `pixels` pixels or more.
    public static func forEachBand(of items: Range<Int>, pixels: Int, _ body: (Range<Int>) -> Void) {
        let bands = min(count(forPixels: pixels), items.count)
        guard bands > 1 else { return body(items) }
        let perBand = (items.count + bands - 1) / bands
        BandWorkers.shared.run(iterations: bands) { band in
            let start = items.lowerBound + band * perBand, end = min(items.upperBound, start + perBand)
            if start < end { body(start..<end) }
        }
    }

    /// Runs `body` for each row of `area`, a big area's rows split between the cores.
    @inlinable
    public static func forEachRow(of area: PixelRect, _ body: (Int) -> Void) {
        forEachBand(of: area) { _, rows in
            for y in rows.y0..<rows.y1 { body(y) }
        }
    }
}
