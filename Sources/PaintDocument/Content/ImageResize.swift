/// The whole drawing resampled to another size (Image → Resize Image): every layer's pixels
/// through the filter chosen. As a document item it is these few values, not the layers stored
/// again; replaying it resamples the layers as they are at its place in the history, so the
/// same log makes the same pixels. The size before is kept so a history can be read back from
/// the document's size to its start.
public struct ImageResize: Sendable, Hashable, Codable {
    public var oldWidth: Int
    public var oldHeight: Int
    public var width: Int
    public var height: Int
    public var filter: ResamplingFilter

    public init(oldWidth: Int, oldHeight: Int, width: Int, height: Int, filter: ResamplingFilter) {
        self.oldWidth = oldWidth
        self.oldHeight = oldHeight
        self.width = width
        self.height = height
        self.filter = filter
    }

    /// Whether the sizes are ones the app makes (a damaged or crafted record is not replayed).
    public var isPlausible: Bool {
        [oldWidth, oldHeight, width, height].allSatisfy { (1...DocumentFormat.maximumSide).contains($0) }
    }

    /// One layer's pixels resampled as the item does it.
    public func resample(_ pixels: Bitmap) -> Bitmap {
        Resampler.resample(pixels, width: width, height: height, filter: filter)
    }
}
