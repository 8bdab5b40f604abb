import Foundation

/// Where Clone Stamp copies from: `Ctrl`+click sets the place. Aligned (GIMP's and Krita's
/// default), the distance from the first stroke's start to the place holds for every stroke
/// after it, so strokes anywhere copy one picture; not aligned, each stroke starts copying at
/// the place again.
final class CloneSource {
    /// The app's one place, as GIMP's tool options keep one: it holds across tabs.
    static let shared = CloneSource()

    /// The place set, in document units (nil: none yet).
    private(set) var place: Point?
    /// The distance every aligned stroke copies from, once the first one fixed it.
    private var alignedOffset: Point?
    var isAligned = true {
        didSet { alignedOffset = nil }
    }

    func set(_ point: Point) {
        place = point
        alignedOffset = nil
    }

    /// The offset a stroke starting at `start` copies from (nil: no place set yet).
    func offset(forStrokeAt start: Point) -> Point? {
        guard let place else { return nil }
        let fresh = Point(x: place.x - start.x, y: place.y - start.y)
        guard isAligned else { return fresh }
        if alignedOffset == nil { alignedOffset = fresh }
        return alignedOffset
    }

    /// Where the brush at `point` copies from now, or would: the place shown beside the pointer.
    func source(for point: Point) -> Point? {
        guard let place else { return nil }
        guard isAligned, let alignedOffset else { return place }
        return Point(x: point.x + alignedOffset.x, y: point.y + alignedOffset.y)
    }
}
