import CCairo
import Foundation
import DrawingBoard

/// Recomposing a 10-layer 3840x2160 stack (as after toggling a layer's visibility or
/// opacity): an opaque photo-like bottom layer and nine layers of strokes in mixed blend modes,
/// some half transparent, composed over white; the same stack with cairo's blend operators
/// (CAIRO_OPERATOR_MULTIPLY, ...; pixman does the pixels) in the same run.
enum LayerStackWorkload {
    static let width = 3840, height = 2160
    static let modes: [LayerBlendMode] = [.normal, .multiply, .screen, .overlay, .normal, .darken, .softLight, .difference, .normal, .color]
    static let opacities: [UInt32] = [255, 255, 128, 255, 200, 255, 128, 255, 255, 180]

    static func cairoOperator(_ mode: LayerBlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        }
    }

    /// The stack's pixels: the bottom a smooth opaque picture, the others 400 strokes each.
    static func layers() -> [LayerCompositor.Layer<Bitmap>] {
        (0..<10).map { index in
            let bitmap: Bitmap
            if index == 0 {
                bitmap = Bitmap(width: width, height: height)
                for y in 0..<height {
                    for x in 0..<width {
                        bitmap[x, y] = Color(r: x * 255 / width, g: 120 + y * 100 / height, b: (x + y) * 255 / (width + height)).premultipliedPixel
                    }
                }
            } else {
                let document = SyntheticDocument.strokes(count: 400, size: Size(width: 1920, height: 1080), seed: UInt64(index),
                                                         palette: SyntheticDocument.mutedColors)
                let drawing = DrawingLayer(width: width, height: height, scale: 2)
                drawing.rebuild(from: document)
                bitmap = drawing.layer
            }
            return LayerCompositor.Layer(pixels: bitmap, mode: modes[index], opacity: opacities[index])
        }
    }

    static func run(runs: Int) -> [BenchmarkResult] {
        let stack = layers()
        let white = Color.white.premultipliedPixel
        let ours = Stopwatch.best(runs: runs, setup: { Bitmap(width: width, height: height, fill: white) }) { target in
            LayerCompositor.compose(stack, into: target, area: target.bounds)
        }
        let oneCore = onOneCore {
            Stopwatch.best(runs: runs, setup: { Bitmap(width: width, height: height, fill: white) }) { target in
                LayerCompositor.compose(stack, into: target, area: target.bounds)
            }
        }
        let sources = stack.map { CairoCanvas(copying: $0.pixels) }
        let cairo = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) { canvas in
            for (layer, source) in zip(stack, sources) {
                cairo_set_operator(canvas.cr, cairoOperator(layer.mode))
                cairo_set_source_surface(canvas.cr, source.surface, 0, 0)
                cairo_paint_with_alpha(canvas.cr, Double(layer.opacity) / 255)
            }
            cairo_surface_flush(canvas.surface)
        }
        // Each layer alone over the white target: where the time goes.
        let perLayer = stack.map { layer in
            let time = Stopwatch.best(runs: runs, setup: { Bitmap(width: width, height: height, fill: white) }) { target in
                LayerCompositor.compose([layer], into: target, area: target.bounds)
            }
            var painted = 0
            for i in 0..<(width * height) where layer.pixels.pixels[i] != 0 { painted += 1 }
            return "\(layer.mode.rawValue) \(Int(Double(painted) * 100 / Double(width * height)))%: \(formatTime(time))"
        }
        // The least any compositor of whole-size layers costs here: reading every layer's pixels
        // once and writing the target (an OR, no blending), on both cores.
        let floor = Stopwatch.best(runs: runs, setup: { Bitmap(width: width, height: height, fill: white) }) { target in
            RowBands.forEachRow(of: target.bounds) { y in
                let row = target.pixels + y * width
                for layer in stack {
                    let source = layer.pixels.pixels + y * width
                    for x in 0..<width { row[x] |= source[x] }
                }
            }
        }
        // The same stack in tiles: empty tiles are neither kept nor read.
        let tiledStack = stack.map { LayerCompositor.Layer(pixels: TiledBitmap(copying: $0.pixels), mode: $0.mode, opacity: $0.opacity) }
        let tiled = Stopwatch.best(runs: runs, setup: { Bitmap(width: width, height: height, fill: white) }) { target in
            LayerCompositor.compose(tiledStack, into: target, area: target.bounds)
        }
        let tiledShare = Double(tiledStack.dropFirst().reduce(0) { $0 + $1.pixels.pixelBytes }) / Double(9 * width * height * 4)
        // Memory case: twenty 4K layers holding a few strokes each.
        let fewStrokes = (1...20).map { index -> TiledBitmap in
            let document = SyntheticDocument.strokes(count: 5, size: Size(width: 1920, height: 1080), seed: UInt64(100 + index),
                                                     palette: SyntheticDocument.mutedColors)
            let drawing = DrawingLayer(width: width, height: height, scale: 2)
            drawing.rebuild(from: document)
            return TiledBitmap(copying: drawing.layer)
        }
        let fewBytes = Double(fewStrokes.reduce(0) { $0 + $1.pixelBytes })
        // The same stack saved as OpenRaster and opened again.
        let asStack = LayerStack(width: width, height: height, layers: stack.enumerated().map { index, layer in
            LayerStack.Layer(name: "Layer \(index)", pixels: layer.pixels, opacity: Double(layer.opacity) / 255, mode: layer.mode)
        })
        var file = Data()
        let save = Stopwatch.best(runs: 1, setup: {}) { file = (try? OpenRaster.encode(asStack)) ?? Data() }
        let open = Stopwatch.best(runs: 1, setup: {}) { _ = try? OpenRaster.read(file, name: "bench.ora") }
        return [BenchmarkResult(name: "layers: save the 10-layer 3840x2160 stack as OpenRaster (\(file.count / 1_000_000) MB)", ours: save, cairo: 1.5, target: .budget),
                BenchmarkResult(name: "layers: open that OpenRaster file", ours: open, cairo: 1.5, target: .budget),
                BenchmarkResult(name: "layers: read 10 whole 3840x2160 layers and write the target once (an OR: the memory floor of untiled layers)",
                                ours: floor, cairo: 0, target: .none),
                BenchmarkResult(name: "layers: recompose 10 layers at 3840x2160 (mixed blend modes and opacities), both on one thread (at least 2x cairo)",
                                ours: oneCore, cairo: cairo, target: .speedup(2), note: "each layer alone (mode, pixels painted): " + perLayer.joined(separator: ", ")),
                BenchmarkResult(name: "layers: the same, ours on \(RowBands.cores) cores (cairo's image backend has one thread)",
                                ours: ours, cairo: cairo, target: .none),
                BenchmarkResult(name: "layers: recompose 10 layers at 3840x2160 under 30 ms", ours: ours, cairo: 0.030, target: .budget),
                BenchmarkResult(name: "layers: the same 10 layers kept in 64x64 tiles (the stroke layers keep \(Int(tiledShare * 100))% of their pixels), under 30 ms",
                                ours: tiled, cairo: 0.030, target: .budget),
                BenchmarkResult(name: "layers: pixels of twenty 3840x2160 layers of 5 strokes each, in tiles (whole bitmaps: \(20 * width * height * 4 / 1_000_000) MB)",
                                ours: fewBytes / 1_000_000, cairo: 250, target: .budget, unit: { String(format: "%.1f MB", $0) })]
    }
}
