/// The layer stack's commands (Pinta's keys): add, duplicate, delete, move up and down, merge
/// down, flatten, properties, show/hide, choosing the layer painting goes to. Each settles what
/// is in progress first (the words being typed, the photo being placed go to the layer they
/// were made on), is one undoable item, and says what it did.
final class LayerCommands {
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    private var content: DocumentContent { board.canvas.content }
    private var layers: LayerList { content.layers }
    private var currentIndex: Int { layers.index(of: content.currentLayerID) ?? 0 }
    private var currentName: String { layers.displayName(of: content.currentLayerID) }

    /// The typing, the photo being placed and the stroke in progress end where they were.
    private func settle() {
        board.canvas.commitText()
        board.bakePhoto()
        board.canvas.cancelStroke()
    }

    private func commit(_ change: LayerChange, then select: Int? = nil) {
        settle()
        board.canvas.commit(.layer(change))
        if let select { content.selectLayer(select) }
    }

    func addLayer() {
        let id = layers.nextID
        let name = LayerList.defaultName(number: id + 1)
        commit(.add(id: id, index: currentIndex + 1, properties: LayerProperties(name: name)), then: id)
        board.showStatus(tr("Added %@ (Ctrl+Z takes it back)", name))
    }

    func duplicateLayer() {
        let id = layers.nextID, name = tr("%@ copy", currentName)
        commit(.duplicate(source: content.currentLayerID, id: id, name: name), then: id)
        board.showStatus(tr("Duplicated as %@", name))
    }

    func deleteLayer() {
        guard layers.count > 1 else { return board.showStatus(tr("The only layer cannot be deleted")) }
        let name = currentName
        commit(.delete(id: content.currentLayerID))
        board.showStatus(tr("Deleted %@ (Ctrl+Z brings it back)", name))
    }

    /// Up (towards the top of the stack) or down by one.
    func moveLayer(up: Bool) {
        let target = currentIndex + (up ? 1 : -1)
        guard target >= 0, target < layers.count else {
            return board.showStatus(up ? tr("%@ is the top layer", currentName) : tr("%@ is the bottom layer", currentName))
        }
        moveLayer(content.currentLayerID, to: target)
    }

    /// A dragged row dropped at `index` (counted from the bottom).
    func moveLayer(_ id: Int, to index: Int) {
        guard let from = layers.index(of: id), index != from, index >= 0, index < layers.count else { return }
        commit(.move(id: id, index: index))
    }

    func mergeDown() {
        guard currentIndex > 0 else { return board.showStatus(tr("%@ has no layer under it to merge into", currentName)) }
        let below = layers.entries[currentIndex - 1].id, name = currentName
        commit(.mergeDown(id: content.currentLayerID), then: below)
        board.showStatus(tr("Merged %@ into %@", name, layers.displayName(of: below)))
    }

    func flatten() {
        guard layers.count > 1 else { return board.showStatus(tr("There is only one layer")) }
        commit(.flatten)
        board.showStatus(tr("Flattened into one layer (Ctrl+Z takes it back)"))
    }

    func select(_ id: Int) {
        guard id != content.currentLayerID else { return }
        settle()
        content.selectLayer(id)
    }

    func toggleVisibility(_ id: Int) {
        guard var properties = layers.entry(id)?.properties else { return }
        properties.isVisible.toggle()
        setProperties(properties, of: id)
    }

    /// The properties dialog's OK (nothing when nothing changed).
    func setProperties(_ properties: LayerProperties, of id: Int) {
        content.previewLayerProperties(nil, of: id)
        guard layers.entry(id)?.properties != properties else { return }
        commit(.properties(id: id, properties))
    }

    /// The dialog's sliders, shown at once without changing the document.
    func previewProperties(_ properties: LayerProperties?, of id: Int) { content.previewLayerProperties(properties, of: id) }

    /// Layers → Flip Horizontal / Vertical: the current layer mirrored (only the selected
    /// rectangle when there is a selection), one undoable item.
    func flip(horizontally: Bool) {
        settle()
        let items = board.canvas.document.items.count
        board.canvas.commit(.mirror(horizontally: horizontally, area: board.canvas.selectionArea))
        guard board.canvas.document.items.count > items else { return } // locked: it said why
        board.showStatus(horizontally ? tr("Flipped %@ horizontally (Ctrl+Z takes it back)", currentName)
                                      : tr("Flipped %@ vertically (Ctrl+Z takes it back)", currentName))
    }

    /// Ctrl+Shift+V: the clipboard's picture placed on a new layer of its own (the layer is made
    /// only once there is a picture: an empty clipboard adds nothing).
    func pasteIntoNewLayer() {
        board.fileCommands.pastePhoto { [weak self] in self?.addLayer() }
    }

    /// Painting on a locked layer was refused: the user hears why.
    func lockedLayerTouched() {
        board.showStatus(tr("%@ is locked: unlock it in its properties to paint on it", currentName), isError: true)
    }
}
