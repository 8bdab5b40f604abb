import CImageCodecs

extension Bitmap {
    /// A bitmap of pixels a codec allocated (copied, and the codec's freed).
    convenience init(taking pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        self.init(width: width, height: height)
        self.pixels.update(from: pixels, count: width * height)
        codecs_free_pixels(pixels)
    }
}
