/// A drawing tool as a strategy: the canvas asks the current brush how a stroke behaves and
/// never switches on tool kinds.
public protocol Brush {
    /// The name shown to the user.
    var name: String { get }
    /// Starts a stroke at a point in the brush's current colour and width.
    func beginStroke(at point: Point, color: Color, width: Double) -> Stroke
}

/// Freehand painting in the current colour.
public struct PencilBrush: Brush {
    public init() {}
    public var name: String { "Pencil" }

    public func beginStroke(at point: Point, color: Color, width: Double) -> Stroke {
        Stroke(points: [point], color: color, width: width, blendMode: .sourceOver)
    }
}

/// A true eraser: it removes paint from the drawing layer so the background shows through.
public struct EraserBrush: Brush {
    public init() {}
    public var name: String { "Eraser" }

    public func beginStroke(at point: Point, color: Color, width: Double) -> Stroke {
        Stroke(points: [point], color: .black, width: width, blendMode: .clear)
    }
}
