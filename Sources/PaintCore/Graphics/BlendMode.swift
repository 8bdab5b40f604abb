/// How new paint combines with what is already on a layer.
public enum BlendMode: Sendable, Hashable {
    /// Paint over (the pencil).
    case sourceOver
    /// Remove what is under the paint, leaving transparency (the true eraser).
    case destinationOut
}
