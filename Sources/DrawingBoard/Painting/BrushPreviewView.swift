/// What the pen will draw with, always in view in the bottom bar: a dot of the current colour
/// at the stroke's real width (as large as the swatch allows), or for the eraser an outlined
/// dot over a checkerboard (what erasing shows through to). A custom colour from the Brush
/// panel, which no palette button holds, shows here too.
public final class BrushPreviewView: View {
    public var color = Color.black { didSet { if color != oldValue { setNeedsDisplay() } } }
    public var width = 6.0 { didSet { if width != oldValue { setNeedsDisplay() } } }
    public var isEraser = false { didSet { if isEraser != oldValue { setNeedsDisplay() } } }
    /// The text tool: a letter "A" in the colour instead of the dot (its size is on the slider).
    public var showsText = false { didSet { if showsText != oldValue { setNeedsDisplay() } } }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The dot, centred, its diameter the stroke width up to the swatch less a margin.
    public var dotRect: Rect {
        let diameter = max(2, min(width, min(bounds.width, bounds.height) - 8))
        return Rect(x: bounds.midX - diameter / 2, y: bounds.midY - diameter / 2, width: diameter, height: diameter)
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let frame = Path.roundedRect(bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 5)
        context.save()
        context.fillColor = .white
        context.fill(frame)
        context.strokeColor = Color(r: 170, g: 170, b: 178)
        context.lineWidth = 1
        context.stroke(frame)
        let dot = Path.ellipse(in: dotRect)
        if showsText {
            context.draw("A", centeredIn: bounds, font: Font.system(size: 20), color: color)
        } else if isEraser {
            context.save()
            context.clip(to: dot)
            let cell = 4.0
            var y = dotRect.minY.rounded(.down)
            while y < dotRect.maxY {
                var x = dotRect.minX.rounded(.down)
                while x < dotRect.maxX {
                    let dark = (Int(x / cell) + Int(y / cell)) % 2 == 0
                    context.fill(Rect(x: x, y: y, width: cell, height: cell), with: dark ? Color(r: 200, g: 200, b: 206) : .white)
                    x += cell
                }
                y += cell
            }
            context.restore()
            context.strokeColor = Color(r: 60, g: 60, b: 66)
            context.stroke(dot)
        } else {
            context.fillColor = color
            context.fill(dot)
        }
        context.restore()
    }
}
