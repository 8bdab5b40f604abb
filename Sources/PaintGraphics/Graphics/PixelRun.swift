import CMachine

/// Writes one pixel value over a run of pixels: the interior of every opaque fill.
package enum PixelRun {
    /// Long runs go through glibc's wmemset, which picks the CPU's widest stores; short runs
    /// stay inline, where a call would cost more than the stores (measured in BENCHMARKS.md).
    @inline(__always)
    package static func fill(_ destination: UnsafeMutablePointer<UInt32>, with pixel: UInt32, count: Int) {
        if count < 32 {
            destination.update(repeating: pixel, count: count)
        } else {
            machine_fill32(destination, pixel, count)
        }
    }
}
