/// The layers' pixels, bottom first, kept in step with the document's layer changes: every
/// layer a bitmap of the document's size in sparse memory (the kernel backs a page only once
/// it is painted, so a layer with a few strokes costs the pages they cross). The shape (ids
/// and properties) is `list`. Each layer's pixels carry a version, changed whenever they
/// change, so the history's snapshots share the pixels of layers that did not change.
package final class LayerPixelStack {
    package struct Layer {
        package let id: Int
        package var properties: LayerProperties
        package let pixels: Bitmap
        /// Changes whenever the pixels do (unique in the stack's life).
        package var version: Int

        /// How the compositor takes it.
        package var composed: LayerCompositor.Layer<Bitmap> {
            LayerCompositor.Layer(pixels: pixels, mode: properties.mode, opacity: properties.opacity255, isVisible: properties.isVisible)
        }
    }

    package private(set) var width: Int
    package private(set) var height: Int
    package private(set) var layers: [Layer]
    package private(set) var list = LayerList()

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        // The first layer is the one painted on: ordinary memory (see `makeDense`).
        layers = [Layer(id: 0, properties: LayerList().entries[0].properties, pixels: Bitmap(zeroedWidth: width, height: height), version: 0)]
    }

    private var lastVersion = 0
    private func newVersion() -> Int {
        lastVersion += 1
        return lastVersion
    }

    /// Keeps layer `id` (the one painted on) in ordinary memory on huge pages and every other
    /// layer sparse: a stroke touches a few pixels on many rows, and on 4 KiB pages each row
    /// would be a TLB miss (composing a freehand segment took 0.41 µs instead of 0.23).
    package func makeDense(only id: Int) {
        for index in layers.indices {
            let pixels = layers[index].pixels
            if layers[index].id == id, pixels.isSparse {
                let dense = Bitmap(width: width, height: height)
                dense.copy(pixels.bounds, from: pixels, toX: 0, y: 0)
                layers[index] = Layer(id: layers[index].id, properties: layers[index].properties, pixels: dense, version: layers[index].version)
            } else if layers[index].id != id, !pixels.isSparse {
                layers[index] = Layer(id: layers[index].id, properties: layers[index].properties, pixels: pixels.sparseCopy().copy,
                                      version: layers[index].version)
            }
        }
    }

    /// Layer `id`'s pixels were changed (painted on).
    package func touch(_ id: Int) {
        guard let index = layers.firstIndex(where: { $0.id == id }) else { return }
        layers[index].version = newVersion()
    }

    package func pixels(of id: Int) -> Bitmap? { layers.first { $0.id == id }?.pixels }
    package func layer(_ id: Int) -> Layer? { layers.first { $0.id == id } }

    /// Back to the one empty first layer of a new document of `width` x `height` (a history
    /// that turns the image a quarter starts at its other size).
    package func reset(width newWidth: Int, height newHeight: Int) {
        guard newWidth != width || newHeight != height else { return reset() }
        width = newWidth
        height = newHeight
        layers = [Layer(id: 0, properties: LayerList().entries[0].properties, pixels: Bitmap(sparseWidth: width, height: height), version: newVersion())]
        list = LayerList()
    }

    /// Back to the one empty first layer of a new document.
    package func reset() {
        layers.removeSubrange(1...)
        if layers[0].id != 0 {
            layers[0] = Layer(id: 0, properties: LayerList().entries[0].properties, pixels: Bitmap(sparseWidth: width, height: height), version: 0)
        } else {
            layers[0].pixels.clear()
            layers[0].properties = LayerList().entries[0].properties
        }
        layers[0].version = newVersion()
        list = LayerList()
    }

    /// Applies a layer change to the pixels and the shape; returns whether it applied.
    /// `background`: what flattening composes the layers over (the picture as it shows).
    @discardableResult
    package func apply(_ change: LayerChange, background: () -> StrokeRenderer.Underlay = { .white }) -> Bool {
        guard list.allows(change) else { return false }
        list.apply(change)
        switch change {
        case .add(let id, let index, let properties):
            layers.insert(Layer(id: id, properties: properties, pixels: Bitmap(sparseWidth: width, height: height), version: newVersion()), at: index)
        case .duplicate(let source, let id, _):
            let at = index(of: source)
            let copy = layers[at].pixels.sparseCopy().copy
            layers.insert(Layer(id: id, properties: list.entry(id)!.properties, pixels: copy, version: newVersion()), at: at + 1)
        case .delete(let id):
            layers.remove(at: index(of: id))
        case .move(let id, let index):
            let layer = layers.remove(at: self.index(of: id))
            layers.insert(layer, at: index)
        case .properties(let id, let properties):
            layers[index(of: id)].properties = properties
        case .mergeDown(let id):
            let at = index(of: id)
            let upper = layers.remove(at: at)
            LayerCompositor.compose([upper.composed], into: layers[at - 1].pixels, area: upper.pixels.bounds)
            layers[at - 1].version = newVersion()
        case .flatten:
            // Over the background, so the one layer looks exactly as the stack did (a mode
            // mixes with what is under it, and under the stack is the background).
            let bottom = layers[0], under = background()
            let flat = under.image?.cropped(to: under.image!.bounds) ?? Bitmap(width: width, height: height, fill: under.pixel)
            LayerCompositor.compose(layers.map(\.composed), into: flat, area: flat.bounds)
            layers = [Layer(id: bottom.id, properties: list.entries[0].properties, pixels: flat, version: newVersion())]
        }
        return true
    }

    /// Every layer turned or mirrored (their shape stays; their pixels are new versions). A
    /// quarter turn swaps the stack's sides: each layer is turned into a new bitmap, one at a
    /// time and kept sparse, so thirty layers never stand in memory twice over.
    package func turnAll(_ turn: ImageTurn) {
        guard turn.swapsSides else {
            for index in layers.indices {
                layers[index].pixels.turnInPlace(reversingRows: turn.reversesRows, reversingColumns: turn.reversesColumns)
                layers[index].version = newVersion()
            }
            return
        }
        swap(&width, &height)
        for index in layers.indices {
            let turned = layers[index].pixels.reoriented(turn.orientation)
            layers[index] = Layer(id: layers[index].id, properties: layers[index].properties, pixels: turned.sparseCopy().copy, version: newVersion())
        }
    }

    /// Every layer set in a canvas of the change's size, moved by its offset: cut where it
    /// leaves the canvas, transparent where the canvas grows (each kept sparse, one at a time).
    package func resizeCanvas(_ change: CanvasChange) {
        (width, height) = (change.width, change.height)
        for index in layers.indices {
            let old = layers[index].pixels
            let placed = Bitmap(width: change.width, height: change.height)
            // `copy` moves the rectangle by the offset and keeps what lands inside.
            placed.copy(old.bounds, from: old, toX: change.dx, y: change.dy)
            layers[index] = Layer(id: layers[index].id, properties: layers[index].properties, pixels: placed.sparseCopy().copy, version: newVersion())
        }
    }

    /// Every layer's pixels made anew by `make` (bottom first) at `width` x `height`, each kept
    /// sparse, one at a time.
    package func replaceEveryLayer(width newWidth: Int, height newHeight: Int, _ make: (Bitmap) -> Bitmap) {
        (width, height) = (newWidth, newHeight)
        for index in layers.indices {
            let made = make(layers[index].pixels)
            layers[index] = Layer(id: layers[index].id, properties: layers[index].properties, pixels: made.sparseCopy().copy, version: newVersion())
        }
    }

    /// Layer `id`'s own pixels while an adjusted copy stands in for them (a dialog's preview),
    /// the copy, used again for the next setting (a new 33 MB one each time a 4K layer's
    /// slider moved cost a third of the preview's time in page faults), where the copy may
    /// differ from them (nil: anywhere), and how it was made (to make it again).
    private var previewed: (id: Int, pixels: Bitmap, copy: Bitmap, area: PixelRect?, adjust: (Bitmap) -> Void)?

    /// Shows layer `id` as `adjust` would leave it (a copy stands in for its pixels; nil: its own
    /// pixels again). The document does not change: a dialog's OK commits the adjustment.
    /// `area`: the pixels `adjust` may change (nil: any); a preview following one of the same
    /// layer then copies back only the two areas, not the layer (a clone stroke's preview on
    /// every motion). Returns the layer pixels that may show differently (nil: any).
    @discardableResult
    package func previewPixels(of id: Int, within area: PixelRect? = nil, _ adjust: ((Bitmap) -> Void)?) -> PixelRect? {
        var reusable: (copy: Bitmap, area: PixelRect?)?
        var shownBefore: PixelRect? = .empty
        if let previewed, let index = layers.firstIndex(where: { $0.id == previewed.id }) {
            layers[index] = Layer(id: previewed.id, properties: layers[index].properties, pixels: previewed.pixels, version: layers[index].version)
            if previewed.id == id { reusable = (previewed.copy, previewed.area) }
            shownBefore = previewed.area
        }
        previewed = nil
        guard let adjust, let index = layers.firstIndex(where: { $0.id == id }) else { return shownBefore }
        let own = layers[index].pixels
        let copy = reusable?.copy ?? Bitmap(width: width, height: height)
        var changed: PixelRect?
        if let reusable, let before = reusable.area, let area {
            // The copy is the layer's own pixels but in the last preview's area.
            changed = before.union(area).intersection(own.bounds)
            copy.copy(changed!, from: own, toX: 0, y: 0)
        } else {
            copy.copy(own.bounds, from: own, toX: 0, y: 0)
            changed = shownBefore.flatMap { before in area.map { before.union($0) } }
        }
        adjust(copy)
        previewed = (id, own, copy, area, adjust)
        layers[index] = Layer(id: id, properties: layers[index].properties, pixels: copy, version: layers[index].version)
        return changed
    }

    /// A MyPaint stroke drawn on a layer's own pixels while the pen is down: like a preview, a
    /// change the layer shows that the document does not have yet.
    package weak var strokeOnLayer: StrokeOnLayer?
    /// What shows in a layer's place was made again (`changingDocument`): lookups of it are stale.
    package var onShownPixelsReplaced: (() -> Void)?

    /// Runs a change of the document's layers (an item, one from a shared session perhaps,
    /// arriving while a gradient is dragged or a brush is down) on the layers as the document
    /// has them: a preview and a stroke on a layer are set aside first, and made again over
    /// what the layers then hold. Else the item went into the preview's copy, and was gone when
    /// the preview ended, or under the stroke's tiles.
    package func changingDocument(_ change: () -> Void) {
        let preview = previewed, stroke = strokeOnLayer
        if preview != nil { previewPixels(of: preview!.id, nil) }
        stroke?.setAside()
        change()
        stroke?.showAgain(on: self)
        if let preview { previewPixels(of: preview.id, preview.adjust) }
        if preview != nil || stroke != nil { onShownPixelsReplaced?() }
    }

    /// Shows a layer with other properties than the document gives it (its dialog's live
    /// preview); nil: every layer as the document has it again.
    package func preview(_ properties: LayerProperties?, of id: Int) {
        for index in layers.indices {
            layers[index].properties = layers[index].id == id ? properties ?? list.entries[index].properties : list.entries[index].properties
        }
    }

    private func index(of id: Int) -> Int { layers.firstIndex { $0.id == id }! }

    // MARK: - Snapshots (the history's checkpoints)

    /// The layers as they are, to come back to: each layer's pixels kept (KeptLayerPixels: copied,
    /// then packed), and for a layer whose pixels some snapshot in `sharing` already holds at
    /// this version, that snapshot's own (no one changes a snapshot's pixels).
    package func snapshot(sharing: [Snapshot] = []) -> Snapshot {
        var newlyKept: [KeptLayerPixels] = []
        let kept = layers.map { layer -> Snapshot.Layer in
            for earlier in sharing {
                if let same = earlier.layers.first(where: { $0.id == layer.id && $0.version == layer.version }) {
                    return Snapshot.Layer(id: layer.id, properties: layer.properties, pixels: same.pixels, version: layer.version)
                }
            }
            let pixels = KeptLayerPixels(layer.pixels)
            newlyKept.append(pixels)
            return Snapshot.Layer(id: layer.id, properties: layer.properties, pixels: pixels, version: layer.version)
        }
        return Snapshot(layers: kept, list: list, lastVersion: lastVersion, newlyKept: newlyKept, width: width, height: height)
    }

    package struct Snapshot {
        package struct Layer {
            package let id: Int
            package let properties: LayerProperties
            package let pixels: KeptLayerPixels
            package let version: Int
        }

        package let layers: [Layer]
        package let list: LayerList
        package let lastVersion: Int
        /// The layers' pixels this snapshot kept itself (the others it shares with earlier ones).
        let newlyKept: [KeptLayerPixels]
        /// The stack's size then (a quarter turn changes it).
        package let width: Int
        package let height: Int

        /// What it keeps of its own now (less once its layers are packed).
        package var bytes: Int { newlyKept.reduce(0) { $0 + $1.bytes } }
    }

    /// Takes the layers of a snapshot back (unpacked again: the snapshot stays as it was), layer
    /// `dense` straight into ordinary memory (see `makeDense`). The versions come back too: the
    /// pixels are the same again. False, with nothing changed, when a layer cannot be unpacked
    /// (the caller replays the history instead).
    /// A layer whose version now is the snapshot's has not changed since it was taken: its
    /// pixels are kept as they are, not unpacked again (an undo among several layers unpacks
    /// only the ones painted since).
    package func restore(_ snapshot: Snapshot, dense: Int? = nil) -> Bool {
        var restored: [Layer] = []
        let unchanged = snapshot.width == width && snapshot.height == height
            ? Dictionary(layers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        for layer in snapshot.layers {
            if let live = unchanged[layer.id], live.version == layer.version {
                restored.append(Layer(id: layer.id, properties: layer.properties, pixels: live.pixels, version: layer.version))
                continue
            }
            guard let pixels = layer.pixels.unpacked(dense: layer.id == dense) else { return false }
            restored.append(Layer(id: layer.id, properties: layer.properties, pixels: pixels, version: layer.version))
        }
        layers = restored
        list = snapshot.list
        (width, height) = (snapshot.width, snapshot.height)
        lastVersion = max(lastVersion, snapshot.lastVersion)
        return true
    }

    // MARK: - Composing

    /// What a fill reads under layer `id`: the layer alone (its option), else the background and
    /// the visible layers under it, as the user sees them (on the first layer, the background
    /// only: the fill of every document before layers).
    package func fillUnderlay(for item: Document.Item, on id: Int, background: () -> StrokeRenderer.Underlay) -> StrokeRenderer.Underlay {
        if case .fill(let fill) = item, fill.samplesLayerOnly { return StrokeRenderer.Underlay(pixel: 0, image: nil) }
        guard let index = list.index(of: id), index > 0 else { return background() }
        let under = background()
        let composed = under.image?.cropped(to: under.image!.bounds) ?? Bitmap(width: width, height: height, fill: under.pixel)
        compose(0..<index, into: composed, area: composed.bounds)
        return StrokeRenderer.Underlay(pixel: under.pixel, image: composed)
    }

    /// Blends the visible layers in `range` (indexes, bottom first) over `target` within `area`.
    package func compose(_ range: Range<Int>, into target: Bitmap, area: PixelRect) {
        LayerCompositor.compose(layers[range.clamped(to: layers.indices)].map(\.composed), into: target, area: area)
    }
}
