import Foundation

/// An adjustment or effect with settings (Posterize's levels, a blur's radius): a slider for
/// each with a number field beside it (typed, or stepped by the setting's own unit with the
/// arrows, as GTK's spin buttons; the slider's keys step by that unit too), previewed on the
/// canvas itself as they move (the dialog sits low,
/// leaving the canvas undimmed); OK makes it one undoable item, Cancel and Escape leave the
/// layer as it was.
final class SliderAdjustmentViewController: AdjustmentDialogViewController {
    struct Setting {
        let label: String
        let range: ClosedRange<Double>
        let initial: Double
        /// Values between are rounded to this (1: whole numbers).
        var step: Double = 1
        /// How the slider's travel maps to the range: 2 gives the low end room (a blur's
        /// radius from 0.5 to 200, where the small ones matter most).
        var exponent: Double = 1

        /// The setting at a slider position (0...1).
        func value(at position: Double) -> Double {
            let raw = range.lowerBound + (range.upperBound - range.lowerBound) * Foundation.pow(min(max(position, 0), 1), exponent)
            return (raw / step).rounded() * step
        }

        /// The slider position (0...1) of a setting.
        func position(of value: Double) -> Double {
            Foundation.pow(min(max((value - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1), 1 / exponent)
        }
    }

    struct Form {
        let title: String
        let settings: [Setting]
        let adjustment: ([Double]) -> PixelAdjustment
    }

    private let form: Form

    init(_ form: Form) {
        self.form = form
        super.init(title: form.title)
    }

    /// What the sliders say now.
    override var adjustment: PixelAdjustment { form.adjustment(values) }

    override var controls: [View] { settingLabels + sliders + valueFields }

    private var values: [Double] { zip(sliders, form.settings).map { slider, setting in setting.value(at: slider.value) } }

    /// Moves slider `index` to `value` (as a drag there would).
    func set(_ value: Double, at index: Int) {
        sliders[index].value = form.settings[index].position(of: value)
        sliders[index].sendActions(for: .valueChanged)
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        for (slider, setting) in zip(sliders, form.settings) {
            slider.minimumValue = 0
            slider.maximumValue = 1
            slider.value = setting.position(of: setting.initial)
            // A key moves the setting by its unit (0.5 of a radius), not the track by a fraction.
            slider.stepper = { position, steps in setting.position(of: setting.value(at: position) + Double(steps) * setting.step) }
        }
        showValues()
    }

    override func viewWillLayoutSubviews() {
        let rows = Double(form.settings.count)
        let size = Size(width: min(440, view.bounds.width - 16), height: 94 + 36 * rows)
        // Low in the window, leaving the canvas above it to show the preview.
        layOutBox(Rect(x: (view.bounds.width - size.width) / 2, y: max(8, view.bounds.height - size.height - 110), width: size.width, height: size.height))
        let width = size.width
        let labelWidth = min(150, max(90, (settingLabels.map { $0.font.width(of: $0.text) }.max() ?? 0) + 8))
        for index in sliders.indices {
            let y = 46 + 36 * Double(index)
            settingLabels[index].frame = Rect(x: 16, y: y, width: labelWidth, height: 28)
            sliders[index].frame = Rect(x: 16 + labelWidth, y: y, width: width - 16 - labelWidth - 84, height: 28)
            valueFields[index].frame = Rect(x: width - 76, y: y, width: 64, height: 28)
        }
    }

    // MARK: - Actions

    private func showValues() {
        for (field, value) in zip(valueFields, values) { field.show(value) }
    }

    // MARK: - Subviews

    private lazy var settingLabels = form.settings.map { Label(text: $0.label) }
    private(set) lazy var sliders: [Slider] = form.settings.map { _ in
        let slider = Slider()
        slider.addAction(for: .valueChanged) { [unowned self] _ in
            self.showValues()
            self.changed()
        }
        return slider
    }
    private(set) lazy var valueFields: [SpinField] = form.settings.enumerated().map { index, setting in
        let field = SpinField(value: setting.initial, range: setting.range, step: setting.step, decimals: setting.step < 1 ? 1 : 0)
        field.onValueChange = { [unowned self] value in self.set(value, at: index) }
        return field
    }
}
