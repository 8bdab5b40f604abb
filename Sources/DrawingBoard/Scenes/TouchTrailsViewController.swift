/// Seed 004's multi-touch demo: every touch location leaves a small image that fades out over
/// two seconds and is then removed; two simulated fingers leave two trails.
public final class TouchTrailsViewController: ViewController {
    public static let fadeDuration = 2.0
    public var onBack: (() -> Void)?
    /// The sparks on screen now.
    public var sparks: [View] { trails.subviews }

    public override func viewDidLoad() {
        view.backgroundColor = Color(r: 20, g: 24, b: 34)
        view.addSubview(trails)
        view.addSubview(hint)
        view.addSubview(backButton)
    }

    public override func viewWillLayoutSubviews() {
        trails.frame = view.bounds
        hint.frame = Rect(x: 20, y: 40, width: view.bounds.width - 40, height: 24)
        backButton.frame = Rect(x: 10, y: 6, width: backButton.intrinsicWidth, height: 30)
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        if event.key == .escape { onBack?(); return true }
        return super.keyDown(event)
    }

    fileprivate func spark(at point: Point, finger: Int) {
        let size = 18.0
        let spark = ImageView(image: Self.sparkImage(finger: finger), frame: Rect(x: point.x - size / 2, y: point.y - size / 2, width: size, height: size))
        spark.isUserInteractionEnabled = false
        trails.addSubview(spark)
        spark.animate(duration: Self.fadeDuration, curve: .linear, animations: { spark.alpha = 0 }, completion: { _ in
            spark.removeFromSuperview()
        })
    }

    private static var sparkImages: [Int: Image] = [:]

    /// A soft dot, a different colour for each finger.
    static func sparkImage(finger: Int) -> Image {
        let key = finger % 4
        if let image = sparkImages[key] { return image }
        let colors = [Color(r: 255, g: 200, b: 60), Color(r: 80, g: 200, b: 255), Color(r: 255, g: 90, b: 160), Color(r: 120, g: 255, b: 120)]
        let bitmap = Bitmap(width: 18, height: 18)
        let context = GraphicsContext(bitmap: bitmap)
        context.fillCircle(center: Point(x: 9, y: 9), radius: 8, color: colors[key].withAlpha(0.5))
        context.fillCircle(center: Point(x: 9, y: 9), radius: 4, color: colors[key])
        let image = Image(bitmap: bitmap)
        sparkImages[key] = image
        return image
    }

    private lazy var trails: TrailsView = {
        let view = TrailsView()
        view.controller = self
        return view
    }()

    private lazy var hint: Label = {
        let label = Label(text: tr("Touch, or Ctrl-drag for two fingers: every touch leaves a fading trail"))
        label.textColor = Color(r: 200, g: 200, b: 210)
        return label
    }()

    private lazy var backButton: Button = BackToDrawingButton.make(titleColor: .white, action: { [unowned self] in self.onBack?() })
}

/// Takes every finger and asks the controller for a spark at each location.
private final class TrailsView: View {
    weak var controller: TouchTrailsViewController?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    private func spark(_ touches: Set<Touch>) {
        for touch in touches { controller?.spark(at: touch.location(in: self), finger: touch.identifier) }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { spark(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { spark(touches) }
}
