import CMachine

/// Where a rasterizer's coverage goes, row by row, left to right. The rasterizer is compiled
/// for each kind of sink, so a span costs no call through a closure: a fill of small shapes
/// is a few pixels a span, and the call, its context and its tests were a third of composing
/// them (BENCHMARKS.md, issue 44's fourth session).
protocol CoverageSink {
    /// `count` pixels from `x` in row `y`, all at coverage `level` (1...255).
    func run(y: Int, x: Int, count: Int, level: UInt8)
    /// `count` pixels from `x` in row `y` with a level each (0 among them possible).
    func cells(y: Int, x: Int, count: Int, levels: UnsafePointer<UInt8>)
    /// Whether zero levels at the ends of `cells` are cut off first.
    static var trimsCells: Bool { get }
}

extension CoverageSink {
    static var trimsCells: Bool { true }
}

/// Spans handed to a closure, for callers that do something other than paint a colour.
struct SpanHandlerSink: CoverageSink {
    let handler: Rasterizer.SpanHandler

    @inline(__always)
    func run(y: Int, x: Int, count: Int, level: UInt8) { handler(y, x, count, nil, level) }

    @inline(__always)
    func cells(y: Int, x: Int, count: Int, levels: UnsafePointer<UInt8>) { handler(y, x, count, levels, 0) }
}

/// A solid colour painted source-over without a clip mask, straight into the bitmap's rows:
/// the shapes, text and outlines every tool draws.
struct SolidOverSink: CoverageSink {
    let source: UInt32
    /// The colour scaled by each coverage level (ScaledPaint).
    let scaled: UnsafePointer<UInt32>
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    /// Its blend skips zero levels anyway.
    static var trimsCells: Bool { false }

    @inline(__always)
    func run(y: Int, x: Int, count: Int, level: UInt8) {
        let destination = pixels + y * width + x
        if level == 255 && source >> 24 == 255 { return PixelRun.fill(destination, with: source, count: count) }
        let paint = scaled[Int(level)]
        for i in 0..<count { destination[i] = PixelMath.over(paint, destination[i]) }
    }

    @inline(__always)
    func cells(y: Int, x: Int, count: Int, levels: UnsafePointer<UInt8>) {
        // The next rows' edge pixels are read soon after: ask for them now (a cold load of
        // the destination was a sixth of filling small polygons).
        machine_prefetch_for_write(pixels + (y + 2) * width + x)
        ScaledPaint.blendOver(scaled, cells: levels, count: count, into: pixels + y * width + x)
    }
}
