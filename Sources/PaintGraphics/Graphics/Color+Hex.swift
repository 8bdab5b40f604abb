import Foundation

extension Color {
    /// "#RRGGBB" (or "RRGGBB", "#RGB"), as web pages and GIMP write colours, or "#RRGGBBAA"
    /// with the alpha last (CSS's order); nil if it is not one.
    public init?(hex: String) {
        var digits = hex.trimmingCharacters(in: .whitespaces)
        if digits.hasPrefix("#") { digits.removeFirst() }
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        if digits.count == 6 { digits += "FF" }
        guard digits.count == 8, let value = Int(digits, radix: 16) else { return nil }
        self.init(r: (value >> 24) & 0xFF, g: (value >> 16) & 0xFF, b: (value >> 8) & 0xFF, a: value & 0xFF)
    }

    /// The colour after a round trip through an 8-bit premultiplied pixel (what the artwork keeps).
    public var roundedTo8Bit: Color { Color(premultipliedPixel: premultipliedPixel) }

    /// Relative luminance (Rec. 709 weights on the stored values): what decides dark or light ink over it.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// "#RRGGBB" of the colour's 8-bit channels.
    public var hexString: String { Self.hex([red, green, blue]) }

    /// "#RRGGBBAA": the same with the alpha, as the settings file keeps colours.
    public var hexStringWithAlpha: String { Self.hex([red, green, blue, alpha]) }

    private static func hex(_ channels: [Double]) -> String {
        "#" + channels.map { String(Int(($0 * 255).rounded()), radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension Color {
    /// Each straight component at the nearest 1/255 (what the colour dialog's fields and the
    /// settings file say); unlike `roundedTo8Bit` a translucent colour keeps its exact tint.
    public var quantized: Color {
        func q(_ c: Double) -> Double { (max(0, min(1, c)) * 255).rounded() / 255 }
        return Color(red: q(red), green: q(green), blue: q(blue), alpha: q(alpha))
    }
}
