/// The platform pointer shape a view asks for while the pointer is over it. Anything richer
/// (the brush's outline at its real size) is drawn by the view itself, so it follows the
/// display's scale.
public enum PointerCursor: Sendable, Equatable {
    /// The desktop's ordinary pointer.
    case arrow
    /// A thin cross marking the exact point, for drawing.
    case crosshair
    /// The I-beam over text that a click places the caret in.
    case text
}
