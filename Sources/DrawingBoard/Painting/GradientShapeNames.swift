/// What the Tools menu and the status line call the gradient's shapes.
enum GradientShapeNames {
    static func name(of shape: Gradient.Shape) -> String {
        switch shape {
        case .linear: return tr("Linear Gradient")
        case .radial: return tr("Radial Gradient")
        case .conical: return tr("Conical Gradient")
        case .diamond: return tr("Diamond Gradient")
        }
    }
}
