/// The photo being placed over the canvas (seed 004): shown fitted inside the canvas, moved,
/// pinched, turned, cropped or framed by the user, with its own bar of commands (Crop, Circle,
/// Drop, Keep) and its own undo, then baked into the document where it shows, in document
/// units at any zoom and scroll, or dropped. One photo at a time.
public final class PhotoPlacementController {
    /// Where the placement and its bar go, and what they are placed over.
    private unowned let host: View
    private unowned let canvas: CanvasView
    /// The view the placement goes under (the toolbar stays on top).
    private let below: () -> View?
    /// Shows a line to the user.
    private let report: (String) -> Void
    /// The most pixels a photo is kept at.
    private let maximumPixels: () -> Int
    /// Told when a photo comes or goes (undo and redo mean other things meanwhile).
    var onChange: (() -> Void)?

    /// The photo being placed, if any.
    public private(set) var placement: PhotoPlacementView?
    /// Whether it holds pixels lifted from the selection (left in place, never dropped), and
    /// where they were when lifted.
    public private(set) var isLifted = false
    private var liftedStart: AffineTransform?
    /// The photo's crop when crop mode began (to tell what came of it).
    private var cropBefore: Rect?

    init(host: View, canvas: CanvasView, below: @escaping () -> View?, maximumPixels: @escaping () -> Int,
         report: @escaping (String) -> Void) {
        self.host = host
        self.canvas = canvas
        self.below = below
        self.maximumPixels = maximumPixels
        self.report = report
    }

    // MARK: - Placing

    /// Shows a photo over the canvas, fitted inside it, ready to move, pinch and rotate.
    /// `originalSize` is the file's size when the photo was reduced while it was read.
    public func place(_ original: Photo, originalSize: (width: Int, height: Int)? = nil) {
        place(original, originalSize: originalSize, fitted: true)
    }

    private func place(_ original: Photo, originalSize: (width: Int, height: Int)? = nil, fitted: Bool) {
        // Whatever floats now goes first (a lifted selection is left where it is: drop never loses it).
        drop()
        let photo = fitted ? fittedToCanvas(original) : original
        bar.items = photoBarItems
        let source = originalSize ?? (original.asset.image.width, original.asset.image.height)
        let placement = PhotoPlacementView(photo: photo, frame: canvas.frame)
        placement.frameBorder = CircleFrame(width: max(2, canvas.strokeWidth), color: canvas.strokeColor)
        placement.onBake = { [unowned self] placed in self.bake(placed) }
        placement.onCroppingChanged = { [unowned self, unowned placement] on in
            self.cropButton.isSelected = on
            // The crop hint described crop mode: it goes with it, saying what came of it.
            if on {
                self.cropBefore = placement.placed.crop
            } else if placement.placed.crop != self.cropBefore {
                self.report(tr("Photo cropped (Ctrl+Z takes it back)"))
            } else {
                self.report(tr("Crop left as it was"))
            }
        }
        // The bar moves out of the way when a gesture leaves a corner under it (not during one).
        placement.onSettled = { [unowned self] in self.layoutBar() }
        let index = host.subviews.firstIndex { $0 === below() } ?? host.subviews.count
        host.insertSubview(placement, at: index)
        host.insertSubview(bar, at: index + 1)
        self.placement = placement
        circleButton.isSelected = false
        cropButton.isSelected = false
        host.setNeedsLayout()
        onChange?()
        var hint = tr("Drag to move, pinch or Ctrl-drag to scale and turn; long-press or Keep to add it, Escape to drop it")
        if source.width != photo.asset.image.width || source.height != photo.asset.image.height {
            // One line on screen: the size news and the two ways out.
            hint = tr("Kept at %dx%d of %dx%d, all this drawing can show. Long-press or Keep to add it, Escape to drop it",
                      photo.asset.image.width, photo.asset.image.height, source.width, source.height)
        }
        report(hint)
    }

    /// Floats pixels lifted from the selection where they were (`transform`: their pixels to the
    /// canvas's points), at full resolution; the pointer that lifted them moves them on.
    func placeLifted(_ photo: Photo, at transform: AffineTransform) {
        place(photo, fitted: false)
        placement?.setPlacement(transform)
        liftedStart = transform
        isLifted = true
        bar.items = liftedBarItems
        layoutBar()
        // Now an item being made: the journal keeps it from here on.
        onChange?()
        report(tr("Drag to move, pinch or Ctrl-drag to scale and turn; Enter or Escape leaves it there"))
    }

    /// The pointer that lifted the selection moved by `delta` (view points) since the press.
    func moveLifted(by delta: Point) {
        guard isLifted, let start = liftedStart else { return }
        placement?.setPlacement(start.concatenating(AffineTransform(translationX: delta.x, y: delta.y)))
    }

    /// Lays the placement over the canvas and its bar at the canvas's top right.
    func layout() {
        placement?.frame = canvas.frame
        layoutBar()
    }

    /// The bar at its own width, where it covers none of the photo's corners (the handles a
    /// user grabs): top centre first, then the top corners, then along the bottom.
    private func layoutBar() {
        let corners = placement.map { placement in placement.corners.map { placement.convert($0, to: host) } } ?? []
        bar.frame = Self.barFrame(size: Size(width: bar.fullWidth.rounded(.up), height: 40), in: canvas.frame, avoiding: corners)
    }

    static func barFrame(size: Size, in area: Rect, avoiding points: [Point]) -> Rect {
        let inset = 10.0, reach = 24.0
        let xs = [area.midX - size.width / 2, area.maxX - inset - size.width, area.minX + inset]
        let ys = [area.minY + inset, area.maxY - inset - size.height]
        let candidates = ys.flatMap { y in xs.map { x in Rect(x: x.rounded(), y: y.rounded(), width: size.width, height: size.height) } }
        return candidates.first { frame in !points.contains { frame.insetBy(dx: -reach, dy: -reach).contains($0) } } ?? candidates[0]
    }

