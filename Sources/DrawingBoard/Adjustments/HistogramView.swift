/// How many pixels have each level (counts per level, any scale), as bars, with the input black
/// and white points marked: the Levels dialog's picture of what its sliders act on.
final class HistogramView: View {
    var counts: [Int] = [] { didSet { setNeedsDisplay() } }
    var barColor = Color(r: 150, g: 150, b: 160) { didSet { setNeedsDisplay() } }
    /// The input black and white points, 0...255.
    var marks: (low: Int, high: Int) = (0, 255) { didSet { setNeedsDisplay() } }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(bounds, with: .white)
        if let most = counts.max(), most > 0 {
            let barWidth = bounds.width / 256
            for (level, count) in counts.enumerated() where count > 0 {
                let height = Double(count) / Double(most) * (bounds.height - 2)
                context.fill(Rect(x: Double(level) * barWidth, y: bounds.height - height, width: barWidth + 0.5, height: height), with: barColor)
            }
        }
        // Outside the input points everything goes to black or white: shaded.
        let shade = Color(r: 0, g: 0, b: 0, a: 40)
        let lowX = Double(marks.low) / 255 * bounds.width, highX = Double(marks.high) / 255 * bounds.width
        context.fill(Rect(x: 0, y: 0, width: lowX, height: bounds.height), with: shade)
        context.fill(Rect(x: highX, y: 0, width: bounds.width - highX, height: bounds.height), with: shade)
        context.strokeBorder(bounds, width: 1, color: Color(r: 180, g: 180, b: 188))
    }
}
