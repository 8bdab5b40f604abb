import XCTest
@testable import PaintGraphics
@testable import PaintGraphicsHaswell

/// The loops compiled for x86-64-v3 must draw exactly what the baseline compilation draws: a
/// picture is the same on every machine, and the journal's replays the same as the first time.
final class HaswellKernelsTests: XCTestCase {
    override func tearDown() {
        Rasterizer.solidStrips = nil
        CapsuleRasterizer.capsuleRows = nil
        super.tearDown()
    }

    /// A seeded sequence, the same for both compilations.
    private struct Numbers {
        var seed: UInt64 = 0x5EED_44
        mutating func unit() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
    }

    /// Small polygons (a stroke's outline, text, a shape) and canvas-sized ones (filled in bands
    /// of rows on the cores and in strips of rows), opaque and translucent, under both rules,
    /// crossing the clip's and the picture's borders on every side.
    private func paintPolygons(into bitmap: Bitmap) {
        var numbers = Numbers()
        let context = GraphicsContext(bitmap: bitmap)
        context.clip(to: Rect(x: 37, y: 23, width: 560, height: 430))
        for index in 0..<400 {
            let big = index % 20 == 0
            let size = big ? 900.0 : 6 + numbers.unit() * 90
            let ox = numbers.unit() * Double(bitmap.width) - size / 2, oy = numbers.unit() * Double(bitmap.height) - size / 2
            let points = (0..<(3 + index % 9)).map { _ in Point(x: ox + numbers.unit() * size, y: oy + numbers.unit() * size) }
            context.fillColor = Color(red: numbers.unit(), green: numbers.unit(), blue: numbers.unit(),
                                      alpha: index % 3 == 0 ? 0.2 + 0.7 * numbers.unit() : 1)
            context.fill(Path.polygon(points), rule: index % 2 == 0 ? .nonZero : .evenOdd)
        }
    }

    /// Freehand strokes of every kind the capsule rasterizer tells apart: hairlines thinner than
    /// a pixel's diagonal, wide strokes with a solid middle, short and long segments, dots,
    /// segments running off the mask; each stroke's segments continuing the one before.
    /// Returns the rectangle each segment reported changed, and a hash of each stroke's mask.
    private func strokeCapsules(into mask: CoverageMask) -> (changed: [PixelRect], masks: [Int]) {
        var numbers = Numbers()
        var changed: [PixelRect] = [], masks: [Int] = []
        for stroke in 0..<60 {
            mask.clear()
            let width = [0.3, 0.9, 2, 6, 14, 40][stroke % 6]
            var point = Point(x: numbers.unit() * Double(mask.width + 40) - 20, y: numbers.unit() * Double(mask.height + 40) - 20)
            for segment in 0..<80 {
                let reach = segment % 7 == 0 ? 60.0 : (segment % 11 == 0 ? 0 : 6)
                let next = Point(x: point.x + (numbers.unit() - 0.5) * reach, y: point.y + (numbers.unit() - 0.5) * reach)
                changed.append(CapsuleRasterizer.add(from: point, to: next, width: width, continuing: segment > 0, into: mask))
                point = next
            }
            var hash = 0
            for i in 0..<(mask.width * mask.height) { hash = hash &* 31 &+ Int(mask.values[i]) }
            masks.append(hash)
        }
        return (changed, masks)
    }

    func testTheFillCompiledForX86_64_v3PaintsTheBaselinesPixels() throws {
        try XCTSkipUnless(HaswellKernels.isSupported, "this processor has no x86-64-v3: only the baseline's loops run here")
        let baseline = Bitmap(width: 640, height: 480, color: .white)
        paintPolygons(into: baseline)

        // The strips through this module's copy, counted, so the comparison cannot pass with the
        // baseline filling both.
        var strips = 0
        Rasterizer.solidStrips = { rasterizer, polygons, rule, strip, sink in
            strips += 1
            HaswellKernels.fillSolidStrip(rasterizer, polygons, rule, strip, sink)
        }
        let haswell = Bitmap(width: 640, height: 480, color: .white)
        paintPolygons(into: haswell)

        XCTAssertGreaterThan(strips, 400, "every polygon's strips went through the x86-64-v3 copy")
        var differing = 0
        for i in 0..<(640 * 480) where baseline.pixels[i] != haswell.pixels[i] { differing += 1 }
        XCTAssertEqual(differing, 0, "pixels the two compilations paint differently")
        XCTAssertNotEqual(baseline.color(atX: 320, y: 240), .white, "the scene painted something")
    }

    func testTheCapsulesCompiledForX86_64_v3CoverTheBaselinesPixels() throws {
        try XCTSkipUnless(HaswellKernels.isSupported, "this processor has no x86-64-v3: only the baseline's loops run here")
        // Both runs counted, so the comparison cannot pass with the baseline covering both.
        var baselineCapsules = 0, haswellCapsules = 0
        CapsuleRasterizer.capsuleRows = { kernel, rows, full, mask in
            baselineCapsules += 1
            return CapsuleRasterizer.cover(rows, by: kernel, full: full, in: mask, for: BaselineCompilation.self)
        }
        let baseline = strokeCapsules(into: CoverageMask(width: 301, height: 203))
        CapsuleRasterizer.capsuleRows = { kernel, rows, full, mask in
            haswellCapsules += 1
            return HaswellKernels.coverCapsuleRows(kernel, rows, full, mask)
        }
        let haswell = strokeCapsules(into: CoverageMask(width: 301, height: 203))

        XCTAssertGreaterThan(baselineCapsules, 3000, "segments on the mask")
        XCTAssertEqual(haswellCapsules, baselineCapsules, "every segment on the mask went through the x86-64-v3 copy")
        // Each segment's changed rectangle, and each stroke's mask (as a hash) before the next.
        XCTAssertEqual(haswell.changed.count, baseline.changed.count)
        XCTAssertEqual(haswell.masks.count, baseline.masks.count)
        let differing = zip(baseline.changed, haswell.changed).filter { $0 != $1 }.count
            + zip(baseline.masks, haswell.masks).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "segments or strokes the two compilations cover differently")
        XCTAssertGreaterThan(Set(baseline.changed).count, 1000, "the strokes changed something")
    }

    func testTheyAreChosenOnlyWhereTheProcessorHasThemAndNotWhenTheEnvironmentSaysNo() {
        XCTAssertFalse(HaswellKernels.installIfSupported(environment: ["X11PAINT_BASELINE_KERNELS": "1"]))
        XCTAssertNil(Rasterizer.solidStrips)
        XCTAssertNil(CapsuleRasterizer.capsuleRows)
        XCTAssertEqual(HaswellKernels.installIfSupported(environment: [:]), HaswellKernels.isSupported)
        XCTAssertEqual(Rasterizer.solidStrips != nil, HaswellKernels.isSupported)
        XCTAssertEqual(CapsuleRasterizer.capsuleRows != nil, HaswellKernels.isSupported)
    }
}
