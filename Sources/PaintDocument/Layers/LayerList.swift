/// The layer stack's shape without pixels (ids and properties, bottom first), as the document's
/// layer changes leave it: what the Layers panel lists and what painting checks against. Pixels
/// follow the same changes in `LayerPixelStack`.
public struct LayerList: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let id: Int
        public var properties: LayerProperties
    }

    /// Bottom first; never empty.
    public private(set) var entries: [Entry] = [Entry(id: 0, properties: LayerProperties(name: ""))]

    public init() {}

    /// The stack a document's first `count` items leave.
    public init(_ document: Document, upTo count: Int? = nil) {
        for item in document.items[..<(count ?? document.items.count)] {
            if case .layer(let change) = item { apply(change) }
        }
    }

    public var count: Int { entries.count }
    public func index(of id: Int) -> Int? { entries.firstIndex { $0.id == id } }
    public func entry(_ id: Int) -> Entry? { index(of: id).map { entries[$0] } }
    public func contains(_ id: Int) -> Bool { index(of: id) != nil }
    /// An id no layer has had in this stack's life (so an undone layer's items never land on a new one).
    public var nextID: Int { (entries.map(\.id).max() ?? 0) + 1 }

    /// Whether the stack is the single plain layer of a document without layers (the fast path draws it).
    public var isSingleNormalLayer: Bool {
        entries.count == 1 && entries[0].properties.mode == .normal && entries[0].properties.opacity255 == 255 && entries[0].properties.isVisible
    }

    /// A layer's name as shown: the first layer's empty name reads "Layer 1".
    public func displayName(of id: Int) -> String {
        guard let entry = entry(id) else { return "" }
        return entry.properties.name.isEmpty ? Self.defaultName(number: 1) : entry.properties.name
    }

    public static func defaultName(number: Int) -> String { tr("Layer %d", number) }

    /// Whether `change` can apply (a damaged journal may name layers that are not there).
    public func allows(_ change: LayerChange) -> Bool {
        switch change {
        case .add(let id, let index, _): return !contains(id) && index >= 0 && index <= count
        case .duplicate(let source, let id, _): return contains(source) && !contains(id)
        case .delete(let id): return contains(id) && count > 1
        case .move(let id, let index): return contains(id) && index >= 0 && index < count
        case .properties(let id, _): return contains(id)
        case .mergeDown(let id): return (index(of: id) ?? 0) > 0
        case .flatten: return true
        }
    }

    /// Applies a change to the shape (nothing, for one that does not apply).
    public mutating func apply(_ change: LayerChange) {
        guard allows(change) else { return }
        switch change {
        case .add(let id, let index, let properties):
            entries.insert(Entry(id: id, properties: properties), at: index)
        case .duplicate(let source, let id, let name):
            let at = index(of: source)!
            var properties = entries[at].properties
            properties.name = name
            entries.insert(Entry(id: id, properties: properties), at: at + 1)
        case .delete(let id):
            entries.remove(at: index(of: id)!)
        case .move(let id, let index):
            let entry = entries.remove(at: self.index(of: id)!)
            entries.insert(entry, at: index)
        case .properties(let id, let properties):
            entries[index(of: id)!].properties = properties
        case .mergeDown(let id):
            entries.remove(at: index(of: id)!)
        case .flatten:
            var bottom = entries[0]
            bottom.properties.opacity = 1
            bottom.properties.mode = .normal
            bottom.properties.isVisible = true
            entries = [bottom]
        }
    }
}
