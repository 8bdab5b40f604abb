/// The unlock scene: set a pattern by entering it twice, then unlock with it.
public final class UnlockViewController: ViewController, UnlockViewDelegate {
    public enum Stage: Equatable { case setting, confirming([Int]), unlocking, unlocked }

    private let store: UnlockPatternStore
    public private(set) var stage: Stage
    public var onBack: (() -> Void)?

    public init(store: UnlockPatternStore) {
        self.store = store
        stage = store.hasPattern ? .unlocking : .setting
        super.init()
    }

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = Color(r: 30, g: 34, b: 44)
        view.addSubview(unlockView)
        view.addSubview(messageLabel)
        view.addSubview(backButton)
        showMessage()
    }

    public override func viewWillLayoutSubviews() {
        let bounds = view.bounds
        let side = min(bounds.width, bounds.height - 120, 420)
        unlockView.frame = Rect(x: (bounds.width - side) / 2, y: 90, width: side, height: side)
        messageLabel.frame = Rect(x: 20, y: 40, width: bounds.width - 40, height: 30)
        backButton.frame = Rect(x: 10, y: 6, width: backButton.intrinsicWidth, height: 30)
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        if event.key == .escape { onBack?(); return true }
        return super.keyDown(event)
    }

    // MARK: - UnlockViewDelegate

    public func unlockView(_ view: UnlockView, didFinish pattern: [Int]) -> Bool {
        switch stage {
        case .setting:
            guard pattern.count >= 4 else {
                messageLabel.text = tr("Use at least four dots")
                return false
            }
            stage = .confirming(pattern)
        case .confirming(let first):
            guard pattern == first else {
                stage = .setting
                messageLabel.text = tr("The two did not match. Draw a new pattern")
                return false
            }
            try? store.save(pattern)
            stage = .unlocking
        case .unlocking, .unlocked:
            guard store.matches(pattern) else {
                messageLabel.text = tr("Wrong pattern")
                return false
            }
            stage = .unlocked
        }
        showMessage()
        return true
    }

    private func showMessage() {
        switch stage {
        case .setting: messageLabel.text = tr("Draw an unlock pattern")
        case .confirming: messageLabel.text = tr("Draw it again to confirm")
        case .unlocking: messageLabel.text = tr("Draw your pattern to unlock")
        case .unlocked: messageLabel.text = tr("Unlocked")
        }
    }

    // MARK: - Subviews

    public private(set) lazy var unlockView: UnlockView = {
        let view = UnlockView()
        view.delegate = self
        return view
    }()

    public private(set) lazy var messageLabel: Label = {
        let label = Label()
        label.alignment = .center
        label.textColor = .white
        label.font = Font.system(size: 16)
        return label
    }()

    private lazy var backButton: Button = BackToDrawingButton.make(titleColor: .white, action: { [unowned self] in self.onBack?() })
}
