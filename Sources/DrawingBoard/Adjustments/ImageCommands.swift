/// The Image menu: turns and mirrors of the whole drawing (Pinta's keys: Ctrl+H, Ctrl+G,
/// Ctrl+J), crops, and (in its extension) resize, canvas size and rotation by any angle. A turn,
/// a crop to a rectangle and a canvas size are one document item each; the others make the
/// drawing anew from its layers' pixels, kept as a crop of a picture is (Ctrl+Z brings back the
/// drawing as it was, its history too).
final class ImageCommands {
    unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    /// Image → Transform (Ctrl+T) on the selection or the current layer.
    private(set) lazy var freeTransform = FreeTransformController(board: board)

    var isBackgroundAPicture: Bool {
        if case .image = board.canvas.canvasBackground { return true }
        return false
    }

    /// Turns or mirrors every layer and the background; the size swaps for a quarter turn.
    func turn(_ turn: ImageTurn) {
        let canvas = board.canvas
        canvas.commitText()
        board.bakePhoto()
        canvas.cancelStroke()
        canvas.deselect()
        // One item of a few bytes, whatever the layers (a background picture, which the item
        // does not turn, takes the way below: the drawing made anew, kept as a crop is).
        if !isBackgroundAPicture {
            canvas.commit(.turnImage(turn))
            return board.showStatus(tr("%@ (Ctrl+Z takes it back)", turn.done))
        }
        var stack = canvas.artworkSnapshot().stack()
        for index in stack.layers.indices { stack.layers[index].pixels = stack.layers[index].pixels.reoriented(turn.orientation) }
        if turn.swapsSides { (stack.width, stack.height) = (stack.height, stack.width) }
        board.documentController.crop(to: DocumentFormat.opening(stack, pixelScale: canvas.layerScale), what: turn.done)
        board.showStatus(tr("%@ (Ctrl+Z takes it back)", turn.done))
    }

    /// Every layer cut to `area` (layer pixels), with its properties; the background stays one.
    /// `what`: what Ctrl+Z says it took back (nil: the crop).
    func cropLayers(to area: PixelRect, what: String? = nil, purpose: CanvasChange.Purpose = .crop) {
        let canvas = board.canvas
        // One item of a few numbers (a background picture, which the item does not cut, takes
        // the way below).
        if !isBackgroundAPicture {
            canvas.cancelStroke()
            canvas.deselect()
            canvas.commit(.canvasSize(.crop(to: area, oldWidth: canvas.drawing.width, oldHeight: canvas.drawing.height, purpose: purpose)))
            return
        }
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
        cropLayers(to: area, what: tr("the auto crop"), purpose: .autoCrop)
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
}
