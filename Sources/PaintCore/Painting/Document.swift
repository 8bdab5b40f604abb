/// The artwork as an ordered list of items; replaying them from the start rebuilds the drawing layer.
public struct Document: Sendable, Equatable {
    public enum Item: Sendable, Equatable {
        case stroke(Stroke)
        /// Clears the drawing layer; undoable like any other item.
        case clear
    }

    public private(set) var items: [Item] = []

    public init(items: [Item] = []) { self.items = items }

    public var isEmpty: Bool { items.isEmpty }

    /// The items that are visible: everything after the last clear.
    public var visibleItems: ArraySlice<Item> {
        if let last = items.lastIndex(of: .clear) { return items[(last + 1)...] }
        return items[...]
    }

    public mutating func append(_ item: Item) { items.append(item) }

    /// Removes and returns the last item, or nil when there is nothing to undo.
    @discardableResult
    public mutating func removeLast() -> Item? { items.popLast() }
}
