/// The layers' pixels, bottom first, kept in step with the document's layer changes: every
/// layer a whole bitmap of the document's size. The shape (ids and properties) is `list`.
package final class LayerPixelStack {
    package struct Layer {
        package let id: Int
        package var properties: LayerProperties
        package let pixels: Bitmap

        /// How the compositor takes it.
        package var composed: LayerCompositor.Layer<Bitmap> {
            LayerCompositor.Layer(pixels: pixels, mode: properties.mode, opacity: properties.opacity255, isVisible: properties.isVisible)
        }
    }

    package let width: Int
    package let height: Int
    package private(set) var layers: [Layer]
    package private(set) var list = LayerList()

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        layers = [Layer(id: 0, properties: LayerList().entries[0].properties, pixels: Bitmap(width: width, height: height))]
    }

    package func pixels(of id: Int) -> Bitmap? { layers.first { $0.id == id }?.pixels }
    package func layer(_ id: Int) -> Layer? { layers.first { $0.id == id } }

    /// Back to the one empty first layer of a new document.
    package func reset() {
        layers.removeSubrange(1...)
        if layers[0].id != 0 {
            layers[0] = Layer(id: 0, properties: LayerList().entries[0].properties, pixels: Bitmap(width: width, height: height))
        } else {
            layers[0].pixels.fill(with: 0)
            layers[0].properties = LayerList().entries[0].properties
        }
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
            layers.insert(Layer(id: id, properties: properties, pixels: Bitmap(width: width, height: height)), at: index)
        case .duplicate(let source, let id, _):
            let at = index(of: source)
            let copy = layers[at].pixels.cropped(to: layers[at].pixels.bounds)
            layers.insert(Layer(id: id, properties: list.entry(id)!.properties, pixels: copy), at: at + 1)
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
        case .flatten:
            // Over the background, so the one layer looks exactly as the stack did (a mode
            // mixes with what is under it, and under the stack is the background).
            let bottom = layers[0], under = background()
            let flat = under.image?.cropped(to: under.image!.bounds) ?? Bitmap(width: width, height: height, fill: under.pixel)
            LayerCompositor.compose(layers.map(\.composed), into: flat, area: flat.bounds)
            layers = [Layer(id: bottom.id, properties: list.entries[0].properties, pixels: flat)]
        }
        return true
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

    /// A copy of every layer, to come back to.
    package func snapshot() -> (layers: [Layer], list: LayerList) {
        (layers.map { Layer(id: $0.id, properties: $0.properties, pixels: $0.pixels.cropped(to: $0.pixels.bounds)) }, list)
    }

    /// Takes the layers of a snapshot back (copied again: the snapshot stays as it was).
    package func restore(_ snapshot: (layers: [Layer], list: LayerList)) {
        layers = snapshot.layers.map { Layer(id: $0.id, properties: $0.properties, pixels: $0.pixels.cropped(to: $0.pixels.bounds)) }
        list = snapshot.list
    }

    /// The bytes one more snapshot costs.
    package var snapshotBytes: Int { layers.count * width * height * 4 }

    // MARK: - Composing

    /// Blends the visible layers in `range` (indexes, bottom first) over `target` within `area`.
    package func compose(_ range: Range<Int>, into target: Bitmap, area: PixelRect) {
        LayerCompositor.compose(layers[range.clamped(to: layers.indices)].map(\.composed), into: target, area: area)
    }
}
