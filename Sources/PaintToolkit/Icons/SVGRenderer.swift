/// The icons' SVG files drawn at the device's pixel size (crisp at any scale), by librsvg
/// through PaintGraphics' SVGCodec.
package enum SVGRenderer {
    package static func render(file path: String, width: Int, height: Int) -> Bitmap? {
        SVGCodec.render(file: path, width: width, height: height)
    }
}
