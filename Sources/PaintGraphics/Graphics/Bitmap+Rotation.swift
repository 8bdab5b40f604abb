import Foundation

extension Bitmap {
    /// The size a `width` x `height` picture needs to hold itself turned by `degrees`
    /// (`grow`), or its own size (the corners cut).
    public static func rotatedSize(width: Int, height: Int, degrees: Double, grow: Bool) -> (width: Int, height: Int) {
        guard grow else { return (width, height) }
        let radians = degrees * Double.pi / 180, c = abs(cos(radians)), s = abs(sin(radians))
        // A hair under a whole pixel more is the float's noise at 90° steps, not a new pixel.
        let w = Double(width) * c + Double(height) * s, h = Double(width) * s + Double(height) * c
        return (max(1, Int((w - 1e-6).rounded(.up))), max(1, Int((h - 1e-6).rounded(.up))))
    }

    /// The picture turned `degrees` clockwise about its centre, filtered as a placed photo is
    /// (bilinear, from mipmaps when shrunk), into a picture of `rotatedSize` filled first with
    /// `fill` (transparent for a layer, the background's colour under it).
    public func rotated(byDegrees degrees: Double, grow: Bool, fill: UInt32 = 0) -> Bitmap {
        let size = Self.rotatedSize(width: width, height: height, degrees: degrees, grow: grow)
        let result = Bitmap(width: size.width, height: size.height, fill: fill)
        let transform = AffineTransform(translationX: -Double(width) / 2, y: -Double(height) / 2)
            .concatenating(AffineTransform(rotationAngle: degrees * Double.pi / 180))
            .concatenating(AffineTransform(translationX: Double(size.width) / 2, y: Double(size.height) / 2))
        GraphicsContext(bitmap: result).draw(Image(bitmap: self), transform: transform)
        return result
    }
}
