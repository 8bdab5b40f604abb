/// The brush settings (画笔设置): stroke width from 1 to 40 with its value, and the colour.
public final class BrushSettingsView: View {
    public var onWidthChange: ((Double) -> Void)?
    public var onColorChange: ((Color) -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(widthTitle)
        addSubview(widthSlider)
        addSubview(widthValue)
        addSubview(colorPicker)
    }

    public func show(width: Double, color: Color) {
        widthSlider.value = width
        widthValue.text = "\(Int(width.rounded()))"
        colorPicker.color = color
    }

    public override func layoutSubviews() {
        widthTitle.frame = Rect(x: 0, y: 0, width: 50, height: 30)
        widthSlider.frame = Rect(x: 52, y: 0, width: max(0, bounds.width - 52 - 104), height: 30)
        widthValue.frame = Rect(x: widthSlider.frame.maxX + 4, y: 0, width: 36, height: 30)
        colorPicker.frame = Rect(x: 0, y: 40, width: bounds.width, height: 92)
    }

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
        picker.labelWidth = 50 // the Width slider's column: both start at x = 52
        picker.onChange = { [unowned self] color in self.onColorChange?(color) }
        return picker
    }()
}
