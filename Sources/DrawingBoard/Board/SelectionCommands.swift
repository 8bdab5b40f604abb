import Foundation

/// The selection's commands: select all or nothing, clear, copy, cut, crop, and moving what it
/// holds (lifted into a floating picture placed like a photo, baked back where it is left).
final class SelectionCommands {
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    private var canvas: CanvasView { board.canvas }

    func selectAll() {
        canvas.commitText()
        canvas.selectionTool.selectAll()
    }

    func deselect() { canvas.deselect() }

    /// A selection appeared: what can be done with it, once.
    func selectionChanged(hadSelection: Bool) {
        guard !hadSelection, canvas.hasSelection else { return }
        board.showStatus(tr("Drag inside to move; Ctrl+C copy, Ctrl+X cut, Delete clear, Ctrl+Shift+X crop, Escape none"))
    }

    /// Delete with a selection: its pixels go, the background shows (undoable).
    func clearSelection() {
        if canvas.selectionTool.clearSelected() { board.showStatus(tr("Selection cleared (Ctrl+Z brings it back)")) }
    }

    /// Ctrl+C: the selection as the user sees it goes to the desktop's clipboard as a PNG
    /// (encoded beside the UI thread; other applications can paste it).
    func copySelection() { copySelection(cutting: false) }

    /// `cutting`: the message says Cut (the pixels are cleared after the copy is taken).
    private func copySelection(cutting: Bool) {
        guard let pasteboard = board.pasteboard else { return board.showStatus(tr("There is no clipboard here"), isError: true) }
        // With layers, the current layer's pixels (Pinta's Copy); a single layer as it shows.
        guard let pixels = canvas.content.layers.count > 1 ? canvas.selectionTool.selectedDrawing() : canvas.selectionTool.selectedArtwork() else {
            return board.showStatus(tr("Select something first (S, or Ctrl+A for all)"))
        }
        let deliver = board.postToUIThread
        let report: (String, Bool) -> Void = { [weak board = self.board] text, isError in board?.showStatus(text, isError: isError) }
        let size = (pixels.width, pixels.height)
        let shared = SendableBitmap(bitmap: pixels)
        DispatchQueue.global(qos: .userInitiated).async {
            let encoded = Result { try PNGCodec.encode(shared.bitmap, options: .drawing) }
            deliver {
                switch encoded {
                case .success(let data):
                    if pasteboard.provideImage([UInt8](data)) {
                        report(cutting ? tr("Cut %dx%d pixels (Ctrl+Z brings them back)", size.0, size.1)
                                   : tr("Copied %dx%d pixels", size.0, size.1), false)
                    } else {
                        report(tr("The clipboard could not be taken"), true)
                    }
                case .failure(let error):
                    report(tr("Could not copy: %@", "\(error)"), true)
                }
            }
        }
    }

    /// Ctrl+X: copied, then cleared.
    func cutSelection() {
        guard canvas.hasSelection else { return board.showStatus(tr("Select something first (S, or Ctrl+A for all)")) }
        copySelection(cutting: true)
        canvas.selectionTool.clearSelected()
    }

    /// Ctrl+Shift+X: the document becomes the selection, at its pixels (the picture as its
    /// first item, as an opened file is); Ctrl+Z gives back the whole document as it was.
    func cropToSelection() {
        guard let rect = canvas.selection, let pixels = canvas.selectionTool.selectedArtwork() else {
            return board.showStatus(tr("Select something first (S, or Ctrl+A for all)"))
        }
        canvas.commitText()
        board.photoController.bake()
        let scale = canvas.layerScale
        // Several layers, or a rectangle: the canvas cut (one item); a shaped selection on one
        // layer: its picture, outside the shape the background.
        if canvas.content.layers.count > 1 || canvas.selectionArea?.isRectangle == true {
            board.imageCommands.cropLayers(to: canvas.selectionArea!.pixels(atScale: scale))
        } else {
            // A transparent drawing stays transparent: its picture lies over no background.
            var items: [Document.Item] = canvas.canvasBackground.isTransparent ? [.background(.transparent)] : []
            let picture = Photo(asset: ImageAsset(bitmap: pixels, name: tr("Cropped drawing")))
            items.append(.photo(PlacedPhoto(photo: picture, placement: AffineTransform(scaleX: 1 / scale, y: 1 / scale))))
            let format = DocumentFormat(pixelWidth: pixels.width, pixelHeight: pixels.height, pixelScale: scale, historyStart: items.count)
            let cropped = Document(items: items, format: format)
            board.documentController.crop(to: cropped)
        }
        board.showStatus(tr("Cropped to %dx%d (Ctrl+Z takes it back)", Int(rect.width.rounded()), Int(rect.height.rounded())))
    }

    /// A press inside the selection: its drawing is lifted (the place it leaves shows the
    /// background, one undoable item) and floats where it was, following the pointer.
    func liftSelection() {
        guard let area = canvas.selectionArea, let pixels = canvas.selectionTool.selectedDrawing() else { return }
        let rect = area.bounds
        // The place cleared and the pixels floating reach the journal in one write.
        let lift = { [self] in
            canvas.commit(.clearArea(area))
            canvas.deselect()
            let photo = Photo(asset: ImageAsset(bitmap: pixels, name: tr("Selection")))
            // Stored pixels to the canvas's points: one layer pixel per document pixel, through the zoom.
            let s = canvas.viewport.scale / canvas.layerScale
            let origin = canvas.viewport.viewPoint(Point(x: rect.minX, y: rect.minY))
            board.photoController.placeLifted(photo, at: AffineTransform(scaleX: s, y: s).concatenating(AffineTransform(translationX: origin.x, y: origin.y)))
        }
        if let recorder = board.recorder { recorder.together(lift) } else { lift() }
    }

    /// Bitmaps handed to the encoder are no longer changed by anyone.
    private struct SendableBitmap: @unchecked Sendable { let bitmap: Bitmap }
}
