/// How a layer's colours mix with what is under it: the W3C Compositing and Blending Level 1
/// blend modes (CSS's mix-blend-mode), which Krita, GIMP, MyPaint and Pinta share through
/// OpenRaster, where each is written as its `composite-op` ("svg:multiply").
public enum LayerBlendMode: String, CaseIterable, Sendable, Codable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
    case difference, exclusion, hue, saturation, color, luminosity

    /// OpenRaster's composite-op: "svg:" and the CSS name; normal is source-over.
    public var openRasterName: String { self == .normal ? "svg:src-over" : "svg:" + rawValue }

    public init?(openRasterName: String) {
        guard openRasterName.hasPrefix("svg:") else { return nil }
        let name = String(openRasterName.dropFirst(4))
        self.init(rawValue: name == "src-over" ? "normal" : name)
    }

    /// The modes whose result for each channel depends on that channel alone.
    public var isSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: false
        default: true
        }
    }
}
