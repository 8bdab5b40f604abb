/// Shows and hides the Layers panel (F7, View → Layers) and keeps it true to the document: the
/// rows, the current layer and live thumbnails after every change; its rows and buttons run
/// the layer commands, and a double click opens the properties dialog with a live preview.
final class LayersPanelController {
    private unowned let board: DrawingBoardViewController
    private let commands: LayerCommands
    /// Thumbnails are made at this many pixels (twice the row's box: sharp at 2x too).
    static let thumbnailSize = (width: 92, height: 68)

    init(board: DrawingBoardViewController, commands: LayerCommands) {
        self.board = board
        self.commands = commands
    }

    var isShown: Bool { panel.superview != nil }

    func toggle() { isShown ? hide() : show() }

    func show() {
        guard !isShown else { return }
        board.docked.dock(panel)
        documentChanged()
    }

    func hide() { board.docked.undock(panel) }

    /// The document changed: the rows and thumbnails follow (only while the panel shows).
    func documentChanged() {
        guard isShown else { return }
        let content = board.canvas.content, layers = content.layers
        panel.list.rows = layers.entries.reversed().map { entry in
            let p = entry.properties
            var detail: [String] = []
            if p.mode != .normal { detail.append(p.mode.userName) }
            if p.opacity255 < 255 { detail.append("\(Int((p.opacity * 100).rounded()))%") }
            return LayerListView.Row(id: entry.id, name: layers.displayName(of: entry.id), isVisible: p.isVisible, isLocked: p.isLocked,
                                     detail: detail.joined(separator: " · "))
        }
        panel.list.currentID = content.currentLayerID
        let drawing = board.canvas.drawing, size = Self.thumbnailSize
        guard drawing.width > 0 else { return }
        var thumbnails: [Int: Image] = [:]
        for layer in drawing.stack.layers {
            thumbnails[layer.id] = Image(bitmap: Thumbnailer.thumbnail(of: layer.pixels, fitting: size.width, size.height))
        }
        panel.list.thumbnails = thumbnails
        let background = Bitmap(width: drawing.width, height: drawing.height, fill: drawing.backgroundPixel)
        if let image = drawing.backgroundImage { background.copy(image.bounds, from: image, toX: 0, y: 0) }
        panel.list.backgroundThumbnail = Image(bitmap: Thumbnailer.thumbnail(of: background, fitting: size.width, size.height))
        panel.list.scrollToCurrent()
    }

    /// The properties dialog of layer `id`: every change previewed on the canvas at once, OK
    /// makes them one undoable change, Cancel or Escape leaves the layer as it was.
    func openProperties(of id: Int) {
        let layers = board.canvas.content.layers
        guard let entry = layers.entry(id), board.presentedViewController == nil else { return }
        var properties = entry.properties
        if properties.name.isEmpty { properties.name = layers.displayName(of: id) }
        let dialog = LayerPropertiesViewController(properties: properties)
        dialog.onChange = { [unowned self] changed in self.commands.previewProperties(changed, of: id) }
        dialog.onFinish = { [unowned self] chosen in
            self.board.dismiss(animated: false)
            self.commands.setProperties(chosen, of: id)
        }
        dialog.onCancel = { [unowned self] in
            self.board.dismiss(animated: false)
            self.commands.previewProperties(nil, of: id)
        }
        board.present(dialog, animated: false)
    }

    /// The current layer's properties (the bar's button, Layers → Properties).
    func openCurrentProperties() { openProperties(of: board.canvas.content.currentLayerID) }

    private(set) lazy var panel: LayersPanel = {
        let commands = self.commands
        let panel = LayersPanel(commands: [
            .init(icon: "list-add", toolTip: tr("Add a new layer (Ctrl+Shift+N)")) { commands.addLayer() },
            .init(icon: "edit-copy", toolTip: tr("Duplicate the layer (Ctrl+Shift+D)")) { commands.duplicateLayer() },
            .init(icon: "edit-delete", toolTip: tr("Delete the layer (Ctrl+Shift+Delete)")) { commands.deleteLayer() },
            .init(icon: "go-up", toolTip: tr("Move the layer up (Ctrl+Shift+Page Up)")) { commands.moveLayer(up: true) },
            .init(icon: "go-down", toolTip: tr("Move the layer down (Ctrl+Shift+Page Down)")) { commands.moveLayer(up: false) },
            .init(icon: "layer-merge-down", toolTip: tr("Merge the layer down (Ctrl+M)")) { commands.mergeDown() },
            .init(icon: "document-properties", toolTip: tr("The layer's properties (double-click a row)")) { [unowned self] in self.openCurrentProperties() },
        ])
        panel.onClose = { [unowned self] in self.hide() }
        panel.list.onSelect = { commands.select($0) }
        panel.list.onToggleVisibility = { commands.toggleVisibility($0) }
        panel.list.onOpenProperties = { [unowned self] in self.openProperties(of: $0) }
        panel.list.onMove = { commands.moveLayer($0, to: $1) }
        panel.list.onBackground = { [unowned self] in self.board.showBackgroundSettings() }
        return panel
    }()
}
