/// The other participants' pointers over the canvas, each a small arrow in their colour with
/// their name beside it, where their pointer is on the drawing at this window's zoom and scroll.
/// It takes no touches: drawing goes on under it.
final class PeerPointersView: View {
    var peers: [PeerPointer] = [] { didSet { if peers != oldValue { setNeedsDisplay() } } }
    /// Where a document pixel is in this view (the canvas's viewport, read at each drawing).
    var viewPoint: (Point) -> Point = { $0 }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let font = Font.system(size: 11)
        for peer in peers {
            let tip = viewPoint(peer.location)
            guard bounds.insetBy(dx: -4, dy: -4).contains(tip) else { continue }
            var arrow = Path()
            arrow.move(to: tip)
            arrow.line(to: Point(x: tip.x, y: tip.y + 14))
            arrow.line(to: Point(x: tip.x + 4, y: tip.y + 10.5))
            arrow.line(to: Point(x: tip.x + 10, y: tip.y + 10))
            arrow.close()
            context.save()
            context.fillColor = peer.color
            context.fill(arrow)
            context.strokeColor = .white
            context.lineWidth = 1
            context.stroke(arrow)
            // The name on a tag of the participant's colour, below right of the tip.
            let tag = Rect(x: tip.x + 9, y: tip.y + 12, width: font.width(of: peer.name) + 10, height: 16)
            context.fillColor = peer.color
            context.fill(Path.roundedRect(tag, cornerRadius: 4))
            context.draw(peer.name, at: Point(x: tag.minX + 5, y: tag.maxY - 4), font: font, color: .white)
            context.restore()
        }
    }
}

/// Another participant's pointer: who, in which colour, where on the drawing (document pixels).
public struct PeerPointer: Equatable {
    public var name: String
    public var color: Color
    public var location: Point

    public init(name: String, color: Color, location: Point) {
        self.name = name
        self.color = color
        self.location = location
    }
}
