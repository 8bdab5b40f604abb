/// An integral rectangle of pixels: x0..<x1, y0..<y1.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x0: Int
    public var y0: Int
    public var x1: Int
    public var y1: Int

    @inlinable public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The pixels a rectangle touches, clipped to a width x height surface.
    @inlinable public init(covering rect: Rect, width: Int, height: Int) {
        if rect.isEmpty || !rect.minX.isFinite || !rect.minY.isFinite || !rect.maxX.isFinite || !rect.maxY.isFinite {
            self.init(x0: 0, y0: 0, x1: 0, y1: 0)
            return
        }
        // Clamp before converting so huge coordinates cannot overflow Int.
        let limitX = Double(width), limitY = Double(height)
        self.init(x0: max(0, floorToInt(max(-1, min(rect.minX, limitX)))), y0: max(0, floorToInt(max(-1, min(rect.minY, limitY)))),
                  x1: min(width, ceilToInt(max(-1, min(rect.maxX, limitX)))), y1: min(height, ceilToInt(max(-1, min(rect.maxY, limitY)))))
    }

    public static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @inlinable public var width: Int { max(0, x1 - x0) }
    @inlinable public var height: Int { max(0, y1 - y0) }
    @inlinable public var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }

    @inlinable public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    @inlinable public func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return r.isEmpty ? .empty : r
    }

    /// What is left of this rectangle outside `inner` (which lies within it), as up to four
    /// bands: above, below, left and right.
    @inlinable public func subtracting(_ inner: PixelRect) -> [PixelRect] {
        guard !inner.isEmpty else { return isEmpty ? [] : [self] }
        return [PixelRect(x0: x0, y0: y0, x1: x1, y1: inner.y0),
                PixelRect(x0: x0, y0: inner.y1, x1: x1, y1: y1),
                PixelRect(x0: x0, y0: inner.y0, x1: inner.x0, y1: inner.y1),
                PixelRect(x0: inner.x1, y0: inner.y0, x1: x1, y1: inner.y1)].filter { !$0.isEmpty }
    }

    /// The same rectangle moved by whole pixels.
    @inlinable public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }

    /// Grown by `pixels` on every side.
    @inlinable public func outset(by pixels: Int) -> PixelRect {
        PixelRect(x0: x0 - pixels, y0: y0 - pixels, x1: x1 + pixels, y1: y1 + pixels)
    }

    @inlinable public var description: String { "[\(x0),\(y0) - \(x1),\(y1)]" }
}
