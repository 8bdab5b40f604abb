/// How a picture is resampled when it is drawn scaled or turned.
public enum ImageQuality: Sendable {
    /// Bilinear from the nearest half-size level: what stays on screen and what is saved.
    case smooth
    /// The nearest texel: for frames that last a few milliseconds while a gesture moves.
    case fast
    /// The nearest texel once per 2x2 pixels where the picture is turned: a gesture's frames on
    /// a 2x screen, where that is the detail a 1x screen shows, for a quarter of the reads.
    case coarse
}
