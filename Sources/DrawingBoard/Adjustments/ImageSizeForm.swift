/// A new size for the drawing, typed as width and height in pixels or as a percentage of the
/// size it has, the two linked while "Keep aspect ratio" is on (as Pinta's Resize Image and
/// Canvas Size dialogs have it). The caption says what the size will be, or why it cannot be.
final class ImageSizeForm: View {
    let original: (width: Int, height: Int)
    /// Each change of the size typed.
    var onChange: (() -> Void)?

    init(width: Int, height: Int) {
        original = (width, height)
        super.init(frame: .zero)
        for subview in [percentLabel, percentField, percentSign, widthLabel, widthField, byLabel, heightField, pixelsLabel, keepAspectBox, messageLabel] as [View] {
            addSubview(subview)
        }
        percentField.text = "100"
        widthField.text = "\(width)"
        heightField.text = "\(height)"
        keepAspectBox.isOn = true
        describe()
    }

    static let height = 132.0

    override func layoutSubviews() {
        let labelWidth = max(percentLabel.font.width(of: percentLabel.text), widthLabel.font.width(of: widthLabel.text)) + 10
        percentLabel.frame = Rect(x: 0, y: 0, width: labelWidth, height: 28)
        percentField.frame = Rect(x: labelWidth, y: 0, width: 70, height: 28)
        percentSign.frame = Rect(x: labelWidth + 74, y: 0, width: 20, height: 28)
        widthLabel.frame = Rect(x: 0, y: 34, width: labelWidth, height: 28)
        widthField.frame = Rect(x: labelWidth, y: 34, width: 70, height: 28)
        byLabel.frame = Rect(x: labelWidth + 74, y: 34, width: 16, height: 28)
        heightField.frame = Rect(x: labelWidth + 92, y: 34, width: 70, height: 28)
        pixelsLabel.frame = Rect(x: labelWidth + 168, y: 34, width: max(0, bounds.width - labelWidth - 168), height: 28)
        keepAspectBox.frame = Rect(x: 0, y: 68, width: keepAspectBox.intrinsicWidth, height: 28)
        messageLabel.frame = Rect(x: 0, y: 102, width: bounds.width, height: 24)
    }

    /// The typed size, if a document can have it.
    var typedSize: (width: Int, height: Int)? {
        guard let width = Int(widthField.text.trimmingCharacters(in: .whitespaces)),
              let height = Int(heightField.text.trimmingCharacters(in: .whitespaces)),
              (1...DocumentFormat.maximumSide).contains(width), (1...DocumentFormat.maximumSide).contains(height),
              width * height <= DrawingBoardViewController.maximumDocumentPixels else { return nil }
        return (width, height)
    }

    /// The caption: the new size, or the limits when the typed one is outside them.
    private func describe() {
        if let size = typedSize {
            messageLabel.text = tr("From %d x %d to %d x %d pixels", original.width, original.height, size.width, size.height)
        } else {
            messageLabel.text = tr("A size from 1 x 1 to %d a side, at most %d megapixels",
                                   DocumentFormat.maximumSide, DrawingBoardViewController.maximumDocumentPixels / 1_000_000)
        }
        onChange?()
    }

    // MARK: - Actions

    /// The percentage typed: both sides follow it.
    private func percentChanged() {
        guard let percent = Double(percentField.text.trimmingCharacters(in: .whitespaces)), percent > 0 else { return describe() }
        widthField.text = "\(max(0, Int((Double(original.width) * percent / 100).rounded())))"
        heightField.text = "\(max(0, Int((Double(original.height) * percent / 100).rounded())))"
        describe()
    }

    /// A side typed: the other follows while the aspect ratio is kept.
    private func sideChanged(width changed: Bool) {
        if keepAspectBox.isOn {
            if changed, let width = Int(widthField.text.trimmingCharacters(in: .whitespaces)) {
                heightField.text = "\(Int((Double(width) * Double(original.height) / Double(original.width)).rounded()))"
            } else if !changed, let height = Int(heightField.text.trimmingCharacters(in: .whitespaces)) {
                widthField.text = "\(Int((Double(height) * Double(original.width) / Double(original.height)).rounded()))"
            }
        }
        describe()
    }

    // MARK: - Subviews

    private lazy var percentLabel = Label(text: tr("By percentage"))
    private(set) lazy var percentField = numberField { [unowned self] in self.percentChanged() }
    private lazy var percentSign = Label(text: "%")
    private lazy var widthLabel = Label(text: tr("By size"))
    private(set) lazy var widthField = numberField { [unowned self] in self.sideChanged(width: true) }
    private lazy var byLabel = Label(text: "×")
    private(set) lazy var heightField = numberField { [unowned self] in self.sideChanged(width: false) }
    private lazy var pixelsLabel = Label(text: tr("pixels"))
    private(set) lazy var keepAspectBox: CheckBox = {
        let box = CheckBox(title: tr("Keep aspect ratio"))
        box.addAction(for: .valueChanged) { [unowned self] _ in self.sideChanged(width: true) }
        return box
    }()
    private(set) lazy var messageLabel = Label()

    private func numberField(_ changed: @escaping () -> Void) -> TextField {
        let field = TextField()
        field.addAction(for: .valueChanged) { _ in changed() }
        return field
    }
}