    /// The photo reduced to what the canvas can show (its stored copy too), or as it is.
    private func fittedToCanvas(_ photo: Photo) -> Photo {
        let bitmap = photo.asset.image.bitmap
        let factor = BoxDownscaler.factor(width: bitmap.width, height: bitmap.height, maximumPixels: maximumPixels())
        guard factor > 1 else { return photo }
        let reduced = BoxDownscaler.downscale(bitmap, by: factor)
        return Photo(asset: ImageAsset(bitmap: reduced, name: photo.asset.name), orientation: photo.orientation)
    }

    // MARK: - Commands

    /// Bakes the photo being placed where it shows now (Enter, Keep).
    public func bake() {
        guard let placement else { return }
        bake(placement.placed)
    }

    /// Pixels lifted from the selection, as the item they become where they float now (the
    /// journal keeps them so, in case the app ends before they are left somewhere).
    var liftedItem: Document.Item? {
        guard isLifted, let placement else { return nil }
        return .photo(inDocument(placement.placed))
    }

    /// Placed over the view; baked where it shows, in document units at any zoom and scroll.
    private func inDocument(_ placed: PlacedPhoto) -> PlacedPhoto {
        var inDocument = placed
        if let toDocument = canvas.viewport.transform.inverted() { inDocument.placement = placed.placement.concatenating(toDocument) }
        return inDocument
    }

    private func bake(_ placed: PlacedPhoto) {
        let wasLifted = isLifted
        // No longer an item being made, then in the drawing, then gone from over it: the journal
        // hears one append and nothing else (never "nothing floats" before the item is there).
        isLifted = false
        canvas.commit(.photo(inDocument(placed)))
        removePlacement()
        report(wasLifted ? tr("Moved (Ctrl+Z takes it back)") : tr("Photo added to the drawing (Ctrl+Z takes it back)"))
    }

    /// Drops the photo being placed; nothing changes in the document. Pixels lifted from the
    /// selection are not dropped but left where they are (they are the user's drawing).
    public func drop() {
        guard placement != nil else { return }
        if isLifted { return bake() }
        removePlacement()
        // The placing hint described a state that has ended.
        report(tr("Photo dropped (Ctrl+O to choose it again)"))
    }

    private func removePlacement() {
        guard placement != nil else { return }
        isLifted = false
        liftedStart = nil
        placement?.removeFromSuperview()
        placement = nil
        bar.removeFromSuperview()
        onChange?()
    }

    /// Crop mode: the next drag over the photo keeps only what it covers.
    public func toggleCrop() {
        guard let placement else { return }
        placement.setCropping(!placement.isCropping)
        if placement.isCropping { report(tr("Crop: drag a handle or draw the part to keep; Crop again leaves it as it is")) }
    }

    /// The toggles show the photo's state (after undo and redo too).
    private func showState() {
        circleButton.isSelected = placement?.placed.circleFrame != nil
        cropButton.isSelected = placement?.isCropping ?? false
    }

    public func toggleCircleFrame() {
        guard let placement else { return }
        let on = placement.placed.circleFrame == nil
        placement.frameBorder = CircleFrame(width: max(2, canvas.strokeWidth), color: canvas.strokeColor)
        placement.setCircleFrame(on)
        circleButton.isSelected = on
    }

    /// Ctrl+Z while placing: the last move, scale, turn, crop or frame, then the photo itself.
    /// Returns false when no photo is being placed.
    func undo() -> Bool {
        guard let placement else { return false }
        placement.setCropping(false)
        defer { showState() }
        if !placement.undoLastChange() {
            if isLifted {
                // Back where they were lifted from: the clearing is taken back too (in that
                // order, so the journal never holds the clearing without the pixels).
                isLifted = false
                canvas.undo()
                removePlacement()
                report(tr("Move taken back"))
            } else {
                removePlacement()
                report(tr("Photo dropped (Ctrl+O to choose it again)"))
            }
        }
        return true
    }

    // MARK: - Subviews

    public private(set) lazy var cropButton: Button = Button(title: tr("Crop"), toolTip: tr("Crop: drag over the photo to keep a part")) { [unowned self] in self.toggleCrop() }
    public private(set) lazy var circleButton: Button = Button(title: tr("Circle"), toolTip: tr("Frame the photo in a circle")) { [unowned self] in self.toggleCircleFrame() }
    public private(set) lazy var dropButton: Button = Button(title: tr("Drop"), toolTip: tr("Drop the photo (Escape)")) { [unowned self] in self.drop() }
    public private(set) lazy var keepButton: Button = Button(title: tr("Keep"), toolTip: tr("Keep the photo in the drawing (Enter, or a long press)")) { [unowned self] in self.bake() }

    /// Commands for the photo being placed, floating over the canvas: the photo's own two, a
    /// gap, then the two ways out, evenly spaced in a rounded box.
    public private(set) lazy var bar: Toolbar = {
        let bar = FloatingBar()
        bar.items = photoBarItems
        return bar
    }()

    /// A photo can be dropped; pixels lifted from the drawing cannot (they are the drawing).
    private var photoBarItems: [Toolbar.Item] { [.button(cropButton), .button(circleButton), .fixedSpace(12), .button(dropButton), .button(keepButton)] }
    private var liftedBarItems: [Toolbar.Item] { [.button(cropButton), .button(circleButton), .fixedSpace(12), .button(keepButton)] }
}
