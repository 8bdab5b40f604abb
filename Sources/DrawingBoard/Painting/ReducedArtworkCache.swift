import Foundation

/// The composed artwork at full size and at 1/2, 1/4, 1/8..., kept up to date region by region, so
/// showing a big document zoomed out costs about the screen's pixels instead of all of the
/// document's on every zoom or scroll step. A change marks the document pixels it touched;
/// the next zoomed-out frame brings just those up to date, level by level (each pixel of a
/// level the mean of four of the one before, premultiplied).
final class ReducedArtworkCache {
    /// The composed document at full size, then levels[0] at 1/2, levels[1] at 1/4, ...
    private(set) var full: Bitmap?
    private(set) var levels: [Bitmap] = []
    /// Document pixels changed since the levels were last brought up to date (nil: none).
    private var dirty: PixelRect?
    static let deepest = 6

    /// A build under way beside the UI thread, and what changed since its snapshot (nil: all).
    private var building = false
    private var changedWhileBuilding: PixelRect? = .empty

    /// The document's pixels in `rect` changed.
    func invalidate(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        spare = nil
        dirty = dirty.map { $0.union(rect) } ?? rect
        if building { changedWhileBuilding = changedWhileBuilding.map { $0.union(rect) } }
    }

    /// Every pixel changed (an undo, a new document, another background).
    func invalidateAll() {
        if let full, !levels.isEmpty { spare = (full, levels) }
        levels = []
        levelsBehind = nil
        changedWhileBuilding = nil
    }

    /// Gives the copies' memory back (the document is behind another tab): built again when
    /// it shows zoomed out.
    func release() {
        full = nil
        levels = []
        spare = nil
        dirty = nil
        levelsBehind = nil
        changedWhileBuilding = nil
    }

    /// The copies' memory, kept when everything changed, filled again if the size still fits:
    /// a dialog's preview changes a whole 4K layer on every slider step, and fresh memory for
    /// 44 MB of copies cost a fifth of the step in page faults.
    private var spare: (full: Bitmap, levels: [Bitmap])?

    /// Builds the copies beside the UI thread from a snapshot of the artwork, and puts them in
    /// place on the UI thread (through `post`) with what changed meanwhile marked to refresh.
    /// A zoomed-in frame that would use them does not wait for them: building means
    /// allocating and composing the whole document (62-160 ms at 4K, a stalled first zoom step).
    func buildBeside(_ drawing: DrawingLayer, post: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        // A stroke in progress is not in the snapshot, and what it drew so far is not marked.
        guard !building, !isBuilt, drawing.activeStroke == nil, drawing.width > 0, drawing.height > 0 else { return }
        building = true
        changedWhileBuilding = .empty
        let compose = drawing.artworkSnapshot()
        let cache = SendableCache(cache: self)
        // The spare levels go to the build (the UI thread no longer touches them).
        let reused = SendableLevels(levels: spare?.levels)
        spare = nil
        DispatchQueue.global(qos: .userInitiated).async {
            let built = Self.build(from: compose(), reusing: reused.levels)
            post {
                let cache = cache.cache
                cache.building = false
                guard let changed = cache.changedWhileBuilding, !cache.isBuilt,
                      built.full.width == drawing.width, built.full.height == drawing.height else { return }
                cache.full = built.full
                cache.levels = built.levels
                cache.levelsBehind = nil
                cache.dirty = changed.isEmpty ? nil : changed
            }
        }
    }

    /// The UI thread's cache, handed to the build's last step, which runs on the UI thread.
    private struct SendableCache: @unchecked Sendable { let cache: ReducedArtworkCache }
    private struct SendableLevels: @unchecked Sendable { let levels: [Bitmap]? }

    /// The composed document and every level below it.
    private static func build(from composed: Bitmap, reusing spare: [Bitmap]? = nil) -> (full: Bitmap, levels: [Bitmap]) {
        var levels: [Bitmap] = []
        var finer = composed
        for index in 0..<deepest {
            let width = max(1, (finer.width + 1) / 2), height = max(1, (finer.height + 1) / 2)
            let level = spare.flatMap { $0.count == deepest && $0[index].width == width && $0[index].height == height ? $0[index] : nil }
                ?? Bitmap(width: width, height: height)
            halve(finer, originX: 0, originY: 0, width: finer.width, height: finer.height, into: level, region: level.bounds)
            levels.append(level)
            finer = level
        }
        return (composed, levels)
    }

    /// Whether the copies exist (they are built on the first zoomed-out frame after a change
    /// that touched everything, and kept up to date after that).
    var isBuilt: Bool { !levels.isEmpty }

