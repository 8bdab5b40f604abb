/// Shrinks a bitmap by a whole factor, each output pixel the mean of a factor x factor box of
/// premultiplied pixels (edge boxes average what they have): exact and alias-free for the large
/// reductions a camera picture on a small drawing needs.
public enum BoxDownscaler {
    public static func downscale(_ source: Bitmap, by factor: Int) -> Bitmap {
        guard factor > 1 else { return source }
        let width = (source.width + factor - 1) / factor, height = (source.height + factor - 1) / factor
        let result = Bitmap(width: width, height: height)
        var sums = [UInt32](repeating: 0, count: width * 4)
        for outY in 0..<height {
            for i in sums.indices { sums[i] = 0 }
            let y0 = outY * factor, y1 = min(y0 + factor, source.height)
            for y in y0..<y1 {
                let row = source.pixels + y * source.width
                for x in 0..<source.width {
                    let p = row[x], o = (x / factor) * 4
                    sums[o] &+= p & 0xFF
                    sums[o + 1] &+= (p >> 8) & 0xFF
                    sums[o + 2] &+= (p >> 16) & 0xFF
                    sums[o + 3] &+= p >> 24
                }
            }
            let out = result.pixels + outY * width
            for outX in 0..<width {
                let count = UInt32((min(outX * factor + factor, source.width) - outX * factor) * (y1 - y0))
                let o = outX * 4, half = count / 2
                let b = (sums[o] + half) / count, g = (sums[o + 1] + half) / count
                let r = (sums[o + 2] + half) / count, a = (sums[o + 3] + half) / count
                out[outX] = b | g << 8 | r << 16 | a << 24
            }
        }
        return result
    }

    /// The smallest whole factor that brings `width` x `height` within `maximumPixels`.
    public static func factor(width: Int, height: Int, maximumPixels: Int) -> Int {
        guard maximumPixels > 0, width * height > maximumPixels else { return 1 }
        var factor = Int((Double(width * height) / Double(maximumPixels)).squareRoot().rounded(.up))
        while ((width + factor - 1) / factor) * ((height + factor - 1) / factor) > maximumPixels { factor += 1 }
        return max(factor, 1)
    }
}
