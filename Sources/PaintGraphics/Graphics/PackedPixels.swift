import CImageCodecs

/// A bitmap's pixels kept compressed, for what is kept long and read seldom (the history's
/// checkpoints): in chunks of 64 KiB, each compressed on its own with Zstandard's fastest
/// level, and a chunk of transparent pixels not stored at all. A layer of a drawing is mostly
/// flat colour and transparency: kept as a copy, eight checkpoints of a 1280x800 drawing held
/// 13 MB after 200 strokes (BENCHMARKS.md, issue 44's fifth session).
public final class PackedPixels {
    public let width: Int
    public let height: Int
    /// The chunks' compressed bytes one after another.
    private let packed: UnsafeMutablePointer<UInt8>
    /// Where chunk i starts in `packed`, and (at i + 1) where it ends: equal for a transparent chunk.
    private let offsets: [Int]
    /// The compressed bytes kept.
    public var byteCount: Int { offsets.last! }

    /// Bytes of pixels a chunk holds: sixteen pages, so a transparent stretch of the layer
    /// stays unmapped when unpacked.
    static let chunkBytes = 1 << 16
    /// Zstandard's level: its fastest. The chunks are mostly flat runs, where the levels above
    /// gained little and cost a checkpoint's stroke time (BENCHMARKS.md).
    static let level: Int32 = 1

    /// Nil when Zstandard cannot compress (it could not make its context): the caller keeps a copy.
    public init?(packing bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        let total = max(1, width * height) * 4
        let source = UnsafeRawPointer(bitmap.pixels).assumingMemoryBound(to: UInt8.self)
        // Written into room for the worst case, then copied to its size: the room is mapped only
        // where written, and compressed chunks are small.
        let room = codecs_pack_bound(total) + (total / Self.chunkBytes + 1) * 64
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        defer { scratch.deallocate() }
        var offsets = [0]
        offsets.reserveCapacity(total / Self.chunkBytes + 2)
        var used = 0, start = 0
        while start < total {
            let length = min(Self.chunkBytes, total - start)
            if !Self.isTransparent(source + start, count: length) {
                let written = codecs_pack(source + start, length, scratch + used, room - used, Self.level)
                if written == 0 { return nil }
                used += written
            }
            offsets.append(used)
            start += length
        }
        packed = .allocate(capacity: max(1, used))
        packed.update(from: scratch, count: used)
        self.offsets = offsets
    }

    deinit { packed.deallocate() }

    /// The pixels again, in sparse memory (a transparent chunk's pages stay unmapped); nil when
    /// Zstandard cannot decompress them.
    public func unpack() -> Bitmap? {
        let bitmap = Bitmap(sparseWidth: width, height: height)
        let total = max(1, width * height) * 4
        let target = UnsafeMutableRawPointer(bitmap.pixels).assumingMemoryBound(to: UInt8.self)
        for chunk in 0..<offsets.count - 1 where offsets[chunk + 1] > offsets[chunk] {
            let start = chunk * Self.chunkBytes
            let status = codecs_unpack(packed + offsets[chunk], offsets[chunk + 1] - offsets[chunk], target + start,
                                       min(Self.chunkBytes, total - start))
            if status != 0 { return nil }
        }
        return bitmap
    }

    /// Whether `count` bytes are all zero, eight at a time (a painted chunk is usually told
    /// apart at its first bytes).
    private static func isTransparent(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(bytes)
        var i = 0
        while i + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 { return false }
            i += 8
        }
        while i < count {
            if bytes[i] != 0 { return false }
            i += 1
        }
        return true
    }
}
