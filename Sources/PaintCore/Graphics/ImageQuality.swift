/// How a picture is resampled when it is drawn scaled or turned.
public enum ImageQuality: Sendable {
    /// Bilinear from the nearest half-size level: what stays on screen and what is saved.
    case smooth
    /// The nearest texel: for frames that last a few milliseconds while a gesture moves.
    case fast
}
