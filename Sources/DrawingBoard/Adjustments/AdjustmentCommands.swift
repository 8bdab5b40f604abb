/// The Adjustments and Effects menus: colour changes and effects of the current layer (or of
/// the selection on it), each one item of the history replayed in integer or fixed-order
/// arithmetic; the ones with settings chosen in a dialog that previews them on the canvas.
final class AdjustmentCommands {
    unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

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

    private func present(_ dialog: AdjustmentDialogViewController, named title: String) {
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
        guard layer.hasPaint(in: area?.pixels(atScale: scale) ?? layer.bounds, selected: area?.mask(atScale: scale)) else {
            return board.showStatus(tr("Nothing to change: %@ is empty there", canvas.content.layers.displayName(of: canvas.content.currentLayerID)))
        }
        if case .effect = adjustment, board.besideWork.running == nil {
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

    /// An effect's OK: worked band by band on a copy of the layer beside the UI thread, then
    /// committed as any adjustment, the item taking the finished pixels instead of working
    /// them again.
    private func applyBeside(_ adjustment: PixelAdjustment, area: SelectionArea?, named title: String) {
        let canvas = board.canvas, scale = canvas.layerScale, layer = canvas.drawing.layer
        let job = AdjustmentJob(adjustment, source: layer.cropped(to: layer.bounds), area: area?.pixels(atScale: scale) ?? layer.bounds,
                                selected: area?.mask(atScale: scale))
        // The canvas goes on showing the effect (as previewed) while it is worked at full size.
        canvas.content.previewAdjustment(adjustment, area: area, reduction: max(1, Int(1 / canvas.zoom)))
        board.besideWork.run(tr("Applying %@", title), { progress, isStopped in
            job.run(progress: progress, isStopped: isStopped)
        }, done: { [unowned self] result in
            canvas.content.previewAdjustment(nil, area: nil)
            // At a soft edge the result goes only part of the way (as the item's replay does).
            area?.soften(result, from: layer, at: (0, 0), atScale: scale)
            let items = canvas.document.items.count
            canvas.commit(.adjust(adjustment, area: area), painted: result)
            guard canvas.document.items.count > items else { return }
            self.said(adjustment, named: title)
        }, stopped: { canvas.content.previewAdjustment(nil, area: nil) })
    }
}
