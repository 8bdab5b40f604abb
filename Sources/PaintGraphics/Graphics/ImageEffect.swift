import Foundation

/// The Effects menu's changes of a layer's pixels: each new pixel made from its
/// neighbours, in integer arithmetic (or a fixed order of Float sums: see `GaussianBlur`), so a
/// replay on redo or after a crash gives the same bytes. Noise is random but seeded: the seed
/// is kept in the item, and each pixel's noise depends on its place alone, not on the thread.
public enum ImageEffect: Sendable, Equatable, Codable {
    /// Standard deviation `radius` px, 0.5...200 (GIMP's and libvips's meaning).
    case gaussianBlur(radius: Double)
    /// The difference from a Gaussian blur added back, `amount` percent, where it is at least
    /// `threshold` levels (GIMP's and Pinta's Unsharp Mask).
    case unsharpMask(amount: Int, radius: Double, threshold: Int)
    /// Squares of `cellSize` px, each its pixels' mean, laid from the area's top-left corner.
    case pixelate(cellSize: Int)
    /// Up to ± `intensity` percent of full scale (a triangle distribution), grey noise turned
    /// towards colour noise by `colorSaturation` percent (0...200), on `coverage` percent of pixels.
    case addNoise(intensity: Int, colorSaturation: Int, coverage: Int, seed: UInt64)
    /// The mean of the pixels along a line `distance` px long through each one, at `angle` degrees.
    case motionBlur(angle: Int, distance: Int)

    /// How far outside an area the effect reads.
    var reach: Int {
        switch self {
        case .gaussianBlur(let radius), .unsharpMask(_, let radius, _): return GaussianBlur.reach(sigma: radius)
        case .pixelate, .addNoise: return 0
        case .motionBlur(_, let distance): return distance / 2 + 1
        }
    }

    /// Changes `bitmap`'s pixels in `area` (only those `selected` says, row by row over the area).
    public func apply(to bitmap: Bitmap, in area: PixelRect, selected: [Bool]? = nil) {
        let visible = area.intersection(bitmap.bounds)
        guard !visible.isEmpty else { return }
        switch self {
        // The blurs write straight into the bitmap: no area-sized copy of 33 MB at 4K.
        case .gaussianBlur(let radius): return GaussianBlur.apply(to: bitmap, in: area, selected: selected, sigma: radius)
        case .unsharpMask(let amount, let radius, let threshold):
            return GaussianBlur.apply(to: bitmap, in: area, selected: selected, sigma: radius) { pixel, blurred in
                Self.sharpened(pixel, blurred: blurred, gain: Int32(amount), limit: Int32(threshold) * 256)
            }
        default: break
        }
        let made = render(from: bitmap, area: visible)
        RowBands.forEachRow(of: visible) { y in
            let row = bitmap.pixels + y * bitmap.width
            let from = made.pixels + (y - visible.y0) * made.width - visible.x0
            if let selected {
                let maskRow = (y - area.y0) * area.width - area.x0
                for x in visible.x0..<visible.x1 where selected[maskRow + x] { row[x] = from[x] }
            } else {
                (row + visible.x0).update(from: from + visible.x0, count: visible.width)
            }
        }
    }

    /// The area's new pixels (an area-sized bitmap), `bitmap` as it was.
    func render(from bitmap: Bitmap, area: PixelRect) -> Bitmap {
        switch self {
        case .gaussianBlur, .unsharpMask:
            // The area with the rows and columns the blur reads around it, blurred, then cut out.
            let around = area.outset(by: reach).intersection(bitmap.bounds)
            let work = bitmap.cropped(to: around)
            let inner = area.offsetBy(dx: -around.x0, dy: -around.y0)
            apply(to: work, in: inner)
            return work.cropped(to: inner)
        case .pixelate(let cellSize):
            return pixelated(bitmap, area: area, cellSize: max(1, cellSize))
        case .addNoise(let intensity, let saturation, let coverage, let seed):
            return noisy(bitmap, area: area, intensity: intensity, saturation: saturation, coverage: coverage, seed: seed)
        case .motionBlur(let angle, let distance):
            return motionBlurred(bitmap, area: area, angle: angle, distance: distance)
        }
    }

    /// A pixel with its difference from the blur (`blurred`, 16-bit channels) added back,
    /// `gain` percent, where the difference is at least `limit` (16-bit); alpha kept.
    @inline(__always)
    static func sharpened(_ pixel: UInt32, blurred: UnsafePointer<UInt16>, gain: Int32, limit: Int32) -> UInt32 {
        let a = Int32(pixel >> 24)
        guard a > 0 else { return pixel }
        var result = UInt32(a) << 24
        for (channel, shift) in [(0, UInt32(0)), (1, 8), (2, 16)] {
            let c = Int32((pixel >> shift) & 0xFF)
            let difference = c * 256 - Int32(blurred[channel])
            var value = c
            if abs(difference) >= limit {
                // Rounded half away from zero, in 1/25600ths.
                let step = difference * gain
                value += (step + (step >= 0 ? 12800 : -12800)) / 25600
            }
            result |= UInt32(min(max(value, 0), a)) << shift
        }
        return result
    }

