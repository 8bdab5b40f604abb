/// Levels (Ctrl+L, GIMP's and Pinta's): input black and white points, gamma and output points,
/// for the three channels together or each alone, over the channel's histogram, each a slider
/// with a number field beside it (typed, or stepped by a level, a gamma by 0.05); previewed on
/// the canvas as a slider moves. OK makes one undoable item; Cancel and Escape leave the layer.
final class LevelsViewController: AdjustmentDialogViewController {
    /// Counts per level of luma, red, green and blue (what the layer or selection holds).
    private let histograms: [[Int]]
    /// Per channel (red, green, blue): input black, input white, gamma, output black, output white.
    private var settings = [[Double]](repeating: [0, 255, 1, 0, 255], count: 3)

    init(histograms: [[Int]]) {
        self.histograms = histograms
        super.init(title: tr("Levels"))
    }

    private static let names = [tr("Input black"), tr("Input white"), tr("Gamma"), tr("Output black"), tr("Output white")]
    private static let ranges: [ClosedRange<Double>] = [0...255, 0...255, 0.1...5, 0...255, 0...255]
    /// What one step of a key moves each setting by.
    private static let steps = [1, 1, 0.05, 1, 1]
    private static let barColors = [Color(r: 150, g: 150, b: 160), Color(r: 220, g: 120, b: 120), Color(r: 110, g: 180, b: 120), Color(r: 120, g: 150, b: 230)]

    /// The levels the sliders say, for every channel.
    override var adjustment: PixelAdjustment {
        let column = { (index: Int) in self.settings.map { $0[index] } }
        return .levels(.init(low: column(0).map { Int($0) }, high: (0..<3).map { max(Int(settings[$0][1]), Int(settings[$0][0]) + 1) },
                             gamma: column(2), outputLow: column(3).map { Int($0) }, outputHigh: column(4).map { Int($0) }))
    }

    /// The channels the sliders change now: all three on RGB.
    private var channels: [Int] { channelPicker.selectedSegmentIndex == 0 ? [0, 1, 2] : [channelPicker.selectedSegmentIndex - 1] }

    // MARK: - Lifecycle

    override var controls: [View] { [channelPicker, histogram] + labels + sliders + values }

    override func viewDidLoad() {
        super.viewDidLoad()
        for (index, (slider, range)) in zip(sliders, Self.ranges).enumerated() {
            slider.minimumValue = range.lowerBound
            slider.maximumValue = range.upperBound
            slider.stepper = { value, steps in value + Double(steps) * Self.steps[index] }
        }
        channelPicker.selectedSegmentIndex = 0
        showChannel()
    }

    override func viewWillLayoutSubviews() {
        let histogramHeight = min(100, max(40, view.bounds.height - 360))
        let size = Size(width: min(440, view.bounds.width - 16), height: 140 + histogramHeight + 5 * 32)
        layOutBox(placeClearOfTheMiddle(size))
        let width = size.width
        channelPicker.frame = Rect(x: 16, y: 40, width: width - 32, height: 28)
        histogram.frame = Rect(x: 16, y: 78, width: width - 32, height: histogramHeight)
        let labelWidth = min(150, (labels.map { $0.font.width(of: $0.text) }.max() ?? 0) + 10)
        for index in sliders.indices {
            let y = 88 + histogramHeight + 32 * Double(index)
            labels[index].frame = Rect(x: 16, y: y, width: labelWidth, height: 28)
            sliders[index].frame = Rect(x: 16 + labelWidth, y: y, width: width - 16 - labelWidth - 84, height: 28)
            values[index].frame = Rect(x: width - 76, y: y, width: 64, height: 28)
        }
    }

    // MARK: - Actions

    /// A slider moved: its setting for the channels shown, rounded (gamma to 0.05, levels whole).
    func sliderChanged(_ index: Int) {
        let step = Self.steps[index]
        let value = (sliders[index].value / step).rounded() * step
        for channel in channels { settings[channel][index] = value }
        showValues()
        changed()
    }


    /// The chosen channel's settings (red's on RGB) and histogram.
    private func showChannel() {
        let shown = channels[0]
        for (index, slider) in sliders.enumerated() { slider.value = settings[shown][index] }
        histogram.counts = histograms[channelPicker.selectedSegmentIndex]
        histogram.barColor = Self.barColors[channelPicker.selectedSegmentIndex]
        showValues()
    }

    private func showValues() {
        let shown = settings[channels[0]]
        for (index, field) in values.enumerated() { field.show(shown[index]) }
        histogram.marks = (Int(shown[0]), Int(shown[1]))
    }

    // MARK: - Subviews

    private(set) lazy var channelPicker: SegmentedControl = {
        let picker = SegmentedControl(items: [tr("RGB"), tr("Red"), tr("Green"), tr("Blue")])
        picker.addAction(for: .valueChanged) { [unowned self] _ in self.showChannel() }
        return picker
    }()
    private lazy var histogram = HistogramView()
    private lazy var labels = Self.names.map { Label(text: $0) }
    private(set) lazy var sliders: [Slider] = (0..<5).map { index in
        let slider = Slider()
        slider.addAction(for: .valueChanged) { [unowned self] _ in self.sliderChanged(index) }
        return slider
    }
    private(set) lazy var values: [SpinField] = (0..<5).map { index in
        let field = SpinField(value: [0, 255, 1, 0, 255][index], range: Self.ranges[index], step: Self.steps[index], decimals: index == 2 ? 2 : 0)
        field.onValueChange = { [unowned self] value in
            self.sliders[index].value = value
            self.sliderChanged(index)
        }
        return field
    }
}
