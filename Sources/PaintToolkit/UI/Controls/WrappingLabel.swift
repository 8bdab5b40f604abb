import Foundation

/// Text broken into lines that fit the width; a "\n" starts a new line.
public final class WrappingLabel: View {
    public var text = "" { didSet { setNeedsDisplay() } }
    public var font = Font.system(size: 13)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The lines the text takes at `width`.
    public func lines(fitting width: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if font.width(of: candidate) > width && !line.isEmpty {
                    lines.append(line)
                    line = word
                } else {
                    line = candidate
                }
            }
            lines.append(line)
        }
        return lines
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        for (index, text) in lines(fitting: bounds.width).enumerated() {
            context.draw(text, at: Point(x: 0, y: 16 + Double(index) * font.lineHeight), font: font, color: Color(r: 40, g: 40, b: 44))
        }
    }
}
