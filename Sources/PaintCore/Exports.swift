// What builds on PaintCore (the X11 adapter, the executable, the benchmarks) sees the graphics
// layer's types through it, as one framework re-exports another it is built on.
@_exported import PaintGraphics

/// Foundation has an AffineTransform too: in this module the name is the graphics layer's.
public typealias AffineTransform = PaintGraphics.AffineTransform
