import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

private typealias AffineTransform = PaintGraphics.AffineTransform

/// The frame path of a photo being moved: what an opaque photo hides is not drawn,
/// gesture frames sample fast and the frame after is smooth, big pictures are drawn in bands of
/// rows on both cores with the same pixels as on one.
final class PhotoFrameTests: XCTestCase {
    /// Paints itself red and remembers what it was asked to paint.
    private final class RecordingView: View {
        var painted: [Rect] = []
        override func draw(_ rect: Rect, in context: GraphicsContext) {
            painted.append(rect)
            context.fill(bounds, with: .red)
        }
    }

    /// Transparent but for an opaque blue rectangle it declares.
    private final class CoverView: View {
        var cover = Rect(x: 100, y: 80, width: 200, height: 120)
        override var opaqueContentRect: Rect? { cover }
        override func draw(_ rect: Rect, in context: GraphicsContext) { context.fill(cover, with: .blue) }
    }

    func testWhatAnOpaqueRectangleHidesIsNotPaintedBelowItAndThePixelsAreTheSame() {
        let window = Window(size: Size(width: 400, height: 300))
        let below = RecordingView(frame: window.bounds)
        let cover = CoverView(frame: window.bounds)
        window.addSubview(below)
        window.addSubview(cover)
        window.render()
        let painted = below.painted.reduce(0) { $0 + $1.width * $1.height }
        XCTAssertEqual(painted, 400 * 300 - 200 * 120, accuracy: 1e-9, "the canvas paints only around the photo")
        XCTAssertEqual(window.backbuffer[200, 140], Color.blue.premultipliedPixel)
        XCTAssertEqual(window.backbuffer[99, 140], Color.red.premultipliedPixel)
        XCTAssertEqual(window.backbuffer[300, 140], Color.red.premultipliedPixel)
        XCTAssertEqual(window.backbuffer[200, 79], Color.red.premultipliedPixel)
        XCTAssertEqual(window.backbuffer[200, 200], Color.red.premultipliedPixel)
    }

    /// An opaque blue rectangle with a translucent edge round it, which says its outline too
    /// (as a photo being moved does), and counts its drawing.
    private final class OutlinedCoverView: View {
        var cover = Rect(x: 100, y: 80, width: 200, height: 120)
        var declaresOutline = true
        var drawn = 0
        override var opaqueContentRect: Rect? { cover.insetBy(dx: 1, dy: 1) }
        override var opaqueContentOutline: [Point]? {
            declaresOutline ? [Point(x: cover.minX, y: cover.minY), Point(x: cover.maxX, y: cover.minY),
                               Point(x: cover.maxX, y: cover.maxY), Point(x: cover.minX, y: cover.maxY)] : nil
        }
        override func draw(_ rect: Rect, in context: GraphicsContext) {
            drawn += 1
            context.fill(cover, with: .blue)
            context.strokeColor = Color(r: 0, g: 122, b: 255, a: 160)
            context.stroke(.rect(cover.insetBy(dx: -0.5, dy: -0.5)))
        }
    }

    func testARegionAcrossAnOutlinedViewsEdgeIsDrawnInOnePieceWithTheSamePixels() {
        func frameAfterAMove(outline: Bool) -> (Bitmap, drawn: Int, below: Double) {
            let window = Window(size: Size(width: 400, height: 300))
            let below = RecordingView(frame: window.bounds)
            let cover = OutlinedCoverView(frame: window.bounds)
            cover.declaresOutline = outline
            window.addSubview(below)
            window.addSubview(cover)
            window.render()
            below.painted = []
            cover.drawn = 0
            // A drag's step: the old and the new place redrawn, a region across the edge.
            let old = cover.cover
            cover.cover = old.offsetBy(dx: 7, dy: 5)
            cover.setNeedsDisplay(old.union(cover.cover).insetBy(dx: -2, dy: -2))
            window.render()
            return (window.backbuffer.cropped(to: window.backbuffer.bounds), cover.drawn, below.painted.reduce(0) { $0 + $1.width * $1.height })
        }
        let cut = frameAfterAMove(outline: false), whole = frameAfterAMove(outline: true)
        XCTAssertGreaterThan(cut.drawn, 1, "cut around its rectangle, the view is drawn again in each piece along its edge")
        XCTAssertEqual(whole.drawn, 1, "with its outline said, the region is drawn in one piece")
        XCTAssertEqual(whole.below, 211 * 129, accuracy: 1e-9, "the view below is asked for the whole region (it leaves the outline's rows out itself)")
        XCTAssertLessThan(cut.below, whole.below, "cut, the view below is asked only around the rectangle")
        var differing = 0
        for i in 0..<cut.0.width * cut.0.height where cut.0.pixels[i] != whole.0.pixels[i] { differing += 1 }
        XCTAssertEqual(differing, 0, "the same pixels either way")
    }

