/// How a layer mixes into the picture and whether it may change: what its properties dialog edits.
public struct LayerProperties: Sendable, Equatable, Codable {
    /// Empty: the name the stack gives the first layer ("Layer 1" in the user's language).
    public var name: String
    /// 0...1.
    public var opacity: Double
    public var mode: LayerBlendMode
    public var isVisible: Bool
    /// A locked layer takes no painting (the tools say so instead).
    public var isLocked: Bool

    public init(name: String, opacity: Double = 1, mode: LayerBlendMode = .normal, isVisible: Bool = true, isLocked: Bool = false) {
        self.name = name
        self.opacity = min(max(opacity, 0), 1)
        self.mode = mode
        self.isVisible = isVisible
        self.isLocked = isLocked
    }

    /// The opacity as the compositor takes it, 0...255.
    public var opacity255: UInt32 { UInt32((min(max(opacity, 0), 1) * 255).rounded()) }
}

/// A change to the layer stack itself, an item of the document's history like a stroke: undo
/// takes it back, the journal records it, recovery replays it. Layers are named by ids the
/// document hands out (0 is the first layer every document has); indexes count from the bottom.
public enum LayerChange: Sendable, Equatable, Codable {
    /// A new empty layer at `index`.
    case add(id: Int, index: Int, properties: LayerProperties)
    /// A copy of `source`'s pixels and properties (named `name`) just above it.
    case duplicate(source: Int, id: Int, name: String)
    case delete(id: Int)
    /// The layer moves to `index` (counted in the stack without it... and with it: the final index).
    case move(id: Int, index: Int)
    case properties(id: Int, LayerProperties)
    /// The layer is composed onto the one below (with its mode and opacity) and goes.
    case mergeDown(id: Int)
    /// The picture as it shows (the background and every visible layer) as one layer, keeping
    /// the bottom layer's id; hidden layers go.
    case flatten

    /// What a message calls this change ("Undid the new layer").
    public var userDescription: String {
        switch self {
        case .add: return tr("the new layer")
        case .duplicate: return tr("the duplicated layer")
        case .delete: return tr("the deleted layer")
        case .move: return tr("the layer's move")
        case .properties: return tr("the layer's properties")
        case .mergeDown: return tr("the merge down")
        case .flatten: return tr("the flattening")
        }
    }
}
