import CMachine

/// Writes one pixel value over a run of pixels: the interior of every opaque fill.
@usableFromInline
package enum PixelRun {
    /// Long runs go through glibc's wmemset, which picks the CPU's widest stores. Short runs
    /// stay inline, where a call would cost more than the stores (measured in BENCHMARKS.md),
    /// as a fixed number of four-pixel stores for their size class, the later ones pulled back
    /// to overlap the earlier where the run is shorter: a loop over the run, or a pixel-by-pixel
    /// tail, ended at a different length for every run of a shape's interior, and the processor
    /// mispredicted its exit.
    @inlinable @inline(__always)
    package static func fill(_ destination: UnsafeMutablePointer<UInt32>, with pixel: UInt32, count: Int) {
        if count >= 32 { return machine_fill32(destination, pixel, count) }
        let raw = UnsafeMutableRawPointer(destination)
        if count >= 4 {
            let four = SIMD4<UInt32>(repeating: pixel), last = count - 4
            @inline(__always) func store(at pixel: Int) {
                raw.storeBytes(of: four, toByteOffset: 4 * min(pixel, last), as: SIMD4<UInt32>.self)
            }
            store(at: 0); store(at: 4); store(at: 8); store(at: 12)
            if count > 16 { store(at: 16); store(at: 20); store(at: 24); store(at: 28) }
        } else if count > 0 {
            destination[0] = pixel
            destination[min(1, count - 1)] = pixel
            destination[count - 1] = pixel
        }
    }
}
