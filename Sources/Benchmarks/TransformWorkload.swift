import Foundation
import DrawingBoard

/// Free transform of a 4000x3000 layer in perspective with the bicubic filter beside Pillow's
/// `Image.transform(PERSPECTIVE, BICUBIC)` on the same pixels and map (both on one thread, ours
/// on both cores printed beside), with the mean difference between the two results; and the
/// live preview's frame: the same map drawn into a 1920x1080 view of the layer from the copy
/// reduced to the view's scale (made once when a transform begins).
enum TransformWorkload {
    static let corners = [Point(x: 300, y: 200), Point(x: 3800, y: 50), Point(x: 3600, y: 2900), Point(x: 150, y: 2700)]

    static func run(runs: Int) -> [BenchmarkResult] {
        let width = 4000, height = 3000
        let source = AdjustmentWorkload.picture(width: width, height: height)
        let transform = FreeTransform(source: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), corners: corners, filter: .bicubic)
        guard let map = transform.map, let inverse = map.inverted() else { return [] }
        var made = Bitmap(width: 1, height: 1)
        func ours(on threads: Int) -> Double {
            let cores = RowBands.cores
            RowBands.cores = threads
            defer { RowBands.cores = cores }
            return Stopwatch.best(runs: runs, setup: { source.cropped(to: source.bounds) }) { layer in
                transform.apply(onto: layer, area: nil, atScale: 1)
                made = layer
            }
        }
        let oneCore = ours(on: 1), allCores = ours(on: RowBands.availableCores)
        var results: [BenchmarkResult] = []
        let raw = "/tmp/x11paint-bench-transform.raw", pillowOutput = "/tmp/x11paint-bench-transform-pillow.raw"
        AdjustmentWorkload.writeRaw(source, to: raw)
        let coefficients = (0..<8).map { "\(inverse.m[$0] / inverse.m[8])" }
        if let pillow = AdjustmentWorkload.anchor("pillow", ["perspective", raw, "\(width)", "\(height)", pillowOutput] + coefficients) {
            var note = "X11Paint on \(RowBands.availableCores) cores \(formatTime(allCores))"
            if let bytes = FileManager.default.contents(atPath: pillowOutput), bytes.count == width * height * 4 {
                var total = 0
                for i in 0..<(width * height) {
                    let p = made.pixels[i]
                    let ours = [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF), Int(p >> 24)]
                    for c in 0..<4 { total += abs(ours[c] - Int(bytes[i * 4 + c])) }
                }
                note += "; mean difference from Pillow's result \(format(Double(total) / Double(width * height * 4), digits: 3)) levels (≤ 2)"
            }
            results.append(BenchmarkResult(name: "free transform of a 4000x3000 layer in perspective, bicubic, against Pillow \(AdjustmentWorkload.pillowVersion) (Image.transform PERSPECTIVE BICUBIC), both on one thread (at most its time)",
                                           ours: oneCore, cairo: pillow, target: .withinFactor(1), note: note, anchor: "Pillow"))
        } else {
            print("    (Pillow not found: `scripts/install-deps.sh bench` installs it)")
        }
        // The preview: the view shows the 4000x3000 layer fitted into 1920x1080.
        let viewScale = 1080.0 / Double(height)
        let factor = max(1, Int(1 / viewScale))
        var reduced = source
        let reducing = Stopwatch.best(runs: 1, setup: { () }) { _ in reduced = BoxDownscaler.downscale(source, by: factor) }
        let view = Bitmap(width: 1920, height: 1080)
        let toView = Homography([Double(factor), 0, 0, 0, Double(factor), 0, 0, 0, 1]).concatenating(map)
            .concatenating(Homography([viewScale, 0, 0, 0, viewScale, 0, 0, 0, 1]))
        let frame = Stopwatch.best(runs: max(runs, 5), setup: { view.clear() }) { _ in
            PerspectiveWarp.draw(reduced, through: toView, onto: view, in: view.bounds, filter: .bilinear)
        }
        results.append(BenchmarkResult(name: "the transform's live preview: that map drawn into a 1920x1080 view of the layer (bilinear, both cores), within one frame at 60 Hz",
                                       ours: frame, cairo: 1.0 / 60, target: .budget,
                                       note: "from the layer reduced \(factor)x once when the transform begins (\(formatTime(reducing)))"))
        return results
    }
}
