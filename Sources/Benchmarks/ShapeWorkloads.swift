import CCairo
import Foundation
import DrawingBoard

/// Filled polygons and a transformed photo.
enum ShapeWorkloads {
    static let width = 1920, height = 1080

    /// The polygons filled on all the cores (the app's way: big shapes in row bands) and on one,
    /// each beside cairo and Blend2D drawing the same geometry on one thread.
    static func polygons(count: Int, box: Double?, runs: Int) -> [BenchmarkResult] {
        var generator = Scribble(seed: 11)
        var shapes: [([Point], Color)] = []
        for _ in 0..<count {
            let size = box ?? Double(width)
            let sizeY = box ?? Double(height)
            let ox = box == nil ? 0 : generator.nextUnit() * (Double(width) - size)
            let oy = box == nil ? 0 : generator.nextUnit() * (Double(height) - sizeY)
            let points = (0..<10).map { _ in Point(x: ox + generator.nextUnit() * size, y: oy + generator.nextUnit() * sizeY) }
            let color = Color(red: generator.nextUnit(), green: generator.nextUnit(), blue: generator.nextUnit(), alpha: 1)
            shapes.append((points, color))
        }
        let paths = shapes.map { (Path.polygon($0.0), $0.1) }
        func ours() -> Double {
            Stopwatch.best(runs: runs, setup: { GraphicsContext(bitmap: Bitmap(width: width, height: height, color: .white)) }) { context in
                for (path, color) in paths {
                    context.fillColor = color
                    context.fill(path)
                }
            }
        }
        // For comparing two builds back to back on a busy machine: only our fill, 25 times on
        // the given number of cores, without cairo and Blend2D (BENCHMARKS.md).
        if let cores = ProcessInfo.processInfo.environment["X11PAINT_BENCH_OURS_ONLY"].flatMap({ Int($0) }) {
            RowBands.cores = cores
            let times = (0..<25).map { _ in ours() }.sorted()
            print("\(count) polygons on \(cores) cores: best \(formatTime(times[0])), median \(formatTime(times[12]))")
            exit(0)
        }
        let cores = RowBands.cores
        let allCores = ours()
        RowBands.cores = 1
        let oneCore = ours()
        RowBands.cores = cores
        let cairo = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) { canvas in
            for (points, color) in shapes {
                canvas.setColor(color)
                cairo_move_to(canvas.cr, points[0].x, points[0].y)
                for p in points.dropFirst() { cairo_line_to(canvas.cr, p.x, p.y) }
                cairo_close_path(canvas.cr)
                cairo_fill(canvas.cr)
            }
        }
        // The same coverage with nothing composed, on one core, handed to a closure span by span
        // (the painting sink makes no call per span), and how many pixels each kind of span
        // reports. Counted through a pointer: a captured var would be checked for exclusive
        // access per span.
        let polylines = shapes.map { [Polyline(points: $0.0, isClosed: true)] }
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        defer { counts.deallocate() }
        let clip = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let coverageOnly = Stopwatch.best(runs: runs, setup: { Rasterizer() }) { rasterizer in
            counts.initialize(repeating: 0, count: 2)
            for polygon in polylines {
                rasterizer.fill(polygon, rule: .nonZero, clip: clip) { _, _, count, perPixel, _ in
                    counts[perPixel == nil ? 1 : 0] += count
                }
            }
        }
        let size = box.map { "\(Int($0)) px boxes" } ?? "spanning the whole canvas"
        let name = "\(count) random 10-vertex polygons, non-zero, \(size)"
        var both = BenchmarkResult(name: "\(name), ours on \(cores) cores (cairo and Blend2D on one thread)", ours: allCores, cairo: cairo,
                                   target: .none)
        var single = BenchmarkResult(name: "\(name), all on one thread", ours: oneCore, cairo: cairo,
                                     target: box == nil ? .none : .withinFactor(1.5),
                                     note: "coverage to a closure \(formatTime(coverageOnly)); "
                                         + "\(counts[0] / 1000)k edge pixels, \(counts[1] / 1000)k interior pixels")
        // At least Blend2D's speed, both on one thread (the binding's Blend2D has no threads),
        // ours and Blend2D in turns; the two-core row beside it for information.
        if let (_, pairs) = Blend2DAnchor.inTurns("polygons", geometry: Blend2DAnchor.polygonGeometry(shapes, width: width, height: height),
                                                  runs: max(1, runs / 2), ours: { onOneCore { ours() } }) {
            let note = "Blend2D on one thread; \(formatTime(pairs.best.pythonOverhead)) of it the Python loop"
            both.blend2d = (pairs.best.seconds, .none, note + " (ours on \(cores) cores)")
            single.blend2d = (pairs.best.seconds, .speedup(1), note)
            single.blend2dPairs = pairs
        }
        return [both, single]
    }

    /// A synthetic 4000x3000 photo: smooth gradients, texture and hard edges.
    static func makePhoto() -> Bitmap {
        let w = 4000, h = 3000
        let photo = Bitmap(width: w, height: h)
        var generator = Scribble(seed: 3)
        for y in 0..<h {
            let row = photo.pixels + y * w
            for x in 0..<w {
                let r = UInt32(x * 255 / w), g = UInt32(y * 255 / h)
                let b = UInt32(((x / 50 + y / 50) % 2) * 120 + 60)
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        for _ in 0..<2000 {
            let x = Int(generator.nextUnit() * Double(w - 1)), y = Int(generator.nextUnit() * Double(h - 1))
            photo[x, y] = 0xFFFF_FFFF
        }
        return photo
    }

    static func photo(runs: Int) -> [BenchmarkResult] {
        let photo = makePhoto()
        // Rotated 30° about its centre and scaled to cover the 1920x1080 output.
        let scale = 0.48
        let transform = PaintGraphics.AffineTransform(translationX: -2000, y: -1500)
            .concatenating(PaintGraphics.AffineTransform(scaleX: scale, y: scale))
            .concatenating(PaintGraphics.AffineTransform(rotationAngle: .pi / 6))
            .concatenating(PaintGraphics.AffineTransform(translationX: Double(width) / 2, y: Double(height) / 2))
        let firstDraw = Stopwatch.best(runs: runs, setup: { (GraphicsContext(bitmap: Bitmap(width: width, height: height, color: .white)), Image(bitmap: photo)) }) {
            $0.0.draw($0.1, transform: transform)
        }
        let image = Image(bitmap: photo)
        func steadyDraw() -> Double {
            Stopwatch.best(runs: runs, setup: { GraphicsContext(bitmap: Bitmap(width: width, height: height, color: .white)) }) {
                $0.draw(image, transform: transform)
            }
        }
        let steady = steadyDraw(), steadyOneCore = onOneCore { steadyDraw() }
        let source = CairoCanvas(copying: photo)
        let cairo = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) {
            $0.draw(source, width: 4000, height: 3000, transform: transform, filter: CAIRO_FILTER_BILINEAR)
        }
        var steadyResult = BenchmarkResult(name: "4000x3000 photo rotated 30°, scaled 0.48 to cover 1920x1080, bilinear (mip level cached), all on one thread",
                                           ours: steadyOneCore, cairo: cairo, target: .withinFactor(1.5),
                                           note: "X11Paint prefilters (2.08x shrink uses the 2000x1500 level); cairo's bilinear does not")
        // At least 1.5x Blend2D, which draws the full-size photo through its bilinear pattern.
        let png = "/tmp/x11paint-bench-blend2d-photo.png"
        if (try? PNGCodec.encode(photo).write(to: URL(fileURLWithPath: png))) != nil,
           let blend2d = Blend2DAnchor.time("photo", geometry: ["image": png, "width": width, "height": height,
                                                               "matrix": [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]],
                                            runs: 1),
           blend2d.seconds > 0,
           let (_, pairs) = Blend2DAnchor.inTurns("photo", geometry: ["image": png, "width": width, "height": height,
                                                                      "matrix": [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]],
                                                  runs: max(1, runs / 2), ours: { onOneCore { steadyDraw() } }) {
            steadyResult.blend2d = (pairs.best.seconds, .speedup(1.5), "one thread each, full-size pixels, its default bilinear")
            steadyResult.blend2dPairs = pairs
        }
        return [
            steadyResult,
            BenchmarkResult(name: "the same, ours on \(RowBands.cores) cores (cairo on one thread)", ours: steady, cairo: cairo, target: .none),
            BenchmarkResult(name: "the same, first draw including building the mip level",
                            ours: firstDraw, cairo: cairo, target: .none),
        ]
    }
}
