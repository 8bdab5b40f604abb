/// A document being edited, with no view: its items, the items undo took back, and the layer
/// they render into, with a background being previewed over the document's own. Every change
/// says which document pixels it touched (nil: all), so whatever shows it shows only those again.
public final class DocumentContent {
    public private(set) var document = Document()
    /// Items this author's undo took back, the next to redo last; their new item clears them.
    public private(set) var redoItems: [Document.Item] = []
    /// Every change as an operation with its author; the document's items are the changes in
    /// effect (see OperationLog: each author undoes their own).
    public private(set) var log = OperationLog()
    /// Who makes the changes made here (others' come through `apply`).
    public var author = OperationID.localAuthor
    /// The document's pixels: background and items, and the stroke being drawn.
    package private(set) var drawing = DrawingLayer(width: 0, height: 0)
    /// A background shown but not yet in the document: a settings panel previews its choice
    /// live and the whole visit becomes one undoable change (`settleBackgroundPreview`).
    public private(set) var backgroundPreview: Background?

    /// What changed in the document, for the recovery journal.
    public enum Edit {
        case appended(Document.Item)
        case undone
        case redone
        /// Painting goes to another layer now.
        case selectedLayer(Int)
        /// The history changed before its end (an undo or redo under another author's later
        /// changes): the whole of it is what to keep.
        case rewritten
    }

    /// The layers the document has now (ids, names, properties), bottom first.
    public private(set) var layers = LayerList()
    /// The layer painting goes to; always one of `layers`.
    public private(set) var currentLayerID = 0

    public init() {}

    /// Document pixels changed (nil: all of them): what shows the document shows them again.
    package var onPixelsChanged: ((PixelRect?) -> Void)?
    /// The document's size changed in its history (a quarter turn, or its undo or redo).
    package var onSizeChanged: (() -> Void)?
    /// The canvas's own hooks: each edit (for the journal) and each change of the document.
    package var onEdit: ((Edit) -> Void)?
    package var onDocumentChange: (() -> Void)?
    /// The canvas's hooks around another document taking this one's place: before, it drops
    /// what it had under way on the old one; after, it shows the new one (whole, when its size
    /// is another: the argument).
    package var onWillReplace: (() -> Void)?
    package var onReplaced: ((Bool) -> Void)?
    /// Whoever else follows the document (a panel, a session that sends its operations):
    /// each hears every edit, then every change, after the canvas, in the order they began.
    private var editObservers: [(id: Int, observe: (Edit) -> Void)] = []
    private var changeObservers: [(id: Int, observe: () -> Void)] = []
    private var nextObserverID = 0

    /// Follows every edit until the returned observation is cancelled or let go.
    public func observeEdits(_ observe: @escaping (Edit) -> Void) -> DocumentObservation {
        nextObserverID += 1
        let id = nextObserverID
        editObservers.append((id, observe))
        return DocumentObservation { [weak self] in self?.editObservers.removeAll { $0.id == id } }
    }

    /// Follows every change of the document until the returned observation is cancelled or let go.
    public func observeChanges(_ observe: @escaping () -> Void) -> DocumentObservation {
        nextObserverID += 1
        let id = nextObserverID
        changeObservers.append((id, observe))
        return DocumentObservation { [weak self] in self?.changeObservers.removeAll { $0.id == id } }
    }

    private func edited(_ edit: Edit) {
        onEdit?(edit)
        for observer in editObservers { observer.observe(edit) }
    }

    private func changed() {
        onDocumentChange?()
        for observer in changeObservers { observer.observe() }
    }

    // MARK: - Size

    /// The first layout fixes the document's size: the canvas area, as the app starts.
    package func adoptFormatIfNone(_ format: @autoclosure () -> DocumentFormat) {
        if document.format == nil { document.format = format() }
    }

