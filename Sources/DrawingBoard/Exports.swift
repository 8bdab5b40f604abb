// What builds on the drawing board (the X11 adapter, the executable, the benchmarks) sees the
// layers under it through it, as one framework re-exports those it is built on.
@_exported import PaintToolkit
@_exported import PaintDocument
@_exported import PaintGraphics

/// Foundation has an AffineTransform too: in this module the name is the graphics layer's.
public typealias AffineTransform = PaintGraphics.AffineTransform
