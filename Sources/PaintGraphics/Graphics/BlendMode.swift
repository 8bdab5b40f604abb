/// How new paint combines with what is already on a layer (Porter-Duff, premultiplied).
public enum BlendMode: Sendable, Hashable, Codable {
    /// Paint over: source + destination x (1 - source alpha).
    case sourceOver
    /// Replace what is under the shape with the source (blended only at anti-aliased edges).
    case copy
    /// Make what is under the shape transparent (the true eraser).
    case clear
    /// Remove the destination where the source is opaque: destination x (1 - source alpha).
    case destinationOut
}
