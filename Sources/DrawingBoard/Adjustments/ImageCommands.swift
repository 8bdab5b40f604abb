/// The Image menu's turns and mirrors of the whole drawing (Pinta's keys: Ctrl+H, Ctrl+G,
/// Ctrl+J) and the Adjustments menu's colour changes of the current layer (or of the
/// selection on it). A turn or a mirror makes the drawing anew from its layers' pixels, exact
/// permutations, kept as a crop is (Ctrl+Z brings back the drawing as it was, its history
/// too); an adjustment is one item of the history, replayed in integer arithmetic.
final class ImageCommands {
    unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    /// Work under way beside the UI thread (see `runBeside`).
    var running: BesideTask?

    /// An EXIF orientation code for each turn and mirror (see `Bitmap.reoriented`).
    enum Turn: Int {
        case clockwise = 6, counterClockwise = 8, halfTurn = 3, mirrorLeftRight = 2, mirrorTopBottom = 4

        var done: String {
            switch self {
            case .clockwise: return tr("Rotated 90° clockwise")
            case .counterClockwise: return tr("Rotated 90° counter-clockwise")
            case .halfTurn: return tr("Rotated 180°")
            case .mirrorLeftRight: return tr("Flipped horizontally")
            case .mirrorTopBottom: return tr("Flipped vertically")
            }
        }
    }

    /// Turns or mirrors every layer and the background; the size swaps for a quarter turn.
    func turn(_ turn: Turn) {
        let canvas = board.canvas
        canvas.commitText()
        board.bakePhoto()
        canvas.cancelStroke()
        canvas.deselect()
        var stack = canvas.artworkSnapshot().stack()
        for index in stack.layers.indices { stack.layers[index].pixels = stack.layers[index].pixels.reoriented(turn.rawValue) }
        if turn.rawValue >= 5 { (stack.width, stack.height) = (stack.height, stack.width) }
        board.documentController.crop(to: DocumentFormat.opening(stack, pixelScale: canvas.layerScale), what: turn.done)
        board.showStatus(tr("%@ (Ctrl+Z takes it back)", turn.done))
    }

    /// Every layer cut to `area` (layer pixels), with its properties; the background stays one.
    /// `what`: what Ctrl+Z says it took back (nil: the crop).
    func cropLayers(to area: PixelRect, what: String? = nil) {
        let canvas = board.canvas
        var stack = canvas.artworkSnapshot().stack()
        stack.width = area.width
        stack.height = area.height
        for index in stack.layers.indices { stack.layers[index].pixels = stack.layers[index].pixels.cropped(to: area) }
        board.documentController.crop(to: DocumentFormat.opening(stack, pixelScale: canvas.layerScale), what: what)
    }

    /// Ctrl+Alt+X (Pinta's Auto Crop): the drawing cut to what differs from its border's colour
    /// (the top-left pixel of the picture as it shows), every layer alike.
    func autoCrop() {
        let canvas = board.canvas
        canvas.commitText()
        board.bakePhoto()
        canvas.cancelStroke()
        let picture = canvas.renderArtwork()
        guard let area = Self.contentBounds(of: picture) else {
            return board.showStatus(tr("Nothing to crop: the drawing is one colour"))
        }
        guard area != picture.bounds else { return board.showStatus(tr("Nothing to crop: the drawing has no border of one colour")) }
        canvas.deselect()
        cropLayers(to: area, what: tr("the auto crop"))
        board.showStatus(tr("Cropped to %dx%d (Ctrl+Z takes it back)", area.width, area.height))
    }

