// What builds on the toolkit sees the graphics layer's types through it, as UIKit brings
// CoreGraphics with it.
@_exported import PaintGraphics

/// Foundation has an AffineTransform too: in this module the name is the graphics layer's.
public typealias AffineTransform = PaintGraphics.AffineTransform
