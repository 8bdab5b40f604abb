/// The brush settings (画笔设置): stroke width from 1 to 40 with its value, and the colour.
public final class BrushSettingsView: View {
    public var onWidthChange: ((Double) -> Void)?
    public var onColorChange: ((Color) -> Void)?
    public var onShapeFillChange: ((ShapeFill) -> Void)?
    public var onFillToleranceChange: ((Double) -> Void)?
    public var onPenSettingsChange: ((PenSettings) -> Void)?
    /// Whether the bucket and the eyedropper read the current layer only.
    public var onSamplingChange: ((Bool) -> Void)?
    /// The pen's settings as last shown or chosen.
    public private(set) var penSettings = PenSettings()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(widthTitle)
        addSubview(widthSlider)
        addSubview(widthValue)
        addSubview(colorPicker)
        addSubview(shapesTitle)
        addSubview(shapeFillPicker)
        addSubview(toleranceTitle)
        addSubview(toleranceSlider)
        addSubview(toleranceValue)
        addSubview(layerOnlyBox)
        addSubview(penTitle)
        addSubview(pressurePicker)
        addSubview(effectTitle)
        addSubview(effectPicker)
        addSubview(taperButton)
        addSubview(steadyTitle)
        addSubview(smoothingPicker)
    }

    public func show(width: Double, color: Color, shapeFill: ShapeFill = .outline, fillTolerance: Double = 0.5, pen: PenSettings = PenSettings(),
                     samplesCurrentLayer: Bool = false) {
        penSettings = pen
        layerOnlyBox.isOn = samplesCurrentLayer
        pressurePicker.selectedSegmentIndex = pen.pressureCurve.rawValue
        effectPicker.selectedSegmentIndex = pen.pressureEffect.rawValue
        smoothingPicker.selectedSegmentIndex = pen.smoothing.rawValue
        taperButton.isOn = pen.taperWithSpeed
        toleranceSlider.value = (fillTolerance * 100).rounded()
        toleranceValue.text = "\(Int(toleranceSlider.value))%"
        widthSlider.value = width
        widthValue.text = "\(Int(width.rounded()))"
        colorPicker.color = color
        shapeFillPicker.selectedSegmentIndex = shapeFill.rawValue
    }

    public override func layoutSubviews() {
        // The titles' column is as wide as the widest title (at least 50 points), in any language.
        let titles = [widthTitle, shapesTitle, toleranceTitle, penTitle, effectTitle, steadyTitle]
        let column = max(50, (titles.map { $0.font.width(of: $0.text) }.max() ?? 0).rounded(.up) + 4), x = column + 2
        widthTitle.frame = Rect(x: 0, y: 0, width: column, height: 30)
        widthSlider.frame = Rect(x: x, y: 0, width: max(0, bounds.width - x - 104), height: 30)
        widthValue.frame = Rect(x: widthSlider.frame.maxX + 4, y: 0, width: 36, height: 30)
        shapesTitle.frame = Rect(x: 0, y: 34, width: column, height: 28)
        shapeFillPicker.frame = Rect(x: x, y: 34, width: min(max(0, bounds.width - x), max(300, shapeFillPicker.intrinsicWidth)), height: 28)
        toleranceTitle.frame = Rect(x: 0, y: 68, width: column, height: 30)
        // The layer-only box beside the bucket's tolerance when there is room, else it goes.
        let box = layerOnlyBox.intrinsicWidth, boxFits = bounds.width - x - 104 - box - 8 >= 120
        toleranceSlider.frame = Rect(x: x, y: 68, width: max(0, bounds.width - x - 104 - (boxFits ? box + 8 : 0)), height: 30)
        toleranceValue.frame = Rect(x: toleranceSlider.frame.maxX + 4, y: 68, width: 44, height: 30)
        layerOnlyBox.frame = Rect(x: toleranceValue.frame.maxX + 8, y: 68, width: box, height: 30)
        layerOnlyBox.isHidden = !boxFits
        // Pen: the pressure curve; Sets: what pressure sets; Steady: the smoothing, and the mouse's taper.
        let pickerWidth = min(max(0, bounds.width - x), 300)
        penTitle.frame = Rect(x: 0, y: 104, width: column, height: 28)
        pressurePicker.frame = Rect(x: x, y: 104, width: pickerWidth, height: 28)
        effectTitle.frame = Rect(x: 0, y: 138, width: column, height: 28)
        effectPicker.frame = Rect(x: x, y: 138, width: pickerWidth, height: 28)
        steadyTitle.frame = Rect(x: 0, y: 172, width: column, height: 28)
        let taperWidth = taperButton.intrinsicWidth
        let roomForTaper = bounds.width - x - 12 - taperWidth >= min(pickerWidth, max(200, smoothingPicker.intrinsicWidth))
        smoothingPicker.frame = Rect(x: x, y: 172, width: roomForTaper ? min(pickerWidth, bounds.width - x - 12 - taperWidth) : pickerWidth, height: 28)
        taperButton.frame = Rect(x: smoothingPicker.frame.maxX + 12, y: 172, width: taperWidth, height: 28)
        taperButton.isHidden = !roomForTaper
        colorPicker.frame = Rect(x: 0, y: 206, width: bounds.width, height: 92)
        // R, G and B start where the sliders above them do.
        colorPicker.labelWidth = column
    }

    private lazy var toleranceTitle = Label(text: tr("Tolerance"))

    /// The bucket and the eyedropper read the current layer alone (Pinta's Layer sampling).
    public private(set) lazy var layerOnlyBox: CheckBox = {
        let box = CheckBox(title: tr("This layer"), toolTip: tr("The bucket and the colour picker read the current layer only, not the picture as it shows"))
        box.addAction(for: .valueChanged) { [unowned self] control in self.onSamplingChange?((control as! CheckBox).isOn) }
        return box
    }()

    /// How alike the colours the fill bucket spreads over must be, 0-100%.
    public private(set) lazy var toleranceSlider: Slider = {
        let slider = Slider()
        slider.minimumValue = 0
        slider.maximumValue = 100
        slider.toolTip = tr("Tolerance: how alike the colours the fill bucket and the magic wand take in must be")
        slider.addAction(for: .valueChanged) { [unowned self] control in
            let percent = (control as! Slider).value.rounded()
            self.toleranceValue.text = "\(Int(percent))%"
            self.onFillToleranceChange?(percent / 100)
        }
        return slider
    }()

    private lazy var toleranceValue: Label = {
        let label = Label()
        label.alignment = .right
        return label
    }()

    private lazy var penTitle = Label(text: tr("Pen"))

    /// How a tablet pen's pressure becomes the pencil's width.
    public private(set) lazy var pressurePicker: SegmentedControl = {
        let picker = SegmentedControl(items: [tr("Soft"), tr("Linear"), tr("Firm")])
        picker.segmentToolTips = [tr("A light touch already draws wide"), tr("Width follows pressure evenly"),
                                  tr("Only a hard press draws the full width")]
        picker.addAction(for: .valueChanged) { [unowned self] control in
            self.penSettings.pressureCurve = PenSettings.PressureCurve(rawValue: (control as! SegmentedControl).selectedSegmentIndex) ?? .linear
            self.onPenSettingsChange?(self.penSettings)
        }
        return picker
    }()

    private lazy var effectTitle = Label(text: tr("Sets"))

    /// What a pen's pressure sets: the width, the opacity, or both.
    public private(set) lazy var effectPicker: SegmentedControl = {
        let picker = SegmentedControl(items: [tr("Width"), tr("Opacity"), tr("Both")])
        picker.segmentToolTips = [tr("Pressure sets the width"), tr("Pressure sets the opacity, at the full width"),
                                  tr("Pressure sets the width and the opacity")]
        picker.addAction(for: .valueChanged) { [unowned self] control in
            self.penSettings.pressureEffect = PenSettings.PressureEffect(rawValue: (control as! SegmentedControl).selectedSegmentIndex) ?? .width
            self.onPenSettingsChange?(self.penSettings)
        }
        return picker
    }()

    /// With a mouse: thinner when the stroke is fast (off until chosen).
    public private(set) lazy var taperButton: CheckBox = {
        let box = CheckBox(title: tr("Taper"), toolTip: tr("With a mouse: the faster the stroke, the thinner, as with a brush"))
        box.addAction(for: .valueChanged) { [unowned self] _ in
            self.penSettings.taperWithSpeed = self.taperButton.isOn
            self.onPenSettingsChange?(self.penSettings)
        }
        return box
    }()

    private lazy var steadyTitle = Label(text: tr("Steady"))

    /// How much a shaky line is steadied (the pulled string's length).
    public private(set) lazy var smoothingPicker: SegmentedControl = {
        let picker = SegmentedControl(items: [tr("Off"), tr("Light"), tr("Strong")])
        picker.segmentToolTips = [tr("The line follows the pointer exactly"), tr("Small tremors are steadied"),
                                  tr("A shaky hand draws a steady line; it catches up when you stop")]
        picker.addAction(for: .valueChanged) { [unowned self] control in
            self.penSettings.smoothing = PenSettings.Smoothing(rawValue: (control as! SegmentedControl).selectedSegmentIndex) ?? .off
            self.onPenSettingsChange?(self.penSettings)
        }
        return picker
    }()

    private lazy var shapesTitle = Label(text: tr("Shapes"))

    /// Rectangles and ellipses: outlined, filled, or both.
    public private(set) lazy var shapeFillPicker: SegmentedControl = {
        let picker = SegmentedControl(items: [tr("Outline"), tr("Fill"), tr("Outline and fill")])
        picker.segmentToolTips = [tr("Rectangles and ellipses are outlined in the pen's colour"),
                                  tr("Rectangles and ellipses are filled with the pen's colour"),
                                  tr("Outlined in the primary colour and filled with the secondary")]
        picker.addAction(for: .valueChanged) { [unowned self] control in
            self.onShapeFillChange?(ShapeFill(rawValue: (control as! SegmentedControl).selectedSegmentIndex) ?? .outline)
        }
        return picker
    }()

    private lazy var widthTitle = Label(text: tr("Width"))

    public private(set) lazy var widthSlider: Slider = {
        let slider = Slider()
        slider.minimumValue = 1
        slider.maximumValue = 40
        slider.addAction(for: .valueChanged) { [unowned self] control in
            let width = (control as! Slider).value.rounded()
            self.widthValue.text = "\(Int(width))"
            self.onWidthChange?(width)
        }
        return slider
    }()

    private lazy var widthValue: Label = {
        let label = Label()
        label.alignment = .right
        return label
    }()

    public private(set) lazy var colorPicker: ColorPicker = {
        let picker = ColorPicker()
        picker.labelWidth = 50 // the titles' column (see layoutSubviews): its sliders line up with Width's
        picker.onChange = { [unowned self] color in self.onColorChange?(color) }
        return picker
    }()
}
