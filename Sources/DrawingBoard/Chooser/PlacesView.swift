/// The chooser's sidebar: Home, Desktop, Pictures, Documents, Recent and the GTK bookmarks; a
/// click goes there, the place being shown is lit.
final class PlacesView: View {
    static let rowHeight = 26.0
    var places: [Place] = [] { didSet { setNeedsDisplay() } }
    /// The place being shown, if the folder is one.
    var current: Int? { didSet { if current != oldValue { setNeedsDisplay() } } }
    var onChoose: ((Place) -> Void)?
    /// The place the keys are on while the places have them (F6), ringed; nil: they do not.
    var keyboardIndex: Int? { didSet { if keyboardIndex != oldValue { setNeedsDisplay() } } }
    private let font = Font.system(size: 13)

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(r: 242, g: 242, b: 246)
        clipsToBounds = true
    }

    func index(at point: Point) -> Int? {
        let index = Int((point.y - 4) / Self.rowHeight)
        return point.y >= 4 && places.indices.contains(index) ? index : nil
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let point = touches.first?.location(in: self), let index = index(at: point) else { return }
        onChoose?(places[index])
    }

    override func toolTip(at point: Point) -> String? {
        guard let index = index(at: point) else { return nil }
        return places[index].kind == .recent ? tr("Files opened and saved lately") : places[index].path
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        for (index, place) in places.enumerated() {
            let frame = Rect(x: 0, y: 4 + Double(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
            if index == current { context.fill(frame.insetBy(dx: 4, dy: 1), with: Color(r: 0, g: 122, b: 255, a: 50)) }
            if index == keyboardIndex { context.strokeBorder(frame.insetBy(dx: 4, dy: 1), width: 2, color: Color(r: 0, g: 122, b: 255)) }
            let baseline = (frame.midY + (font.ascender + font.descender) / 2).rounded()
            let name = FileListView.elidingMiddle(place.name, toFit: bounds.width - 20, font: font)
            context.draw(name, at: Point(x: 12, y: baseline), font: font, color: Color(r: 30, g: 30, b: 34))
        }
    }
}