    private func pixelated(_ bitmap: Bitmap, area: PixelRect, cellSize: Int) -> Bitmap {
        let made = Bitmap(width: area.width, height: area.height)
        let cellRows = (area.height + cellSize - 1) / cellSize
        RowBands.forEachBand(of: 0..<cellRows, pixels: area.width * area.height) { rows in
            for cellRow in rows {
                let y0 = cellRow * cellSize, y1 = min(area.height, y0 + cellSize)
                var x0 = 0
                while x0 < area.width {
                    let x1 = min(area.width, x0 + cellSize)
                    var sum = SIMD4<UInt64>()
                    for y in y0..<y1 {
                        let row = bitmap.pixels + (area.y0 + y) * bitmap.width + area.x0
                        for x in x0..<x1 {
                            let p = row[x]
                            sum &+= SIMD4(UInt64(p & 0xFF), UInt64((p >> 8) & 0xFF), UInt64((p >> 16) & 0xFF), UInt64(p >> 24))
                        }
                    }
                    let count = UInt64((x1 - x0) * (y1 - y0))
                    let mean = (sum &+ count / 2) / count
                    let pixel = UInt32(mean[3]) << 24 | UInt32(mean[2]) << 16 | UInt32(mean[1]) << 8 | UInt32(mean[0])
                    for y in y0..<y1 { (made.pixels + y * made.width + x0).update(repeating: pixel, count: x1 - x0) }
                    x0 = x1
                }
            }
        }
        return made
    }

    /// A well-mixed 64-bit value for a pixel's place and the seed (SplitMix64's finaliser).
    @inline(__always)
    package static func hash(_ x: Int, _ y: Int, _ seed: UInt64) -> UInt64 {
        var z = seed &+ UInt64(truncatingIfNeeded: x) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(truncatingIfNeeded: y) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private func noisy(_ bitmap: Bitmap, area: PixelRect, intensity: Int, saturation: Int, coverage: Int, seed: UInt64) -> Bitmap {
        let made = bitmap.cropped(to: area)
        let strength = Int32(min(max(intensity, 0), 100)), colour = Int32(min(max(saturation, 0), 200))
        let covered = UInt64(min(max(coverage, 0), 100))
        RowBands.forEachRow(of: made.bounds) { y in
            let out = made.pixels + y * made.width
            for x in 0..<made.width {
                let pixel = out[x], a = Int32(pixel >> 24)
                guard a > 0 else { continue }
                let bits = Self.hash(area.x0 + x, area.y0 + y, seed)
                guard bits % 100 < covered else { continue }
                // Two bytes summed: a triangle from −255 to 255; three more bytes for colour.
                let grey = Int32((bits >> 8) & 0xFF) + Int32((bits >> 16) & 0xFF) - 255
                var result = UInt32(a) << 24
                for (index, shift) in [(0, UInt32(0)), (1, 8), (2, 16)] {
                    let tint = Int32((bits >> UInt64(24 + 8 * index)) & 0xFF) * 2 - 255
                    let noise = (grey * (200 - colour) + tint * colour) / 200 * strength / 100
                    let c = Int32((pixel >> shift) & 0xFF) + noise * a / 255
                    result |= UInt32(min(max(c, 0), a)) << shift
                }
                out[x] = result
            }
        }
        return made
    }

    private func motionBlurred(_ bitmap: Bitmap, area: PixelRect, angle: Int, distance: Int) -> Bitmap {
        let radians = Double(angle) * Double.pi / 180
        let steps = max(1, distance)
        // The line's samples as whole-pixel offsets, found once (the same on every replay).
        let offsets = (0...steps).map { step -> (Int, Int) in
            let t = Double(step) - Double(steps) / 2
            return (Int((t * cos(radians)).rounded()), Int((-t * sin(radians)).rounded()))
        }
        let made = Bitmap(width: area.width, height: area.height)
        let count = UInt32(offsets.count), lastX = bitmap.width - 1, lastY = bitmap.height - 1
        RowBands.forEachRow(of: made.bounds) { y in
            let out = made.pixels + y * made.width
            for x in 0..<made.width {
                var sum = SIMD4<UInt32>()
                for (dx, dy) in offsets {
                    let p = bitmap[min(max(area.x0 + x + dx, 0), lastX), min(max(area.y0 + y + dy, 0), lastY)]
                    sum &+= SIMD4(p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24)
                }
                let mean = (sum &+ count / 2) / count
                out[x] = mean[3] << 24 | mean[2] << 16 | mean[1] << 8 | mean[0]
            }
        }
        return made
    }
}
