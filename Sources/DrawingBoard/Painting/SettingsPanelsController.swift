import Foundation

/// The two settings panels of seed 003 that slide up over the bottom of the board: Brush (width
/// and colour) and Background (a colour, or a picture read in the background). One shows at a
/// time. The background is previewed live and the whole visit becomes one undoable change when
/// the panel goes.
public final class SettingsPanelsController {
    private unowned let host: View
    private unowned let canvas: CanvasView
    /// What the user chose for the pen.
    var onWidthChange: ((Double) -> Void)?
    /// A colour was chosen (true: for the secondary colour).
    var onColorChange: ((Color, _ secondary: Bool) -> Void)?
    var onShapeFillChange: ((ShapeFill) -> Void)?
    var onFillToleranceChange: ((Double) -> Void)?
    /// The Background panel's Choose… (a file dialog the board shows).
    var onChooseBackground: (() -> Void)?
    /// Where a typed `~/` points, the most pixels a picture is kept at, the UI thread.
    private let home: () -> String
    private let maximumPixels: () -> Int
    private let deliver: () -> (@escaping () -> Void) -> Void
    /// Reads and decodes background pictures beside the UI thread.
    private let opener = PhotoOpener()

    init(host: View, canvas: CanvasView, home: @escaping () -> String, maximumPixels: @escaping () -> Int,
         deliver: @escaping () -> (@escaping () -> Void) -> Void) {
        self.host = host
        self.canvas = canvas
        self.home = home
        self.maximumPixels = maximumPixels
        self.deliver = deliver
    }

    private var panels: [SettingsPanel] { [brushPanel, backgroundPanel, palettePanel] }

    /// One panel at a time.
    private func dismissAll(but kept: SettingsPanel) {
        for panel in panels where panel !== kept && panel.isPresented { panel.dismiss() }
    }

    public func showBrush() {
        dismissAll(but: brushPanel)
        guard !brushPanel.isPresented else { return }
        brushSettings.show(width: canvas.strokeWidth, color: canvas.strokeColor, shapeFill: canvas.shapeFill, fillTolerance: canvas.fillTolerance,
                           pen: canvas.penSettings, samplesCurrentLayer: canvas.samplesCurrentLayer)
        brushPanel.present(in: host)
    }

    public func showBackground() {
        dismissAll(but: backgroundPanel)
        guard !backgroundPanel.isPresented else { return }
        if case .color(let color) = canvas.canvasBackground { backgroundSettings.colorPicker.color = color }
        backgroundSettings.show(message: "", isError: false)
        backgroundPanel.present(in: host)
    }

    /// The colour dialog, on the primary colour (or the secondary: its swatch was clicked).
    public func showPalette(editingSecondary: Bool = false) {
        dismissAll(but: palettePanel)
        paletteView.editsSecondary = editingSecondary
        showColorBeingEdited()
        guard !palettePanel.isPresented else { return }
        palettePanel.present(in: host)
    }

    /// The dialog shows the colour its switch names, as it is now.
    func showColorBeingEdited() {
        paletteView.show(color: paletteView.editsSecondary ? canvas.secondaryColor : canvas.strokeColor)
    }

    /// Closes the panel that is open (Escape). Returns whether one was.
    func dismissOpenPanel() -> Bool {
        guard let open = panels.first(where: \.isPresented) else { return false }
        open.dismiss()
        return true
    }

    /// A colour was chosen outside the palette (the colour buttons): it is a recent one too.
    func noteColorUsed(_ color: Color) { paletteView.noteUsed(color) }

    /// The open panel across the bottom of the board.
    func layout() {
        for panel in panels where panel.isPresented {
            panel.frame = Rect(x: 0, y: host.bounds.height - panel.height, width: host.bounds.width, height: panel.height)
        }
    }

