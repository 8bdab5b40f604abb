// What builds on the document sees the graphics layer's types (bitmaps, geometry) through it.
@_exported import PaintGraphics

/// Foundation has an AffineTransform too: in this module the name is the graphics layer's.
public typealias AffineTransform = PaintGraphics.AffineTransform
