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

    /// Zeroed memory the kernel backs page by page as it is written (4 KiB pages, never huge
    /// ones): a layer costs memory only where something was painted; reading an untouched
    /// page maps the kernel's shared zero page. Given back with `freeSparse`.
    package static func allocateSparse(bytes: Int) -> UnsafeMutableRawPointer? {
        let length = max(pageSize, (bytes + pageSize - 1) / pageSize * pageSize)
        guard let memory = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else { return nil }
        _ = madvise(memory, length, 15 /* MADV_NOHUGEPAGE */)
        return memory
    }

    /// Zeroed memory aligned to 2 MiB and offered as transparent huge pages, mapped by the
    /// kernel as it is first written (a huge page at a time): a fresh anonymous mapping is zero
    /// already, so a transparent buffer needs no writing up front. Given back with
    /// `freeZeroedHuge`; nil when the kernel refuses.
    package static func allocateZeroedHuge(bytes: Int) -> UnsafeMutableRawPointer? {
        let length = (bytes + hugePageSize - 1) / hugePageSize * hugePageSize
        // Mapped a huge page longer, then cut to the aligned part: mmap aligns to 4 KiB only.
        guard let mapping = mmap(nil, length + hugePageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapping != MAP_FAILED else { return nil }
        let address = UInt(bitPattern: mapping)
        let aligned = (address + UInt(hugePageSize) - 1) / UInt(hugePageSize) * UInt(hugePageSize)
        let head = Int(aligned - address)
        if head > 0 { munmap(mapping, head) }
        let tail = hugePageSize - head
        let memory = mapping + head
        if tail > 0 { munmap(memory + length, tail) }
        _ = madvise(memory, length, 14 /* MADV_HUGEPAGE */)
        return memory
    }

    /// Zeroed memory in a mapping of its own that costs nothing until it is written: on huge
    /// pages when it spans one (`allocateZeroedHuge`), else page by page (`allocateSparse`).
    /// Given back with `freeZeroed`; nil when the kernel refuses.
    package static func allocateZeroed(bytes: Int) -> UnsafeMutableRawPointer? {
        bytes >= hugePageSize ? allocateZeroedHuge(bytes: bytes) : allocateSparse(bytes: bytes)
    }

    package static func freeZeroed(_ memory: UnsafeMutableRawPointer, bytes: Int) {
        if bytes >= hugePageSize { freeZeroedHuge(memory, bytes: bytes) } else { freeSparse(memory, bytes: bytes) }
    }

    package static func freeZeroedHuge(_ memory: UnsafeMutableRawPointer, bytes: Int) {
        munmap(memory, (bytes + hugePageSize - 1) / hugePageSize * hugePageSize)
    }

    package static func freeSparse(_ memory: UnsafeMutableRawPointer, bytes: Int) {
        munmap(memory, max(pageSize, (bytes + pageSize - 1) / pageSize * pageSize))
    }

    /// Gives sparse memory's pages back to the kernel: they read as zeros again and cost nothing.
    package static func zeroSparse(_ memory: UnsafeMutableRawPointer, bytes: Int) {
        _ = madvise(memory, max(pageSize, (bytes + pageSize - 1) / pageSize * pageSize), 4 /* MADV_DONTNEED */)
    }

    package static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Whether `bytes` bytes from `memory` are all zero (transparent pixels), eight at a time: a
    /// painted stretch is usually told apart at its first bytes. What a sparse copy and a packed
    /// checkpoint leave out.
    package static func isZero(_ memory: UnsafeRawPointer, bytes: Int) -> Bool {
        var i = 0
        while i + 8 <= bytes {
            if memory.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 { return false }
            i += 8
        }
        while i < bytes {
            if memory.load(fromByteOffset: i, as: UInt8.self) != 0 { return false }
            i += 1
        }
        return true
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
