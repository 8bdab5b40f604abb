/// A push button with a title and per-state title colours.
open class Button: Control {
    public var title: String { didSet { setNeedsDisplay() } }
    public var font = Font.system(size: 14) { didSet { setNeedsDisplay() } }
    private var titleColors: [State: Color] = [.normal: Color(r: 30, g: 30, b: 34), .disabled: Color(r: 160, g: 160, b: 166)]
    /// An icon, drawn before the title (or centred when there is no title).
    public var image: Image? { didSet { setNeedsDisplay() } }
    /// An icon from the desktop's icon theme by its freedesktop name ("edit-undo"), drawn at the
    /// device's pixel size in the title's colour when it is symbolic. Ignored when not found.
    public var iconName: String? { didSet { setNeedsDisplay() } }
    /// Whether the title shows beside the icon (a crowded bar keeps only icons; the tooltip
    /// names the action).
    public var showsTitle = true { didSet { if showsTitle != oldValue { setNeedsDisplay() } } }
    public static let iconSize = 16.0
    /// A coloured swatch filling the button instead of a title (the colour buttons).
    public var swatchColor: Color? { didSet { setNeedsDisplay() } }

    public init(title: String = "", frame: Rect = .zero) {
        self.title = title
        super.init(frame: frame)
    }

    /// A button that runs `action` when tapped (touch up inside).
    public convenience init(title: String, toolTip: String? = nil, action: @escaping () -> Void) {
        self.init(title: title)
        self.toolTip = toolTip
        addAction(for: .touchUpInside) { _ in action() }
    }

    public func setTitleColor(_ color: Color, for state: State) {
        titleColors[state] = color
        setNeedsDisplay()
    }

    open override var acceptsKeyboardFocus: Bool { true }

    /// Space or Enter presses the focused button.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, event.key == .character(" ") || event.key == .enter else { return super.keyDown(event) }
        sendActions(for: .touchUpInside)
        return true
    }

    /// The colour for the current state, falling back as UIKit does: exact, then a single flag, then normal.
    private func value(_ table: [State: Color]) -> Color? {
        if let exact = table[state] { return exact }
        for flag in [State.disabled, .highlighted, .selected] where state.contains(flag) {
            if let color = table[flag] { return color }
        }
        return table[.normal]
    }

    /// Space left and right of the title together (a crowded toolbar halves it).
    public var horizontalPadding = 24.0
    /// The default button of its view controller (Enter presses it): drawn filled in the accent
    /// colour, as GTK's suggested action and macOS's default button are. Set through
    /// `ViewController.defaultButton`.
    public internal(set) var isDefault = false { didSet { if isDefault != oldValue { setNeedsDisplay() } } }

    private var shownTitle: String { showsTitle || !hasIcon ? title : "" }
    public var hasIcon: Bool { image != nil || iconName.flatMap { Icons.shared.file(named: $0, size: Int(Self.iconSize), scale: 1) } != nil }

    /// The width the title needs, with padding.
    public var intrinsicWidth: Double {
        let icon = hasIcon ? Self.iconSize + (shownTitle.isEmpty ? 0 : 6) : 0
        // A comfortable target normally; a crowded bar gives up the extra room first.
        return max(horizontalPadding >= 24 ? 44 : 32, font.width(of: shownTitle) + icon + horizontalPadding)
    }

    /// The icon to draw now: the fixed image, or the theme's at the context's pixel size.
    private func icon(in context: GraphicsContext, color: Color) -> Image? {
        if let image { return image }
        guard let iconName else { return nil }
        return Icons.shared.image(named: iconName, pixels: Int((Self.iconSize * context.deviceScale).rounded()), color: color)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        if swatchColor == nil && (isHighlighted || isHovered) {
            // Hover and pressed looks: a rounded tint behind the content, darker while pressed.
            context.fillColor = Color(r: 0, g: 0, b: 0, a: isHighlighted ? 36 : 16)
            context.fill(Path.roundedRect(bounds.insetBy(dx: 2, dy: 3), cornerRadius: 5))
        }
        if let swatch = swatchColor {
            if swatch.alpha < 1 { context.fillCheckerboard(bounds) }
            context.fill(bounds, with: isEnabled ? swatch : swatch.withAlpha(swatch.alpha * 0.4))
            if isHighlighted { context.fill(bounds, with: Color(r: 0, g: 0, b: 0, a: 40)) } else if isHovered {
                context.fill(bounds, with: Color(r: 255, g: 255, b: 255, a: 40))
            }
            if isSelected {
                context.strokeBorder(bounds, width: 3, color: Color(r: 20, g: 20, b: 24))
                context.strokeBorder(bounds.insetBy(dx: 3, dy: 3), width: 2, color: .white)
            } else {
                // A hairline edge, so a white swatch on a light bar still shows where it is.
                context.strokeBorder(bounds, width: 1, color: Color(r: 0, g: 0, b: 0, a: 70))
            }
        } else if isDefault {
            let accent = isEnabled ? Color(r: 0, g: isHighlighted ? 100 : 122, b: isHighlighted ? 215 : 255) : Color(r: 150, g: 180, b: 225)
            context.fillColor = accent
            context.fill(Path.roundedRect(bounds.insetBy(dx: 2, dy: 3), cornerRadius: 5))
        } else if isSelected {
            context.fill(bounds.insetBy(dx: 2, dy: 4), with: Color(r: 0, g: 122, b: 255, a: 40))
            context.strokeBorder(bounds.insetBy(dx: 2, dy: 4), width: 1, color: Color(r: 0, g: 122, b: 255))
        }
        var titleArea = bounds
        // Over a swatch (or the default button's accent) the icon takes whichever of black and
        // white stands out from it.
        let color = swatchColor.map { $0.luminance > 0.55 ? Color(r: 30, g: 30, b: 34) : .white } ?? (isDefault && swatchColor == nil ? .white : nil)
            ?? value(titleColors) ?? .black
        let title = shownTitle
        if let image = icon(in: context, color: color) {
            let titleWidth = title.isEmpty ? 0 : font.width(of: title) + 6
            let x = bounds.midX - (Self.iconSize + titleWidth) / 2
            let iconRect = context.pixelAligned(Rect(x: x, y: bounds.midY - Self.iconSize / 2, width: Self.iconSize, height: Self.iconSize))
            context.save()
            // A symbolic icon is already in the disabled colour; a full-colour one fades.
            if !isEnabled && iconName == nil { context.globalAlpha = 0.4 }
            context.draw(image, in: iconRect)
            context.restore()
            titleArea = Rect(x: iconRect.maxX + 6, y: bounds.minY, width: titleWidth - 6, height: bounds.height)
        }
        if !title.isEmpty {
            context.draw(title, centeredIn: titleArea, font: font, color: color)
        }
    }
}
