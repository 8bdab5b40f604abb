/// A colour with straight (not premultiplied) components in 0...1.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 0-255 components, as colour pickers show them.
    public init(r: Int, g: Int, b: Int, a: Int = 255) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let red = Color(r: 230, g: 40, b: 40)
    public static let green = Color(r: 40, g: 170, b: 70)
    public static let blue = Color(r: 30, g: 100, b: 230)
    public static let lightGray = Color(r: 220, g: 220, b: 224)
    public static let darkGray = Color(r: 90, g: 90, b: 96)

    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Premultiplied BGRA32 as a little-endian word: A<<24 | R<<16 | G<<8 | B.
    public var premultipliedPixel: UInt32 {
        let a = max(0, min(1, alpha))
        func channel(_ c: Double) -> UInt32 { UInt32((max(0, min(1, c)) * a * 255).rounded()) }
        return UInt32((a * 255).rounded()) << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue)
    }

    /// The straight colour of a premultiplied pixel.
    public init(premultipliedPixel p: UInt32) {
        let a = Double(p >> 24)
        if a == 0 {
            self = .clear
            return
        }
        self.init(red: Double((p >> 16) & 0xFF) / a, green: Double((p >> 8) & 0xFF) / a,
                  blue: Double(p & 0xFF) / a, alpha: a / 255)
    }

    public var description: String {
        "rgba(\(Int((red * 255).rounded())), \(Int((green * 255).rounded())), \(Int((blue * 255).rounded())), \(alpha))"
    }
}
