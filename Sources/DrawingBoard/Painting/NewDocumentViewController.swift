/// New (Ctrl+N): the size of a new document, from presets (the screen's size, Full HD, 4K, A4
/// at 150 dpi) or typed in pixels, and its background: white, the secondary colour or
/// transparent (Pinta's and GIMP's choice). Presented over the board; the board asks about
/// unsaved changes before it replaces anything.
public final class NewDocumentViewController: ViewController {
    public struct Preset: Equatable {
        public let name: String
        public let width: Int
        public let height: Int
    }

    public let presets: [Preset]
    /// The secondary colour, which the second background choice is.
    public let secondaryColor: Color
    /// The size and background chosen.
    public var onFinish: ((_ width: Int, _ height: Int, _ background: Background) -> Void)?
    public var onCancel: (() -> Void)?

    /// `screen`: the screen's size in pixels, offered first.
    public init(screen: (width: Int, height: Int)?, secondaryColor: Color = .white) {
        self.secondaryColor = secondaryColor
        var presets: [Preset] = []
        if let screen { presets.append(Preset(name: tr("Screen"), width: screen.width, height: screen.height)) }
        presets += [Preset(name: "Full HD", width: 1920, height: 1080), Preset(name: "4K", width: 3840, height: 2160),
                    Preset(name: "A4, 150 dpi", width: 1240, height: 1754)]
        self.presets = presets
        super.init()
    }

    public override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, widthField, byLabel, heightField, backgroundLabel, backgroundPicker, messageLabel, createButton,
                        cancelButton] + presetButtons as [View] {
            box.addSubview(subview)
        }
        choose(presets[0])
        isModal = true
        defaultButton = createButton
        escapeButton = cancelButton
    }

    public override func viewDidAppear() { widthField.beginEditing(selectingAll: true) }

    public override func viewWillLayoutSubviews() {
        box.frame = DialogParts.centered(Size(width: 460, height: 268), in: view.bounds)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        var x = 14.0
        for button in presetButtons {
            button.frame = Rect(x: x, y: 44, width: button.intrinsicWidth, height: 30)
            x += button.intrinsicWidth + 4
        }
        widthField.frame = Rect(x: 20, y: 86, width: 90, height: 28)
        byLabel.frame = Rect(x: 114, y: 86, width: 20, height: 28)
        heightField.frame = Rect(x: 136, y: 86, width: 90, height: 28)
        messageLabel.frame = Rect(x: 20, y: 118, width: width - 40, height: 24)
        backgroundLabel.frame = Rect(x: 20, y: 146, width: width - 40, height: 24)
        backgroundPicker.frame = Rect(x: 20, y: 172, width: width - 40, height: 28)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 224, width: cancelButton.intrinsicWidth, height: 32)
        createButton.frame = Rect(x: cancelButton.frame.minX - 8 - createButton.intrinsicWidth, y: 224,
                                  width: createButton.intrinsicWidth, height: 32)
    }

    /// Fills the fields with a preset's size.
    public func choose(_ preset: Preset) {
        widthField.text = "\(preset.width)"
        heightField.text = "\(preset.height)"
        describeTypedSize()
    }

    /// The caption says what Create will make: a preset's name when the size is one, else the
    /// size, else what sizes there can be.
    private func describeTypedSize() {
        messageLabel.textColor = DialogParts.captionColor
        guard let size = typedSize else {
            messageLabel.text = tr("A size from 1 x 1 to %d a side, at most %d megapixels",
                                   DocumentFormat.maximumSide, DrawingBoardViewController.maximumDocumentPixels / 1_000_000)
            return
        }
        if let preset = presets.first(where: { $0.width == size.width && $0.height == size.height }) {
            messageLabel.text = tr("%@: %d x %d pixels", preset.name, size.width, size.height)
        } else {
            messageLabel.text = tr("%d x %d pixels", size.width, size.height)
        }
    }

    /// The typed size, if it is one a document can have.
    public var typedSize: (width: Int, height: Int)? {
        guard let width = Int(widthField.text.trimmingCharacters(in: .whitespaces)),
              let height = Int(heightField.text.trimmingCharacters(in: .whitespaces)),
              (1...DocumentFormat.maximumSide).contains(width), (1...DocumentFormat.maximumSide).contains(height),
              width * height <= DrawingBoardViewController.maximumDocumentPixels else { return nil }
        return (width, height)
    }

    /// The background chosen below the size.
    public var chosenBackground: Background {
        switch backgroundPicker.selectedSegmentIndex {
        case 1: .color(secondaryColor)
        case 2: .transparent
        default: .color(.white)
        }
    }

    public func create() {
        guard let size = typedSize else {
            // Enter on a size that cannot be says what is wrong with it, in red, beside the fields.
            messageLabel.text = whatIsWrong
            messageLabel.textColor = DialogParts.errorColor
            return
        }
        onFinish?(size.width, size.height, chosenBackground)
    }

    /// Why the typed size cannot be a document's.
    private var whatIsWrong: String {
        let side = DocumentFormat.maximumSide, megapixels = DrawingBoardViewController.maximumDocumentPixels / 1_000_000
        let typed = [(widthField.text, tr("The width")), (heightField.text, tr("The height"))].map { ($0.0.trimmingCharacters(in: .whitespaces), $0.1) }
        for (text, name) in typed {
            guard let value = Int(text) else { return tr("%@ must be a whole number of pixels, from 1 to %d", name, side) }
            if !(1...side).contains(value) { return tr("%@ %d is not from 1 to %d pixels", name, value, side) }
        }
        return tr("%@ x %@ is more than %d megapixels", typed[0].0, typed[1].0, megapixels)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("New drawing"))

    public private(set) lazy var presetButtons: [Button] = presets.map { preset in
        let button = Button(title: preset.name)
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.choose(preset) }
        return button
    }

    public private(set) lazy var widthField = sizeField(placeholder: tr("width"))
    public private(set) lazy var heightField = sizeField(placeholder: tr("height"))

    /// A number field whose every change is described at once.
    private func sizeField(placeholder: String) -> TextField {
        let field = TextField(placeholder: placeholder)
        field.addAction(for: .valueChanged) { [unowned self] _ in self.describeTypedSize() }
        return field
    }
    private lazy var byLabel = Label(text: "×")
    private lazy var backgroundLabel = Label(text: tr("Background:"))
    public private(set) lazy var backgroundPicker = SegmentedControl(items: [tr("White"), tr("Secondary colour"), tr("Transparent")])
    public private(set) lazy var messageLabel = Label()

    public private(set) lazy var createButton = DialogParts.button(tr("Create")) { [unowned self] in self.create() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
