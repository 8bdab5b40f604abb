import Foundation

/// Icons by their freedesktop names, as images at a pixel size, for the UI thread. Symbolic
/// icons (the "-symbolic" names GTK apps use for toolbars) are a shape only: they take the
/// colour of the text beside them, so disabled, selected and hovered looks come for free.
public final class Icons {
    public static let shared = Icons(theme: IconTheme.forDesktop(environment: ProcessInfo.processInfo.environment,
                                                                 extraBaseDirectory: AppResources.iconsFolder),
                                     cache: .forDesktop(environment: ProcessInfo.processInfo.environment))

    private let theme: IconTheme
    private let cache: IconCache
    private var files: [String: String?] = [:]
    private var shapes: [String: Bitmap?] = [:]
    private var images: [String: Image] = [:]

    /// `cache`: where icons drawn from SVG are kept between runs (by default nowhere).
    public init(theme: IconTheme, cache: IconCache = IconCache(folder: nil)) {
        self.theme = theme
        self.cache = cache
    }

    /// The file found for a name (trying "name-symbolic" first, then "name"), at a point size.
    public func file(named name: String, size: Int, scale: Int) -> String? {
        let key = "\(name)@\(size)x\(scale)"
        if let known = files[key] { return known }
        let found = theme.lookup("\(name)-symbolic", size: size, scale: scale) ?? theme.lookup(name, size: size, scale: scale)
        files[key] = found
        return found
    }

    /// The icon `name` filling `pixels` square, symbolic ones in `color`; nil when no theme has it.
    public func image(named name: String, pixels: Int, color: Color) -> Image? {
        let key = "\(name)/\(pixels)/\(color.premultipliedPixel)"
        if let cached = images[key] { return cached }
        guard let shape = shape(named: name, pixels: pixels) else { return nil }
        let image: Image
        if isSymbolic(name: name, pixels: pixels) {
            let tinted = Bitmap(width: shape.width, height: shape.height)
            let ink = color.premultipliedPixel
            for i in 0..<shape.width * shape.height {
                tinted.pixels[i] = PixelMath.scale(ink, by: shape.pixels[i] >> 24)
            }
            image = Image(bitmap: tinted)
        } else {
            image = Image(bitmap: shape)
        }
        images[key] = image
        return image
    }

    private func isSymbolic(name: String, pixels: Int) -> Bool {
        file(named: name, size: pixels, scale: 1)?.contains("-symbolic") ?? false
    }

    /// The icon's pixels as the file has them, drawn (SVG) or scaled (PNG) to the size.
    private func shape(named name: String, pixels: Int) -> Bitmap? {
        let key = "\(name)/\(pixels)"
        if let known = shapes[key] { return known }
        var bitmap: Bitmap?
        if let path = file(named: name, size: pixels, scale: 1) {
            if path.hasSuffix(".svg") {
                bitmap = cache.bitmap(svg: path, pixels: pixels) { SVGRenderer.render(file: path, width: pixels, height: pixels) }
            } else if path.hasSuffix(".png"), let data = FileManager.default.contents(atPath: path),
                      let decoded = try? PNGCodec.decode(data) {
                bitmap = decoded.width == pixels && decoded.height == pixels ? decoded : Self.resized(decoded, to: pixels)
            }
        }
        shapes[key] = bitmap
        return bitmap
    }

    private static func resized(_ source: Bitmap, to pixels: Int) -> Bitmap {
        let result = Bitmap(width: pixels, height: pixels)
        GraphicsContext(bitmap: result).draw(Image(bitmap: source), in: Rect(x: 0, y: 0, width: Double(pixels), height: Double(pixels)))
        return result
    }
}
