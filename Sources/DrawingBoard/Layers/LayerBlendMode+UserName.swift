extension LayerBlendMode {
    /// The mode's name as the Layers panel and the properties dialog show it (GIMP's and
    /// Krita's words for the W3C modes).
    var userName: String {
        switch self {
        case .normal: return tr("Normal")
        case .multiply: return tr("Multiply")
        case .screen: return tr("Screen")
        case .overlay: return tr("Overlay")
        case .darken: return tr("Darken")
        case .lighten: return tr("Lighten")
        case .colorDodge: return tr("Colour Dodge")
        case .colorBurn: return tr("Colour Burn")
        case .hardLight: return tr("Hard Light")
        case .softLight: return tr("Soft Light")
        case .difference: return tr("Difference")
        case .exclusion: return tr("Exclusion")
        case .hue: return tr("Hue")
        case .saturation: return tr("Saturation")
        case .color: return tr("Colour")
        case .luminosity: return tr("Luminosity")
        }
    }
}