    /// A layer of the document's size, when the one there is not (the stroke being drawn goes
    /// on in the new layer: nothing drops it). Returns whether it made one.
    package func matchLayerToFormat() -> Bool {
        guard let format = document.format,
              format.pixelWidth != drawing.width || format.pixelHeight != drawing.height || format.pixelScale != drawing.scale
        else { return false }
        let inProgress = drawing.activeStroke
        drawing = DrawingLayer(width: format.pixelWidth, height: format.pixelHeight, scale: format.pixelScale)
        rebuildLayer()
        drawing.selectLayer(currentLayerID)
        if let inProgress { _ = drawing.begin(inProgress) }
        return true
    }

    // MARK: - Changes

    /// Adds an item (clearing the redo tail) and renders it onto the layer; `painted`: the
    /// current layer as the item leaves it, worked already (see `DrawingLayer.append`).
    package func append(_ item: Document.Item, painted: Bitmap? = nil, made: [Bitmap]? = nil) {
        let item = onCurrentLayer(item)
        // A locked layer takes no painting, from any tool (the user hears why).
        if isCurrentLayerLocked && !item.changesStackOrBackground { return onLockedLayer?() ?? () }
        let size = document.format
        document.append(item)
        _ = log.make(.item(item), by: author)
        redoItems.removeAll()
        drawing.append(item, itemCount: document.items.count, painted: painted, made: made)
        if case .layer = item { layersChanged() }
        if document.format != size { onSizeChanged?() }
        onPixelsChanged?(nil)
        edited(.appended(item))
        changed()
    }

    /// An item as painted now: on the current layer (the first layer's kept as before layers).
    package func onCurrentLayer(_ item: Document.Item) -> Document.Item {
        switch item {
        case .layer, .background, .onLayer, .turnImage, .canvasSize, .resizeImage, .rotateImage: return item
        default: return currentLayerID == 0 ? item : .onLayer(currentLayerID, item)
        }
    }

    /// Whether the current layer takes no painting; `onLockedLayer` hears a refused painting.
    public var isCurrentLayerLocked: Bool { layers.entry(currentLayerID)?.properties.isLocked ?? false }
    public var onLockedLayer: (() -> Void)?

    /// Painting goes to layer `id` (recorded, so the stroke in progress comes back on it).
    package func selectLayer(_ id: Int) {
        guard id != currentLayerID, layers.contains(id) else { return }
        currentLayerID = id
        drawing.selectLayer(id)
        onPixelsChanged?(nil)
        edited(.selectedLayer(id))
        changed()
    }

    /// The stack after a change: a current layer that went gives way to the one that was under it.
    private func layersChanged() {
        let previousIndex = layers.index(of: currentLayerID) ?? 0
        layers = document.layers
        if !layers.contains(currentLayerID) {
            currentLayerID = layers.entries[max(0, min(previousIndex - 1, layers.count - 1))].id
            edited(.selectedLayer(currentLayerID))
        }
        drawing.selectLayer(currentLayerID)
    }

    /// The stroke in progress becomes an item; the screen shows its pixels already (the same blend).
    package func commitStroke() {
        guard let stroke = drawing.commit() else { return }
        let item = onCurrentLayer(.stroke(stroke))
        document.append(item)
        _ = log.make(.item(item), by: author)
        redoItems.removeAll()
        drawing.didCommit(item, itemCount: document.items.count)
        edited(.appended(item))
        changed()
    }

    /// Takes back this author's latest change in effect (the last item, when nobody else
    /// draws here); the history starts at the document as it was opened.
    package func undo() -> Bool {
        guard let target = log.undoTarget(of: author) else { return false }
        let size = document.format
        guard let (item, atEnd) = takeEffect(of: log.make(.undo(target), by: author).1) else { return false }
        rebuildLayer()
        if document.format != size { onSizeChanged?() }
        edited(atEnd ? .undone : .rewritten)
        if case .layer(let change) = item {
            layersChanged()
            // A deleted or merged layer that comes back is the one worked on again (Pinta, GIMP).
            switch change {
            case .delete(let id), .mergeDown(let id): selectLayer(id)
            default: break
            }
        }
        changed()
        return true
    }

