import XCTest
@testable import PaintGraphics
@testable import PaintGraphicsHaswell

/// The fill compiled for x86-64-v3 must paint exactly what the baseline compilation paints: a
/// picture is the same on every machine, and the journal's replays the same as the first time.
final class HaswellStripFillTests: XCTestCase {
    override func tearDown() {
        Rasterizer.solidStrips = nil
        super.tearDown()
    }

    /// Small polygons (a stroke's outline, text, a shape) and canvas-sized ones (filled in bands
    /// of rows on the cores and in strips of rows), opaque and translucent, under both rules,
    /// crossing the clip's and the picture's borders on every side.
    private func paintScene(into bitmap: Bitmap) {
        var seed: UInt64 = 0x5EED_44
        func unit() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let context = GraphicsContext(bitmap: bitmap)
        context.clip(to: Rect(x: 37, y: 23, width: 560, height: 430))
        for index in 0..<400 {
            let big = index % 20 == 0
            let size = big ? 900.0 : 6 + unit() * 90
            let ox = unit() * Double(bitmap.width) - size / 2, oy = unit() * Double(bitmap.height) - size / 2
            let points = (0..<(3 + index % 9)).map { _ in Point(x: ox + unit() * size, y: oy + unit() * size) }
            context.fillColor = Color(red: unit(), green: unit(), blue: unit(), alpha: index % 3 == 0 ? 0.2 + 0.7 * unit() : 1)
            context.fill(Path.polygon(points), rule: index % 2 == 0 ? .nonZero : .evenOdd)
        }
    }

    func testTheFillCompiledForX86_64_v3PaintsTheBaselinesPixels() throws {
        try XCTSkipUnless(HaswellStripFill.isSupported, "this processor has no x86-64-v3: only the baseline fill runs here")
        let baseline = Bitmap(width: 640, height: 480, color: .white)
        paintScene(into: baseline)

        // The strips through this module's copy, counted, so the comparison cannot pass with the
        // baseline filling both.
        var strips = 0
        Rasterizer.solidStrips = { rasterizer, polygons, rule, strip, sink in
            strips += 1
            HaswellStripFill.fillSolidStrip(rasterizer, polygons, rule, strip, sink)
        }
        let haswell = Bitmap(width: 640, height: 480, color: .white)
        paintScene(into: haswell)

        XCTAssertGreaterThan(strips, 400, "every polygon's strips went through the x86-64-v3 copy")
        var differing = 0
        for i in 0..<(640 * 480) where baseline.pixels[i] != haswell.pixels[i] { differing += 1 }
        XCTAssertEqual(differing, 0, "pixels the two compilations paint differently")
        XCTAssertNotEqual(baseline.color(atX: 320, y: 240), .white, "the scene painted something")
    }

    func testItIsChosenOnlyWhereTheProcessorHasItAndNotWhenTheEnvironmentSaysNo() {
        XCTAssertFalse(HaswellStripFill.installIfSupported(environment: ["X11PAINT_BASELINE_FILL": "1"]))
        XCTAssertNil(Rasterizer.solidStrips)
        XCTAssertEqual(HaswellStripFill.installIfSupported(environment: [:]), HaswellStripFill.isSupported)
        XCTAssertEqual(Rasterizer.solidStrips != nil, HaswellStripFill.isSupported)
    }
}