    func testARegionSplitAroundAnOccluderTilesItExactly() {
        let region = PixelRect(x0: 10, y0: 20, x1: 210, y1: 120)
        let pieces = Window.split(region, by: [PixelRect(x0: 50, y0: 0, x1: 100, y1: 60)])
        XCTAssertEqual(pieces.first, PixelRect(x0: 50, y0: 20, x1: 100, y1: 60), "the hidden part first")
        XCTAssertEqual(pieces.reduce(0) { $0 + $1.width * $1.height }, region.width * region.height)
        for (i, a) in pieces.enumerated() {
            XCTAssertEqual(a.intersection(region), a)
            for b in pieces[(i + 1)...] { XCTAssertTrue(a.intersection(b).isEmpty, "\(a) and \(b) overlap") }
        }
        XCTAssertEqual(Window.split(region, by: [PixelRect(x0: 0, y0: 0, x1: 300, y1: 300)]), [region], "all hidden: one piece")
        // Two occluders (the canvas, a photo on it): cut by each, still an exact tiling.
        let twice = Window.split(region, by: [PixelRect(x0: 0, y0: 40, x1: 300, y1: 300), PixelRect(x0: 50, y0: 0, x1: 100, y1: 60)])
        XCTAssertEqual(twice.reduce(0) { $0 + $1.width * $1.height }, region.width * region.height)
        for (i, a) in twice.enumerated() {
            XCTAssertEqual(a.intersection(region), a)
            for b in twice[(i + 1)...] { XCTAssertTrue(a.intersection(b).isEmpty, "\(a) and \(b) overlap") }
        }
        XCTAssertTrue(twice.contains(PixelRect(x0: 50, y0: 40, x1: 100, y1: 60)), "the part both hide is a piece of its own")
        XCTAssertEqual(Window.split(region, by: [PixelRect(x0: 300, y0: 0, x1: 400, y1: 300)]), [region], "apart: one piece")
    }

