import Foundation

/// Seed 004's gesture demo: a photo with every recognizer on it (double tap resets, long
/// press flashes, swipes slide it away and back, pan, pinch and rotation, pinch with rotation
/// at once) and a live readout of each recognizer's state and value.
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
        recognizer.addTarget { [unowned self] in self.record("tap", $0) }
        return recognizer
    }()

    public private(set) lazy var doubleTap: TapGestureRecognizer = {
        let recognizer = TapGestureRecognizer()
        recognizer.numberOfTapsRequired = 2
        recognizer.addTarget { [unowned self] in
            self.record("double tap", $0)
            self.resetPhoto()
        }
        return recognizer
    }()

    public private(set) lazy var longPress: LongPressGestureRecognizer = {
        let recognizer = LongPressGestureRecognizer()
        recognizer.addTarget { [unowned self] in
            self.record("long press", $0)
            if $0.state == .began { self.flash() }
        }
        return recognizer
    }()

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
            let t = pan.translation(in: self.view)
            self.photo.center = self.photo.center + t
            pan.setTranslation(.zero, in: self.view)
            self.record("pan", recognizer, String(format: "moved %.0f, %.0f", t.x, t.y))
        }
        return recognizer
    }()

    public private(set) lazy var pinch: PinchGestureRecognizer = {
        let recognizer = PinchGestureRecognizer()
        recognizer.addTarget { [unowned self] recognizer in
            let pinch = recognizer as! PinchGestureRecognizer
            self.record("pinch", recognizer, String(format: "scale %.2f", pinch.scale))
            self.photo.transform = self.photo.transform.scaledBy(x: pinch.scale, y: pinch.scale)
            pinch.scale = 1
        }
        return recognizer
    }()

    public private(set) lazy var rotation: RotationGestureRecognizer = {
        let recognizer = RotationGestureRecognizer()
        recognizer.addTarget { [unowned self] recognizer in
            let rotation = recognizer as! RotationGestureRecognizer
            self.record("rotation", recognizer, String(format: "%.1f°", rotation.rotation * 180 / .pi))
            self.photo.transform = self.photo.transform.rotated(by: rotation.rotation)
            rotation.rotation = 0
        }
        return recognizer
    }()

    static func defaultPhoto() -> Image {
        let bitmap = Bitmap(width: 300, height: 200)
        let context = GraphicsContext(bitmap: bitmap)
        for y in 0..<200 { for x in 0..<300 { bitmap[x, y] = Color(red: Double(x) / 300, green: 0.5, blue: Double(y) / 200).premultipliedPixel } }
        context.draw("Gestures", centeredIn: Rect(x: 0, y: 0, width: 300, height: 200), font: Font.system(size: 32), color: .white)
        return Image(bitmap: bitmap)
    }
}

/// Text broken into lines that fit the width.
public final class WrappingLabel: View {
    public var text = "" { didSet { setNeedsDisplay() } }
    public var font = Font.system(size: 13)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if font.width(of: candidate) > bounds.width && !line.isEmpty {
                lines.append(line)
                line = word
            } else {
                line = candidate
            }
        }
        lines.append(line)
        for (index, text) in lines.enumerated() {
            context.draw(text, at: Point(x: 0, y: 16 + Double(index) * font.lineHeight), font: font, color: Color(r: 40, g: 40, b: 44))
        }
    }
}
