extension LayerBlendMode {
    /// The mode's name as the Layers panel and the properties dialog show it (GIMP's and
    /// Krita's words for the W3C modes; in the "blend mode" context, where "Screen" is not a display).
    var userName: String {
        switch self {
        case .normal: return trc("blend mode", "Normal")
        case .multiply: return trc("blend mode", "Multiply")
        case .screen: return trc("blend mode", "Screen")
        case .overlay: return trc("blend mode", "Overlay")
        case .darken: return trc("blend mode", "Darken")
        case .lighten: return trc("blend mode", "Lighten")
        case .colorDodge: return trc("blend mode", "Colour Dodge")
        case .colorBurn: return trc("blend mode", "Colour Burn")
        case .hardLight: return trc("blend mode", "Hard Light")
        case .softLight: return trc("blend mode", "Soft Light")
        case .difference: return trc("blend mode", "Difference")
        case .exclusion: return trc("blend mode", "Exclusion")
        case .hue: return trc("blend mode", "Hue")
        case .saturation: return trc("blend mode", "Saturation")
        case .color: return trc("blend mode", "Colour")
        case .luminosity: return trc("blend mode", "Luminosity")
        }
    }
}
