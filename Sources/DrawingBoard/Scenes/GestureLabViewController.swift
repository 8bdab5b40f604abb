import Foundation

/// Seed 004's gesture demo: a photo with every recognizer on it (double tap resets, long
/// press flashes, swipes slide it away and back, pan, pinch and rotation, pinch with rotation
/// at once) and a live readout of each recognizer's state and values: while it runs and, once
/// it ends, what it came to (the recognizers' values are read, never reset, so they stay true).
public final class GestureLabViewController: ViewController, GestureRecognizerDelegate {
    public var onBack: (() -> Void)?
    private var readouts: [String: String] = [:]
    private let photoImage: Image

    public init(photo: Image? = nil) {
        photoImage = photo ?? Self.defaultPhoto()
        super.init()
    }

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = Color(r: 240, g: 240, b: 244)
        view.addSubview(photo)
        view.addSubview(readout)
        view.addSubview(backButton)
        for recognizer in [doubleTap, singleTap, longPress, swipeLeft, swipeRight, pan, pinch, rotation] as [GestureRecognizer] {
            recognizer.delegate = self
            photo.addGestureRecognizer(recognizer)
        }
        singleTap.require(toFail: doubleTap)
        // Swipes win over the pan when they are quick enough.
        pan.require(toFail: swipeLeft)
        pan.require(toFail: swipeRight)
        updateReadout()
    }

    public override func viewWillLayoutSubviews() {
        let bounds = view.bounds
        backButton.frame = Rect(x: 10, y: 6, width: backButton.intrinsicWidth, height: 30)
        readout.frame = Rect(x: 20, y: bounds.height - 150, width: bounds.width - 40, height: 140)
        if photo.bounds.size == .zero {
            photo.frame = Rect(x: bounds.midX - 150, y: max(60, bounds.midY - 170), width: 300, height: 200)
            home = photo.center
        }
    }

    private var home = Point.zero
    /// The photo when the pan began (the pan's translation is from there).
    private var centerAtPanStart = Point.zero
    /// The photo's transform before the pinch and turn in progress; uniform scale and rotation
    /// about the same centre commute, so each finished one is folded in when the other restarts.
    private var transformAtTwoFingerStart: AffineTransform?
    private var pinchScale = 1.0
    private var rotationAngle = 0.0

    public override func keyDown(_ event: KeyEvent) -> Bool {
        if event.key == .escape { onBack?(); return true }
        return super.keyDown(event)
    }

    // MARK: - GestureRecognizerDelegate

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let together: [GestureRecognizer] = [pan, pinch, rotation]
        return together.contains { $0 === recognizer } && together.contains { $0 === other }
    }

    // MARK: - Actions

    private func record(_ name: String, _ recognizer: GestureRecognizer, _ value: String = "") {
        readouts[name] = "\(recognizer.state)" + (value.isEmpty ? "" : "  \(value)")
        updateReadout()
    }

    private func resetPhoto() {
        photo.animate(duration: 0.25, animations: {
            self.photo.transform = .identity
            self.photo.center = self.home
        })
    }

    private func flash() {
        photo.animate(duration: 0.5, curve: .linear, animations: { self.photo.alpha = 0.5 }, completion: { _ in
            self.photo.animate(duration: 0.5, curve: .linear, animations: { self.photo.alpha = 1 })
        })
    }

    /// Slides off towards a side and comes back.
    private func slide(_ dx: Double) {
        let start = photo.center
        photo.animate(duration: 0.25, animations: { self.photo.center = Point(x: start.x + dx, y: start.y) }, completion: { _ in
            self.photo.animate(duration: 0.25, animations: { self.photo.center = start })
        })
    }

    private func updateReadout() {
        let names = ["tap", "double tap", "long press", "swipe left", "swipe right", "pan", "pinch", "rotation"]
        readout.text = names.map { "\($0): \(readouts[$0] ?? "possible")" }.joined(separator: "   ·   ")
    }

    public func readout(of name: String) -> String? { readouts[name] }

    // MARK: - Subviews and recognizers

    public private(set) lazy var photo: ImageView = {
        let view = ImageView(image: photoImage)
        view.contentMode = .scaleToFill
        view.isMultipleTouchEnabled = true
        return view
    }()

    public private(set) lazy var readout: WrappingLabel = WrappingLabel()

    private lazy var backButton: Button = BackToDrawingButton.make(action: { [unowned self] in self.onBack?() })

    public private(set) lazy var singleTap: TapGestureRecognizer = {
        let recognizer = TapGestureRecognizer()
        recognizer.addTarget { [unowned self] in self.record("tap", $0, self.tapValue($0 as! TapGestureRecognizer)) }
        return recognizer
    }()

    public private(set) lazy var doubleTap: TapGestureRecognizer = {
        let recognizer = TapGestureRecognizer()
        recognizer.numberOfTapsRequired = 2
        recognizer.addTarget { [unowned self] in
            self.record("double tap", $0, self.tapValue($0 as! TapGestureRecognizer))
            self.resetPhoto()
        }
        return recognizer
    }()

    public private(set) lazy var longPress: LongPressGestureRecognizer = {
        let recognizer = LongPressGestureRecognizer()
        recognizer.addTarget { [unowned self] recognizer in
            let press = recognizer as! LongPressGestureRecognizer
            let now = self.view.window?.application.clock.now ?? 0
            // It begins once the finger has been down for the minimum duration.
            if press.state == .began { self.longPressStart = now - press.minimumPressDuration }
            self.record("long press", press, String(format: "held %.2f s", now - self.longPressStart))
            if press.state == .began { self.flash() }
        }
        return recognizer
    }()
    private var longPressStart = 0.0

    public private(set) lazy var swipeLeft: SwipeGestureRecognizer = {
        let recognizer = SwipeGestureRecognizer()
        recognizer.direction = .left
        recognizer.addTarget { [unowned self] in
            self.record("swipe left", $0)
            self.slide(-240)
        }
        return recognizer
    }()

    public private(set) lazy var swipeRight: SwipeGestureRecognizer = {
        let recognizer = SwipeGestureRecognizer()
        recognizer.direction = .right
        recognizer.addTarget { [unowned self] in
            self.record("swipe right", $0)
            self.slide(240)
        }
        return recognizer
    }()

    public private(set) lazy var pan: PanGestureRecognizer = {
        let recognizer = PanGestureRecognizer()
        recognizer.addTarget { [unowned self] recognizer in
            let pan = recognizer as! PanGestureRecognizer
            if pan.state == .began { self.centerAtPanStart = self.photo.center }
            let t = pan.translation(in: self.view), v = pan.velocity(in: self.view)
            self.photo.center = self.centerAtPanStart + t
            self.record("pan", pan, String(format: "moved %.0f, %.0f  velocity %.0f, %.0f pt/s", t.x, t.y, v.x, v.y))
        }
        return recognizer
    }()

    public private(set) lazy var pinch: PinchGestureRecognizer = {
        let recognizer = PinchGestureRecognizer()
        recognizer.addTarget { [unowned self] recognizer in
            let pinch = recognizer as! PinchGestureRecognizer
            if pinch.state == .began {
                self.beginTwoFingerChange()
                self.foldIn(scale: self.pinchScale, angle: 0)
            }
            self.pinchScale = pinch.scale
            self.record("pinch", pinch, String(format: "scale %.2f  velocity %.2f/s", pinch.scale, pinch.velocity))
            self.applyTwoFingerChange()
        }
        return recognizer
    }()

    public private(set) lazy var rotation: RotationGestureRecognizer = {
        let recognizer = RotationGestureRecognizer()
        recognizer.addTarget { [unowned self] recognizer in
            let rotation = recognizer as! RotationGestureRecognizer
            if rotation.state == .began {
                self.beginTwoFingerChange()
                self.foldIn(scale: 1, angle: self.rotationAngle)
            }
            self.rotationAngle = rotation.rotation
            self.record("rotation", rotation, String(format: "%.1f°  velocity %.0f°/s", rotation.rotation * 180 / .pi,
                                                     rotation.velocity * 180 / .pi))
            self.applyTwoFingerChange()
        }
        return recognizer
    }()

    private func tapValue(_ tap: TapGestureRecognizer) -> String {
        let p = tap.location(in: photo)
        return String(format: "taps %d at %.0f, %.0f", tap.numberOfTapsRequired, p.x, p.y)
    }

    private func beginTwoFingerChange() {
        guard transformAtTwoFingerStart == nil else { return }
        transformAtTwoFingerStart = photo.transform
        pinchScale = 1
        rotationAngle = 0
    }

    /// A pinch or turn starting again while the other goes on: what the last one did stays.
    private func foldIn(scale: Double, angle: Double) {
        guard let base = transformAtTwoFingerStart else { return }
        transformAtTwoFingerStart = base.scaledBy(x: scale, y: scale).rotated(by: angle)
        if scale != 1 { pinchScale = 1 }
        if angle != 0 { rotationAngle = 0 }
    }

    private func applyTwoFingerChange() {
        guard let base = transformAtTwoFingerStart else { return }
        photo.transform = base.scaledBy(x: pinchScale, y: pinchScale).rotated(by: rotationAngle)
        let running: [GestureRecognizer.State] = [.began, .changed]
        if !running.contains(pinch.state) && !running.contains(rotation.state) { transformAtTwoFingerStart = nil }
    }

    static func defaultPhoto() -> Image {
        let bitmap = Bitmap(width: 300, height: 200)
        let context = GraphicsContext(bitmap: bitmap)
        for y in 0..<200 { for x in 0..<300 { bitmap[x, y] = Color(red: Double(x) / 300, green: 0.5, blue: Double(y) / 200).premultipliedPixel } }
        context.draw(tr("Gestures"), centeredIn: Rect(x: 0, y: 0, width: 300, height: 200), font: Font.system(size: 32), color: .white)
        return Image(bitmap: bitmap)
    }
}
