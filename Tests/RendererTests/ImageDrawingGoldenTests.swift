import CCairo
import Foundation
import DrawingBoard
@testable import PaintGraphics
import XCTest

private typealias AffineTransform = PaintGraphics.AffineTransform

/// Images drawn under transforms, compared with a supersampled ideal resampling of the source
/// (16 x 16 point samples per pixel, i.e. an area average) and with cairo's bilinear filter.
final class ImageDrawingGoldenTests: XCTestCase {
    /// A photo-like source: smooth gradients with a few hard edges.
    private func makeSource(width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var color = Color(red: Double(x) / Double(width), green: Double(y) / Double(height), blue: 0.5)
                if (x / 12 + y / 12) % 2 == 0 { color = Color(red: 0.9, green: 0.85, blue: 0.2) }
                bitmap[x, y] = color.premultipliedPixel
            }
        }
        return bitmap
    }

    /// The ideal image: every sample looks up the source texel it lands on.
    private func reference(width: Int, height: Int, source: Bitmap, transform: AffineTransform,
                           clip: (Double, Double) -> Bool) -> Bitmap {
        let inverse = transform.inverted()!
        let result = Bitmap(width: width, height: height)
        let grid = SupersampledReference.grid
        for y in 0..<height {
            for x in 0..<width {
                var sums = [Double](repeating: 0, count: 4)
                for sy in 0..<grid {
                    for sx in 0..<grid {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(grid), py = Double(y) + (Double(sy) + 0.5) / Double(grid)
                        var pixel: UInt32 = 0xFFFF_FFFF
                        let s = inverse.apply(to: Point(x: px, y: py))
                        if clip(px, py), s.x >= 0, s.y >= 0, s.x < Double(source.width), s.y < Double(source.height) {
                            pixel = source[Int(s.x), Int(s.y)]
                        }
                        for (i, shift) in [0, 8, 16, 24].enumerated() { sums[i] += Double((pixel >> UInt32(shift)) & 0xFF) }
                    }
                }
                var p: UInt32 = 0
                for (i, shift) in [0, 8, 16, 24].enumerated() {
                    p |= UInt32((sums[i] / Double(grid * grid)).rounded()) << UInt32(shift)
                }
                result[x, y] = p
            }
        }
        return result
    }

    private func compare(_ name: String, actual: Bitmap, expected: Bitmap, cairo: Bitmap, file: StaticString = #filePath, line: UInt = #line) {
        let ours = ImageComparison.meanAbsoluteError(actual, expected)
        let theirs = ImageComparison.meanAbsoluteError(cairo, expected)
        print("golden \(name): X11Paint MAE \(String(format: "%.3f", ours)), cairo MAE \(String(format: "%.3f", theirs))")
        if ours > theirs + 0.01 {
            let folder = ImageComparison.writeFailure(name: name, actual: actual, expected: expected, cairo: cairo)
            XCTFail("\(name): MAE \(ours) vs cairo \(theirs); images in \(folder)", file: file, line: line)
        }
    }

    func testRotatedScaledAndClippedImage() {
        let size = 96
        let source = makeSource(width: 48, height: 36)
        let transform = AffineTransform(translationX: -24, y: -18).scaledBy(x: 1, y: 1)
            .concatenating(AffineTransform(scaleX: 1.6, y: 1.6))
            .concatenating(AffineTransform(rotationAngle: .pi / 6))
            .concatenating(AffineTransform(translationX: 48.3, y: 47.6))
        let circle = Rect(x: 10.5, y: 8.5, width: 76, height: 76)
        let inCircle: (Double, Double) -> Bool = { x, y in
            let u = x - circle.midX, v = y - circle.midY
            return u * u + v * v <= 38 * 38
        }
        let expected = reference(width: size, height: size, source: source, transform: transform, clip: inCircle)
        let actual = Bitmap(width: size, height: size, color: .white)
        let context = GraphicsContext(bitmap: actual)
        context.clip(to: .ellipse(in: circle))
        context.draw(Image(bitmap: source), transform: transform)
        let cairo = CairoRenderer.render(width: size, height: size) { cr in
            cairo_arc(cr, circle.midX, circle.midY, 38, 0, 2 * .pi)
            cairo_clip(cr)
            var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
            cairo_transform(cr, &matrix)
            let surface = CairoRenderer.surface(from: source)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_rectangle(cr, 0, 0, 48, 36)
            cairo_fill(cr)
            cairo_surface_destroy(surface)
        }
        compare("image-rotated-clipped", actual: actual, expected: expected, cairo: cairo)
    }

    func testImageShrunkFiveTimesIsPrefilteredNotAliased() {
        // One-pixel stripes: a bilinear filter alone turns these into moiré when shrunk 5x.
        let source = Bitmap(width: 400, height: 300)
        for y in 0..<300 { for x in 0..<400 { source[x, y] = (x + y / 3) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF } }
        let transform = AffineTransform(scaleX: 0.2, y: 0.2)
        let expected = reference(width: 80, height: 60, source: source, transform: transform) { _, _ in true }
        let actual = Bitmap(width: 80, height: 60, color: .white)
        GraphicsContext(bitmap: actual).draw(Image(bitmap: source), transform: transform)
        let cairo = CairoRenderer.render(width: 80, height: 60) { cr in
            cairo_scale(cr, 0.2, 0.2)
            let surface = CairoRenderer.surface(from: source)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_paint(cr)
            cairo_surface_destroy(surface)
        }
        compare("image-shrunk-5x", actual: actual, expected: expected, cairo: cairo)
        XCTAssertLessThan(ImageComparison.meanAbsoluteError(actual, expected), 12, "close to the area average (mid grey)")
    }

    func testTheVectorBilinearGivesTheScalarLerpsNumbers() {
        // Every weight pair on texels with every channel's extremes and random ones: the
        // vector path inside the picture must give exactly what the clamped path's three lerps
        // give at its edges, or a photo would show a seam where one path meets the other.
        var generator = SystemRandomNumberGenerator()
        let width = 2
        let texels = UnsafeMutablePointer<UInt32>.allocate(capacity: 4)
        defer { texels.deallocate() }
        var differing = 0, compared = 0
        for trial in 0..<64 {
            for i in 0..<4 {
                texels[i] = trial < 4 ? [0xFFFF_FFFF, 0, 0xFF00_FF00, 0x00FF_00FF][(i + trial) % 4] : UInt32.random(in: 0...UInt32.max, using: &generator)
            }
            for fx in UInt16(0)...255 {
                for fy in stride(from: UInt16(0), through: 255, by: 5) {
                    let top = ImageSampler.lerp(texels[0], texels[1], UInt32(fx))
                    let bottom = ImageSampler.lerp(texels[width], texels[width + 1], UInt32(fx))
                    if ImageSampler.bilinear(texels, width: width, fx: fx, fy: fy) != ImageSampler.lerp(top, bottom, UInt32(fy)) { differing += 1 }
                    compared += 1
                }
            }
        }
        XCTAssertEqual(differing, 0, "of \(compared)")
    }
}
