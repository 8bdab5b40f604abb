/// The toolbar of seed 000 on top of the board: Clear, Undo, Redo, Eraser, Photo, the tools
/// (segments, or a pop-up menu when the bar is narrow), and Save at the far right. It shows what
/// the board tells it (the tool, what can be undone) and reports what the user asks for.
public final class BoardToolbarController {
    public var onClear: (() -> Void)?
    public var onUndo: (() -> Void)?
    public var onRedo: (() -> Void)?
    public var onEraser: (() -> Void)?
    public var onPhoto: (() -> Void)?
    public var onSave: (() -> Void)?
    public var onTool: ((Int) -> Void)?
    public var onMenu: (() -> Void)?

    init() {}

    /// The tool in use, in both pickers, and the Eraser button lit when it is the eraser.
    func show(tool index: Int) {
        toolPicker.selectedSegmentIndex = index
        toolPopUp.selectedIndex = index
        eraserButton.isSelected = index == DrawingBoardViewController.eraserIndex
    }

    var selectedTool: Int { toolPicker.selectedSegmentIndex }

    /// What Clear, Undo and Redo can do now.
    func show(canClear: Bool, canUndo: Bool, canRedo: Bool) {
        clearButton.isEnabled = canClear
        undoButton.isEnabled = canUndo
        redoButton.isEnabled = canRedo
    }

    // MARK: - Subviews

    public private(set) lazy var clearButton = Button(title: tr("Clear"), toolTip: tr("Clear the drawing (Delete)")) { [unowned self] in self.onClear?() }
    public private(set) lazy var undoButton = Button(title: tr("Undo"), toolTip: tr("Undo (Ctrl+Z)")) { [unowned self] in self.onUndo?() }
    public private(set) lazy var redoButton = Button(title: tr("Redo"), toolTip: tr("Redo (Ctrl+Shift+Z)")) { [unowned self] in self.onRedo?() }
    public private(set) lazy var eraserButton = Button(title: tr("Eraser"), toolTip: tr("Eraser (X)")) { [unowned self] in self.onEraser?() }
    public private(set) lazy var photoButton = Button(title: tr("Photo"), toolTip: tr("Place a photo (Ctrl+Shift+O)")) { [unowned self] in self.onPhoto?() }
    public private(set) lazy var saveButton = Button(title: tr("Save"), toolTip: tr("Save to Pictures (Ctrl+S)")) { [unowned self] in self.onSave?() }

    /// The main menu (File, Edit, View, Image, Tools, Help) at the bar's end: an icon only, as
    /// GNOME's header bars have it.
    public private(set) lazy var menuButton: Button = {
        let button = Button(title: tr("Menu"), toolTip: tr("Main menu (F10)")) { [unowned self] in self.onMenu?() }
        button.iconName = "open-menu"
        button.showsTitle = false
        return button
    }()

    public private(set) lazy var toolPicker: SegmentedControl = {
        let picker = SegmentedControl(items: DrawingBoardViewController.tools.map(\.name))
        picker.segmentToolTips = DrawingBoardViewController.tools.map(\.toolTip)
        picker.segmentIcons = DrawingBoardViewController.tools.map(\.iconName)
        picker.addAction(for: .valueChanged) { [unowned self] control in self.onTool?((control as! SegmentedControl).selectedSegmentIndex) }
        return picker
    }()

    /// The tool picker when the window is too narrow for its segments.
    public private(set) lazy var toolPopUp: PopUpButton = {
        let popUp = PopUpButton(items: DrawingBoardViewController.tools.map(\.name))
        popUp.addAction(for: .valueChanged) { [unowned self] control in self.onTool?((control as! PopUpButton).selectedIndex) }
        return popUp
    }()

    /// The theme's icons beside the titles.
    private func withIcons() {
        for (button, icon) in [(clearButton, "edit-clear-all"), (undoButton, "edit-undo"), (redoButton, "edit-redo"),
                               (eraserButton, "tool-eraser"), (photoButton, "insert-image"), (saveButton, "document-save")] {
            button.iconName = icon
        }
    }

    public private(set) lazy var toolbar: Toolbar = {
        withIcons()
        let toolbar = Toolbar()
        toolbar.items = [.button(clearButton), .button(undoButton), .button(redoButton), .button(eraserButton), .button(photoButton),
                         .flexibleSpace,
                         .adaptive(toolPicker, width: toolPicker.intrinsicWidth, compact: toolPopUp, compactWidth: toolPopUp.intrinsicWidth),
                         .flexibleSpace, .button(saveButton), .view(menuButton, width: 44)]
        return toolbar
    }()
}
