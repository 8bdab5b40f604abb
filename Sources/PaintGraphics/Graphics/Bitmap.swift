import Foundation

/// A width x height surface of premultiplied BGRA32 pixels, rows packed, the X11 ZPixmap layout
/// on little-endian machines. The storage never moves, so it can be shared with an XImage.
public final class Bitmap {
    public let width: Int
    public let height: Int
    public let pixels: UnsafeMutablePointer<UInt32>

    public init(width: Int, height: Int, fill: UInt32 = 0) {
        precondition(width >= 0 && height >= 0, "negative bitmap size")
        self.width = width
        self.height = height
        pixels = PixelMemory.allocate(UInt32.self, count: width * height)
        pixels.initialize(repeating: fill, count: max(1, width * height))
        releaseWrapped = nil
    }

    /// Pixels whose every value the caller writes before reading (PackedPixels unpacking a
    /// layer): ordinary memory, often a freed buffer used again, and not filled first.
    init(uninitializedWidth width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative bitmap size")
        self.width = width
        self.height = height
        pixels = PixelMemory.allocate(UInt32.self, count: width * height)
        releaseWrapped = nil
    }

    /// A transparent bitmap in a fresh mapping of its own on huge pages, which the kernel hands
    /// out zeroed: nothing is written up front, and a huge page costs memory once a stroke first
    /// reaches it. For a new drawing's layer, which filling with zeros made resident at start
    /// (4 MB of a 1280x800 window's 46 MB). Ordinary memory when the kernel refuses.
    public convenience init(zeroedWidth width: Int, height: Int) {
        let bytes = max(1, width * height) * 4
        guard bytes >= PixelMemory.hugePageSize, let memory = PixelMemory.allocateZeroedHuge(bytes: bytes) else {
            self.init(width: width, height: height)
            return
        }
        self.init(width: width, height: height, mapping: memory.bindMemory(to: UInt32.self, capacity: max(1, width * height))) {
            PixelMemory.freeZeroedHuge(memory, bytes: bytes)
        }
    }

    /// Over memory of its own mapping that reads as zeros, given back with `release`.
    private init(width: Int, height: Int, mapping memory: UnsafeMutablePointer<UInt32>, release: @escaping () -> Void) {
        self.width = width
        self.height = height
        pixels = memory
        releaseWrapped = release
        clearsByGivingPagesBack = true
    }

    public convenience init(width: Int, height: Int, color: Color) {
        self.init(width: width, height: height, fill: color.premultipliedPixel)
    }

    /// Given back when the bitmap goes, for pixels someone else allocated.
    private let releaseWrapped: (() -> Void)?

    /// A bitmap over memory that is not its own (a shared-memory segment the X server reads
    /// the window from), filled with `fill`; `release` runs when the bitmap goes.
    public init(width: Int, height: Int, wrapping memory: UnsafeMutablePointer<UInt32>, fill: UInt32, release: @escaping () -> Void) {
        self.width = width
        self.height = height
        pixels = memory
        releaseWrapped = release
        pixels.initialize(repeating: fill, count: width * height)
    }

    /// A transparent bitmap whose memory is taken page by page as pixels are written (a layer
    /// with a few strokes costs the pages they cross, not the whole canvas). Falls back to
    /// ordinary memory when the kernel refuses.
    public init(sparseWidth width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative bitmap size")
        self.width = width
        self.height = height
        let bytes = max(1, width * height) * 4
        if let memory = PixelMemory.allocateSparse(bytes: bytes) {
            pixels = memory.bindMemory(to: UInt32.self, capacity: max(1, width * height))
            releaseWrapped = { PixelMemory.freeSparse(memory, bytes: bytes) }
            isSparse = true
            clearsByGivingPagesBack = true
        } else {
            pixels = PixelMemory.allocate(UInt32.self, count: width * height)
            pixels.initialize(repeating: 0, count: max(1, width * height))
            releaseWrapped = nil
        }
    }

    /// Whether the memory is taken page by page (see `init(sparseWidth:height:)`).
    public private(set) var isSparse = false

    /// Whether the memory is a mapping of its own that reads as zeros once its pages are given
    /// back (sparse bitmaps, and a new drawing's layer).
    private var clearsByGivingPagesBack = false

