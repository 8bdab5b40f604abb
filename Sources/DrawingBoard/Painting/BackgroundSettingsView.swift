import Foundation

/// The background settings (背景设置): a colour through the same picker, a picture (chosen
/// with a file dialog, or a typed path) scaled to fill, or none: transparent.
public final class BackgroundSettingsView: View {
    public var onColor: ((Color) -> Void)?
    /// Transparent: no background, the checkerboard on screen and alpha in the saved file.
    public var onTransparent: (() -> Void)?
    public var onImagePath: ((String) -> Void)?
    /// Choose… asks for a picture with a file dialog.
    public var onChoose: (() -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(colorPicker)
        addSubview(chooseButton)
        addSubview(pathField)
        addSubview(useImageButton)
        addSubview(transparentButton)
        addSubview(messageLabel)
    }

    public func show(message: String, isError: Bool) {
        messageLabel.text = message
        messageLabel.textColor = isError ? Color(r: 190, g: 30, b: 30) : Color(r: 90, g: 90, b: 96)
    }

    public override func layoutSubviews() {
        colorPicker.frame = Rect(x: 0, y: 0, width: bounds.width, height: 92)
        useImageButton.frame = Rect(x: bounds.width - useImageButton.intrinsicWidth, y: 100, width: useImageButton.intrinsicWidth, height: 28)
        chooseButton.frame = Rect(x: 0, y: 100, width: chooseButton.intrinsicWidth, height: 28)
        pathField.frame = Rect(x: chooseButton.frame.maxX + 8, y: 100, width: max(0, useImageButton.frame.minX - 16 - chooseButton.frame.maxX), height: 28)
        transparentButton.frame = Rect(x: 0, y: 134, width: transparentButton.intrinsicWidth, height: 28)
        messageLabel.frame = Rect(x: transparentButton.frame.maxX + 8, y: 136, width: max(0, bounds.width - transparentButton.frame.maxX - 8),
                                  height: 24)
    }

    public private(set) lazy var colorPicker: ColorPicker = {
        let picker = ColorPicker()
        picker.onChange = { [unowned self] color in self.onColor?(color) }
        return picker
    }()

    public private(set) lazy var pathField: TextField = {
        let field = TextField(placeholder: tr("Picture file (PNG or JPEG), for example ~/Pictures/paper.jpg"))
        field.onSubmit = { [unowned self] path in self.onImagePath?(path) }
        return field
    }()

    public private(set) lazy var chooseButton = Button(title: tr("Choose…"), toolTip: tr("Choose a picture for the background")) { [unowned self] in
        self.onChoose?()
    }

    public private(set) lazy var useImageButton: Button = {
        let button = Button(title: tr("Use picture"))
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.onImagePath?(self.pathField.text) }
        return button
    }()

    public private(set) lazy var transparentButton = Button(title: tr("Transparent"),
                                                            toolTip: tr("No background: a checkerboard here, transparency in PNG, WebP, TIFF and ORA")) { [unowned self] in
        self.onTransparent?()
    }

    public private(set) lazy var messageLabel = Label()
}