    /// Level `n` (0: the composed document at full size, 1: half size, ...) of `drawing`, up to date.
    func level(_ n: Int, of drawing: DrawingLayer) -> Bitmap {
        let depth = min(max(n, 0), Self.deepest)
        if levels.first.map({ $0.width != (drawing.width + 1) / 2 || $0.height != (drawing.height + 1) / 2 }) ?? true
            || full.map({ $0.width != drawing.width || $0.height != drawing.height }) ?? true {
            levels = []
        }
        if levels.isEmpty {
            // Built whole, as deep as any zoom can ask, from the composed document.
            let reused = spare.flatMap { $0.full.width == max(1, drawing.width) && $0.full.height == max(1, drawing.height) ? $0 : nil }
            spare = nil
            let composed = reused?.full ?? Bitmap(width: max(1, drawing.width), height: max(1, drawing.height))
            drawing.compose(composed.bounds, into: composed, atX: 0, y: 0)
            let built = Self.build(from: composed, reusing: reused?.levels)
            full = built.full
            levels = built.levels
            levelsBehind = nil
            dirty = nil
        }
        if let changed = dirty?.intersection(PixelRect(x0: 0, y0: 0, x1: drawing.width, y1: drawing.height)), !changed.isEmpty {
            refresh(changed, of: drawing)
        }
        dirty = nil
        // The levels below follow only when one of them is asked for (a view turned at 100%
        // shows the full size on every motion event).
        if depth > 0, let behind = levelsBehind {
            levelsBehind = nil
            halveLevels(behind)
        }
        return depth == 0 ? full! : levels[depth - 1]
    }

    /// Brings `rect` (document pixels) up to date in every level.
    private func refresh(_ rect: PixelRect, of drawing: DrawingLayer) {
        // The composed document (whole pairs of pixels, so the first level's pixels are whole too).
        let composed = full!
        let even = PixelRect(x0: rect.x0 & ~1, y0: rect.y0 & ~1, x1: rect.x1 + 1, y1: rect.y1 + 1).intersection(composed.bounds)
        drawing.compose(even, into: composed, atX: 0, y: 0)
        levelsBehind = levelsBehind.map { $0.union(even) } ?? even
    }

    /// Full-size pixels composed since the levels below were last made from them.
    private var levelsBehind: PixelRect?

    /// Each level from the one before, within `rect` (full-size pixels).
    private func halveLevels(_ rect: PixelRect) {
        let composed = full!
        var region = PixelRect(x0: rect.x0 / 2, y0: rect.y0 / 2, x1: (rect.x1 + 1) / 2, y1: (rect.y1 + 1) / 2)
            .intersection(levels[0].bounds)
        Self.halve(composed, originX: 0, originY: 0, width: composed.width, height: composed.height, into: levels[0], region: region)
        for index in 1..<levels.count {
            let finer = levels[index - 1]
            region = PixelRect(x0: region.x0 / 2, y0: region.y0 / 2, x1: (region.x1 + 1) / 2, y1: (region.y1 + 1) / 2)
                .intersection(levels[index].bounds)
            Self.halve(finer, originX: 0, originY: 0, width: finer.width, height: finer.height, into: levels[index], region: region)
        }
    }

    /// Each pixel of `region` in `target` becomes the mean of the (up to) four pixels of
    /// `source` under it; `source` holds the finer level's pixels from (originX, originY), of
    /// `width` x `height` (an odd edge repeats its last pixel).
    private static func halve(_ source: Bitmap, originX: Int, originY: Int, width: Int, height: Int, into target: Bitmap, region: PixelRect) {
        guard !region.isEmpty, width > 0, height > 0 else { return }
        RowBands.forEachRow(of: region) { ty in
            let y0 = min(max(ty * 2 - originY, 0), height - 1), y1 = min(y0 + 1, height - 1)
            let rowA = source.pixels + y0 * source.width, rowB = source.pixels + y1 * source.width
            let out = target.pixels + ty * target.width
            for tx in region.x0..<region.x1 {
                let x0 = min(max(tx * 2 - originX, 0), width - 1), x1 = min(x0 + 1, width - 1)
                let a = rowA[x0], b = rowA[x1], c = rowB[x0], d = rowB[x1]
                // Two channels at a time, in 16-bit lanes: four bytes sum to at most 1020.
                let mask: UInt32 = 0x00FF_00FF, rounding: UInt32 = 0x0002_0002
                var low: UInt32 = (a & mask) &+ (b & mask)
                low = low &+ (c & mask) &+ (d & mask) &+ rounding
                var high: UInt32 = ((a >> 8) & mask) &+ ((b >> 8) & mask)
                high = high &+ ((c >> 8) & mask) &+ ((d >> 8) & mask) &+ rounding
                out[tx] = ((low >> 2) & mask) | (((high >> 2) & mask) << 8)
            }
        }
    }

}
