/// Opens the brush picker over the board (Tools → Choose Brush…, or B with the Paintbrush
/// already in hand): a brush taken puts the Paintbrush in hand, the size slider is the pen's
/// width, and the stars, opacity and hardness go to settings.toml with the rest of the pen.
enum BrushPickerPresenter {
    static func show(on board: DrawingBoardViewController) {
        guard board.presentedViewController == nil else { return }
        if let problem = MyPaintBrushes.shared.problem, !BrushStrokeDrawing.isAvailable || MyPaintBrushes.shared.set.folder == nil {
            return board.showStatus(problem, isError: true)
        }
        let picker = BrushPickerViewController(width: board.canvas.strokeWidth)
        picker.onWidthChange = { [unowned board] width in board.setStrokeWidth(width) }
        picker.onChoose = { [unowned board] in
            if let index = DrawingBoardViewController.tools.firstIndex(where: { $0 is PaintBrush }) { board.selectTool(at: index) }
        }
        picker.onClose = { [unowned board] in board.dismiss(animated: false) }
        board.present(picker, animated: false)
    }
}
