import CMachine

/// Where a rasterizer's coverage goes, row by row, left to right. The rasterizer is compiled
/// for each kind of sink, so a span costs no call through a closure: a fill of small shapes
/// is a few pixels a span, and the call, its context and its tests were a third of composing
/// them (BENCHMARKS.md).
@usableFromInline
package protocol CoverageSink {
    /// `count` pixels from `x` in row `y`, all at coverage `level` (1...255).
    func run(y: Int, x: Int, count: Int, level: UInt8)
    /// `count` pixels from `x` in row `y` with a level each (0 among them possible).
    func cells(y: Int, x: Int, count: Int, levels: UnsafePointer<UInt8>)
    /// Whether the sink takes an edge's pixels four at a time (`four`), straight from the
    /// row's sums, zero levels among them; `cells` then gets only the area's last few pixels.
    static var blendsFours: Bool { get }
    /// Four pixels from `x` in row `y`, each at its level (0...255).
    func four(y: Int, x: Int, levels: SIMD4<UInt32>)
    /// Eight pixels from `x` in row `y`, each at its level (0...255): two fours, unless the
    /// sink blends eight at once.
    func eight(y: Int, x: Int, levels: SIMD8<UInt32>)
}

extension CoverageSink {
    @usableFromInline package static var blendsFours: Bool { false }

    @inlinable @inline(__always)
    package func eight(y: Int, x: Int, levels: SIMD8<UInt32>) {
        four(y: y, x: x, levels: levels.lowHalf)
        four(y: y, x: x + 4, levels: levels.highHalf)
    }

    package func four(y: Int, x: Int, levels: SIMD4<UInt32>) {
        var bytes: UInt32 = 0
        withUnsafeMutableBytes(of: &bytes) { CoverageGroups.store(levels, to: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        withUnsafeBytes(of: &bytes) { cells(y: y, x: x, count: 4, levels: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
    }
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
@usableFromInline
package struct SolidOverSink: CoverageSink {
    @usableFromInline let source: UInt32
    /// The colour scaled by each coverage level (ScaledPaint).
    @usableFromInline let scaled: UnsafePointer<UInt32>
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>
    @usableFromInline let width: Int
    @usableFromInline package static var blendsFours: Bool { true }

    init(source: UInt32, scaled: UnsafePointer<UInt32>, pixels: UnsafeMutablePointer<UInt32>, width: Int) {
        self.source = source
        self.scaled = scaled
        self.pixels = pixels
        self.width = width
    }

    @inlinable @inline(__always)
    package func run(y: Int, x: Int, count: Int, level: UInt8) {
        let destination = pixels + y * width + x
        if level == 255 && source >> 24 == 255 { return PixelRun.fill(destination, with: source, count: count) }
        for i in 0..<count { destination[i] = ScaledPaint.blendOver(scaled, source: source, level: UInt32(level), over: destination[i]) }
    }

    @inlinable @inline(__always)
    package func cells(y: Int, x: Int, count: Int, levels: UnsafePointer<UInt8>) {
        ScaledPaint.blendOver(scaled, cells: levels, count: count, into: pixels + y * width + x)
    }

    /// Blended in vector lanes whatever their levels: uncovered pixels come out as they were
    /// and fully covered ones as the colour, so testing for either first only cost the
    /// mispredicted branches along an edge's mixed groups (BENCHMARKS.md).
    @inlinable @inline(__always)
    package func four(y: Int, x: Int, levels: SIMD4<UInt32>) {
        let target = UnsafeMutableRawPointer(pixels + y * width + x)
        // The next rows' edge pixels are read soon after: ask for them now (a cold load of
        // the destination was a sixth of filling small polygons).
        machine_prefetch_for_write(target + 2 * 4 * width)
        ScaledPaint.blendOver(scaled, source: source, coverage: levels, into: target)
    }

    @inlinable @inline(__always)
    package func eight(y: Int, x: Int, levels: SIMD8<UInt32>) {
        let target = UnsafeMutableRawPointer(pixels + y * width + x)
        machine_prefetch_for_write(target + 2 * 4 * width)
        ScaledPaint.blendOver(scaled, source: source, coverage: levels, into: target)
    }
}
