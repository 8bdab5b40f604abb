/// The colour dialog's numbers: hex (#RRGGBB or #RRGGBBAA), red, green and blue (0–255), hue
/// (0–360°), saturation and value (0–100%) and opacity (0–100%). A number is taken on Enter, a
/// whole hex value as it is typed; Enter on nonsense puts the colour's own value back.
final class ColorFieldsView: View {
    /// A colour typed in (the hue kept where the colour is grey).
    var onChange: ((HSVColor) -> Void)?
    private var shown = HSVColor(hue: 0, saturation: 0, value: 0)

    private enum Channel: Int, CaseIterable {
        case red, green, blue, hue, saturation, value, alpha

        var label: String {
            switch self {
            case .red: return "R"
            case .green: return "G"
            case .blue: return "B"
            case .hue: return "H"
            case .saturation: return "S"
            case .value: return "V"
            case .alpha: return "A"
            }
        }

        var range: ClosedRange<Int> {
            switch self {
            case .red, .green, .blue: return 0...255
            case .hue: return 0...360
            case .saturation, .value, .alpha: return 0...100
            }
        }

        func number(of hsv: HSVColor) -> Int {
            let color = hsv.color
            switch self {
            case .red: return Int((color.red * 255).rounded())
            case .green: return Int((color.green * 255).rounded())
            case .blue: return Int((color.blue * 255).rounded())
            case .hue: return Int(hsv.hue.rounded()) % 360
            case .saturation: return Int((hsv.saturation * 100).rounded())
            case .value: return Int((hsv.value * 100).rounded())
            case .alpha: return Int((hsv.alpha * 100).rounded())
            }
        }

        func setting(_ number: Int, in hsv: HSVColor) -> HSVColor {
            var hsv = hsv
            var color = hsv.color
            switch self {
            case .red: color.red = Double(number) / 255
            case .green: color.green = Double(number) / 255
            case .blue: color.blue = Double(number) / 255
            case .hue: hsv.hue = Double(number % 360); return hsv
            case .saturation: hsv.saturation = Double(number) / 100; return hsv
            case .value: hsv.value = Double(number) / 100; return hsv
            case .alpha: hsv.alpha = Double(number) / 100; return hsv
            }
            return HSVColor(color.quantized, keepingHueOf: hsv)
        }
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(hexField)
        for (label, field) in zip(labels, fields) {
            addSubview(label)
            addSubview(field)
        }
    }

    /// Shows a colour; the field being typed in keeps what is typed.
    func show(_ hsv: HSVColor) {
        shown = hsv
        if !hexField.isEditing { hexField.text = hsv.alpha < 1 ? hsv.color.quantized.hexStringWithAlpha : hsv.color.quantized.hexString }
        for channel in Channel.allCases where !fields[channel.rawValue].isEditing {
            fields[channel.rawValue].text = "\(channel.number(of: hsv))"
        }
    }

    static let rowHeight = 26.0, rowGap = 4.0

    /// Hex across the top, then R|H, G|S, B|V in two columns, then A.
    override func layoutSubviews() {
        let labelWidth = 16.0, columnGap = 10.0
        let column = ((bounds.width - columnGap) / 2).rounded(.down)
        hexField.frame = Rect(x: 0, y: 0, width: min(bounds.width, 2 * column + columnGap), height: Self.rowHeight)
        for channel in Channel.allCases {
            let index = channel.rawValue
            let x = index < 3 || index == 6 ? 0 : column + columnGap
            let row = index == 6 ? 4 : 1 + index % 3
            let y = Double(row) * (Self.rowHeight + Self.rowGap)
            labels[index].frame = Rect(x: x, y: y, width: labelWidth, height: Self.rowHeight)
            fields[index].frame = Rect(x: x + labelWidth, y: y, width: max(0, column - labelWidth), height: Self.rowHeight)
        }
    }

    /// The height the five rows take.
    static let preferredHeight = 5 * rowHeight + 4 * rowGap

    /// A number entered (Enter): out of range or not a number, the field shows the colour's own again.
    private func entered(_ text: String, in channel: Channel) {
        let field = fields[channel.rawValue]
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), channel.range.contains(number) else {
            field.text = "\(channel.number(of: shown))"
            return
        }
        guard number != channel.number(of: shown) else { return }
        onChange?(channel.setting(number, in: shown))
    }

    private func typedHex(_ text: String, submitted: Bool) {
        // While typing, only a whole value counts (#346 on the way to #3465A4 is not a colour).
        let digits = text.filter(\.isHexDigit).count
        guard let color = Color(hex: text.trimmingCharacters(in: .whitespaces)), submitted || digits == 6 || digits == 8 else {
            if submitted { hexField.text = shown.alpha < 1 ? shown.color.quantized.hexStringWithAlpha : shown.color.quantized.hexString }
            return
        }
        // Six digits say nothing of the opacity: it stays as it was.
        let withAlpha = digits == 8 ? color : color.withAlpha(shown.alpha)
        guard withAlpha.quantized != shown.color.quantized else { return }
        onChange?(HSVColor(withAlpha, keepingHueOf: shown))
    }

    // MARK: - Subviews

    private(set) lazy var hexField: TextField = {
        let field = TextField(placeholder: "#RRGGBB")
        field.toolTip = tr("Hexadecimal: #RRGGBB, or #RRGGBBAA with the opacity")
        field.addAction(for: .valueChanged) { [unowned self, unowned field] _ in self.typedHex(field.text, submitted: false) }
        field.onSubmit = { [unowned self] text in self.typedHex(text, submitted: true) }
        return field
    }()

    private(set) lazy var fields: [TextField] = Channel.allCases.map { channel in
        let field = TextField()
        field.toolTip = [tr("Red, 0–255"), tr("Green, 0–255"), tr("Blue, 0–255"), tr("Hue, 0–360°"), tr("Saturation, 0–100%"),
                         tr("Value (brightness), 0–100%"), tr("Opacity, 0–100%")][channel.rawValue]
        field.onSubmit = { [unowned self] text in self.entered(text, in: channel) }
        return field
    }

    private lazy var labels: [Label] = Channel.allCases.map { Label(text: $0.label) }
}