    /// Undoes or redoes until the document holds `count` items (a row of the History panel):
    /// each step is an undo or a redo as Ctrl+Z and Ctrl+Shift+Z make them (the journal hears
    /// each), and the layers are made once, at the end. Returns whether anything changed.
    package func travel(toItemCount count: Int) -> Bool {
        let start = document.format?.historyStart ?? 0
        let target = max(start, min(count, document.items.count + redoItems.count))
        guard target != document.items.count else { return false }
        let size = document.format
        var layersMoved = false
        while document.items.count > target, let id = log.undoTarget(of: author),
              let (item, atEnd) = takeEffect(of: log.make(.undo(id), by: author).1) {
            edited(atEnd ? .undone : .rewritten)
            if case .layer = item { layersMoved = true }
        }
        while document.items.count < target, let id = log.redoTarget(of: author),
              let (item, atEnd) = takeEffect(of: log.make(.redo(id), by: author).1) {
            edited(atEnd ? .redone : .rewritten)
            if case .layer = item { layersMoved = true }
        }
        if layersMoved { layersChanged() }
        rebuildLayer()
        if document.format != size { onSizeChanged?() }
        changed()
        return true
    }

    /// Puts back the change this author took back last.
    package func redo() -> Bool {
        guard let target = log.redoTarget(of: author) else { return false }
        let size = document.format
        guard let (item, atEnd) = takeEffect(of: log.make(.redo(target), by: author).1) else { return false }
        rebuildLayer()
        if document.format != size { onSizeChanged?() }
        edited(atEnd ? .redone : .rewritten)
        if case .layer(let change) = item {
            layersChanged()
            // A layer made again is the one worked on, as when it was first made.
            switch change {
            case .add(let id, _, _), .duplicate(_, let id, _): selectLayer(id)
            default: break
            }
        }
        changed()
        return true
    }

    /// An operation made elsewhere (another author's, over the network), or a repeat of one
    /// applied already (changing nothing). Returns whether the document changed.
    @discardableResult
    package func apply(_ operation: DocumentOperation) -> Bool {
        let size = document.format
        let effect = log.apply(operation)
        if case .appended(let item) = effect {
            document.append(item)
            drawing.append(item, itemCount: document.items.count)
            onPixelsChanged?(nil)
            // Kept as an append, unless this author's redo must outlive it (an append ends it).
            edited(redoItems.isEmpty ? .appended(item) : .rewritten)
            if case .layer = item { layersChanged() }
        } else if case .folded = effect {
            // Nothing this author took back can be put back now.
            redoItems = log.redoItems(of: author)
            edited(.rewritten)
        } else {
            guard let (item, _) = takeEffect(of: effect) else { return false }
            rebuildLayer()
            edited(.rewritten)
            if case .layer = item { layersChanged() }
        }
        if document.format != size { onSizeChanged?() }
        changed()
        return true
    }

    /// Takes `newLog`'s order in place of this document's (a shared document's: the server's
    /// order, with this author's changes not yet confirmed on top): the items from the first
    /// that differs are put in place, and the pixels made again from the nearest snapshot before it.
    package func adopt(_ newLog: OperationLog) {
        let size = document.format
        let items = newLog.items, old = document.items
        var first = 0
        while first < min(items.count, old.count), items[first] == old[first] { first += 1 }
        log = newLog
        let redo = redoItems
        redoItems = log.redoItems(of: author)
        // The same items in another log (a session's start, a confirmation): the pixels stand,
        // and the journal, which keeps items, has nothing new unless the redo items changed.
        guard first < max(items.count, old.count) || redoItems != redo else { return changed() }
        document.replaceItems(from: first, with: items[first...])
        drawing.forgetCheckpoints(beyond: first)
        layersChanged()
        rebuildLayer()
        if document.format != size { onSizeChanged?() }
        edited(.rewritten)
        changed()
    }

    /// Puts an undo's or redo's effect in (layers made after): its item, whether at the end; nil: refused.
    private func takeEffect(of effect: OperationLog.Effect) -> (Document.Item, atEnd: Bool)? {
        switch effect {
        case .removed(let position, let item):
            let atEnd = position == document.items.count - 1
            // At the end the snapshots after it are the redo's own future, still good.
            if atEnd { document.removeLast() } else { document.remove(at: position) }
            if !atEnd { drawing.forgetCheckpoints(beyond: position) }
            redoItems = log.redoItems(of: author)
            return (item, atEnd)
        case .inserted(let position, let item):
            let atEnd = position == document.items.count
            if atEnd { document.append(item) } else { document.insert(item, at: position) }
            if !atEnd { drawing.forgetCheckpoints(beyond: position) }
            redoItems = log.redoItems(of: author)
            return (item, atEnd)
        case .appended, .refused, .folded: return nil
        }
    }

