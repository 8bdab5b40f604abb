/// A photo being placed over the canvas (seeds 000 and 004): pan moves it, pinch scales it,
/// rotation turns it, pinch and rotation together; a long press flashes it (alpha to 0.5 and
/// back, half a second each way) and then bakes it into the artwork where it shows. Seed 001
/// adds a crop mode (drag a translucent rectangle, release to keep only that) and a circular
/// frame with a border.
public final class PhotoPlacementView: View, GestureRecognizerDelegate {
    public let photo: Photo
    /// The photo as it will be baked: its placement (upright photo coordinates to this view's,
    /// the canvas's, coordinates), crop and frame.
    public private(set) var placed: PlacedPhoto
    /// Called with the final photo when it is to be baked.
    public var onBake: ((PlacedPhoto) -> Void)?
    public private(set) var isBaking = false
    /// Told when a move, pinch or turn has ended (the photo is where it will stay for now).
    var onSettled: (() -> Void)?
    /// In crop mode a drag draws the rectangle to keep instead of moving the photo.
    public private(set) var isCropping = false
    /// Tells the board when crop mode ends by itself (after a crop), so its button follows.
    public var onCroppingChanged: ((Bool) -> Void)?
    /// The placement before each change (a gesture, a crop, the frame): Ctrl+Z steps back.
    private var history: [PlacedPhoto] = []
    /// A crop drag: a new rectangle from a point, or one handle of the shown one moved.
    private enum CropDrag {
        case draw(from: Point)
        case resize(handle: Int, original: Rect)
    }
    private var cropDrag: CropDrag?
    /// The rectangle to keep while cropping, in this view's coordinates: at first the whole
    /// photo, with handles (as Pinta and GIMP show it), then what the user makes of it.
    public private(set) var cropCover: Rect?
    private var cropStartingCover: Rect?
    /// The border for the circular frame (the brush's width and colour).
    public var frameBorder = CircleFrame(width: 6, color: .white)

    public var placement: AffineTransform { placed.placement }