    /// The smallest rectangle holding every pixel unlike the top-left one (nil: there is none).
    static func contentBounds(of picture: Bitmap) -> PixelRect? {
        guard picture.width > 0, picture.height > 0 else { return nil }
        let border = picture[0, 0]
        var x0 = picture.width, y0 = picture.height, x1 = 0, y1 = 0
        for y in 0..<picture.height {
            let row = picture.pixels + y * picture.width
            var first = -1, last = -1
            for x in 0..<picture.width where row[x] != border {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            x0 = min(x0, first)
            x1 = max(x1, last + 1)
            y0 = min(y0, y)
            y1 = y + 1
        }
        return x1 > x0 ? PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }

    /// Whether any pixel of `area` (that `selected` says) is painted: stops at the first.
    static func hasPaint(_ layer: Bitmap, in area: PixelRect, selected: [Bool]?) -> Bool {
        let visible = area.intersection(layer.bounds)
        guard !visible.isEmpty else { return false }
        for y in visible.y0..<visible.y1 {
            let row = layer.pixels + y * layer.width, maskRow = (y - area.y0) * area.width - area.x0
            for x in visible.x0..<visible.x1 where row[x] >> 24 != 0 && selected?[maskRow + x] != false { return true }
        }
        return false
    }

    /// Ctrl+Shift+L (Pinta's Auto Level): each channel of the current layer (or of the
    /// selection on it) stretched over all levels, its ends found now and kept in the item.
    func autoLevel() {
        let canvas = board.canvas, scale = canvas.layerScale
        let layer = canvas.drawing.layer
        let area = canvas.selectionArea
        guard let levels = PixelAdjustment.autoLevels(of: layer, in: area?.pixels(atScale: scale) ?? layer.bounds, selected: area?.mask(atScale: scale)) else {
            return board.showStatus(tr("Nothing to level: the layer is empty or already spans every level"))
        }
        adjust(.levels(levels))
    }

    /// A dialog of settings (Posterize, Levels, a blur…) that previews them on the canvas as
    /// the sliders move; OK adjusts, Cancel leaves the layer as it was.
    func choose(_ form: SliderAdjustmentViewController.Form) {
        present(SliderAdjustmentViewController(form), named: form.title)
    }

    /// Ctrl+Shift+M: Curves, over the histograms of what they will change.
    func chooseCurves() { present(CurvesViewController(histograms: histograms), named: tr("Curves")) }

    /// Ctrl+L: Levels, over the histograms of what they will change.
    func chooseLevels() { present(LevelsViewController(histograms: histograms), named: tr("Levels")) }

    /// Counts per level of luma, red, green and blue of the current layer (or the selection on it).
    private var histograms: [[Int]] {
        let canvas = board.canvas, scale = canvas.layerScale, layer = canvas.drawing.layer
        let area = canvas.selectionArea
        return PixelAdjustment.histograms(of: layer, in: area?.pixels(atScale: scale) ?? layer.bounds, selected: area?.mask(atScale: scale)).channels
    }

    private func present(_ dialog: some AdjustmentDialog, named title: String) {
        let canvas = board.canvas
        guard board.presentedViewController == nil else { return }
        canvas.commitText()
        board.bakePhoto()
        guard !canvas.content.isCurrentLayerLocked else { return board.layerCommands.lockedLayerTouched() }
        let area = canvas.selectionArea
        dialog.onChange = { [unowned canvas] adjustment in
            // A blur is previewed at the screen's resolution when the layer shows at half size or less.
            canvas.content.previewAdjustment(adjustment, area: area, reduction: max(1, Int(1 / canvas.zoom)))
        }
        dialog.onCancel = { [unowned self, unowned canvas] in
            canvas.content.previewAdjustment(nil, area: nil)
            self.board.dismiss(animated: false)
        }
        dialog.onFinish = { [unowned self, unowned canvas] adjustment in
            canvas.content.previewAdjustment(nil, area: nil)
            self.board.dismiss(animated: false)
            self.adjust(adjustment, named: title)
        }
        board.present(dialog, animated: false)
    }

    /// Adjusts the current layer's colours, only the selected ones when there is a selection.
    /// `named`: the dialog's title, for the message of an adjustment with settings.
    func adjust(_ adjustment: PixelAdjustment, named title: String? = nil) {
        let canvas = board.canvas
        canvas.commitText()
        board.bakePhoto()
        let items = canvas.document.items.count, layer = canvas.drawing.layer, scale = canvas.layerScale
        let area = canvas.selectionArea
        guard Self.hasPaint(layer, in: area?.pixels(atScale: scale) ?? layer.bounds, selected: area?.mask(atScale: scale)) else {
            return board.showStatus(tr("Nothing to change: %@ is empty there", canvas.content.layers.displayName(of: canvas.content.currentLayerID)))
        }
        if case .effect = adjustment, running == nil {
            guard !canvas.content.isCurrentLayerLocked else { return board.layerCommands.lockedLayerTouched() }
            return applyBeside(adjustment, area: area, named: title ?? "")
        }
        canvas.commit(.adjust(adjustment, area: area))
        guard canvas.document.items.count > items else { return } // a locked layer: it said why
        said(adjustment, named: title)
    }

    /// The message for an adjustment made.
    func said(_ adjustment: PixelAdjustment, named title: String?) {
        let canvas = board.canvas
        let name = canvas.content.layers.displayName(of: canvas.content.currentLayerID)
        switch adjustment {
        case .invert: board.showStatus(tr("Inverted the colours of %@ (Ctrl+Z takes it back)", name))
        case .blackAndWhite: board.showStatus(tr("Turned %@ black and white (Ctrl+Z takes it back)", name))
        case .sepia: board.showStatus(tr("Gave %@ a sepia tone (Ctrl+Z takes it back)", name))
        case .levels: board.showStatus(tr("Levelled %@ (Ctrl+Z takes it back)", name))
        case .posterize(let levels): board.showStatus(tr("Posterized %@ to %d levels (Ctrl+Z takes it back)", name, levels))
        default: board.showStatus(tr("Applied %@ to %@ (Ctrl+Z takes it back)", title ?? "", name))
        }
    }
}
