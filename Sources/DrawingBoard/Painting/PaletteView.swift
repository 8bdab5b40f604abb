/// The colour palette (issue 19): 24 colours one click away, the colours used lately, a hex
/// field and the RGB sliders with their preview. Choosing any of them makes it the pen's colour.
public final class PaletteView: View {
    /// Tango's palette (the freedesktop icon style's colours, the ones GIMP and Inkscape offer)
    /// in three rows of eight: light, middle and dark tones, greys from white to black.
    public static let colors: [Color] = [
        "#FFFFFF", "#FCE94F", "#FCAF3E", "#E9B96E", "#8AE234", "#729FCF", "#AD7FA8", "#EF2929",
        "#BABDB6", "#EDD400", "#F57900", "#C17D11", "#73D216", "#3465A4", "#75507B", "#CC0000",
        "#2E3436", "#C4A000", "#CE5C00", "#8F5902", "#4E9A06", "#204A87", "#5C3566", "#A40000",
    ].map { Color(hex: $0)! }
    public static let recentCount = 8
    static let swatchSize = 24.0
    static let swatchGap = 4.0

    public var onColor: ((Color) -> Void)?
    /// Most recent first.
    public private(set) var recentColors: [Color] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for swatch in swatches + recentSwatches { addSubview(swatch) }
        addSubview(recentLabel)
        addSubview(hexField)
        addSubview(picker)
    }

    /// The pen's colour now: the sliders and the hex field show it.
    public func show(color: Color) {
        picker.color = color
        if !hexField.isEditing { hexField.text = color.hexString }
        for (swatch, candidate) in zip(swatches, Self.colors) { swatch.isSelected = candidate.roundedTo8Bit == color.roundedTo8Bit }
    }

    /// A colour was used: it goes to the front of the recent ones.
    public func noteUsed(_ color: Color) {
        let color = color.roundedTo8Bit
        recentColors.removeAll { $0 == color }
        recentColors.insert(color, at: 0)
        if recentColors.count > Self.recentCount { recentColors.removeLast() }
        for (index, swatch) in recentSwatches.enumerated() {
            swatch.isHidden = index >= recentColors.count
            if index < recentColors.count {
                swatch.swatchColor = recentColors[index]
                swatch.toolTip = recentColors[index].hexString
            }
        }
    }

    public override func layoutSubviews() {
        let step = Self.swatchSize + Self.swatchGap
        for (index, swatch) in swatches.enumerated() {
            swatch.frame = Rect(x: Double(index % 8) * step, y: Double(index / 8) * step, width: Self.swatchSize, height: Self.swatchSize)
        }
        recentLabel.frame = Rect(x: 0, y: 3 * step + 2, width: 8 * step, height: 20)
        for (index, swatch) in recentSwatches.enumerated() {
            swatch.frame = Rect(x: Double(index) * step, y: 3 * step + 24, width: Self.swatchSize, height: Self.swatchSize)
        }
        let right = 8 * step + 12
        let width = max(0, bounds.width - right)
        hexField.frame = Rect(x: right, y: 0, width: min(110, width), height: 28)
        picker.frame = Rect(x: right, y: 36, width: width, height: 92)
    }

    private func choose(_ color: Color) {
        show(color: color)
        noteUsed(color)
        onColor?(color)
    }

    // MARK: - Subviews

    public private(set) lazy var swatches: [Button] = Self.colors.map { color in
        let swatch = Button()
        swatch.swatchColor = color
        swatch.toolTip = color.hexString
        swatch.addAction(for: .touchUpInside) { [unowned self] _ in self.choose(color) }
        return swatch
    }

    public private(set) lazy var recentSwatches: [Button] = (0..<Self.recentCount).map { index in
        let swatch = Button()
        swatch.isHidden = true
        swatch.addAction(for: .touchUpInside) { [unowned self] _ in
            if index < self.recentColors.count { self.choose(self.recentColors[index]) }
        }
        return swatch
    }

    private lazy var recentLabel: Label = {
        let label = Label(text: tr("Recent"))
        label.textColor = Color(r: 90, g: 90, b: 96)
        label.font = Font.system(size: 12)
        return label
    }()

    public private(set) lazy var hexField: TextField = {
        let field = TextField(placeholder: "#RRGGBB")
        field.onSubmit = { [unowned self] text in
            if let color = Color(hex: text), color.alpha == 1 { self.choose(color) } else { self.hexField.text = self.picker.color.hexString }
        }
        return field
    }()

    public private(set) lazy var picker: ColorPicker = {
        let picker = ColorPicker()
        picker.onChange = { [unowned self] color in
            self.hexField.text = color.hexString
            self.onColor?(color)
        }
        return picker
    }()
}
