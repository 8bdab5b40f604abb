/// Image → Resize Image and Canvas Size: the drawing made anew at another size from its
/// layers, kept as a crop is (Ctrl+Z brings back the drawing as it was, its history too).
extension ImageCommands {
    /// The drawing's size in pixels (its layers').
    private var pixelSize: (width: Int, height: Int) {
        let layer = board.canvas.drawing.layer
        return (layer.width, layer.height)
    }

    /// Ctrl+R.
    func chooseSize() {
        guard board.presentedViewController == nil else { return }
        let size = pixelSize
        let dialog = ResizeImageViewController(width: size.width, height: size.height)
        dialog.onCancel = { [unowned self] in self.board.dismiss(animated: false) }
        dialog.onFinish = { [unowned self] width, height, filter in
            self.board.dismiss(animated: false)
            self.resize(toWidth: width, height: height, filter: filter)
        }
        board.present(dialog, animated: false)
    }

    /// Ctrl+Shift+R.
    func chooseCanvasSize() {
        guard board.presentedViewController == nil else { return }
        let size = pixelSize
        let dialog = CanvasSizeViewController(width: size.width, height: size.height)
        dialog.onCancel = { [unowned self] in self.board.dismiss(animated: false) }
        dialog.onFinish = { [unowned self] width, height, anchor in
            self.board.dismiss(animated: false)
            self.resizeCanvas(toWidth: width, height: height, anchor: anchor)
        }
        board.present(dialog, animated: false)
    }

    /// Image → Rotate…: any angle, the canvas grown to fit or kept.
    func chooseRotation() {
        guard board.presentedViewController == nil else { return }
        board.canvas.commitText()
        board.bakePhoto()
        let dialog = RotateImageViewController(picture: board.canvas.renderArtwork())
        dialog.onCancel = { [unowned self] in self.board.dismiss(animated: false) }
        dialog.onFinish = { [unowned self] degrees, grow in
            self.board.dismiss(animated: false)
            self.rotate(byDegrees: degrees, grow: grow)
        }
        board.present(dialog, animated: false)
    }

    /// Every layer turned `degrees` clockwise about the centre; the background turned over its
    /// own colour, the new corners of the layers transparent.
    func rotate(byDegrees degrees: Double, grow: Bool) {
        guard degrees.truncatingRemainder(dividingBy: 360) != 0 else { return }
        let canvas = board.canvas
        let size = Bitmap.rotatedSize(width: pixelSize.width, height: pixelSize.height, degrees: degrees, grow: grow)
        if let refusal = Self.refusal(width: size.width, height: size.height) { return board.showStatus(refusal) }
        settle()
        let said = tr("Rotated %d° (Ctrl+Z takes it back)", Int(degrees))
        if !isBackgroundAPicture {
            let rotation = ImageRotation(degrees: degrees, grow: grow, oldWidth: pixelSize.width, oldHeight: pixelSize.height)
            return eachLayerBeside(tr("Rotating"), of: canvas.artworkSnapshot(), as: .rotateImage(rotation), { rotation.turn($0) }, said: said)
        }
        let background = canvas.drawing.background.premultipliedPixel
        eachLayerBeside(tr("Rotating"), of: canvas.artworkSnapshot(), to: size, { index, pixels in
            pixels.rotated(byDegrees: degrees, grow: grow, fill: index == 0 ? background : 0)
        }, what: tr("the rotation"), said: said)
    }

    /// Why a size cannot be (nil: it can): the limits stated.
    static func refusal(width: Int, height: Int) -> String? {
        let side = 1...DocumentFormat.maximumSide
        guard !side.contains(width) || !side.contains(height) || width * height > DrawingBoardViewController.maximumDocumentPixels else { return nil }
        return tr("Cannot make the drawing %d x %d: a size from 1 x 1 to %d a side, at most %d megapixels", width, height,
                  DocumentFormat.maximumSide, DrawingBoardViewController.maximumDocumentPixels / 1_000_000)
    }

    /// Every layer and the background resampled to `width` x `height` pixels.
    func resize(toWidth width: Int, height: Int, filter: ResamplingFilter) {
        if let refusal = Self.refusal(width: width, height: height) { return board.showStatus(refusal) }
        let canvas = board.canvas
        settle()
        let snapshot = canvas.artworkSnapshot()
        guard width != snapshot.width || height != snapshot.height else { return }
        let before = (snapshot.width, snapshot.height)
        let said = tr("Resized from %d x %d to %d x %d pixels (Ctrl+Z takes it back)", before.0, before.1, width, height)
        if !isBackgroundAPicture {
            let resize = ImageResize(oldWidth: before.0, oldHeight: before.1, width: width, height: height, filter: filter)
            return eachLayerBeside(tr("Resizing"), of: snapshot, as: .resizeImage(resize), { resize.resample($0) }, said: said)
        }
        eachLayerBeside(tr("Resizing"), of: snapshot, to: (width, height), { index, pixels in
            Resampler.resample(pixels, width: width, height: height, filter: filter)
        }, what: tr("the resize"), said: said)
    }

