/// The renderer's hottest loops compiled a second time for a newer processor than the baseline
/// the package is built for (PaintGraphicsHaswell), chosen at start where the processor has its
/// instructions: the polygon fill's strips and the rows of the freehand stroke's capsules.
package enum ProcessorKernels {
    /// Fills and strokes through `strips` and `capsuleRows` from now on, unless
    /// `X11PAINT_BASELINE_KERNELS` is set in `environment` (to compare the two, or to rule the
    /// others out). Returns whether it chose them. The environment is looked at here, in the
    /// baseline: a dictionary lookup compiled in the other module would be a shared
    /// specialization (see PaintGraphicsHaswell).
    package static func choose(strips: @escaping Rasterizer.SolidStrips, capsuleRows: @escaping CapsuleRasterizer.CapsuleRowsLoop,
                               environment: [String: String]) -> Bool {
        guard environment["X11PAINT_BASELINE_KERNELS"] == nil else { return false }
        Rasterizer.solidStrips = strips
        CapsuleRasterizer.capsuleRows = capsuleRows
        return true
    }
}

/// Which compilation a generic kernel is specialized for: the baseline's, or a type of the
/// module compiled for a newer processor. A specialization's name holds its types, so what the
/// optimiser leaves out of line in that module has names of its own; otherwise the linker would
/// merge it with the baseline's copy and keep either for both callers.
@usableFromInline
package protocol KernelCompilation {}

/// The package's own compilation, for the x86-64 baseline (or whatever the build targets).
@usableFromInline
package enum BaselineCompilation: KernelCompilation {}
