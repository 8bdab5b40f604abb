/// A bar of buttons laid out left to right, with flexible spaces that share what is left.
open class Toolbar: View {
    public enum Item {
        case button(Button)
        /// Any view (a segmented control, say) at a fixed width.
        case view(View, width: Double)
        case flexibleSpace
        case fixedSpace(Double)
        /// A view that shows when everything fits at `width`, and a compact stand-in for it
        /// (a pop-up button for a row of segments) when the bar is too narrow.
        case adaptive(View, width: Double, compact: View, compactWidth: Double)
    }

    public var items: [Item] = [] {
        didSet {
            for view in subviews { view.removeFromSuperview() }
            for item in items {
                switch item {
                case .button(let button): addSubview(button)
                case .view(let view, _): addSubview(view)
                case .adaptive(let full, _, let compact, _):
                    addSubview(full)
                    addSubview(compact)
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

    /// The width everything needs at its full size.
    public var fullWidth: Double { width(compact: false) }
    /// The width it needs with adaptive items compact (the least it can show whole).
    public var compactWidth: Double { width(compact: true) }
    /// Whether adaptive items show their compact stand-ins now.
    public private(set) var isCompact = false

    private func width(compact: Bool) -> Double {
        let widths = items.reduce(0.0) { total, item in
            switch item {
            case .button(let button): return total + button.intrinsicWidth
            case .view(_, let width), .fixedSpace(let width): return total + width
            case .adaptive(_, let full, _, let small): return total + (compact ? small : full)
            case .flexibleSpace: return total
            }
        }
        return widths + spacing * Double(max(0, items.count - 1)) + 2 * margin
    }

    /// Button padding when even the compact items do not fit otherwise.
    public static let tightPadding = 12.0

    open override func layoutSubviews() {
        for case .button(let button) in items {
            button.horizontalPadding = 24
            button.showsTitle = true
        }
        // Narrower: buttons with icons drop their titles (the tooltips name them), then lose
        // padding, and only then adaptive items go compact (one-click tools are worth more
        // than air around the buttons).
        if bounds.width < fullWidth {
            for case .button(let button) in items where button.hasIcon { button.showsTitle = false }
        }
        if bounds.width < width(compact: false) {
            for case .button(let button) in items { button.horizontalPadding = Self.tightPadding }
        }
        isCompact = bounds.width < width(compact: false)
        let fixed = width(compact: isCompact) - spacing * Double(max(0, items.count - 1)) - 2 * margin
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
            case .adaptive(let full, let fullWidth, let compact, let compactWidth):
                let (shown, hidden, width) = isCompact ? (compact, full, compactWidth) : (full, compact, fullWidth)
                shown.isHidden = false
                hidden.isHidden = true
                shown.frame = Rect(x: x, y: shown is Button || shown is PopUpButton ? 4 : 8, width: width,
                                   height: bounds.height - (shown is Button || shown is PopUpButton ? 8 : 16))
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
