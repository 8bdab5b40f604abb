import Foundation
import DrawingBoard

/// The magic wand on a 4K photo-like landscape (a sky graded top to bottom with
/// sensor-like noise, a ragged horizon, textured ground, a sun): the sky clicked at Pinta's
/// default tolerance (50%), then its edges for the marching ants, both within one frame's
/// budget of 30 ms; and the same with every alike pixel in the picture.
enum MagicWandWorkload {
    static func landscape(width: Int, height: Int) -> Bitmap {
        let picture = Bitmap(width: width, height: height)
        var noise: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<height {
            let row = picture.pixels + y * width
            for x in 0..<width {
                noise = noise &* 6364136223846793005 &+ 1442695040888963407
                let jitter = Int((noise >> 33) & 15) - 8
                // The horizon wanders; trees' tops make it ragged.
                let horizon = height * 3 / 5 + Int(80 * sin(Double(x) / 300)) + Int((noise >> 40) & 7) * ((x / 23) % 3 == 0 ? 6 : 0)
                let dx = x - width * 3 / 4, dy = y - height / 5
                let (r, g, b): (Int, Int, Int)
                if dx * dx + dy * dy < 140 * 140 {
                    (r, g, b) = (255, 240 + jitter / 2, 200 + jitter)
                } else if y < horizon {
                    (r, g, b) = (90 + y * 60 / height + jitter, 140 + y * 60 / height + jitter, 230 - y * 30 / height + jitter)
                } else {
                    (r, g, b) = (60 + Int((noise >> 36) & 63), 90 + Int((noise >> 42) & 63), 30 + jitter)
                }
                row[x] = 0xFF00_0000 | UInt32(max(0, min(255, r))) << 16 | UInt32(max(0, min(255, g))) << 8 | UInt32(max(0, min(255, b)))
            }
        }
        return picture
    }

    static func run(runs: Int) -> [BenchmarkResult] {
        let width = 3840, height = 2160
        let photo = landscape(width: width, height: height)
        let over = StrokeRenderer.Underlay(pixel: Color.white.premultipliedPixel, image: nil)
        var selected = 0, segments = 0
        func region(global: Bool) -> Double {
            var found: SelectionMask?
            let time = Stopwatch.best(runs: runs, setup: { () }) { _ in
                found = MagicWand.region(at: 1200, 400, tolerance: 0.5, global: global, in: photo, over: over, scale: 1)
                segments = found?.outlineSegments().count ?? 0
            }
            selected = found.map { $0.flags(in: $0.area).filter { $0 }.count } ?? 0
            return time
        }
        let contiguous = region(global: false)
        let note = "\(selected) pixels selected (\(selected * 100 / (width * height))% of the picture), \(segments) edge segments for the ants"
        let global = region(global: true)
        let globalNote = "\(selected) pixels selected, \(segments) edge segments"
        return [BenchmarkResult(name: "Magic wand on a 3840x2160 landscape, the sky at tolerance 50%, its region and the ants' edges (within 30 ms)",
                                ours: contiguous, cairo: 0.030, target: .budget, note: note, anchor: "budget"),
                BenchmarkResult(name: "Magic wand, whole picture (every alike pixel), 3840x2160, with the ants' edges",
                                ours: global, cairo: 0.030, target: .budget, note: globalNote, anchor: "budget")]
    }
}
