import Foundation
import DrawingBoard

/// Deterministic test input: a smooth random walk of mouse positions a few pixels apart that
/// stays on the canvas, like a person scribbling.
struct Scribble {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }

    mutating func nextUnit() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }

    mutating func points(count: Int, step: Double, width: Double, height: Double, margin: Double = 20) -> [Point] {
        var p = Point(x: width * (0.2 + 0.6 * nextUnit()), y: height * (0.2 + 0.6 * nextUnit()))
        var angle = nextUnit() * 2 * .pi
        var turn = 0.0
        var result = [p]
        result.reserveCapacity(count + 1)
        for _ in 0..<count {
            turn = max(-0.3, min(0.3, turn + (nextUnit() - 0.5) * 0.08))
            angle += turn
            var next = Point(x: p.x + step * cos(angle), y: p.y + step * sin(angle))
            if next.x < margin || next.x > width - margin || next.y < margin || next.y > height - margin {
                angle += .pi * (0.5 + nextUnit())
                next = Point(x: min(max(p.x + step * cos(angle), margin), width - margin),
                             y: min(max(p.y + step * sin(angle), margin), height - margin))
            }
            p = next
            result.append(p)
        }
        return result
    }
}
