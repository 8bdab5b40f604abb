import Foundation
import DrawingBoard
@testable import PaintGraphics
import XCTest

private typealias AffineTransform = PaintGraphics.AffineTransform

final class RendererBehaviourTests: XCTestCase {
    private func canvas(_ width: Int = 64, _ height: Int = 64, _ color: Color = .white) -> (Bitmap, GraphicsContext) {
        let bitmap = Bitmap(width: width, height: height, color: color)
        return (bitmap, GraphicsContext(bitmap: bitmap))
    }

    func testTranslucentStrokeCrossingItselfNeverDarkens() {
        let (bitmap, context) = canvas(100, 100)
        context.strokeColor = Color(r: 0, g: 0, b: 255, a: 128)
        context.lineStyle = LineStyle(width: 10, cap: .round, join: .round)
        var path = Path()
        path.move(to: Point(x: 10, y: 10))
        path.line(to: Point(x: 90, y: 90))
        path.line(to: Point(x: 90, y: 10))
        path.line(to: Point(x: 10, y: 90)) // crosses the first segment at (50, 50)
        context.stroke(path)
        let single = bitmap.color(atX: 30, y: 30)
        XCTAssertEqual(single.red, 127.0 / 255, accuracy: 2.0 / 255, "one layer of 50% blue over white")
        XCTAssertEqual(bitmap.color(atX: 50, y: 50), single, "the crossing is no darker")
        XCTAssertEqual(bitmap.color(atX: 90, y: 90), single, "the corner is no darker")
    }