    /// Loads a picture file as the background (previewed; undoable with the rest of the
    /// panel's visit when it closes), read and decoded in the background, upright by its EXIF
    /// orientation and kept at most at 4x the canvas's pixels; a bad file changes nothing.
    public func setBackgroundImage(path: String) {
        let expanded = HomeFolder.expandingTilde(in: path, home: home())
        let name = (expanded as NSString).lastPathComponent
        backgroundSettings.show(message: tr("Opening %@…", name), isError: false)
        opener.open(.file(expanded), maximumPixels: maximumPixels(), upright: true, deliver: deliver()) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let opened):
                self.canvas.previewBackground(.image(opened.photo.asset))
                self.backgroundSettings.show(message: tr("Background: %@", name), isError: false)
            case .failure(let error):
                self.backgroundSettings.show(message: tr("Cannot open %@: %@", name, "\(error)"), isError: true)
            }
        }
    }

    /// Waits for a background picture being opened (tests; the app ending).
    func waitForBackgroundPicture() { opener.waitUntilDone() }

    // MARK: - Subviews

    public private(set) lazy var brushSettings: BrushSettingsView = {
        let settings = BrushSettingsView()
        settings.onWidthChange = { [unowned self] width in self.onWidthChange?(width) }
        settings.onColorChange = { [unowned self] color in self.onColorChange?(color, false) }
        settings.onShapeFillChange = { [unowned self] fill in self.onShapeFillChange?(fill) }
        settings.onFillToleranceChange = { [unowned self] tolerance in self.onFillToleranceChange?(tolerance) }
        settings.onPenSettingsChange = { [unowned self] pen in self.canvas.penSettings = pen }
        settings.onSamplingChange = { [unowned self] layerOnly in self.canvas.samplesCurrentLayer = layerOnly }
        return settings
    }()

    public private(set) lazy var brushPanel: SettingsPanel = {
        // Three rows more than the others: the pen's pressure curve, what it sets, the steadying.
        let panel = SettingsPanel(title: tr("Brush"), content: brushSettings, height: SettingsPanel.standardHeight + 102)
        panel.onDone = { [unowned panel] in panel.dismiss() }
        return panel
    }()

    public private(set) lazy var paletteView: PaletteView = {
        let palette = PaletteView()
        palette.onColor = { [unowned self, unowned palette] color in self.onColorChange?(color, palette.editsSecondary) }
        palette.onTargetChange = { [unowned self] _ in self.showColorBeingEdited() }
        return palette
    }()

    public private(set) lazy var palettePanel: SettingsPanel = {
        // Taller than the others: in a narrow window the swatches go under the numbers.
        let panel = SettingsPanel(title: tr("Colours"), content: paletteView, height: SettingsPanel.standardHeight + 80)
        panel.onDone = { [unowned self, unowned panel] in
            self.paletteView.hexField.endEditing()
            panel.dismiss()
        }
        // A colour mixed on the sliders counts as used once the panel goes.
        panel.onDismiss = { [unowned self] in self.paletteView.noteUsed(self.paletteView.color) }
        return panel
    }()

    public private(set) lazy var backgroundSettings: BackgroundSettingsView = {
        let settings = BackgroundSettingsView()
        settings.onColor = { [unowned self] color in self.canvas.previewBackground(.color(color)) }
        settings.onTransparent = { [unowned self] in
            self.canvas.previewBackground(.transparent)
            self.backgroundSettings.show(message: tr("Background: transparent"), isError: false)
        }
        settings.onImagePath = { [unowned self] path in self.setBackgroundImage(path: path) }
        settings.onChoose = { [unowned self] in self.onChooseBackground?() }
        return settings
    }()

    public private(set) lazy var backgroundPanel: SettingsPanel = {
        let panel = SettingsPanel(title: tr("Background"), content: backgroundSettings)
        panel.onDone = { [unowned self, unowned panel] in
            self.backgroundSettings.pathField.endEditing()
            panel.dismiss()
        }
        // The whole visit is one undoable change, made when the panel goes.
        panel.onDismiss = { [unowned self] in self.canvas.settleBackgroundPreview() }
        return panel
    }()
}
