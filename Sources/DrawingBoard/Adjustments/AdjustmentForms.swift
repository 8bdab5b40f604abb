/// The settings of each adjustment and effect with a dialog, with Pinta's and GIMP's ranges and
/// starting values.
extension SliderAdjustmentViewController.Form {
    static let posterize = Self(title: tr("Posterize"), settings: [.init(label: trc("posterize", "Levels"), range: 2...64, initial: 16)]) {
        .posterize(levels: Int($0[0]))
    }

    static let brightnessContrast = Self(title: tr("Brightness / Contrast"), settings: [
        .init(label: tr("Brightness"), range: -100...100, initial: 0),
        .init(label: tr("Contrast"), range: -100...100, initial: 0),
    ]) { .brightnessContrast(brightness: Int($0[0]), contrast: Int($0[1])) }

    static let hueSaturation = Self(title: tr("Hue / Saturation"), settings: [
        .init(label: tr("Hue"), range: -180...180, initial: 0),
        .init(label: tr("Saturation"), range: 0...200, initial: 100),
        .init(label: tr("Lightness"), range: -100...100, initial: 0),
    ]) { .hueSaturation(hue: Int($0[0]), saturation: Int($0[1]), lightness: Int($0[2])) }

    static let gaussianBlur = Self(title: tr("Gaussian Blur"), settings: [.init(label: tr("Radius"), range: 0.5...200, initial: 2, step: 0.5, exponent: 2)]) {
        .effect(.gaussianBlur(radius: $0[0]))
    }

    static let unsharpMask = Self(title: tr("Unsharp Mask"), settings: [
        .init(label: tr("Amount"), range: 0...500, initial: 100),
        .init(label: tr("Radius"), range: 0.5...50, initial: 2, step: 0.5, exponent: 2),
        .init(label: tr("Threshold"), range: 0...255, initial: 0),
    ]) { .effect(.unsharpMask(amount: Int($0[0]), radius: $0[1], threshold: Int($0[2]))) }

    static let pixelate = Self(title: tr("Pixelate"), settings: [.init(label: tr("Cell size"), range: 2...100, initial: 8, exponent: 2)]) {
        .effect(.pixelate(cellSize: Int($0[0])))
    }

    /// A new seed each time the dialog opens; the item keeps it, so a replay makes the same noise.
    static func addNoise(seed: UInt64) -> Self {
        Self(title: tr("Add Noise"), settings: [
            .init(label: tr("Intensity"), range: 0...100, initial: 64),
            .init(label: tr("Colour saturation"), range: 0...200, initial: 100),
            .init(label: tr("Coverage"), range: 0...100, initial: 100),
        ]) { .effect(.addNoise(intensity: Int($0[0]), colorSaturation: Int($0[1]), coverage: Int($0[2]), seed: seed)) }
    }

    static let motionBlur = Self(title: tr("Motion Blur"), settings: [
        .init(label: tr("Angle"), range: -180...180, initial: 25),
        .init(label: tr("Distance"), range: 1...200, initial: 10, exponent: 2),
    ]) { .effect(.motionBlur(angle: Int($0[0]), distance: Int($0[1]))) }
}
