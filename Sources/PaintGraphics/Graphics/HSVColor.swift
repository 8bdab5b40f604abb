/// A colour as hue, saturation and value (the colour dialog's square and strip), with alpha.
/// Kept in doubles, so an 8-bit colour read into it and back gives the same bytes; the dialog
/// keeps one so the hue survives a trip through grey (saturation or value 0).
public struct HSVColor: Equatable, Sendable {
    /// Degrees, 0..<360.
    public var hue: Double
    /// 0...1.
    public var saturation: Double
    /// 0...1.
    public var value: Double
    public var alpha: Double

    public init(hue: Double, saturation: Double, value: Double, alpha: Double = 1) {
        self.hue = hue
        self.saturation = saturation
        self.value = value
        self.alpha = alpha
    }

    public init(_ color: Color) {
        let r = color.red, g = color.green, b = color.blue
        let maximum = max(r, g, b), minimum = min(r, g, b), chroma = maximum - minimum
        var hue = 0.0
        if chroma > 0 {
            if maximum == r {
                hue = 60 * ((g - b) / chroma)
            } else if maximum == g {
                hue = 60 * ((b - r) / chroma + 2)
            } else {
                hue = 60 * ((r - g) / chroma + 4)
            }
            if hue < 0 { hue += 360 }
        }
        self.init(hue: hue, saturation: maximum > 0 ? chroma / maximum : 0, value: maximum, alpha: color.alpha)
    }

    /// The same colour, unless this one is a grey or black: then `hue` (and for black the
    /// saturation) stay as `previous` had them, so the square and the strip do not jump.
    public init(_ color: Color, keepingHueOf previous: HSVColor) {
        self.init(color)
        if saturation == 0 || value == 0 { hue = previous.hue }
        if value == 0 { saturation = previous.saturation }
    }

    public var color: Color {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let chroma = value * saturation
        let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = value - chroma
        return Color(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }
}
