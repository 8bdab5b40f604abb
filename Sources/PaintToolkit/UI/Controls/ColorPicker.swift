/// Red, green and blue sliders from 0 to 255, each with its number, and a swatch of the result
/// (seed 003's RGBColorPicker).
public final class ColorPicker: View {
    public var color: Color {
        get { Color(r: Int(sliders[0].value.rounded()), g: Int(sliders[1].value.rounded()), b: Int(sliders[2].value.rounded())) }
        set {
            for (slider, value) in zip(sliders, [newValue.red, newValue.green, newValue.blue]) { slider.value = (value * 255).rounded() }
            refresh()
        }
    }
    public var onChange: ((Color) -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for (index, slider) in sliders.enumerated() {
            addSubview(slider)
            addSubview(labels[index])
            addSubview(numbers[index])
        }
        addSubview(swatch)
        refresh()
    }

    /// The column of the R, G, B letters: a panel with other sliders above sets it to theirs,
    /// so all the sliders start at the same x.
    public var labelWidth = 20.0 { didSet { setNeedsLayout() } }

    public override func layoutSubviews() {
        let rowHeight = 30.0
        for index in 0..<3 {
            let y = Double(index) * rowHeight
            labels[index].frame = Rect(x: 0, y: y, width: labelWidth, height: rowHeight)
            let x = labelWidth + 2
            sliders[index].frame = Rect(x: x, y: y, width: max(0, bounds.width - x - 44 - 60), height: rowHeight)
            numbers[index].frame = Rect(x: sliders[index].frame.maxX + 4, y: y, width: 36, height: rowHeight)
        }
        swatch.frame = Rect(x: bounds.width - 52, y: 8, width: 52, height: 3 * rowHeight - 16)
    }

    private func refresh() {
        for (slider, number) in zip(sliders, numbers) { number.text = "\(Int(slider.value.rounded()))" }
        swatch.backgroundColor = color
    }

    public private(set) lazy var sliders: [Slider] = (0..<3).map { index in
        let slider = Slider()
        slider.minimumValue = 0
        slider.maximumValue = 255
        slider.tintColor = [Color(r: 220, g: 40, b: 40), Color(r: 40, g: 170, b: 70), Color(r: 30, g: 100, b: 230)][index]
        slider.addAction(for: .valueChanged) { [unowned self] _ in
            self.refresh()
            self.onChange?(self.color)
        }
        return slider
    }

    private lazy var labels: [Label] = ["R", "G", "B"].map { Label(text: $0) }
    private lazy var numbers: [Label] = (0..<3).map { _ in
        let label = Label()
        label.alignment = .right
        return label
    }
    private lazy var swatch: View = Swatch()

    /// The mixed colour, with a hairline edge so white still shows on a light panel.
    private final class Swatch: View {
        package override func draw(_ rect: Rect, in context: GraphicsContext) {
            context.strokeBorder(bounds, width: 1, color: Color(r: 0, g: 0, b: 0, a: 70))
        }
    }
}