    private func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 } }
        return count
    }

    func testCommittingTheStrokeInProgressChangesNoPixelOnScreen() {
        // The canvas shows the stroke in progress through its mask; committing paints the same
        // blend into the layer. The composed pixels must be identical, so the canvas need not
        // compose the stroke's whole area again when the mouse is released.
        let size = 48
        let gradient = Bitmap(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size { gradient[x, y] = Color(r: x * 5, g: y * 5, b: 90).premultipliedPixel }
        }
        let backgrounds: [Background] = [.color(.white), .color(Color(r: 250, g: 240, b: 200)),
                                         .image(ImageAsset(bitmap: gradient, name: "gradient"))]
        let strokes: [(Color, BlendMode)] = [(Color(r: 30, g: 100, b: 230), .sourceOver),
                                             (Color(r: 200, g: 20, b: 20, a: 90), .sourceOver),
                                             (.black, .clear), (Color(r: 0, g: 0, b: 0, a: 128), .destinationOut),
                                             (Color(r: 10, g: 200, b: 10, a: 160), .copy)]
        let scribble = (0..<12).map { i in Point(x: 6.3 + 3.1 * Double(i), y: 24.7 + 9 * sin(Double(i) * 0.9)) }
        for background in backgrounds {
            for (color, mode) in strokes {
                let drawing = DrawingLayer(width: size, height: size)
                // Existing translucent artwork under the new stroke.
                let under = Document(items: [.background(background),
                                             .stroke(Stroke(points: [Point(x: 4, y: 4), Point(x: 44, y: 44)],
                                                            color: Color(r: 250, g: 200, b: 0, a: 200), width: 9,
                                                            blendMode: .sourceOver))])
                drawing.rebuild(from: under)
                let plain = Bitmap(width: size, height: size)
                drawing.compose(drawing.layer.bounds, into: plain, atX: 0, y: 0)
                _ = drawing.begin(Stroke(points: [scribble[0]], color: color, width: 7, blendMode: mode))
                for p in scribble.dropFirst() { _ = drawing.extend(to: p) }
                let before = Bitmap(width: size, height: size), after = Bitmap(width: size, height: size)
                drawing.compose(drawing.layer.bounds, into: before, atX: 0, y: 0)
                XCTAssertNotNil(drawing.commit())
                drawing.compose(drawing.layer.bounds, into: after, atX: 0, y: 0)
                XCTAssertEqual(differingPixels(before, after), 0, "\(mode) \(color) over \(background)")
                XCTAssertGreaterThan(differingPixels(plain, before), 150, "the stroke in progress was on screen")
            }
        }
    }

    func testCapsulesOnMasksNarrowerThanAGroupMatchWideOnes() {
        // The capsule kernel works four pixels at a time; a mask narrower than that goes pixel
        // by pixel and must give the same values, and report the same changed pixels.
        let segments: [(Point, Point, Double)] = [(Point(x: 0.3, y: 0.7), Point(x: 2.6, y: 3.9), 1.5),
                                                  (Point(x: 1.5, y: -1), Point(x: 1.2, y: 6), 0.6),
                                                  (Point(x: 2.2, y: 2.2), Point(x: 2.2, y: 2.2), 3)]
        for (a, b, width) in segments {
            for narrowWidth in 1...3 {
                let narrow = CoverageMask(width: narrowWidth, height: 5), wide = CoverageMask(width: 12, height: 5)
                let narrowChanged = CapsuleRasterizer.add(from: a, to: b, width: width, into: narrow)
                let wideChanged = CapsuleRasterizer.add(from: a, to: b, width: width, into: wide)
                var inked = 0
                for y in 0..<5 {
                    for x in 0..<narrowWidth {
                        XCTAssertEqual(narrow[x, y], wide[x, y], "\(a)-\(b) w\(width) at \(x),\(y) in a \(narrowWidth)-wide mask")
                        if narrow[x, y] > 0 {
                            inked += 1
                            XCTAssertTrue(x >= narrowChanged.x0 && x < narrowChanged.x1 && y >= narrowChanged.y0 && y < narrowChanged.y1,
                                          "changed pixel \(x),\(y) reported")
                        }
                    }
                }
                XCTAssertGreaterThan(inked, 0)
                XCTAssertFalse(wideChanged.isEmpty)
            }
        }
    }

    func testIncrementalFreehandShowsEveryChangedPixelAndSkipsNothing() {
        // Each motion event composes only the rectangle the new segment changed, and a
        // continuing segment skips the pixels behind its start. Neither may lose a pixel: the
        // screen built event by event equals one composed in full, and the mask matches one
        // built without skipping.
        let size = (width: 160, height: 120)
        var state: UInt64 = 0x5EED
        func random(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double(state >> 11) / Double(1 << 53)
        }
        for width in [0.5, 1, 2.5, 6, 13, 20, 41] {
            var points = [Point(x: 80.3, y: 60.7)]
            var angle = random(0...(2 * .pi))
            for _ in 0..<120 {
                angle += random(-0.6...0.6)
                let step = random(0.4...9)
                let last = points[points.count - 1]
                points.append(Point(x: min(max(last.x + step * cos(angle), -5), 165), y: min(max(last.y + step * sin(angle), -5), 125)))
            }
            let drawing = DrawingLayer(width: size.width, height: size.height)
            let incremental = Bitmap(width: size.width, height: size.height)
            drawing.compose(drawing.layer.bounds, into: incremental, atX: 0, y: 0)
            let ink = Color(r: 200, g: 40, b: 90, a: 170)
            drawing.compose(drawing.begin(Stroke(points: [points[0]], color: ink, width: width, blendMode: .sourceOver)),
                            into: incremental, atX: 0, y: 0)
            for p in points.dropFirst() { drawing.compose(drawing.extend(to: p), into: incremental, atX: 0, y: 0) }
            let full = Bitmap(width: size.width, height: size.height)
            drawing.compose(drawing.layer.bounds, into: full, atX: 0, y: 0)
            XCTAssertEqual(differingPixels(incremental, full), 0, "width \(width): every changed pixel was shown")

            let unskipped = CoverageMask(width: size.width, height: size.height)
            for i in points.indices {
                CapsuleRasterizer.add(from: points[max(i - 1, 0)], to: points[i], width: width, continuing: false, into: unskipped)
            }
            let skipping = CoverageMask(width: size.width, height: size.height)
            for i in points.indices {
                CapsuleRasterizer.add(from: points[max(i - 1, 0)], to: points[i], width: width, continuing: i > 0, into: skipping)
            }
            // Up to 2 levels of 255: a pixel's exact-area coverage depends on the edge's direction
            // as well as its distance, so the previous segment's nearer edge, at another angle,
            // can give a pixel a hair less than the new segment's round start would.
            var worst = 0, inked = 0
            for y in 0..<size.height {
                for x in 0..<size.width {
                    worst = max(worst, abs(Int(skipping[x, y]) - Int(unskipped[x, y])))
                    if skipping[x, y] > 0 { inked += 1 }
                }
            }
            XCTAssertLessThanOrEqual(worst, 2, "width \(width): skipping behind the start loses no coverage")
            XCTAssertGreaterThan(inked, 200)
        }
    }

    func testAThinStrokesDotCoversTheAreaOfItsDisc() {
        // A click with a width-1 pencil is a disc of radius 0.5: wherever it falls on the pixel
        // grid, the coverage it adds up to is the disc's area, pi / 4 of a pixel.
        for (x, y) in [(10.5, 10.5), (10.3, 10.8), (10.0, 10.0), (10.71, 10.5), (10.2, 10.1)] {
            let mask = CoverageMask(width: 21, height: 21)
            CapsuleRasterizer.add(from: Point(x: x, y: y), to: Point(x: x, y: y), width: 1, into: mask)
            var total = 0.0
            for py in 0..<21 { for px in 0..<21 { total += Double(mask[px, py]) / 255 } }
            XCTAssertEqual(total, Double.pi / 4, accuracy: 0.02, "a dot at \(x), \(y)")
        }
    }

    func testBlendModes() {
        let red = Color(r: 255, g: 0, b: 0), half = Color(r: 0, g: 0, b: 255, a: 128)
        let square = Path.rect(Rect(x: 0, y: 0, width: 8, height: 8))
        func result(_ mode: BlendMode, _ color: Color) -> Color {
            let (bitmap, context) = canvas(8, 8, red)
            context.blendMode = mode
            context.fillColor = color
            context.fill(square)
            return bitmap.color(atX: 4, y: 4)
        }
        let over = result(.sourceOver, half)
        XCTAssertEqual(over.red, 127.0 / 255, accuracy: 0.01)
        XCTAssertEqual(over.blue, 128.0 / 255, accuracy: 0.01)
        XCTAssertEqual(over.alpha, 1)
        let copy = result(.copy, half)
        XCTAssertEqual(copy.alpha, 128.0 / 255, accuracy: 0.01, "copy replaces, alpha included")
        XCTAssertEqual(copy.red, 0)
        XCTAssertEqual(result(.clear, half), .clear, "clear removes whatever the paint")
        let out = result(.destinationOut, half)
        XCTAssertEqual(out.alpha, 127.0 / 255, accuracy: 0.01, "destination-out removes by the source's alpha")
        XCTAssertEqual(out.red, 1, accuracy: 0.01, "and keeps the destination's colour")
    }

    func testGlobalAlphaAndSaveRestore() {
        let (bitmap, context) = canvas(20, 10)
        context.save()
        context.globalAlpha = 0.5
        context.fillColor = .black
        context.clip(to: Rect(x: 0, y: 0, width: 10, height: 10))
        context.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 10)))
        context.restore()
        XCTAssertEqual(bitmap.color(atX: 5, y: 5).red, 0.5, accuracy: 0.01)
        XCTAssertEqual(bitmap.color(atX: 15, y: 5), .white, "clipped away")
        context.fill(.rect(Rect(x: 10, y: 0, width: 10, height: 10)))
        XCTAssertEqual(bitmap.color(atX: 15, y: 5), .black, "alpha, clip and colour were restored (fill is black by default)")
        XCTAssertEqual(context.globalAlpha, 1)
    }

    /// The rows a turned outline covers: every pixel it names, and the pixels round it, are
    /// fully inside the outline as the rasterizer fills it, at steep and shallow angles alike;
    /// and it names most of the outline's middle row.
    func testOccludedRowsNameOnlyPixelsTheOutlineCoversWithAMargin() throws {
        for angle in [0.02, 0.3, 0.785, 1.2, 1.55] {
            let (bitmap, context) = canvas(400, 400)
            let centre = Point(x: 201.3, y: 198.6)
            let corners = [(-150.0, -90.0), (150, -90), (150, 90), (-150, 90)].map { x, y in
                Point(x: centre.x + x * cos(angle) - y * sin(angle), y: centre.y + x * sin(angle) + y * cos(angle))
            }
            var outline = Path()
            outline.move(to: corners[0])
            for corner in corners.dropFirst() { outline.line(to: corner) }
            outline.close()
            context.fillColor = .black
            context.fill(outline)
            let rows = try XCTUnwrap(OccludedRows(corners: corners, within: bitmap.bounds))
            var named = 0
            for y in 0..<400 {
                guard let span = rows.span(row: y) else { continue }
                for x in span {
                    named += 1
                    for (dx, dy) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                        XCTAssertEqual(bitmap.pixels[(y + dy) * 400 + x + dx], Color.black.premultipliedPixel,
                                       "turned \(angle): (\(x + dx), \(y + dy)) is named or next to a named pixel")
                    }
                }
            }
            XCTAssertGreaterThan(named, 300 * 180 * 8 / 10, "turned \(angle): most of the outline's pixels are named")
        }
    }

    /// Path clips away from the bitmap's origin, one inside another: the mask covers only the
    /// clipped area, so every read of it must land on the same pixel it was written for.
    func testNestedPathClipsAwayFromTheOriginKeepOnlyTheOverlap() {
        let (bitmap, context) = canvas(120, 90)
        context.clip(to: .ellipse(in: Rect(x: 40, y: 20, width: 40, height: 40)))
        context.clip(to: .ellipse(in: Rect(x: 56, y: 24, width: 40, height: 40)))
        context.fillColor = .black
        context.fill(.rect(Rect(x: 0, y: 0, width: 120, height: 90)))
        let photo = Bitmap(width: 120, height: 90, color: Color(r: 0, g: 0, b: 255))
        context.draw(Image(bitmap: photo), in: Rect(x: 0, y: 50, width: 120, height: 40))
        XCTAssertEqual(bitmap.color(atX: 68, y: 40), .black, "inside both circles")
        XCTAssertEqual(bitmap.color(atX: 68, y: 54), Color(r: 0, g: 0, b: 255), "the picture, inside both")
        XCTAssertEqual(bitmap.color(atX: 45, y: 40), .white, "inside the first circle only")
        XCTAssertEqual(bitmap.color(atX: 92, y: 44), .white, "inside the second circle only")
        XCTAssertEqual(bitmap.color(atX: 10, y: 10), .white, "outside both")
        // Along the row through both centres' height the overlap is exactly 56...80: partly
        // covered pixels at both ends, none beyond.
        let row = (50...85).map { bitmap.color(atX: $0, y: 42).red }
        XCTAssertEqual(row[0], 1, accuracy: 0.001)
        XCTAssertEqual(row[row.count - 1], 1, accuracy: 0.001)
        XCTAssertEqual(row.filter { $0 < 0.01 }.count, 22, "the lens spans 56...80 at this row, less its anti-aliased ends")
    }

    func testTransformMovesScalesAndRotates() {
        let (bitmap, context) = canvas(100, 100)
        context.translateBy(x: 50, y: 50)
        context.rotate(by: .pi / 2)
        context.scaleBy(x: 2, y: 2)
        context.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 5)))
        // (x, y) -> scale -> (2x, 2y) -> rotate 90° -> (-2y, 2x) -> translate.
        XCTAssertEqual(bitmap.color(atX: 45, y: 60), .black)
        XCTAssertEqual(bitmap.color(atX: 55, y: 60), .white)
        XCTAssertEqual(bitmap.color(atX: 45, y: 45), .white)
    }

    func testFlatteningStaysWithinToleranceAndFollowsTheTransform() {
        var path = Path()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2)
        let coarse = PathFlattener.flatten(path, tolerance: 0.1)[0].points
        let scaled = PathFlattener.flatten(path, transform: AffineTransform(scaleX: 20, y: 20), tolerance: 0.1)[0].points
        XCTAssertGreaterThan(scaled.count, coarse.count * 3, "a path drawn 20x larger is flattened finer")
        for points in [coarse] {
            for i in 1..<points.count {
                let mid = Point(x: (points[i - 1].x + points[i].x) / 2, y: (points[i - 1].y + points[i].y) / 2)
                XCTAssertLessThan(10 - mid.distance(to: .zero), 0.1 + 1e-3, "chord within tolerance of the arc")
            }
        }
        XCTAssertEqual(coarse.last!.x, 0, accuracy: 1e-9)
        XCTAssertEqual(coarse.last!.y, 10, accuracy: 1e-9)
    }

    func testDasherHonoursLengthsAndPhase() {
        let line = [Polyline(points: [Point(x: 0, y: 0), Point(x: 20, y: 0)], isClosed: false)]
        let dashes = Dasher.dash(line, pattern: [3, 2], phase: 0)
        XCTAssertEqual(dashes.map { $0.points.first!.x }, [0, 5, 10, 15])
        XCTAssertEqual(dashes.map { $0.points.last!.x }, [3, 8, 13, 18])
        let shifted = Dasher.dash(line, pattern: [3, 2], phase: 4)
        XCTAssertEqual(shifted.first!.points.first!.x, 1, "phase 4 starts in the gap, one before the next dash")
        XCTAssertEqual(shifted.first!.points.last!.x, 4)
    }

    func testRasterizerGivesExactAreaForAHalfPixelEdge() {
        let (bitmap, context) = canvas(4, 4)
        context.fill(.rect(Rect(x: 0, y: 0, width: 1.5, height: 4)))
        XCTAssertEqual(bitmap.color(atX: 0, y: 1), .black)
        XCTAssertEqual(bitmap.color(atX: 1, y: 1).red, 0.5, accuracy: 1.0 / 255)
        XCTAssertEqual(bitmap.color(atX: 2, y: 1), .white)
    }

    func testARowCrossedByMoreEdgesThanTheRasterizerKeepsApartIsStillExact() {
        // A comb of 30 teeth, 1.5 pixels wide and 1.5 apart: 60 edges cross each row of it,
        // more than the ranges a row keeps, so the rest are summed cell by cell.
        var outline: [Point] = []
        for tooth in 0..<30 {
            let left = 2 + Double(tooth) * 3
            outline += [Point(x: left, y: 7), Point(x: left, y: 1), Point(x: left + 1.5, y: 1), Point(x: left + 1.5, y: 7)]
        }
        // Its edges added left to right and right to left.
        for points in [outline, outline.reversed()] {
            let (bitmap, context) = canvas(100, 8)
            context.fill(.polygon(points))
            for tooth in 0..<30 {
                let x = 2 + tooth * 3
                XCTAssertEqual(bitmap.color(atX: x, y: 3), .black, "tooth \(tooth)")
                XCTAssertEqual(bitmap.color(atX: x + 1, y: 3).red, 0.5, accuracy: 1.0 / 255, "tooth \(tooth)'s half pixel")
                XCTAssertEqual(bitmap.color(atX: x + 2, y: 3), .white, "the gap after tooth \(tooth)")
            }
        }
    }

    func testAShapeTallerThanTheRasterizersStripsIsFilledAsInSmallPieces() {
        // 2,000 pixels wide: the rasterizer works through 32 rows at a time, in bands on the cores.
        let star = (0..<22).map { i -> Point in
            let angle = Double(i) * .pi / 11, radius = i % 2 == 0 ? 590.0 : 230
            return Point(x: 1000 + radius * 1.6 * cos(angle), y: 600 + radius * sin(angle))
        }
        let whole = Bitmap(width: 2000, height: 1200, color: .white)
        GraphicsContext(bitmap: whole).fill(.polygon(star))
        let pieces = Bitmap(width: 2000, height: 1200, color: .white)
        for top in stride(from: 0, to: 1200, by: 97) {
            GraphicsContext(bitmap: pieces, clip: PixelRect(x0: 0, y0: top, x1: 2000, y1: min(1200, top + 97))).fill(.polygon(star))
        }
        var differing = 0, dark = 0
        for y in 0..<1200 {
            for x in 0..<2000 {
                if whole[x, y] != pieces[x, y] { differing += 1 }
                if whole[x, y] == Color.black.premultipliedPixel { dark += 1 }
            }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertGreaterThan(dark, 500_000, "the star is filled")
    }

    func testShapesPartlyOutsideTheBitmapAreClippedCorrectly() {
        let (bitmap, context) = canvas(20, 20)
        // A triangle sticking out on every side; the visible part must match a clean fill.
        context.fill(.polygon([Point(x: -30, y: -10), Point(x: 60, y: 10), Point(x: -10, y: 50)]))
        let reference = Bitmap(width: 60, height: 60, color: .white)
        let big = GraphicsContext(bitmap: reference)
        big.translateBy(x: 30, y: 20)
        big.fill(.polygon([Point(x: -30, y: -10), Point(x: 60, y: 10), Point(x: -10, y: 50)]))
        for y in 0..<20 {
            for x in 0..<20 {
                XCTAssertEqual(bitmap[x, y], reference[x + 30, y + 20], "pixel \(x), \(y)")
            }
        }
    }

    func testTextIsDrawnWithTheInstalledFont() throws {
        let font = Font.system(size: 20)
        try XCTSkipUnless(font.isAvailable, "no font installed")
        let (bitmap, context) = canvas(200, 40)
        context.draw("Héllo, 世界", at: Point(x: 10, y: 28), font: font, color: .black)
        var inkColumns = Set<Int>()
        var inkRows = Set<Int>()
        var partial = 0
        for y in 0..<40 {
            for x in 0..<200 where bitmap[x, y] != Color.white.premultipliedPixel {
                inkColumns.insert(x)
                inkRows.insert(y)
                let value = bitmap[x, y] & 0xFF
                if value > 10 && value < 245 { partial += 1 }
            }
        }
        let width = font.width(of: "Héllo")
        XCTAssertGreaterThan(width, 40)
        XCTAssertEqual(Double(inkColumns.min() ?? 0), 10, accuracy: 3, "starts at the pen")
        XCTAssertLessThanOrEqual(inkRows.max() ?? 99, 28 + 6, "sits on the baseline")
        XCTAssertGreaterThanOrEqual(inkRows.min() ?? 0, 28 - 22, "no taller than the font")
        XCTAssertGreaterThan(partial, 20, "anti-aliased edges")
    }
}
