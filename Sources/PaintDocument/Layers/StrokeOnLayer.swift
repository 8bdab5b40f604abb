/// A stroke drawn on a layer's own pixels while it is made (not in the document yet), which
/// the layers set aside while the document changes them, then show again over the result.
package protocol StrokeOnLayer: AnyObject {
    /// The layer's pixels as they were before the stroke.
    func setAside()
    /// The stroke drawn again, from its start, on the layer as `stack` holds it now.
    func showAgain(on stack: LayerPixelStack)
}
