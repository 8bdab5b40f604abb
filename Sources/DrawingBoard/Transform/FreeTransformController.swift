import Foundation
import PaintDocument
import PaintGraphics
import PaintToolkit

/// Image → Transform (Ctrl+T): the selection's pixels, or the whole current layer's, in a frame
/// with handles to scale, turn, skew and put in perspective, with fields for the numbers and
/// the resampling filter. While a handle is dragged the frame's view draws the pixels at the
/// screen's resolution over a layer with their place emptied; at rest the layer shows the
/// exact result. Enter (or Apply) makes it one document item of parameters; Escape (or Cancel)
/// leaves the document as it was. Opening the menu or another command applies it first, as
/// Krita's tools do, so nothing else changes the layer under it.
final class FreeTransformController {
    private unowned let board: DrawingBoardViewController
    private(set) var frameView: FreeTransformView?
    private var area: SelectionArea?

    init(board: DrawingBoardViewController) { self.board = board }

    var isActive: Bool { frameView != nil }
    private var canvas: CanvasView { board.canvas }

    // MARK: - Beginning and ending

    func begin() {
        guard !isActive, !board.isRestoring else { return }
        if board.photoPlacement != nil { board.bakePhoto() }
        guard !canvas.content.isCurrentLayerLocked else {
            return board.showStatus(tr("This layer is locked"))
        }
        let size = canvas.viewport.contentSize
        area = canvas.selectionArea
        let source = area?.bounds ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
        let scale = canvas.layerScale
        let pixels = area?.pixels(atScale: scale) ?? PixelRect(x0: 0, y0: 0, x1: canvas.drawing.width, y1: canvas.drawing.height)
        let lifted = canvas.drawing.renderCurrentLayer(in: pixels)
        area?.clearOutside(lifted, atScale: scale)
        guard lifted.hasPaint(in: lifted.bounds) else { return board.showStatus(tr("Nothing to transform here")) }
        // About the screen's pixels: a 4000x3000 layer is dragged from a 2000x1500 copy.
        let factor = BoxDownscaler.factor(width: lifted.width, height: lifted.height, maximumPixels: 4_000_000)
        let reduced = factor > 1 ? BoxDownscaler.downscale(lifted, by: factor) : lifted
        let view = FreeTransformView(transform: FreeTransform(identityOf: source, filter: .bicubic), reduced: reduced,
                                     unitsPerPixel: Double(factor) / scale, viewport: { [unowned self] in self.canvas.viewport }, frame: canvas.frame)
        view.onChange = { [unowned self] in self.dragged() }
        view.onSettled = { [unowned self] in self.settled() }
        let index = board.view.subviews.firstIndex { $0 === board.toolbar } ?? board.view.subviews.count
        board.view.insertSubview(view, at: index)
        board.view.insertSubview(bar, at: index + 1)
        board.view.insertSubview(fieldsBar, at: index + 2)
        frameView = view
        filterPicker.selectedIndex = PerspectiveWarp.filters.firstIndex(of: .bicubic) ?? 0
        showFields()
        layout()
        board.showStatus(tr("Drag a corner or side to scale, outside to turn; Ctrl+side skews, Ctrl+corner distorts. Enter applies, Escape cancels"))
    }

    /// Enter, Apply: one document item (nothing when nothing moved).
    @discardableResult
    func apply() -> Bool {
        guard let view = frameView else { return false }
        let transform = view.freeTransform, area = self.area
        end()
        guard !transform.isIdentity else { return true }
        canvas.commit(.transform(transform, area: area))
        if area != nil, let moved = transform.transformedSelection() { canvas.selectionTool.select(moved) }
        board.showStatus(tr("Transformed (Ctrl+Z takes it back)"))
        return true
    }

    /// Escape, Cancel: the layer as it was.
    @discardableResult
    func cancel() -> Bool {
        guard isActive else { return false }
        end()
        board.showStatus(tr("Transform cancelled"))
        return true
    }

    private func end() {
        canvas.content.previewItem(nil)
        canvas.setNeedsDisplay()
        frameView?.removeFromSuperview()
        bar.removeFromSuperview()
        fieldsBar.removeFromSuperview()
        frameView = nil
    }

