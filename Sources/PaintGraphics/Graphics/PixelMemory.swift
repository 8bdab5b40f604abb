#if canImport(Glibc)
import Glibc
#endif

/// Allocation for pixel buffers. Large buffers are aligned to 2 MiB and offered to the kernel
/// as transparent huge pages: a stroke touches a few pixels on each of many rows, and with
/// 4 KiB pages every row of every buffer would be its own TLB miss.
package enum PixelMemory {
    package static let hugePageSize = 2 << 20

    package static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let bytes = max(1, count) * MemoryLayout<T>.stride
        if bytes >= hugePageSize {
            var raw: UnsafeMutableRawPointer?
            let rounded = (bytes + hugePageSize - 1) / hugePageSize * hugePageSize
            if posix_memalign(&raw, hugePageSize, rounded) == 0, let raw {
                _ = madvise(raw, rounded, 14 /* MADV_HUGEPAGE */)
                return raw.bindMemory(to: T.self, capacity: max(1, count))
            }
        }
        return UnsafeMutablePointer<T>.allocate(capacity: max(1, count))
    }

    package static func free<T>(_ pointer: UnsafeMutablePointer<T>, count: Int) {
        let bytes = max(1, count) * MemoryLayout<T>.stride
        if bytes >= hugePageSize {
            Glibc.free(pointer)
        } else {
            pointer.deallocate()
        }
    }
}
