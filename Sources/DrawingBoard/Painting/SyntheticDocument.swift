import Foundation

/// A reproducible document of many strokes, for measuring that the app stays fast however
/// much is already drawn.
public enum SyntheticDocument {
    /// Colours none of the palette's inks: a probe watching for the pen's ink on screen always
    /// sees it change the pixels, whatever is drawn underneath.
    public static let mutedColors = [Color(r: 120, g: 140, b: 160), Color(r: 170, g: 200, b: 150), Color(r: 220, g: 190, b: 120)]

    public static func strokes(count: Int, size: Size, pointsPerStroke: Int = 30, seed: UInt64 = 1,
                               palette: [Color] = DrawingBoardViewController.palette + [.black]) -> Document {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var document = Document()
        for i in 0..<count {
            var p = Point(x: unit() * size.width, y: unit() * size.height)
            var angle = unit() * 2 * .pi
            var points = [p]
            for _ in 1..<pointsPerStroke {
                angle += (unit() - 0.5) * 0.6
                p = Point(x: min(max(p.x + 4 * cos(angle), 0), size.width), y: min(max(p.y + 4 * sin(angle), 0), size.height))
                points.append(p)
            }
            document.append(.stroke(Stroke(points: points, color: palette[i % palette.count], width: 2 + Double(i % 6) * 2,
                                           blendMode: .sourceOver)))
        }
        return document
    }
}
