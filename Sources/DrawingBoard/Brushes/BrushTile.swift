import Foundation

/// One of MyPaint's brushes in the picker: its preview picture (the set's own, a stroke drawn
/// with it), its name, a star when it is a favourite, lit when it is the brush in hand.
final class BrushTile: Control {
    let brush: MyPaintBrushSet.Brush
    private let preview: Image?
    var isChosen = false { didSet { if isChosen != oldValue { setNeedsDisplay() } } }
    var isFavourite = false { didSet { if isFavourite != oldValue { setNeedsDisplay() } } }

    init(brush: MyPaintBrushSet.Brush, preview: Image?) {
        self.brush = brush
        self.preview = preview
        super.init(frame: .zero)
        toolTip = brush.name
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillColor = isChosen ? Color(r: 200, g: 220, b: 250) : isHighlighted ? Color(r: 225, g: 235, b: 250) : .white
        context.fill(.roundedRect(bounds, cornerRadius: 6))
        if isChosen { context.strokeBorder(bounds, width: 2, color: Color(r: 0, g: 122, b: 255)) }
        let box = Rect(x: 6, y: 4, width: bounds.width - 12, height: bounds.width - 12)
        if let preview {
            let s = min(box.width / Double(preview.width), box.height / Double(preview.height))
            let w = Double(preview.width) * s, h = Double(preview.height) * s
            context.draw(preview, in: Rect(x: box.midX - w / 2, y: box.midY - h / 2, width: w, height: h))
        } else {
            context.fill(box.insetBy(dx: 8, dy: 8), with: Color(r: 232, g: 232, b: 236))
        }
        let font = Font.system(size: 11)
        var title = brush.title
        while font.width(of: title) > bounds.width - 6 && title.count > 4 { title = String(title.dropLast(4)) + "…" }
        context.draw(title, centeredIn: Rect(x: 0, y: bounds.height - 20, width: bounds.width, height: 18), font: font, color: Color(r: 40, g: 40, b: 44))
        if isFavourite {
            context.draw("★", centeredIn: Rect(x: bounds.width - 20, y: 2, width: 18, height: 18), font: Font.system(size: 13),
                         color: Color(r: 230, g: 160, b: 20))
        }
    }
}
