/// Save As (Ctrl+Shift+S): a path to write the drawing to, PNG or JPEG by its extension, and
/// the JPEG quality. Presented over the board; the board asks before replacing a file.
public final class SaveAsViewController: ViewController {
    /// The target chosen.
    public var onFinish: ((SaveAsTarget) -> Void)?
    public var onCancel: (() -> Void)?
    private let suggestedPath: String
    /// Where a typed `~/` points.
    private let home: String
    /// Export (Ctrl+Shift+E): the same question for a copy the document is not bound to.
    private let isExport: Bool

    public init(suggestedPath: String, home: String, isExport: Bool = false) {
        self.suggestedPath = suggestedPath
        self.home = home
        self.isExport = isExport
        super.init()
    }

    public override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, pathField, qualityLabel, qualityField, messageLabel, saveButton, cancelButton] as [View] {
            box.addSubview(subview)
        }
        pathField.text = suggestedPath
        qualityField.text = "90"
        isModal = true
        defaultButton = saveButton
        escapeButton = cancelButton
    }

    public override func viewDidAppear() { pathField.beginEditing() }

    public override func viewWillLayoutSubviews() {
        box.frame = DialogParts.centered(Size(width: 520, height: 190), in: view.bounds)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        pathField.frame = Rect(x: 20, y: 44, width: width - 40, height: 28)
        qualityLabel.frame = Rect(x: 20, y: 80, width: 110, height: 28)
        qualityField.frame = Rect(x: 132, y: 80, width: 60, height: 28)
        messageLabel.frame = Rect(x: 20, y: 114, width: width - 40, height: 24)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 148, width: cancelButton.intrinsicWidth, height: 32)
        saveButton.frame = Rect(x: cancelButton.frame.minX - 8 - saveButton.intrinsicWidth, y: 148, width: saveButton.intrinsicWidth, height: 32)
    }

    /// Checks the typed path and quality; says what is wrong, or hands the target on.
    public func finish() {
        let path = HomeFolder.expandingTilde(in: pathField.text.trimmingCharacters(in: .whitespaces), home: home)
        guard path.hasPrefix("/") else {
            messageLabel.text = tr("Type a whole path, for example ~/Pictures/drawing.png")
            return
        }
        guard let quality = Int(qualityField.text.trimmingCharacters(in: .whitespaces)), (1...100).contains(quality) else {
            messageLabel.text = tr("The JPEG quality is a number from 1 to 100")
            return
        }
        guard let target = SaveAsTarget(path: path, jpegQuality: quality) else {
            messageLabel.text = tr("The name must end in .png, .jpg or .jpeg")
            return
        }
        onFinish?(target)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(isExport ? tr("Export a copy (PNG, or JPEG by the name's ending)")
                                                             : tr("Save As (PNG, or JPEG by the name's ending)"))

    public private(set) lazy var pathField = TextField(placeholder: "~/Pictures/drawing.png")
    private lazy var qualityLabel = Label(text: tr("JPEG quality"))
    public private(set) lazy var qualityField = TextField(placeholder: "90")
    public private(set) lazy var messageLabel = Label()

    private lazy var saveButton = DialogParts.button(isExport ? tr("Export") : tr("Save")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
