/// A photo being placed over the canvas (seeds 000 and 004): pan moves it, pinch scales it,
/// rotation turns it, pinch and rotation together; a long press flashes it (alpha to 0.5 and
/// back, half a second each way) and then bakes it into the artwork where it shows.
public final class PhotoPlacementView: View, GestureRecognizerDelegate {
    public let photo: Photo
    /// Upright photo coordinates to this view's (the canvas's) coordinates.
    public private(set) var placement: AffineTransform
    /// Called with the final placement when the photo is to be baked.
    public var onBake: ((AffineTransform) -> Void)?
    public private(set) var isBaking = false

    public init(photo: Photo, frame: Rect) {
        self.photo = photo
        placement = Self.fitted(photo.size, in: Rect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        clipsToBounds = true
        for recognizer in [pan, pinch, rotation, longPress] as [GestureRecognizer] {
            recognizer.delegate = self
            addGestureRecognizer(recognizer)
        }
    }

    /// Fitted inside the area with a margin, centred.
    static func fitted(_ size: Size, in area: Rect) -> AffineTransform {
        guard size.width > 0, size.height > 0 else { return .identity }
        let scale = min(1, min(area.width * 0.9 / size.width, area.height * 0.9 / size.height))
        return AffineTransform(scaleX: scale, y: scale)
            .concatenating(AffineTransform(translationX: area.midX - size.width * scale / 2, y: area.midY - size.height * scale / 2))
    }

    /// Where the photo's corners are, in this view's coordinates.
    public var corners: [Point] {
        let s = photo.size
        return [Point(x: 0, y: 0), Point(x: s.width, y: 0), Point(x: s.width, y: s.height), Point(x: 0, y: s.height)]
            .map(placement.apply(to:))
    }

    public func setPlacement(_ transform: AffineTransform) {
        invalidatePhoto()
        placement = transform
        invalidatePhoto()
    }

    /// Applies a change made in this view's coordinates (a move, or a scale or turn about a point).
    private func change(by t: AffineTransform) { setPlacement(placement.concatenating(t)) }

    private func invalidatePhoto() {
        setNeedsDisplay(Path.polygon(corners).bounds.insetBy(dx: -2, dy: -2))
    }

    // MARK: - GestureRecognizerDelegate

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        // Move, pinch and turn at once; the long press stands alone.
        recognizer !== longPress && other !== longPress
    }

    // MARK: - Actions

    private func panned(_ recognizer: PanGestureRecognizer) {
        let t = recognizer.translation(in: self)
        change(by: AffineTransform(translationX: t.x, y: t.y))
        recognizer.setTranslation(.zero, in: self)
    }

    private func pinched(_ recognizer: PinchGestureRecognizer) {
        let c = recognizer.location(in: self)
        let s = recognizer.scale
        change(by: AffineTransform(translationX: -c.x, y: -c.y).concatenating(AffineTransform(scaleX: s, y: s))
            .concatenating(AffineTransform(translationX: c.x, y: c.y)))
        recognizer.scale = 1
    }

    private func rotated(_ recognizer: RotationGestureRecognizer) {
        let c = recognizer.location(in: self)
        change(by: AffineTransform(translationX: -c.x, y: -c.y).concatenating(AffineTransform(rotationAngle: recognizer.rotation))
            .concatenating(AffineTransform(translationX: c.x, y: c.y)))
        recognizer.rotation = 0
    }

    /// The long-press flash of seed 004, then the bake.
    public func flashAndBake() {
        guard !isBaking else { return }
        isBaking = true
        animate(duration: 0.5, curve: .linear, animations: { self.alpha = 0.5 }, completion: { _ in
            self.animate(duration: 0.5, curve: .linear, animations: { self.alpha = 1 }, completion: { _ in
                self.onBake?(self.placement)
            })
        })
    }

    // MARK: - Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.draw(photo.asset.image, transform: photo.orientationTransform.concatenating(placement))
        // A thin frame shows what will be baked.
        context.save()
        context.strokeColor = Color(r: 0, g: 122, b: 255, a: 160)
        context.lineWidth = 1
        context.stroke(.polygon(corners))
        context.restore()
    }

    // MARK: - Recognizers

    private lazy var pan: PanGestureRecognizer = {
        let recognizer = PanGestureRecognizer()
        recognizer.addTarget { [unowned self] in self.panned($0 as! PanGestureRecognizer) }
        return recognizer
    }()

    private lazy var pinch: PinchGestureRecognizer = {
        let recognizer = PinchGestureRecognizer()
        recognizer.addTarget { [unowned self] in self.pinched($0 as! PinchGestureRecognizer) }
        return recognizer
    }()

    private lazy var rotation: RotationGestureRecognizer = {
        let recognizer = RotationGestureRecognizer()
        recognizer.addTarget { [unowned self] in self.rotated($0 as! RotationGestureRecognizer) }
        return recognizer
    }()

    private lazy var longPress: LongPressGestureRecognizer = {
        let recognizer = LongPressGestureRecognizer()
        recognizer.addTarget { [unowned self] recognizer in
            if recognizer.state == .began { self.flashAndBake() }
        }
        return recognizer
    }()
}
