/// A dialog that sets an adjustment up: it says each change (the canvas previews it; nil: its
/// Preview box is off, the layer shows as it is, for a before and after), the adjustment
/// chosen on OK, and Cancel.
protocol AdjustmentDialog: ViewController {
    var onChange: ((PixelAdjustment?) -> Void)? { get set }
    var onFinish: ((PixelAdjustment) -> Void)? { get set }
    var onCancel: (() -> Void)? { get set }
}

extension SliderAdjustmentViewController: AdjustmentDialog {}
extension CurvesViewController: AdjustmentDialog {}
extension LevelsViewController: AdjustmentDialog {}

extension DialogParts {
    /// An adjustment dialog's Preview box, on at first: off shows the layer as it is (before),
    /// on as the settings leave it (after).
    static func previewBox(_ changed: @escaping () -> Void) -> CheckBox {
        let box = CheckBox(title: tr("Preview"), toolTip: tr("Off: the layer as it is, to compare"))
        box.isOn = true
        box.addAction(for: .valueChanged) { _ in changed() }
        return box
    }
}
