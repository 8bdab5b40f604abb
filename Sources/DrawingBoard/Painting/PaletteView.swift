/// The colour dialog (Pinta 2's and GTK's): a saturation/value square with a hue strip and an
/// opacity strip beside it, the numbers (hex, RGB, HSV, opacity), 24 colours one click away and
/// the colours used lately. It edits the primary or the secondary colour, as its switch says
/// (it opens on the one whose swatch was clicked).
public final class PaletteView: View {
    /// Tango's palette (the freedesktop icon style's colours, the ones GIMP and Inkscape offer)
    /// in three rows of eight: light, middle and dark tones, greys from white to black.
    public static let colors: [Color] = [
        "#FFFFFF", "#FCE94F", "#FCAF3E", "#E9B96E", "#8AE234", "#729FCF", "#AD7FA8", "#EF2929",
        "#BABDB6", "#EDD400", "#F57900", "#C17D11", "#73D216", "#3465A4", "#75507B", "#CC0000",
        "#2E3436", "#C4A000", "#CE5C00", "#8F5902", "#4E9A06", "#204A87", "#5C3566", "#A40000",
    ].map { Color(hex: $0)! }
    public static let recentCount = 8

    /// A colour was chosen for the colour being edited.
    public var onColor: ((Color) -> Void)?
    /// The switch moved to the other colour (true: the secondary).
    public var onTargetChange: ((Bool) -> Void)?
    /// Most recent first.
    public private(set) var recentColors: [Color] = []
    /// The colour as the square and the strips hold it (its hue kept through greys).
    public private(set) var hsv = HSVColor(hue: 0, saturation: 0, value: 0)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for view in [targetPicker, square, hueStrip, alphaStrip, fieldsView, recentLabel] as [View] { addSubview(view) }
        for swatch in swatches + recentSwatches { addSubview(swatch) }
    }

    /// The colour being edited, at 8 bits a channel.
    public var color: Color { hsv.color.quantized }
    /// Whether it edits the secondary colour.
    public var editsSecondary: Bool {
        get { targetPicker.selectedSegmentIndex == 1 }
        set { targetPicker.selectedSegmentIndex = newValue ? 1 : 0 }
    }
    public var hexField: TextField { fieldsView.hexField }

    /// Shows a colour (the pen's, or the one just chosen).
    public func show(color: Color) {
        if color.quantized != self.color { hsv = HSVColor(color.quantized, keepingHueOf: hsv) }
        refresh()
    }

    /// A colour was used: it goes to the front of the recent ones.
    public func noteUsed(_ color: Color) {
        let color = color.quantized
        recentColors.removeAll { $0 == color }
        recentColors.insert(color, at: 0)
        if recentColors.count > Self.recentCount { recentColors.removeLast() }
        for (index, swatch) in recentSwatches.enumerated() {
            swatch.isHidden = index >= recentColors.count
            if index < recentColors.count {
                swatch.swatchColor = recentColors[index]
                swatch.toolTip = recentColors[index].hexStringWithAlpha
            }
        }
        setNeedsLayout() // a narrow panel shows only the recent ones that fit
    }

    private func refresh() {
        square.hue = hsv.hue
        square.saturation = hsv.saturation
        square.value = hsv.value
        hueStrip.fraction = hsv.hue / 360
        alphaStrip.kind = .alpha(hsv.color.withAlpha(1))
        alphaStrip.fraction = 1 - hsv.alpha
        fieldsView.show(hsv)
        for (swatch, candidate) in zip(swatches, Self.colors) { swatch.isSelected = candidate == color }
    }

    /// Three columns when there is room (the square, the swatches, the numbers); in a narrow
    /// window the swatches go under the numbers and the recent ones under the square. Every
    /// swatch and strip is a 24-point target at least.
    public override func layoutSubviews() {
        let height = bounds.height, gap = 12.0, stripWidth = 24.0, step = 28.0, swatchSize = 24.0
        let wide = bounds.width >= 3 * 230
        let side = max(60, min(height - (wide ? 0 : step + 8), 230, bounds.width * 0.3).rounded(.down))
        square.frame = Rect(x: 0, y: 0, width: side, height: side)
        hueStrip.frame = Rect(x: side + 8, y: 0, width: stripWidth, height: side)
        alphaStrip.frame = Rect(x: hueStrip.frame.maxX + 6, y: 0, width: stripWidth, height: side)
        let left = alphaStrip.frame.maxX + gap
        let paletteWidth = 8 * step - 4
        let fieldsX = wide ? left + paletteWidth + gap : left
        let fieldsWidth = min(280, bounds.width - fieldsX)
        targetPicker.frame = Rect(x: fieldsX, y: 0, width: fieldsWidth, height: 26)
        fieldsView.frame = Rect(x: fieldsX, y: 30, width: fieldsWidth, height: ColorFieldsView.preferredHeight)
        // The swatches: beside the numbers when wide, under them when narrow.
        let paletteY = wide ? 0 : fieldsView.frame.maxY + 8
        for (index, swatch) in swatches.enumerated() {
            swatch.frame = Rect(x: left + Double(index % 8) * step, y: paletteY + Double(index / 8) * step, width: swatchSize, height: swatchSize)
        }
        recentLabel.isHidden = !wide
        recentLabel.frame = Rect(x: left, y: paletteY + 3 * step + 2, width: paletteWidth, height: 20)
        // The recent ones: under the swatches when wide; under the square when narrow, as many as fit.
        let recentOrigin = wide ? Point(x: left, y: paletteY + 3 * step + 24) : Point(x: 0, y: side + 8)
        let roomFor = wide ? Self.recentCount : Int((left - gap + 4) / step)
        for (index, swatch) in recentSwatches.enumerated() {
            swatch.frame = Rect(x: recentOrigin.x + Double(index) * step, y: recentOrigin.y, width: swatchSize, height: swatchSize)
            swatch.isHidden = index >= recentColors.count || index >= roomFor
        }
    }

    private func choose(_ newHSV: HSVColor, noting: Bool = false) {
        hsv = newHSV
        refresh()
        if noting { noteUsed(color) }
        onColor?(color)
    }

    // MARK: - Subviews

    public private(set) lazy var targetPicker: SegmentedControl = {
        let picker = SegmentedControl(items: [tr("Primary"), tr("Secondary")])
        picker.segmentToolTips = [tr("The left button's colour"), tr("The right button's colour, and the fill of outlined shapes")]
        picker.addAction(for: .valueChanged) { [unowned self] _ in self.onTargetChange?(self.editsSecondary) }
        return picker
    }()

    public private(set) lazy var square: SaturationValueSquare = {
        let square = SaturationValueSquare()
        square.toolTip = tr("Saturation (left to right) and value (bottom to top)")
        square.addAction(for: .valueChanged) { [unowned self, unowned square] _ in
            self.choose(HSVColor(hue: self.hsv.hue, saturation: square.saturation, value: square.value, alpha: self.hsv.alpha))
        }
        return square
    }()

    public private(set) lazy var hueStrip: ColorStrip = {
        let strip = ColorStrip(kind: .hue)
        strip.toolTip = tr("Hue")
        strip.addAction(for: .valueChanged) { [unowned self, unowned strip] _ in
            self.choose(HSVColor(hue: min(strip.fraction * 360, 359.999), saturation: self.hsv.saturation, value: self.hsv.value, alpha: self.hsv.alpha))
        }
        return strip
    }()

    public private(set) lazy var alphaStrip: ColorStrip = {
        let strip = ColorStrip(kind: .alpha(.black))
        strip.toolTip = tr("Opacity")
        strip.addAction(for: .valueChanged) { [unowned self, unowned strip] _ in
            var hsv = self.hsv
            hsv.alpha = ((1 - strip.fraction) * 255).rounded() / 255
            self.choose(hsv)
        }
        return strip
    }()

    private(set) lazy var fieldsView: ColorFieldsView = {
        let fields = ColorFieldsView()
        fields.onChange = { [unowned self] hsv in self.choose(hsv) }
        return fields
    }()

    public private(set) lazy var swatches: [Button] = Self.colors.map { color in
        let swatch = Button()
        swatch.swatchColor = color
        swatch.toolTip = color.hexString
        swatch.addAction(for: .touchUpInside) { [unowned self] _ in self.choose(HSVColor(color, keepingHueOf: self.hsv), noting: true) }
        return swatch
    }

    public private(set) lazy var recentSwatches: [Button] = (0..<Self.recentCount).map { index in
        let swatch = Button()
        swatch.isHidden = true
        swatch.addAction(for: .touchUpInside) { [unowned self] _ in
            if index < self.recentColors.count { self.choose(HSVColor(self.recentColors[index], keepingHueOf: self.hsv), noting: true) }
        }
        return swatch
    }

    private lazy var recentLabel: Label = {
        let label = Label(text: tr("Recent"))
        label.textColor = Color(r: 90, g: 90, b: 96)
        label.font = Font.system(size: 12)
        return label
    }()
}