    /// Shows `background` at once, the document unchanged (a slider being dragged).
    package func previewBackground(_ background: Background) {
        backgroundPreview = background
        drawing.showBackground(background)
        onPixelsChanged?(nil)
    }

    /// Makes the previewed background one undoable change (nothing when it is the one the
    /// document has already).
    package func settleBackgroundPreview() {
        guard let preview = backgroundPreview else { return }
        backgroundPreview = nil
        if preview != document.background {
            append(.background(preview))
        } else {
            drawing.showBackground(preview)
            onPixelsChanged?(nil)
        }
    }

    /// Another document in place of this one (New, Open, a crop kept whole, one restored from
    /// the journal), with its redo items: a new history. One without a size takes the current
    /// one; painting goes on `currentLayer` (nil: the top).
    public func replace(with document: Document, redo: [Document.Item] = [], currentLayer: Int? = nil) {
        onWillReplace?()
        let resized = load(document, redo: redo, currentLayer: currentLayer)
        onReplaced?(resized)
        changed()
    }

    /// The artwork as it is now, as a value a save or an export reads beside this thread.
    public func artworkSnapshot() -> ArtworkSnapshot { drawing.artworkSnapshot() }

    /// Replaces the document and its redo items; one without a size takes the current one.
    /// Returns whether the size changed (the layer is then made again at the next layout).
    /// `currentLayer`: the layer painting goes to (nil or gone: the top one).
    package func load(_ document: Document, redo: [Document.Item], currentLayer: Int? = nil) -> Bool {
        backgroundPreview = nil
        let previous = self.document.format
        self.document = document
        if self.document.format == nil { self.document.format = previous }
        redoItems = redo
        log = OperationLog(items: self.document.items, redo: redo, historyStart: self.document.format?.historyStart ?? 0, author: author)
        layers = self.document.layers
        currentLayerID = currentLayer.flatMap { layers.contains($0) ? $0 : nil } ?? layers.entries.last!.id
        if self.document.format != previous {
            drawing = DrawingLayer(width: 0, height: 0)
            return true
        }
        drawing.forgetCheckpoints()
        rebuildLayer()
        return false
    }

    private func rebuildLayer() {
        drawing.selectLayer(currentLayerID)
        drawing.rebuild(from: document)
        drawing.selectLayer(currentLayerID)
        if let backgroundPreview { drawing.showBackground(backgroundPreview) }
        onPixelsChanged?(nil)
    }

    /// Shows layer `id` with `properties`, the document unchanged (nil: as the document has it).
    package func previewLayerProperties(_ properties: LayerProperties?, of id: Int) {
        drawing.previewProperties(properties, of: id)
        onPixelsChanged?(nil)
    }

    /// Shows the current layer adjusted without changing the document (nil: as it has it).
    package func previewItem(_ item: Document.Item?) {
        onPixelsChanged?(drawing.previewItem(item))
    }

    package func previewAdjustment(_ adjustment: PixelAdjustment?, area: SelectionArea?, reduction: Int = 1) {
        drawing.previewAdjustment(adjustment, area: area, reduction: reduction)
        onPixelsChanged?(nil)
    }

    // MARK: - The stroke being drawn (each returns the pixels it changed: the hot path)

    package func beginStroke(_ stroke: Stroke) -> PixelRect {
        guard !isCurrentLayerLocked else {
            onLockedLayer?()
            return .empty
        }
        return drawing.begin(stroke)
    }

    package func extendStroke(to point: Point, width: Double?, opacity: Double?) -> PixelRect {
        drawing.extend(to: point, width: width, opacity: opacity)
    }

    package func cancelStroke() -> PixelRect { drawing.cancel() }
}