    /// Every pixel transparent; a bitmap in a mapping of its own gives its pages back (they cost
    /// nothing until painted again).
    public func clear() {
        if clearsByGivingPagesBack {
            PixelMemory.zeroSparse(UnsafeMutableRawPointer(pixels), bytes: max(1, width * height) * 4)
        } else {
            fill(with: 0)
        }
    }

    /// A copy in sparse memory that writes only the source's pages holding something (a page
    /// of transparent pixels stays untouched, and costs nothing). Returns the copy and the bytes
    /// it wrote.
    public func sparseCopy() -> (copy: Bitmap, bytes: Int) {
        let copy = Bitmap(sparseWidth: width, height: height)
        let count = width * height, chunk = max(1, PixelMemory.pageSize / 4)
        var written = 0, start = 0
        while start < count {
            let length = min(chunk, count - start)
            let source = pixels + start
            if !PixelMemory.isZero(source, bytes: length * 4) {
                (copy.pixels + start).update(from: source, count: length)
                written += length * 4
            }
            start += length
        }
        return (copy, written)
    }

    deinit {
        if let releaseWrapped {
            releaseWrapped()
        } else {
            PixelMemory.free(pixels, count: width * height)
        }
    }

    public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    @inlinable
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    public func color(atX x: Int, y: Int) -> Color { Color(premultipliedPixel: self[x, y]) }

    public func fill(_ rect: PixelRect, with pixel: UInt32) {
        let r = rect.intersection(bounds)
        if r.isEmpty { return }
        for y in r.y0..<r.y1 {
            (pixels + y * width + r.x0).update(repeating: pixel, count: r.width)
        }
    }

    public func fill(with pixel: UInt32) { fill(bounds, with: pixel) }

    /// Copies `rect` of `source` into this bitmap moved by (dx, dy): a pixel at (x, y) of the
    /// source lands at (x + dx, y + dy); what lands outside is left out.
    public func copy(_ rect: PixelRect, from source: Bitmap, toX dx: Int, y dy: Int) {
        let r = rect.intersection(source.bounds)
        let target = r.offsetBy(dx: dx, dy: dy).intersection(bounds)
        if target.isEmpty { return }
        for y in target.y0..<target.y1 {
            (pixels + y * width + target.x0).update(from: source.pixels + (y - dy) * source.width + (target.x0 - dx),
                                                    count: target.width)
        }
    }

    /// A copy of a region as a new bitmap.
    public func cropped(to rect: PixelRect) -> Bitmap {
        let r = rect.intersection(bounds)
        // Every pixel of the copy is written by the copy: not filled first.
        let result = Bitmap(uninitializedWidth: r.width, height: r.height)
        result.copy(r, from: self, toX: -r.x0, y: -r.y0)
        return result
    }

    /// Source-over of another bitmap's `rect` with its top-left at (dx, dy).
    public func compositeOver(_ rect: PixelRect, from source: Bitmap, toX dx: Int, y dy: Int) {
        let r = rect.intersection(source.bounds)
        let target = r.offsetBy(dx: dx, dy: dy).intersection(bounds)
        if target.isEmpty { return }
        for y in target.y0..<target.y1 {
            let d = pixels + y * width
            let s = source.pixels + (y - dy) * source.width - dx
            for x in target.x0..<target.x1 { d[x] = PixelMath.over(s[x], d[x]) }
        }
    }

    /// Whether any pixel of `area` (that `selected` says, row by row over the area) is
    /// painted; stops at the first. Transparent premultiplied pixels are all zero.
    public func hasPaint(in area: PixelRect, selected: [Bool]? = nil) -> Bool {
        let visible = area.intersection(bounds)
        guard !visible.isEmpty else { return false }
        for y in visible.y0..<visible.y1 {
            let row = pixels + y * width, maskRow = (y - area.y0) * area.width - area.x0
            for x in visible.x0..<visible.x1 where row[x] != 0 && selected?[maskRow + x] != false { return true }
        }
        return false
    }

    /// Whether every pixel is fully opaque (a picture that a format without alpha holds exactly).
    public var isOpaque: Bool {
        let count = width * height
        for i in 0..<count where pixels[i] < 0xFF00_0000 { return false }
        return true
    }

    public func isEqual(to other: Bitmap) -> Bool {
        width == other.width && height == other.height && memcmp(pixels, other.pixels, width * height * 4) == 0
    }
}
