/// Per-pixel coverage (0...255) of the shape being drawn, such as the stroke in progress.
/// It remembers the rectangle it has touched so that clearing costs only that area.
public final class CoverageMask {
    public let width: Int
    public let height: Int
    public let values: UnsafeMutablePointer<UInt8>
    public private(set) var touched: PixelRect = .empty

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = PixelMemory.allocate(UInt8.self, count: width * height)
        values.initialize(repeating: 0, count: max(1, width * height))
    }

    deinit { PixelMemory.free(values, count: width * height) }

    public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    public subscript(x: Int, y: Int) -> UInt8 { values[y * width + x] }

    func markTouched(_ rect: PixelRect) { touched = touched.union(rect) }

    public func clear() {
        let r = touched
        if !r.isEmpty {
            for y in r.y0..<r.y1 { (values + y * width + r.x0).update(repeating: 0, count: r.width) }
        }
        touched = .empty
    }
}
