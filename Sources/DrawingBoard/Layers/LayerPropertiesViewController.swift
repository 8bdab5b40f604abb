import Foundation

/// A layer's properties (a double click on its row): name, opacity, blend mode, shown, locked.
/// Every change is shown on the canvas at once (the dialog leaves the canvas undimmed to see
/// it); OK makes them one undoable change, Cancel and Escape leave the layer as it was.
final class LayerPropertiesViewController: ViewController {
    private(set) var properties: LayerProperties
    var onChange: ((LayerProperties) -> Void)?
    var onFinish: ((LayerProperties) -> Void)?
    var onCancel: (() -> Void)?

    init(properties: LayerProperties) {
        self.properties = properties
        super.init()
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.addSubview(box)
        for subview in [titleLabel, nameLabel, nameField, opacityLabel, opacitySlider, opacityValue, modeLabel, modePopUp,
                        visibleBox, lockedBox, okButton, cancelButton] as [View] {
            box.addSubview(subview)
        }
        nameField.text = properties.name
        opacitySlider.value = properties.opacity * 100
        modePopUp.selectedIndex = LayerBlendMode.allCases.firstIndex(of: properties.mode) ?? 0
        visibleBox.isOn = properties.isVisible
        lockedBox.isOn = properties.isLocked
        showOpacity()
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { nameField.beginEditing(selectingAll: true) }

    override func viewWillLayoutSubviews() {
        // Low in the window, the canvas above it in view for the preview.
        let size = Size(width: min(400, view.bounds.width - 16), height: 232)
        box.frame = Rect(x: (view.bounds.width - size.width) / 2, y: max(8, view.bounds.height - size.height - 110), width: size.width, height: size.height)
        let width = box.frame.width, labels = 110.0, field = width - labels - 28
        titleLabel.frame = Rect(x: 16, y: 10, width: width - 32, height: 24)
        nameLabel.frame = Rect(x: 16, y: 44, width: labels, height: 28)
        nameField.frame = Rect(x: 16 + labels, y: 44, width: field, height: 28)
        opacityLabel.frame = Rect(x: 16, y: 80, width: labels, height: 28)
        opacitySlider.frame = Rect(x: 16 + labels, y: 80, width: field - 52, height: 28)
        opacityValue.frame = Rect(x: width - 60, y: 80, width: 48, height: 28)
        modeLabel.frame = Rect(x: 16, y: 116, width: labels, height: 30)
        modePopUp.frame = Rect(x: 16 + labels, y: 116, width: min(field, modePopUp.intrinsicWidth), height: 30)
        visibleBox.frame = Rect(x: 16, y: 154, width: visibleBox.intrinsicWidth, height: 28)
        lockedBox.frame = Rect(x: 32 + visibleBox.intrinsicWidth, y: 154, width: lockedBox.intrinsicWidth, height: 28)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 190, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: 190, width: okButton.intrinsicWidth, height: 32)
    }

    // MARK: - Actions

    /// The fields as properties, shown on the canvas at once.
    private func changed() {
        let name = nameField.text.trimmingCharacters(in: .whitespaces)
        properties = LayerProperties(name: name.isEmpty ? properties.name : name, opacity: opacitySlider.value.rounded() / 100,
                                     mode: LayerBlendMode.allCases[modePopUp.selectedIndex], isVisible: visibleBox.isOn, isLocked: lockedBox.isOn)
        showOpacity()
        onChange?(properties)
    }

    private func showOpacity() { opacityValue.text = "\(Int(opacitySlider.value.rounded()))%" }

    func finish() {
        changed()
        onFinish?(properties)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Layer Properties"))
    private lazy var nameLabel = Label(text: tr("Name"))
    private(set) lazy var nameField: TextField = {
        let field = TextField(placeholder: tr("Layer name"))
        field.addAction(for: .valueChanged) { [unowned self] _ in self.changed() }
        return field
    }()
    private lazy var opacityLabel = Label(text: tr("Opacity"))
    private(set) lazy var opacitySlider: Slider = {
        let slider = Slider()
        slider.minimumValue = 0
        slider.maximumValue = 100
        slider.addAction(for: .valueChanged) { [unowned self] _ in self.changed() }
        return slider
    }()
    private lazy var opacityValue = Label()
    private lazy var modeLabel = Label(text: tr("Blend mode"))
    private(set) lazy var modePopUp: PopUpButton = {
        let popUp = PopUpButton(items: LayerBlendMode.allCases.map(\.userName))
        popUp.addAction(for: .valueChanged) { [unowned self] _ in self.changed() }
        return popUp
    }()
    private(set) lazy var visibleBox: CheckBox = {
        let box = CheckBox(title: tr("Visible"))
        box.addAction(for: .valueChanged) { [unowned self] _ in self.changed() }
        return box
    }()
    private(set) lazy var lockedBox: CheckBox = {
        let box = CheckBox(title: tr("Locked"), toolTip: tr("A locked layer takes no painting"))
        box.addAction(for: .valueChanged) { [unowned self] _ in self.changed() }
        return box
    }()
    private(set) lazy var okButton = DialogParts.button(tr("OK")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
