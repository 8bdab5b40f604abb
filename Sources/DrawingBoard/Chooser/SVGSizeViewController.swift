/// Opening an SVG as the drawing (GIMP's Render SVG): a vector picture has no pixels of its
/// own, so it asks at what size to draw it, its own size (96 dpi) offered, by percentage or in
/// pixels, the aspect ratio kept unless the box is cleared. Drawn larger it stays sharp.
final class SVGSizeViewController: ImageSizeDialog {
    var onFinish: ((_ width: Int, _ height: Int) -> Void)?

    init(name: String, width: Int, height: Int) {
        super.init(title: tr("Draw %@ at", name), acceptTitle: tr("Open"), width: width, height: height)
    }

    // MARK: - Actions

    override func finish() {
        guard let size = form.typedSize else { return }
        onFinish?(size.width, size.height)
    }
}
