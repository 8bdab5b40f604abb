import Foundation

/// The selection's commands: select all or nothing, clear, copy, cut, crop, and moving what it
/// holds (lifted into a floating picture placed like a photo, baked back where it is left).
extension DrawingBoardViewController {
    public func selectAll() {
        canvas.commitText()
        canvas.selectAll()
    }

    public func deselect() { canvas.deselect() }

    /// A selection appeared: what can be done with it, once.
    func selectionChanged(hadSelection: Bool) {
        guard !hadSelection, canvas.hasSelection else { return }
        showStatus(tr("Drag inside to move; Ctrl+C copy, Ctrl+X cut, Delete clear, Ctrl+Shift+X crop, Escape none"))
    }

    /// Delete with a selection: its pixels go, the background shows (undoable).
    public func clearSelection() {
        if canvas.clearSelection() { showStatus(tr("Selection cleared (Ctrl+Z brings it back)")) }
    }

    /// Ctrl+C: the selection as the user sees it goes to the desktop's clipboard as a PNG
    /// (encoded beside the UI thread; other applications can paste it).
    public func copySelection() { copySelection(cutting: false) }

    /// `cutting`: the message says Cut (the pixels are cleared after the copy is taken).
    private func copySelection(cutting: Bool) {
        guard let pasteboard else { return showStatus(tr("There is no clipboard here"), isError: true) }
        guard let pixels = canvas.selectedArtwork() else {
            return showStatus(tr("Select something first (S, or Ctrl+A for all)"))
        }
        let deliver = postToUIThread
        let size = (pixels.width, pixels.height)
        let shared = SendableBitmap(bitmap: pixels)
        DispatchQueue.global(qos: .userInitiated).async {
            let encoded = Result { try PNGCodec.encode(shared.bitmap, options: .drawing) }
            deliver { [weak self] in
                switch encoded {
                case .success(let data):
                    if pasteboard.provideImage([UInt8](data)) {
                        self?.showStatus(cutting ? tr("Cut %dx%d pixels (Ctrl+Z brings them back)", size.0, size.1)
                                                 : tr("Copied %dx%d pixels", size.0, size.1))
                    } else {
                        self?.showStatus(tr("The clipboard could not be taken"), isError: true)
                    }
                case .failure(let error):
                    self?.showStatus(tr("Could not copy: %@", "\(error)"), isError: true)
                }
            }
        }
    }

    /// Ctrl+X: copied, then cleared.
    public func cutSelection() {
        guard canvas.hasSelection else { return showStatus(tr("Select something first (S, or Ctrl+A for all)")) }
        copySelection(cutting: true)
        canvas.clearSelection()
    }

    /// Ctrl+Shift+X: the document becomes the selection, at its pixels (the picture as its
    /// first item, as an opened file is); Ctrl+Z gives back the whole document as it was.
    public func cropToSelection() {
        guard let rect = canvas.selection, let pixels = canvas.selectedArtwork() else {
            return showStatus(tr("Select something first (S, or Ctrl+A for all)"))
        }
        canvas.commitText()
        photoController.bake()
        let scale = canvas.layerScale
        let format = DocumentFormat(pixelWidth: pixels.width, pixelHeight: pixels.height, pixelScale: scale, historyStart: 1)
        let picture = Photo(asset: ImageAsset(bitmap: pixels, name: tr("Cropped drawing")))
        let cropped = Document(items: [.photo(PlacedPhoto(photo: picture, placement: AffineTransform(scaleX: 1 / scale, y: 1 / scale)))],
                               format: format)
        documentsBeforeCrop.append(canvas.document)
        swapDocument(for: cropped)
        showStatus(tr("Cropped to %dx%d (Ctrl+Z takes it back)", Int(rect.width.rounded()), Int(rect.height.rounded())))
    }

    /// Ctrl+Z at the start of a cropped document's history: the document before the crop.
    /// Returns whether there was one.
    func undoCrop() -> Bool {
        guard let before = documentsBeforeCrop.popLast() else { return false }
        swapDocument(for: before)
        showStatus(tr("Crop taken back"))
        return true
    }

    /// Another document in place (journaled as a new generation); a crop keeps it an unsaved
    /// edit of this one, opening a file also gives it a name (replaceDocument).
    func swapDocument(for document: Document) {
        canvas.cancelStroke()
        canvas.load(document)
        documentGeneration += 1
        recorder?.documentReplaced()
    }

    /// A press inside the selection: its drawing is lifted (the place it leaves shows the
    /// background, one undoable item) and floats where it was, following the pointer.
    func liftSelection() {
        guard let area = canvas.selectionArea, let pixels = canvas.selectedDrawing() else { return }
        let rect = area.bounds
        canvas.commit(.clearArea(area))
        canvas.deselect()
        let photo = Photo(asset: ImageAsset(bitmap: pixels, name: tr("Selection")))
        // Stored pixels to the canvas's points: one layer pixel per document pixel, through the zoom.
        let s = canvas.viewport.scale / canvas.layerScale
        let origin = canvas.viewport.viewPoint(Point(x: rect.minX, y: rect.minY))
        photoController.placeLifted(photo, at: AffineTransform(scaleX: s, y: s).concatenating(AffineTransform(translationX: origin.x, y: origin.y)))
    }

    /// Bitmaps handed to the encoder are no longer changed by anyone.
    private struct SendableBitmap: @unchecked Sendable { let bitmap: Bitmap }
}
