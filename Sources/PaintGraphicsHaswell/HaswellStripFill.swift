import CMachine
import PaintGraphics

/// The polygon fill's strips of a solid colour compiled for x86-64-v3 (Haswell and later, Zen
/// and later), chosen at start on a processor that has it: the package itself is built for the
/// x86-64 baseline, SSE2, as Debian's are, so it runs everywhere. Blend2D compiles its pipelines
/// for the processor at hand; built for this one the fill took 1,000 small polygons 5% less
/// time (BENCHMARKS.md, issue 44's eleventh session).
///
/// The strip fill is inlined whole into `fillSolidStrip` (its parts are `@inline(__always)`), so
/// this module defines no function the baseline modules define too: specializations of generic
/// code have shared linkage, and the linker keeps one copy for every caller, which on an older
/// processor could be this module's. `scripts/check-haswell-module.sh` holds the build to that.
public enum HaswellStripFill {
    /// Fills through this module's strips from now on when the processor can run them, unless
    /// the environment asks for the baseline (`Rasterizer.chooseSolidStrips`). Returns whether
    /// it did. Call once at start, before any fill.
    @discardableResult
    public static func installIfSupported(environment: [String: String]) -> Bool {
        // The environment is looked at by the baseline: a dictionary lookup compiled here would
        // be a shared specialization.
        isSupported && Rasterizer.chooseSolidStrips(fillSolidStrip, environment: environment)
    }

    /// Whether this processor runs the module's code.
    public static var isSupported: Bool { machine_runs_x86_64_v3() != 0 }

    @inline(never)
    static func fillSolidStrip(_ rasterizer: Rasterizer, _ polygons: [Polyline], _ rule: FillRule, _ strip: PixelRect,
                               _ sink: SolidOverSink) {
        rasterizer.fillStrip(polygons, rule: rule, strip: strip, eightWide: true, sink: sink)
    }
}