    private func gradient(width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { bitmap[x, y] = Color(r: x * 255 / width, g: y * 255 / height, b: (x ^ y) & 0xFF).premultipliedPixel } }
        return bitmap
    }

    func testFastFramesShowTheNearestTexelOfAnUprightPicture() {
        let source = gradient(width: 64, height: 48)
        let target = Bitmap(width: 200, height: 150, color: .white)
        let context = GraphicsContext(bitmap: target)
        context.imageQuality = .fast
        let transform = AffineTransform(scaleX: 1.5, y: 1.5).concatenating(AffineTransform(translationX: 20.25, y: 10))
        context.draw(Image(bitmap: source), transform: transform)
        let inverse = transform.inverted()!
        for (x, y) in [(25, 15), (60, 40), (100, 70), (110, 73), (115, 80)] {
            let s = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            XCTAssertEqual(target[x, y], source[Int(s.x), Int(s.y)], "pixel \(x),\(y)")
        }
    }

    func testFastAndSmoothFramesOfATurnedPictureLookAlike() {
        let source = gradient(width: 300, height: 200)
        let transform = AffineTransform(translationX: -150, y: -100).concatenating(AffineTransform(rotationAngle: 0.5))
            .concatenating(AffineTransform(scaleX: 0.8, y: 0.8)).concatenating(AffineTransform(translationX: 160, y: 120))
        var frames: [Bitmap] = []
        for quality in [ImageQuality.fast, .smooth] {
            let target = Bitmap(width: 320, height: 240, color: .white)
            let context = GraphicsContext(bitmap: target)
            context.imageQuality = quality
            context.draw(Image(bitmap: source), transform: transform)
            frames.append(target)
        }
        XCTAssertLessThan(meanDifference(frames[0], frames[1]), 6, "a gesture's frames do not jump in colour")
        XCTAssertGreaterThan(meanDifference(frames[0], frames[1]), 0, "they are sampled differently")
    }

    func testABigPictureDrawnInBandsOnBothCoresHasTheSamePixelsAsDrawnByOne() {
        let source = gradient(width: 700, height: 500)
        let image = Image(bitmap: source)
        let transform = AffineTransform(translationX: -350, y: -250).concatenating(AffineTransform(rotationAngle: 0.3))
            .concatenating(AffineTransform(scaleX: 1.3, y: 1.3)).concatenating(AffineTransform(translationX: 512, y: 300))
        let banded = Bitmap(width: 1024, height: 600, color: .white)
        XCTAssertGreaterThan(RowBands.count(forPixels: 1024 * 600), ProcessInfo.processInfo.activeProcessorCount > 1 ? 1 : 0)
        GraphicsContext(bitmap: banded).draw(image, transform: transform)
        let single = Bitmap(width: 1024, height: 600, color: .white)
        for band in 0..<4 {
            // Each clip is under RowBands.minimumPixels: one thread draws it.
            let clip = PixelRect(x0: 0, y0: band * 150, x1: 1024, y1: band * 150 + 150)
            XCTAssertEqual(RowBands.count(forPixels: clip.width * clip.height), 1)
            GraphicsContext(bitmap: single, clip: clip).draw(image, transform: transform)
        }
        XCTAssertEqual(meanDifference(banded, single), 0, "identical pixels")
    }

    func testCoarseFramesTakeOneTexelPerBlockAndLookLikeSmoothOnes() {
        let source = gradient(width: 700, height: 500)
        let image = Image(bitmap: source)
        let turned = AffineTransform(translationX: -350, y: -250).concatenating(AffineTransform(rotationAngle: 0.3))
            .concatenating(AffineTransform(scaleX: 1.3, y: 1.3)).concatenating(AffineTransform(translationX: 512, y: 300))
        let upright = AffineTransform(scaleX: 1.37, y: 1.21).concatenating(AffineTransform(translationX: 31.3, y: 7.6))
        for (name, transform) in [("turned", turned), ("upright", upright)] {
            func frame(_ quality: ImageQuality, clips: [PixelRect]? = nil) -> Bitmap {
                let target = Bitmap(width: 1024, height: 600, color: .white)
                for clip in clips ?? [target.bounds] {
                    let context = GraphicsContext(bitmap: target, clip: clip)
                    context.imageQuality = quality
                    context.draw(image, transform: transform)
                }
                return target
            }
            let coarse = frame(.coarse), smooth = frame(.smooth)
            // Deep inside the picture every 2x2 block (even row and column first) is one texel.
            var blocks = 0
            for by in stride(from: 240, to: 360, by: 2) {
                for bx in stride(from: 440, to: 580, by: 2) {
                    let value = coarse[bx, by]
                    XCTAssertEqual(coarse[bx + 1, by], value, "\(name): block \(bx),\(by)")
                    XCTAssertEqual(coarse[bx, by + 1], value, "\(name): block \(bx),\(by)")
                    XCTAssertEqual(coarse[bx + 1, by + 1], value, "\(name): block \(bx),\(by)")
                    blocks += 1
                }
            }
            XCTAssertEqual(blocks, 60 * 70)
            XCTAssertNotEqual(smooth[440, 240], smooth[441, 241], "\(name): a smooth frame has full detail there")
            XCTAssertLessThan(meanDifference(coarse, smooth), 6, "\(name): the frame after the gesture does not jump in colour")
            XCTAssertGreaterThan(meanDifference(coarse, smooth), 0)
            // Pieces cut at odd rows (each one thread) sample the rows a whole frame copies.
            let cuts = [0] + Array(stride(from: 37, to: 600, by: 38)) + [600]
            let pieces = zip(cuts, cuts.dropFirst()).map { PixelRect(x0: 0, y0: $0, x1: 1024, y1: $1) }
            XCTAssertEqual(meanDifference(coarse, frame(.coarse, clips: pieces)), 0, "\(name): identical pixels however the rows are cut")
            // And columns cut at odd and even places: a run that starts or ends inside a block
            // still shows the block's texel in both its pixels (a turned picture's cut column is
            // an edge cell of the outline's clip, and was sampled pixel by pixel).
            let columnCuts = [0, 333, 334, 601, 777, 1024]
            let columnPieces = zip(columnCuts, columnCuts.dropFirst()).flatMap { x0, x1 in
                pieces.map { PixelRect(x0: x0, y0: $0.y0, x1: x1, y1: $0.y1) }
            }
            XCTAssertEqual(meanDifference(coarse, frame(.coarse, clips: columnPieces)), 0, "\(name): identical pixels however the columns are cut")
        }
    }

    func testACanvasComposedOnBothCoresHasThePixelsOfOneThread() {
        let layer = gradient(width: 1024, height: 600)
        for y in 0..<600 { for x in 0..<1024 where (x / 7 + y / 5) % 3 == 0 { layer[x, y] = 0 } } // blank canvas in places
        let mask = CoverageMask(width: 1024, height: 600)
        for y in 0..<600 { for x in 0..<1024 { mask.values[y * 1024 + x] = UInt8((x * 3 + y) & 0xFF) } }
        let background = Color(r: 250, g: 240, b: 230).premultipliedPixel
        for active in [nil, CanvasCompositor.ActiveStroke(mask: mask, color: Color(r: 20, g: 90, b: 200, a: 200), mode: .sourceOver,
                                                          background: background)] {
            let banded = Bitmap(width: 1100, height: 640, color: .black), single = Bitmap(width: 1100, height: 640, color: .black)
            XCTAssertGreaterThan(RowBands.count(forPixels: 1024 * 600), ProcessInfo.processInfo.activeProcessorCount > 1 ? 1 : 0)
            CanvasCompositor.compose(background: background, layer: layer, active: active, area: layer.bounds, into: banded, atX: 30, y: 20)
            for rows in stride(from: 0, to: 600, by: 150) {
                let piece = PixelRect(x0: 0, y0: rows, x1: 1024, y1: rows + 150)
                XCTAssertEqual(RowBands.count(forPixels: piece.width * piece.height), 1)
                CanvasCompositor.compose(background: background, layer: layer, active: active, area: piece, into: single, atX: 30, y: 20)
            }
            XCTAssertEqual(meanDifference(banded, single), 0, "identical pixels")
            XCTAssertEqual(banded[29, 19], Color.black.premultipliedPixel, "nothing outside the area")
            XCTAssertNotEqual(banded[530, 320], Color.black.premultipliedPixel)
        }
    }

    func testATurnedOpaquePictureSampledInTilesHasThePixelsOfOneBlendedRowByRow() {
        let source = gradient(width: 600, height: 400)
        let transform = AffineTransform(translationX: -300, y: -200).concatenating(AffineTransform(rotationAngle: 0.52))
            .concatenating(AffineTransform(scaleX: 0.9, y: 0.9)).concatenating(AffineTransform(translationX: 300, y: 200))
        for quality in [ImageQuality.fast, .smooth] {
            var frames: [Bitmap] = []
            // The same pixels, once known to be opaque (overwritten, interior in tiles) and once
            // not (blended span by span as the rasterizer gives them).
            for isOpaque in [true, false] {
                let target = Bitmap(width: 600, height: 400, color: .red)
                let context = GraphicsContext(bitmap: target)
                context.imageQuality = quality
                context.draw(Image(bitmap: source, isOpaque: isOpaque), transform: transform)
                frames.append(target)
            }
            XCTAssertLessThan(Color(premultipliedPixel: frames[0][300, 200]).red, 0.6, "\(quality): the centre shows the picture")
            XCTAssertEqual(frames[0][2, 2], Color.red.premultipliedPixel, "\(quality): the corner is outside it")
            XCTAssertEqual(meanDifference(frames[0], frames[1]), 0, "\(quality): identical pixels")
        }
    }

    func testTileColumnsVisitEverySpanPixelOnce() {
        let spans = [InteriorSpan(y: 0, x0: 5, x1: 300), InteriorSpan(y: 1, x0: 0, x1: 129), InteriorSpan(y: 2, x0: 250, x1: 260)]
        var seen: [Int: Set<Int>] = [:]
        var visits = 0
        InteriorSpan.forEachTileColumn(of: spans) { y, x0, x1 in
            XCTAssertLessThanOrEqual(x1 - x0, InteriorSpan.tileWidth)
            for x in x0..<x1 { seen[y, default: []].insert(x); visits += 1 }
        }
        XCTAssertEqual(visits, 295 + 129 + 10, "no pixel twice")
        XCTAssertEqual(seen[0], Set(5..<300))
        XCTAssertEqual(seen[1], Set(0..<129))
        XCTAssertEqual(seen[2], Set(250..<260))
    }

    func testAnOpenedPhotoArrivesWithItsLevelsBuiltAndCostsAtMostFourThirdsOfItsPixels() throws {
        let data = try PNGCodec.encode(gradient(width: 900, height: 600))
        let opener = PhotoOpener()
        var delivered: Image?
        opener.open(.bytes(data, name: "gradient.png"), maximumPixels: 10_000_000, deliver: { $0() }) { result in
            delivered = try? result.get().photo.asset.image
        }
        opener.waitUntilDone()
        let image = try XCTUnwrap(delivered)
        let pixels = 900 * 600 * 4
        // Every level is there before the first frame: 900x600, 450x300 ... 1x1.
        XCTAssertGreaterThan(image.memoryFootprint, pixels + pixels / 4 + pixels / 16)
        XCTAssertLessThanOrEqual(Double(image.memoryFootprint), 1.4 * Double(pixels), "at most 1.4x")
        XCTAssertEqual(image.level(10).width, 1)
        XCTAssertEqual(image.memoryFootprint, { image.prepareForDrawing(); return image.memoryFootprint }(), "nothing built twice")
    }

    func testAFadingViewsFramesReuseTheirLayerAndShowTheSamePixels() {
        let window = Window(size: Size(width: 300, height: 200))
        let below = RecordingView(frame: window.bounds)
        let glass = CoverView(frame: window.bounds)
        glass.cover = Rect(x: 50, y: 40, width: 120, height: 90)
        glass.backgroundColor = Color(r: 0, g: 255, b: 0, a: 128)
        glass.alpha = 0.5
        window.addSubview(below)
        window.addSubview(glass)
        window.render()
        let first = Bitmap(width: 300, height: 200)
        first.pixels.update(from: window.backbuffer.pixels, count: 300 * 200)
        for _ in 0..<3 {
            glass.setNeedsDisplay()
            window.render()
        }
        // A layer not cleared between frames would pile the glass up: greener each frame.
        XCTAssertEqual(meanDifference(first, window.backbuffer), 0)
        let mixed = Color(premultipliedPixel: window.backbuffer[100, 80])
        XCTAssertGreaterThan(mixed.red, 0.4, "the canvas shows through")
        XCTAssertGreaterThan(mixed.blue, 0.3, "the blue cover, at half strength")
    }

    func testAnOpaquePictureOverwritesAndATranslucentOneBlends() {
        let opaque = Image(bitmap: Bitmap(width: 10, height: 10, color: .blue))
        XCTAssertTrue(opaque.isOpaque)
        let glass = Image(bitmap: Bitmap(width: 10, height: 10, color: Color(r: 0, g: 0, b: 255, a: 128)))
        XCTAssertFalse(glass.isOpaque)
        let target = Bitmap(width: 30, height: 10, color: .red)
        let context = GraphicsContext(bitmap: target)
        context.draw(opaque, in: Rect(x: 0, y: 0, width: 10, height: 10))
        context.draw(glass, in: Rect(x: 20, y: 0, width: 10, height: 10))
        XCTAssertEqual(target[5, 5], Color.blue.premultipliedPixel)
        let blended = Color(premultipliedPixel: target[25, 5])
        XCTAssertGreaterThan(blended.red, 0.4, "red shows through")
        XCTAssertGreaterThan(blended.blue, 0.4)
    }

    func testAWrappedBitmapGivesItsMemoryBackOnce() {
        var released = 0
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 12)
        do {
            let bitmap = Bitmap(width: 4, height: 3, wrapping: memory, fill: 0xFF00_FF00) { released += 1 }
            XCTAssertEqual(bitmap[3, 2], 0xFF00_FF00)
        }
        XCTAssertEqual(released, 1)
        memory.deallocate()
    }

    // MARK: - The photo being placed

    private func placedPhoto(scale: Double = 1) throws -> (Window, DrawingBoardViewController, PhotoPlacementView, ManualClock) {
        let clock = ManualClock()
        let window = Window(size: Size(width: 800, height: 600), scale: scale, application: Application(clock: clock))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: NSTemporaryDirectory())
        window.rootViewController = board
        window.render()
        board.placePhoto(Photo(asset: ImageAsset(bitmap: gradient(width: 400, height: 300), name: "test")))
        window.render()
        return (window, board, try XCTUnwrap(board.photoPlacement), clock)
    }

    func testAPhotoMovesWithFastFramesAndSettlesOnASmoothOne() throws {
        let (window, _, placement, clock) = try placedPhoto()
        let centre = placement.convert(placement.placement.apply(to: Point(x: 200, y: 150)), to: nil)
        func touch(_ phase: Touch.Phase, _ dx: Double) {
            window.send([TouchInput(identifier: 1, phase: phase, location: Point(x: centre.x + dx, y: centre.y), timestamp: clock.now)])
        }
        touch(.began, 0)
        XCTAssertFalse(placement.isMoving)
        for step in 1...3 { touch(.moved, Double(step) * 10) }
        XCTAssertTrue(placement.isMoving, "the frames of a drag are fast")
        window.render()
        let fastFrame = window.backbuffer[Int(centre.x) + 30, Int(centre.y)]
        touch(.ended, 30)
        XCTAssertFalse(placement.isMoving)
        XCTAssertTrue(window.needsDisplay, "the end of the drag asks for a smooth frame")
        window.render()
        let smoothFrame = window.backbuffer[Int(centre.x) + 30, Int(centre.y)]
        XCTAssertLessThan(abs(Color(premultipliedPixel: fastFrame).red - Color(premultipliedPixel: smoothFrame).red), 0.05)
    }

    func testOnA2xScreenAPhotoMovesInBlocksOfAPointAndSettlesInFullDetail() throws {
        for angle in [0.4, 0] {
            let (window, _, placement, clock) = try placedPhoto(scale: 2)
            let c = placement.placement.apply(to: Point(x: 200, y: 150))
            placement.setPlacement(placement.placement.concatenating(AffineTransform(translationX: -c.x, y: -c.y))
                .concatenating(AffineTransform(rotationAngle: angle)).concatenating(AffineTransform(scaleX: 1.13, y: 1.13))
                .concatenating(AffineTransform(translationX: c.x, y: c.y)))
            window.render()
            let centre = placement.convert(placement.placement.apply(to: Point(x: 200, y: 150)), to: nil)
            func touch(_ phase: Touch.Phase, _ dx: Double) {
                window.send([TouchInput(identifier: 1, phase: phase, location: Point(x: centre.x + dx, y: centre.y), timestamp: clock.now)])
            }
            // Whether the 40x40 device pixels about the moved photo's centre come in uniform 2x2 blocks.
            func inBlocks() -> Bool {
                let x0 = Int(centre.x + 30) * 2 - 20, y0 = Int(centre.y) * 2 - 20
                let b = window.backbuffer
                return stride(from: x0, to: x0 + 40, by: 2).allSatisfy { x in
                    stride(from: y0, to: y0 + 40, by: 2).allSatisfy { y in
                        b[x + 1, y] == b[x, y] && b[x, y + 1] == b[x, y] && b[x + 1, y + 1] == b[x, y]
                    }
                }
            }
            touch(.began, 0)
            for step in 1...3 { touch(.moved, Double(step) * 10) }
            window.render()
            XCTAssertTrue(inBlocks(), "turned \(angle): a gesture's frame samples once per point")
            touch(.ended, 30)
            window.render()
            XCTAssertFalse(inBlocks(), "turned \(angle): the frame that stays has every device pixel's detail")
        }
    }

    func testATurnedPhotoHidesTheLargestRectangleInsideItAndNothingWhenFramedOrCropping() throws {
        let (_, board, placement, _) = try placedPhoto()
        let c = placement.placement.apply(to: Point(x: 200, y: 150))
        placement.setPlacement(placement.placement.concatenating(AffineTransform(translationX: -c.x, y: -c.y))
            .concatenating(AffineTransform(rotationAngle: 0.4)).concatenating(AffineTransform(translationX: c.x, y: c.y)))
        let hidden = try XCTUnwrap(placement.opaqueContentRect)
        XCTAssertGreaterThan(hidden.width * hidden.height, 0.3 * 400 * 300 * pow(placement.placement.a * placement.placement.a
            + placement.placement.b * placement.placement.b, 1), "a useful part of the photo")
        let inverse = try XCTUnwrap(placement.placement.inverted())
        let kept = placement.placed.visibleRect
        for corner in [Point(x: hidden.minX, y: hidden.minY), Point(x: hidden.maxX, y: hidden.minY),
                       Point(x: hidden.maxX, y: hidden.maxY), Point(x: hidden.minX, y: hidden.maxY)] {
            XCTAssertTrue(kept.contains(inverse.apply(to: corner)), "\(corner) lies on the photo")
        }
        board.toggleCircleFrame()
        XCTAssertNil(placement.opaqueContentRect, "a round frame shows the canvas at its corners")
    }

    /// The canvas around a turned photo is composed only outside the rows the photo covers:
    /// every pixel it leaves out must be painted by the photo. The frame is drawn over a
    /// backbuffer filled with magenta: any pixel left out and not fully covered shows it.
    func testTheCanvasLeftOutUnderAPhotoTurnedOrUprightIsAllCoveredByIt() throws {
        for scale in [1.0, 2.0] {
            for angle in [0, 0.05, 0.4, 0.785, 1.3] {
                let (window, board, placement, _) = try placedPhoto(scale: scale)
                board.canvas.load(SyntheticDocument.strokes(count: 300, size: board.canvas.bounds.size))
                let c = placement.placement.apply(to: Point(x: 200, y: 150))
                placement.setPlacement(placement.placement.concatenating(AffineTransform(translationX: -c.x, y: -c.y))
                    .concatenating(AffineTransform(rotationAngle: angle)).concatenating(AffineTransform(translationX: c.x + 13.3, y: c.y + 7.7)))
                window.render()
                let expected = window.backbuffer.cropped(to: window.backbuffer.bounds)
                let outline = try XCTUnwrap(placement.opaqueContentOutline, "turned \(angle)")
                let corners = outline.map { placement.convert($0, to: nil) }.map { Point(x: $0.x * scale, y: $0.y * scale) }
                let rows = try XCTUnwrap(OccludedRows(corners: corners, within: window.backbuffer.bounds))
                let middle = Int((corners.map(\.y).min()! + corners.map(\.y).max()!) / 2)
                let widest = try XCTUnwrap(rows.span(row: middle))
                let across = corners.map(\.x).max()! - corners.map(\.x).min()!
                XCTAssertGreaterThan(Double(widest.count), across * 0.5, "turned \(angle) at \(scale)x: the middle row is mostly left out")

                window.backbuffer.fill(with: Color(r: 255, g: 0, b: 255).premultipliedPixel)
                window.setNeedsDisplay()
                window.render()
                var differing = 0
                for i in 0..<expected.width * expected.height where expected.pixels[i] != window.backbuffer.pixels[i] { differing += 1 }
                XCTAssertEqual(differing, 0, "turned \(angle) at \(scale)x: pixels left out and not covered")
            }
        }
    }

    /// The mean difference of all channels, 0-255.
    private func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        var total = 0
        for i in 0..<a.width * a.height {
            let p = a.pixels[i], q = b.pixels[i]
            for shift in stride(from: 0, to: 32, by: 8) { total += abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)) }
        }
        return Double(total) / Double(a.width * a.height * 4)
    }
}
