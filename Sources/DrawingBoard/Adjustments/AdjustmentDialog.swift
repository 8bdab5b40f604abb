/// A dialog that sets an adjustment up: it says each change (the canvas previews it), the
/// adjustment chosen on OK, and Cancel.
protocol AdjustmentDialog: ViewController {
    var onChange: ((PixelAdjustment) -> Void)? { get set }
    var onFinish: ((PixelAdjustment) -> Void)? { get set }
    var onCancel: (() -> Void)? { get set }
}

extension SliderAdjustmentViewController: AdjustmentDialog {}
extension CurvesViewController: AdjustmentDialog {}
extension LevelsViewController: AdjustmentDialog {}
