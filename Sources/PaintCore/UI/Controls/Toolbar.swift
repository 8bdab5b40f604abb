/// A bar of buttons laid out left to right, with flexible spaces that share what is left.
open class Toolbar: View {
    public enum Item {
        case button(Button)
        /// Any view (a segmented control, say) at a fixed width.
        case view(View, width: Double)
        case flexibleSpace
        case fixedSpace(Double)
    }

    public var items: [Item] = [] {
        didSet {
            for view in subviews { view.removeFromSuperview() }
            for item in items {
                switch item {
                case .button(let button): addSubview(button)
                case .view(let view, _): addSubview(view)
                default: break
                }
            }
            setNeedsLayout()
        }
    }
    public var spacing = 4.0
    public var margin = 8.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(r: 246, g: 246, b: 248)
    }

    open override func layoutSubviews() {
        let fixed = items.reduce(0.0) { total, item in
            switch item {
            case .button(let button): return total + button.intrinsicWidth
            case .view(_, let width), .fixedSpace(let width): return total + width
            case .flexibleSpace: return total
            }
        }
        let flexibleCount = items.filter { if case .flexibleSpace = $0 { return true } else { return false } }.count
        let gaps = spacing * Double(max(0, items.count - 1))
        let free = max(0, bounds.width - 2 * margin - fixed - gaps)
        // Too narrow: views (not buttons) give up width, down to 40% of what they asked for.
        let viewWidths = items.reduce(0.0) { if case .view(_, let w) = $1 { return $0 + w } else { return $0 } }
        let shortfall = max(0, fixed + gaps + 2 * margin - bounds.width)
        let viewScale = viewWidths > 0 ? max(0.4, 1 - shortfall / viewWidths) : 1
        let flexibleWidth = flexibleCount > 0 ? free / Double(flexibleCount) : 0
        var x = margin
        for item in items {
            switch item {
            case .button(let button):
                button.frame = Rect(x: x, y: 4, width: button.intrinsicWidth, height: bounds.height - 8)
                x += button.intrinsicWidth
            case .view(let view, let preferred):
                let width = (preferred * viewScale).rounded()
                view.frame = Rect(x: x, y: 8, width: width, height: bounds.height - 16)
                x += width
            case .fixedSpace(let width): x += width
            case .flexibleSpace: x += flexibleWidth
            }
            x += spacing
        }
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), with: Color(r: 200, g: 200, b: 206))
    }
}
