/// How a new selection meets the one there is (GIMP's and Pinta's modes): it replaces it, is
/// added to it, taken away from it, or only what both hold stays.
public enum SelectionMode: String, CaseIterable, Sendable {
    case replace, add, subtract, intersect

    /// The selection that results, worked on the layer's pixels at `scale`; nil: nothing.
    public func combine(_ old: SelectionArea?, with new: SelectionArea?, scale: Double) -> SelectionArea? {
        switch (self, old, new) {
        case (.replace, _, _): return new
        case (.add, nil, _): return new
        case (.add, _, nil), (.subtract, _, nil): return old
        case (.subtract, nil, _), (.intersect, nil, _), (.intersect, _, nil): return nil
        case (_, let old?, let new?):
            let a = old.pixels(atScale: scale), b = new.pixels(atScale: scale)
            let area = self == .intersect ? a.intersection(b) : a.union(b)
            guard !area.isEmpty else { return nil }
            let first = old.flags(in: area, atScale: scale), second = new.flags(in: area, atScale: scale)
            let combined: [Bool]
            switch self {
            case .add: combined = zip(first, second).map { $0 || $1 }
            case .subtract: combined = zip(first, second).map { $0 && !$1 }
            default: combined = zip(first, second).map { $0 && $1 }
            }
            // Soft edges stay soft when either side had them.
            guard var mask = SelectionMask(flags: combined, in: area, scale: scale) else { return nil }
            mask.softEdges = old.pixelMask?.softEdges == true || new.pixelMask?.softEdges == true
            return SelectionArea(mask)
        }
    }
}

extension SelectionArea {
    /// Which pixels of `target` it selects, one flag each, row by row.
    public func flags(in target: PixelRect, atScale scale: Double) -> [Bool] {
        if let pixelMask, pixelMask.scale == scale { return pixelMask.flags(in: target) }
        let own = pixels(atScale: scale), selected = mask(atScale: scale)
        var flags = [Bool](repeating: false, count: max(0, target.width * target.height))
        let overlap = own.intersection(target)
        guard !overlap.isEmpty else { return flags }
        for y in overlap.y0..<overlap.y1 {
            for x in overlap.x0..<overlap.x1 {
                flags[(y - target.y0) * target.width + x - target.x0] = selected?[(y - own.y0) * own.width + x - own.x0] ?? true
            }
        }
        return flags
    }
}
