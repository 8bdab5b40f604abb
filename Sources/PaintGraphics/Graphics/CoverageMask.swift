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
        isMapping = false
    }

    /// A mask in a mapping of its own, which the kernel hands out zeroed: nothing is written up
    /// front, and a page costs memory once a stroke first reaches it. For the document-sized
    /// masks a drawing keeps for its whole life (the stroke in progress, replays), which zeroing
    /// made resident at start: 1.6 MB of a 1280x800 window's. Ordinary memory when the kernel
    /// refuses.
    public init(zeroedWidth width: Int, height: Int) {
        self.width = width
        self.height = height
        let bytes = max(1, width * height)
        if let memory = PixelMemory.allocateZeroed(bytes: bytes) {
            values = memory.bindMemory(to: UInt8.self, capacity: bytes)
            isMapping = true
        } else {
            values = PixelMemory.allocate(UInt8.self, count: width * height)
            values.initialize(repeating: 0, count: bytes)
            isMapping = false
        }
    }

    /// Whether `values` is a mapping of its own (see `init(zeroedWidth:height:)`).
    private let isMapping: Bool

    deinit {
        if isMapping {
            PixelMemory.freeZeroed(UnsafeMutableRawPointer(values), bytes: max(1, width * height))
        } else {
            PixelMemory.free(values, count: width * height)
        }
    }

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
