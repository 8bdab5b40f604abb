/// Long work under way (an effect applied at full size): modal from the start, so nothing
/// changes the layer meanwhile, but shown only when the work takes longer than a tenth of a
/// second; a bar for how far it got, Cancel and Escape to stop it.
final class ProgressViewController: ViewController {
    private let title: String
    var onCancel: (() -> Void)?

    init(title: String) {
        self.title = title
        super.init()
    }

    /// Whether the box is on screen (the first tenth of a second it is not).
    var isShown = false {
        didSet {
            box.isHidden = !isShown
            view.backgroundColor = isShown ? DialogParts.dimming : .clear
        }
    }

    var fraction: Double {
        get { bar.fraction }
        set { bar.fraction = newValue }
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.addSubview(box)
        for subview in [titleLabel, bar, cancelButton] as [View] { box.addSubview(subview) }
        isShown = false
        isModal = true
        escapeButton = cancelButton
    }

    override func viewWillLayoutSubviews() {
        box.frame = DialogParts.centered(Size(width: min(400, view.bounds.width - 16), height: 120), in: view.bounds)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 16, y: 10, width: width - 32, height: 24)
        bar.frame = Rect(x: 16, y: 46, width: width - 32, height: 10)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 76, width: cancelButton.intrinsicWidth, height: 32)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(title)
    private(set) lazy var bar = ProgressBar()
    private(set) lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