    /// The drawing set in a canvas of `width` x `height` at `anchor` (0...2 across and down):
    /// layers cut, or grown with transparency; the background grown with its colour.
    func resizeCanvas(toWidth width: Int, height: Int, anchor: (x: Int, y: Int)) {
        if let refusal = Self.refusal(width: width, height: height) { return board.showStatus(refusal) }
        let canvas = board.canvas
        settle()
        let before = (canvas.drawing.width, canvas.drawing.height)
        guard width != before.0 || height != before.1 else { return }
        let dx = (width - before.0) * anchor.x / 2, dy = (height - before.1) * anchor.y / 2
        if !isBackgroundAPicture {
            // One item of a few numbers: grown parts are transparent, the background under them.
            canvas.deselect()
            canvas.commit(.canvasSize(CanvasChange(oldWidth: before.0, oldHeight: before.1, width: width, height: height, dx: dx, dy: dy)))
            return board.showStatus(tr("Canvas from %d x %d to %d x %d pixels (Ctrl+Z takes it back)", before.0, before.1, width, height))
        }
        var stack = canvas.artworkSnapshot().stack()
        for index in stack.layers.indices {
            let old = stack.layers[index].pixels
            let fill = index == 0 ? canvas.drawing.background.premultipliedPixel : 0
            let grown = Bitmap(width: width, height: height, fill: fill)
            grown.copy(old.bounds, from: old, toX: dx, y: dy)
            stack.layers[index].pixels = grown
        }
        (stack.width, stack.height) = (width, height)
        board.documentController.crop(to: DocumentFormat.opening(stack, pixelScale: canvas.layerScale), what: tr("the canvas size"))
        board.showStatus(tr("Canvas from %d x %d to %d x %d pixels (Ctrl+Z takes it back)", before.0, before.1, width, height))
    }

    /// `item` (one of a few values: a resize, a rotation) committed with its layers made by
    /// `make` beside the UI thread and put in place; a replay makes them the same way.
    private func eachLayerBeside(_ title: String, of snapshot: ArtworkSnapshot, as item: Document.Item,
                                 _ make: @escaping (Bitmap) -> Bitmap, said: String) {
        let layers = snapshot.layerPixels
        board.besideWork.run(title, { progress, isStopped -> UncheckedBox<[Bitmap]>? in
            var made: [Bitmap] = []
            for (index, pixels) in layers.enumerated() {
                if isStopped() { return nil }
                made.append(make(pixels))
                progress(Double(index + 1) / Double(layers.count))
            }
            return UncheckedBox(value: made)
        }, done: { [unowned self] (made: UncheckedBox<[Bitmap]>) in
            self.board.canvas.commit(item, made: made.value)
            self.board.showStatus(said)
        })
    }

    /// Each layer (the background the first) made anew by `make` beside the UI thread, the
    /// drawing then `size` and kept as a crop is; `what`: what Ctrl+Z says it took back.
    private func eachLayerBeside(_ title: String, of snapshot: ArtworkSnapshot, to size: (width: Int, height: Int),
                                 _ make: @escaping (Int, Bitmap) -> Bitmap, what: String, said: String) {
        let scale = board.canvas.layerScale
        board.besideWork.run(title, { progress, isStopped -> UncheckedBox<LayerStack>? in
            var stack = snapshot.stack()
            for index in stack.layers.indices {
                if isStopped() { return nil }
                stack.layers[index].pixels = make(index, stack.layers[index].pixels)
                progress(Double(index + 1) / Double(stack.layers.count))
            }
            (stack.width, stack.height) = size
            return UncheckedBox(value: stack)
        }, done: { [unowned self] (stack: UncheckedBox<LayerStack>) in
            self.board.documentController.crop(to: DocumentFormat.opening(stack.value, pixelScale: scale), what: what)
            self.board.showStatus(said)
        })
    }

    /// Text committed, a photo baked, a stroke ended, the selection dropped: the layers as shown.
    private func settle() {
        let canvas = board.canvas
        canvas.commitText()
        board.bakePhoto()
        canvas.cancelStroke()
        canvas.deselect()
    }
}