    /// The frame over the canvas; the commands and the fields above each other, where they
    /// cover none of the frame's handles (as the photo's bar does).
    func layout() {
        guard let view = frameView else { return }
        view.frame = canvas.frame
        let inset = 10.0
        let barWidth = bar.fullWidth.rounded(.up), fieldsWidth = min(fieldsBar.fullWidth.rounded(.up), canvas.frame.width - 2 * inset)
        // A short canvas (the smallest window) keeps its room for the frame: the fields go.
        fieldsBar.isHidden = canvas.frame.height < 300
        let width = fieldsBar.isHidden ? barWidth : max(barWidth, fieldsWidth)
        // Above the message line, which shows the frame's hints at the canvas's foot.
        var free = canvas.frame
        free.size.height = max(0, min(free.height, board.messageLine.frame.minY - free.minY))
        let port = canvas.viewport, corners = view.freeTransform.corners
        let handles = (corners + (0..<4).map { TransformDrag.midpoint(corners[$0], corners[($0 + 1) % 4]) })
            .map { view.convert(port.viewPoint($0), to: board.view) }
        let both = PhotoPlacementController.barFrame(size: Size(width: width, height: fieldsBar.isHidden ? 40 : 86), in: free, avoiding: handles)
        bar.frame = Rect(x: (both.midX - barWidth / 2).rounded(), y: both.minY, width: barWidth, height: 40)
        fieldsBar.frame = Rect(x: (both.midX - fieldsWidth / 2).rounded(), y: both.minY + 46, width: fieldsWidth, height: 40)
    }

    // MARK: - Following the frame

    /// A handle moves: the layer shows the pixels' place emptied, the frame's view draws them.
    private func dragged() {
        if !holeShown {
            canvas.content.previewItem(area.map { .clearArea($0) } ?? .clear)
            holeShown = true
            canvas.setNeedsDisplay()
        }
        showFields()
    }

    private var holeShown = false

    /// At rest: the exact result on the layer, with the filter chosen.
    private func settled() {
        guard let view = frameView else { return }
        holeShown = false
        canvas.content.previewItem(view.freeTransform.isIdentity ? nil : .transform(view.freeTransform, area: area))
        canvas.setNeedsDisplay()
        showFields()
        layout()
    }

    private func showFields() {
        guard let view = frameView else { return }
        let numbers = TransformFields(corners: view.freeTransform.corners)
        for (field, value) in zip(fields, [numbers.centerX, numbers.centerY, numbers.width, numbers.height, numbers.angle, numbers.skew]) {
            field.show(value)
        }
    }

    private func fieldChanged() {
        guard let view = frameView else { return }
        let values = fields.map(\.value)
        let numbers = TransformFields(centerX: values[0], centerY: values[1], width: values[2], height: values[3], angle: values[4], skew: values[5])
        view.setCorners(numbers.corners)
        settled()
    }

    // MARK: - Subviews

    private lazy var filterPicker: PopUpButton = {
        let picker = PopUpButton(items: [tr("Nearest neighbour"), tr("Bilinear"), tr("Bicubic")])
        picker.addAction(for: .valueChanged) { [unowned self] _ in
            self.frameView?.setFilter(PerspectiveWarp.filters[picker.selectedIndex])
            self.settled()
        }
        return picker
    }()

    private lazy var applyButton = Button(title: tr("Apply"), toolTip: tr("Apply the transform (Enter)")) { [unowned self] in self.apply() }
    private lazy var cancelButton = Button(title: tr("Cancel"), toolTip: tr("Leave the layer as it was (Escape)")) { [unowned self] in self.cancel() }

    private(set) lazy var bar: Toolbar = {
        let bar = FloatingBar()
        bar.items = [.view(filterPicker, width: filterPicker.intrinsicWidth), .fixedSpace(12), .button(cancelButton), .button(applyButton)]
        return bar
    }()

    /// Centre x and y, width, height, angle and skew.
    private(set) lazy var fields: [SpinField] = {
        let limit = Double(DocumentFormat.maximumSide) * 2
        let specs: [(range: ClosedRange<Double>, unit: String, tip: String, decimals: Int)] = [
            (-limit...limit, "", tr("Centre, across"), 0), (-limit...limit, "", tr("Centre, down"), 0),
            (-limit...limit, "", tr("Frame width"), 0), (-limit...limit, "", tr("Frame height"), 0),
            (-360...360, "°", tr("Angle"), 1), (-85...85, "°", tr("Skew"), 1),
        ]
        return specs.map { spec in
            let field = SpinField(value: 0, range: spec.range, step: spec.unit.isEmpty ? 1 : 0.5, decimals: spec.decimals)
            field.unit = spec.unit
            field.toolTip = spec.tip
            field.onValueChange = { [unowned self] _ in self.fieldChanged() }
            return field
        }
    }()

    private(set) lazy var fieldsBar: Toolbar = {
        let bar = FloatingBar()
        bar.items = fields.map { .view($0, width: 62) }
        return bar
    }()
}
