/// Words written with the text tool: the text, where its block's top-left corner is, its size
/// and colour, fixed when committed. Kept as text, not pixels: replayed (undo, recovery, a
/// HiDPI layer) it is laid out again at the layer's own pixel size.
public struct TextBlock: Sendable, Equatable, Codable {
    public var text: String
    /// The block's top-left corner, in document units.
    public var origin: Point
    /// The font's size in document units (the em, as in a desktop's "24 px").
    public var size: Double
    public var color: Color

    public init(text: String, origin: Point, size: Double, color: Color) {
        self.text = text
        self.origin = origin
        self.size = size
        self.color = color
    }

    /// Its layout in pixels for a layer of `scale` pixels per document unit.
    public func layout(atScale scale: Double) -> TextLayout { TextLayout(text, pixelSize: size * scale) }

    /// Where it lies in the document: the laid-out block, with room for glyphs that reach past
    /// their advance (italic overhangs, accents above the line).
    public func bounds(layout: TextLayout, scale: Double) -> Rect {
        let margin = size * 0.25
        return Rect(x: origin.x - margin, y: origin.y - margin,
                    width: layout.width / scale + 2 * margin, height: layout.height / scale + 2 * margin)
    }
}
