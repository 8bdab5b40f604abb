import Foundation

/// Text broken into lines that fit the width.
public final class WrappingLabel: View {
    public var text = "" { didSet { setNeedsDisplay() } }
    public var font = Font.system(size: 13)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if font.width(of: candidate) > bounds.width && !line.isEmpty {
                lines.append(line)
                line = word
            } else {
                line = candidate
            }
        }
        lines.append(line)
        for (index, text) in lines.enumerated() {
            context.draw(text, at: Point(x: 0, y: 16 + Double(index) * font.lineHeight), font: font, color: Color(r: 40, g: 40, b: 44))
        }
    }
}
