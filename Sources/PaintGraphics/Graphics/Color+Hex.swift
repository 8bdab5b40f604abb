import Foundation

extension Color {
    /// "#RRGGBB" (or "RRGGBB", "#RGB"), as web pages and GIMP write colours; nil if it is not one.
    public init?(hex: String) {
        var digits = hex.trimmingCharacters(in: .whitespaces)
        if digits.hasPrefix("#") { digits.removeFirst() }
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6, let value = Int(digits, radix: 16) else { return nil }
        self.init(r: (value >> 16) & 0xFF, g: (value >> 8) & 0xFF, b: value & 0xFF)
    }

    /// The colour after a round trip through an 8-bit premultiplied pixel (what the artwork keeps).
    public var roundedTo8Bit: Color { Color(premultipliedPixel: premultipliedPixel) }

    /// Relative luminance (Rec. 709 weights on the stored values): what decides dark or light ink over it.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// "#RRGGBB" of the colour's 8-bit channels.
    public var hexString: String {
        let channels = [red, green, blue].map { Int(($0 * 255).rounded()) }
        return "#" + channels.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
