/// A bitmap used as a picture to draw (a photo), with half-size levels built on demand for
/// drawing it much smaller without aliasing.
public final class Image {
    public let bitmap: Bitmap
    private var levels: [Bitmap] = []

    public init(bitmap: Bitmap, isOpaque: Bool? = nil) {
        self.bitmap = bitmap
        opaque = isOpaque
    }

    private var opaque: Bool?
    /// Every pixel fully opaque (a JPEG, most photos): drawn over something, it replaces it
    /// instead of blending. Found once by looking at every pixel, unless the maker knew.
    public var isOpaque: Bool {
        if let opaque { return opaque }
        let all = bitmap.isOpaque
        opaque = all
        return all
    }

    /// Works out everything drawing will ask for (opacity, every half-size level down to a few
    /// pixels), so it happens on the thread that calls this, not in the middle of a gesture:
    /// a pinch crossing to a level not yet built would stall a frame for a whole box filter of
    /// the photo. The levels add a third of the picture's memory at most.
    public func prepareForDrawing() {
        _ = isOpaque
        var n = levels.count
        while (levels.last ?? bitmap).width > 1 || (levels.last ?? bitmap).height > 1 {
            n += 1
            _ = level(n)
        }
    }

    /// The bytes held by the picture and its levels.
    public var memoryFootprint: Int {
        ([bitmap] + levels).reduce(0) { $0 + $1.width * $1.height * 4 }
    }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }

    /// Level 0 is the bitmap; each further level halves both sides with a 2x2 box filter.
    public func level(_ n: Int) -> Bitmap {
        if n <= 0 { return bitmap }
        while levels.count < n {
            let source = levels.last ?? bitmap
            if source.width <= 1 && source.height <= 1 { return source }
            levels.append(Self.halve(source))
        }
        return levels[n - 1]
    }

    static func halve(_ source: Bitmap) -> Bitmap {
        let width = max(1, source.width / 2), height = max(1, source.height / 2)
        let result = Bitmap(width: width, height: height)
        let maxX = source.width - 1, maxY = source.height - 1
        for y in 0..<height {
            let row0 = source.pixels + min(2 * y, maxY) * source.width
            let row1 = source.pixels + min(2 * y + 1, maxY) * source.width
            let out = result.pixels + y * width
            for x in 0..<width {
                let x0 = min(2 * x, maxX), x1 = min(2 * x + 1, maxX)
                let a = row0[x0], b = row0[x1], c = row1[x0], d = row1[x1]
                let rb = ((a & 0xFF00FF) + (b & 0xFF00FF) + (c & 0xFF00FF) + (d & 0xFF00FF) + 0x20002) >> 2
                let ag = (((a >> 8) & 0xFF00FF) + ((b >> 8) & 0xFF00FF) + ((c >> 8) & 0xFF00FF) + ((d >> 8) & 0xFF00FF) + 0x20002) >> 2
                out[x] = (rb & 0xFF00FF) | ((ag & 0xFF00FF) << 8)
            }
        }
        return result
    }
}
