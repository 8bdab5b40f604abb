import CMachine
import PaintGraphics

/// The renderer's hottest loops compiled for x86-64-v3 (Haswell and later, Zen and later) and
/// chosen at start on a processor that has it: the package itself is built for the x86-64
/// baseline, SSE2, as Debian's are, so it runs everywhere. Blend2D compiles its pipelines for the
/// processor at hand; built for this one, with edge pixels eight at a time, the polygon fill took
/// 1,000 small polygons 15% less time (BENCHMARKS.md).
///
/// The module may define no function the baseline modules define too: specializations of
/// generic code have shared linkage, and the linker keeps one copy for every caller, which on an
/// older processor could be this module's. So each loop is inlined whole into a function of this
/// module (its parts are `@inline(__always)`), or, what the optimiser leaves out of line,
/// specialized for this module's own `HaswellCompilation`. `scripts/check-haswell-module.sh`
/// holds the build to that.
public enum HaswellKernels {
    /// Fills and strokes through this module's loops from now on when the processor can run
    /// them, unless the environment asks for the baseline (`ProcessorKernels.choose`). Returns
    /// whether it did. Call once at start, before any drawing.
    @discardableResult
    public static func installIfSupported(environment: [String: String]) -> Bool {
        isSupported && ProcessorKernels.choose(strips: fillSolidStrip, capsuleRows: coverCapsuleRows, environment: environment)
    }

    /// Whether this processor runs the module's code.
    public static var isSupported: Bool { machine_runs_x86_64_v3() != 0 }

    @inline(never)
    static func fillSolidStrip(_ rasterizer: Rasterizer, _ polygons: [Polyline], _ rule: FillRule, _ strip: PixelRect,
                               _ sink: SolidOverSink) {
        rasterizer.fillStrip(polygons, rule: rule, strip: strip, eightWide: true, sink: sink)
    }

    @inline(never)
    static func coverCapsuleRows(_ kernel: CapsuleKernel, _ rows: CapsuleRows, _ full: UInt8, _ mask: CoverageMask) -> PixelRect {
        CapsuleRasterizer.cover(rows, by: kernel, full: full, in: mask, for: HaswellCompilation.self)
    }
}

/// This module's compilation, which names its specializations (see KernelCompilation).
enum HaswellCompilation: KernelCompilation {
}