    public init(photo: Photo, frame: Rect) {
        self.photo = photo
        placed = PlacedPhoto(photo: photo, placement: Self.fitted(photo.size, in: Rect(origin: .zero, size: frame.size)))
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

    /// Where the kept rectangle's corners are, in this view's coordinates.
    public var corners: [Point] {
        let r = placed.visibleRect
        return [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
            .map(placement.apply(to:))
    }

    public func setPlacement(_ transform: AffineTransform) {
        invalidatePhoto()
        placed.placement = transform
        invalidatePhoto()
    }

    // MARK: - Crop and frame

    public func setCropping(_ on: Bool) {
        guard on != isCropping else { return }
        isCropping = on
        for recognizer in gestureRecognizers where recognizer !== longPress { recognizer.isEnabled = !on }
        invalidatePhoto()
        cropCover = on ? Path.polygon(corners).bounds.intersection(bounds) : nil
        cropStartingCover = cropCover
        cropDrag = nil
        invalidatePhoto()
        onCroppingChanged?(on)
    }

    // MARK: - Undo

    /// Keeps the placement as it is before a change; gestures that start together (a pinch
    /// and a turn) keep it once.
    private func rememberBeforeChange() {
        if history.last != placed { history.append(placed) }
    }

    /// Whether there is a change to take back.
    public var canUndoChange: Bool { !history.isEmpty }

    /// Takes back the last move, scale, turn, crop or frame. Returns false when the photo is
    /// as it was placed.
    @discardableResult
    public func undoLastChange() -> Bool {
        guard let previous = history.popLast() else { return false }
        invalidatePhoto()
        placed = previous
        invalidatePhoto()
        return true
    }

    /// Keeps only the part of the photo under a rectangle of this view (what the user sees
    /// there; with a turned photo, the box around it in the photo).
    public func crop(to rect: Rect) {
        guard let inverse = placement.inverted() else { return }
        let inPhoto = inverse.apply(to: rect).intersection(placed.visibleRect)
        guard !inPhoto.isEmpty else { return }
        rememberBeforeChange()
        invalidatePhoto()
        placed.crop = inPhoto
        invalidatePhoto()
    }

    public func setCircleFrame(_ on: Bool) {
        guard on != (placed.circleFrame != nil) else { return }
        rememberBeforeChange()
        invalidatePhoto()
        placed.circleFrame = on ? frameBorder : nil
        invalidatePhoto()
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard isCropping, let touch = touches.first else { return super.touchesBegan(touches, with: event) }
        let point = touch.location(in: self)
        if let cover = cropCover, let handle = RectangleHandles.handle(at: point, of: cover) {
            cropDrag = .resize(handle: handle, original: cover)
        } else {
            cropDrag = .draw(from: point)
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard isCropping, let drag = cropDrag, let touch = touches.first else { return super.touchesMoved(touches, with: event) }
        let point = touch.location(in: self)
        invalidatePhoto()
        switch drag {
        case .draw(let start): cropCover = RectangleBrush.box(from: start, to: point, square: false)
        case .resize(let handle, let original): cropCover = RectangleHandles.resized(original, handle: handle, to: point)
        }
        invalidatePhoto()
    }

    /// Letting go keeps what the rectangle covers (unless it is still the whole photo) and
    /// leaves crop mode.
    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard isCropping else { return super.touchesEnded(touches, with: event) }
        guard cropDrag != nil else { return }
        touchesMoved(touches, with: event)
        if let cover = cropCover, cover != cropStartingCover, cover.width > 2, cover.height > 2 { crop(to: cover) }
        setCropping(false)
    }

    /// A Ctrl-drag pinches the photo about its own centre, wherever it was moved to.
    public override func simulatedPinchCenter(near location: Point) -> Point {
        let corners = self.corners
        return Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    }

    /// Applies a change made in this view's coordinates (a move, or a scale or turn about a point).
    private func change(by t: AffineTransform) { setPlacement(placement.concatenating(t)) }

    private func invalidatePhoto() {
        let border = (placed.circleFrame?.width ?? 0) * 2
        setNeedsDisplay(Path.polygon(corners).bounds.insetBy(dx: -2 - border, dy: -2 - border))
        // The crop rectangle and its handles may reach past the photo.
        if let cover = cropCover { setNeedsDisplay(cover.insetBy(dx: -RectangleHandles.size, dy: -RectangleHandles.size)) }
    }

    // MARK: - GestureRecognizerDelegate

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        // Move, pinch and turn at once; the long press stands alone.
        recognizer !== longPress && other !== longPress
    }

    // MARK: - Actions

    private func panned(_ recognizer: PanGestureRecognizer) {
        if recognizer.state == .began { rememberBeforeChange() }
        redrawSmoothlyWhenDone(recognizer)
        let t = recognizer.translation(in: self)
        change(by: AffineTransform(translationX: t.x, y: t.y))
        recognizer.setTranslation(.zero, in: self)
    }

    private func pinched(_ recognizer: PinchGestureRecognizer) {
        if recognizer.state == .began { rememberBeforeChange() }
        redrawSmoothlyWhenDone(recognizer)
        let c = recognizer.location(in: self)
        let s = recognizer.scale
        change(by: AffineTransform(translationX: -c.x, y: -c.y).concatenating(AffineTransform(scaleX: s, y: s))
            .concatenating(AffineTransform(translationX: c.x, y: c.y)))
        recognizer.scale = 1
    }

    private func rotated(_ recognizer: RotationGestureRecognizer) {
        if recognizer.state == .began { rememberBeforeChange() }
        redrawSmoothlyWhenDone(recognizer)
        let c = recognizer.location(in: self)
        change(by: AffineTransform(translationX: -c.x, y: -c.y).concatenating(AffineTransform(rotationAngle: recognizer.rotation))
            .concatenating(AffineTransform(translationX: c.x, y: c.y)))
        recognizer.rotation = 0
    }

    private func redrawSmoothlyWhenDone(_ recognizer: GestureRecognizer) {
        if recognizer.state == .ended || recognizer.state == .cancelled {
            invalidatePhoto()
            onSettled?()
        }
    }

    /// The long-press flash of seed 004, then the bake.
    public func flashAndBake() {
        guard !isBaking else { return }
        isBaking = true
        animate(duration: 0.5, curve: .linear, animations: { self.alpha = 0.5 }, completion: { _ in
            self.animate(duration: 0.5, curve: .linear, animations: { self.alpha = 1 }, completion: { _ in
                self.onBake?(self.placed)
            })
        })
    }

    // MARK: - Drawing

    /// A rectangle the photo paints fully, less its anti-aliased edge: the canvas below need not
    /// be drawn there (Window skips it). Upright, the kept rectangle; turned, the largest
    /// rectangle of the bounding box's proportions about its centre that fits inside it.
    public override var opaqueContentRect: Rect? {
        let p = placement
        let kept = placed.visibleRect
        guard paintsKeptPictureOpaque, let inverse = p.inverted() else { return nil }
        let box = p.apply(to: kept)
        let inside: Rect
        if p.b == 0 && p.c == 0 {
            inside = box
        } else {
            // View offsets (x, y) from the centre land at (a x + c y, b x + d y) from the kept
            // rectangle's centre; the corners (±k w, ±k h) must stay within its half sides.
            let w = box.width / 2, h = box.height / 2
            let k = min(kept.width / 2 / (abs(inverse.a) * w + abs(inverse.c) * h),
                        kept.height / 2 / (abs(inverse.b) * w + abs(inverse.d) * h))
            guard k.isFinite, k > 0 else { return nil }
            inside = Rect(x: box.midX - k * w, y: box.midY - k * h, width: 2 * k * w, height: 2 * k * h)
        }
        return inside.insetBy(dx: 1, dy: 1).intersection(bounds)
    }

    /// The whole outline of the kept picture, less its anti-aliased edge (OccludedRows leaves a
    /// pixel's margin): the canvas is composed only around it, turned or upright. Upright too,
    /// so that a drag's frame, a region across the photo's edge, is drawn in one piece: cut
    /// around the kept rectangle, the photo, its outline and the bars over it were drawn five
    /// times a frame (0.2-0.3 ms of a 4K drag frame's 3.3).
    public override var opaqueContentOutline: [Point]? {
        guard paintsKeptPictureOpaque else { return nil }
        return corners
    }

    /// The kept picture covers what lies below it: no flash, crop cover or round frame shows
    /// the canvas through it, and its pixels are all opaque.
    private var paintsKeptPictureOpaque: Bool {
        !isBaking && alpha >= 1 && cropCover == nil && placed.circleFrame == nil && !placed.visibleRect.isEmpty
            && photo.asset.image.isOpaque
    }

    /// A move, pinch or turn is under way: its frames resample the photo fast, and the frame
    /// after it smooth (the one that stays on screen and is what gets baked).
    public var isMoving: Bool {
        [pan, pinch, rotation].contains { $0.state == .began || $0.state == .changed }
    }

    /// The flash before a bake is an animation too: its half-transparent frames sample fast (at
    /// 4K a smooth one takes 90 ms: the flash would stutter). The bake itself draws smooth.
    var drawsFast: Bool { isMoving || isBaking }

    /// On a 2x screen a moving photo is sampled once per point (2x2 pixels): the detail a 1x
    /// screen shows, and a quarter of the reads that make a turned 4K frame slow.
    private var movingQuality: ImageQuality { (window?.scale ?? 1) >= 2 ? .coarse : .fast }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.save()
        context.imageQuality = drawsFast ? movingQuality : .smooth
        placed.draw(in: context)
        context.restore()
        // A thin outline shows what will be baked.
        context.save()
        context.strokeColor = Color(r: 0, g: 122, b: 255, a: 160)
        context.lineWidth = 1
        context.stroke(.polygon(corners))
        if let cover = cropCover {
            // What is cut away is dimmed; what is kept shows as it will be, inside a white edge.
            let photoBox = Path.polygon(corners).bounds
            let dim = Color(r: 0, g: 0, b: 0, a: 110)
            let kept = cover.intersection(photoBox)
            for part in [Rect(x: photoBox.minX, y: photoBox.minY, width: photoBox.width, height: max(0, kept.minY - photoBox.minY)),
                         Rect(x: photoBox.minX, y: kept.maxY, width: photoBox.width, height: max(0, photoBox.maxY - kept.maxY)),
                         Rect(x: photoBox.minX, y: kept.minY, width: max(0, kept.minX - photoBox.minX), height: kept.height),
                         Rect(x: kept.maxX, y: kept.minY, width: max(0, photoBox.maxX - kept.maxX), height: kept.height)] where !part.isEmpty {
                context.fill(part, with: dim)
            }
            context.strokeColor = .white
            context.stroke(.rect(cover.insetBy(dx: 0.5, dy: 0.5)))
            RectangleHandles.draw(around: cover, in: context)
        }
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
