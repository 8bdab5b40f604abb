import CImageCodecs

/// A bitmap's pixels kept compressed, for what is kept long and read seldom (the history's
/// checkpoints): in chunks of 64 KiB, each compressed on its own at one of Zstandard's fast
/// levels, and a chunk of transparent pixels not stored at all. A layer of a drawing is mostly
/// flat colour and transparency: kept as copies, the checkpoints of a 1280x800 drawing held
/// 13 MB after 200 strokes (BENCHMARKS.md).
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
    /// Zstandard's level: the first of its fast ones. On a 1920x1080 layer of 10,000 strokes
    /// level 1 packed 2.19 MB in 19 ms, -1 2.32 MB in 16 ms, -3 2.48 MB in 14 ms (one core):
    /// the chunks are mostly flat runs, where harder work gains little (BENCHMARKS.md).
    static let level: Int32 = -1

    /// Nil when Zstandard cannot compress (it could not make its context): the caller keeps a copy.
    /// Packed on the calling thread, a chunk at a time: the history packs beside the UI thread
    /// (KeptLayerPixels), where the cores are the UI's.
    public init?(packing bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        let total = max(1, width * height) * 4
        let source = UnsafeRawPointer(bitmap.pixels).assumingMemoryBound(to: UInt8.self)
        let slot = codecs_pack_bound(Self.chunkBytes)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: slot)
        defer { scratch.deallocate() }
        var bytes: [UInt8] = []
        var offsets = [0]
        var start = 0
        while start < total {
            let length = min(Self.chunkBytes, total - start)
            if !PixelMemory.isZero(source + start, bytes: length) {
                // A painted chunk always packs to some bytes: none is a failure.
                let written = codecs_pack(source + start, length, scratch, slot, Self.level)
                guard written > 0 else { return nil }
                bytes.append(contentsOf: UnsafeBufferPointer(start: scratch, count: written))
            }
            offsets.append(bytes.count)
            start += length
        }
        packed = .allocate(capacity: max(1, bytes.count))
        packed.update(from: bytes, count: bytes.count)
        self.offsets = offsets
    }

    deinit { packed.deallocate() }

    /// The pixels again, in a bitmap of their own: in sparse memory (a transparent chunk's pages
    /// stay unmapped), or, `dense`, in ordinary memory on huge pages (the layer painted on, see
    /// LayerPixelStack.makeDense). Nil when Zstandard cannot decompress them.
    public func unpack(dense: Bool = false) -> Bitmap? {
        // Dense: every chunk is written (a transparent one with zeros), so the memory need not
        // be filled first; sparse memory reads as zeros already.
        let bitmap = dense ? Bitmap(uninitializedWidth: width, height: height) : Bitmap(sparseWidth: width, height: height)
        return write(into: bitmap, zeroingTransparent: dense) ? bitmap : nil
    }

    /// Decompresses the chunks into `bitmap` (of this size) on the cores at once, and writes
    /// zeros over the transparent ones when `zeroingTransparent`. False when a chunk fails.
    func write(into bitmap: Bitmap, zeroingTransparent: Bool) -> Bool {
        let total = max(1, width * height) * 4
        let chunks = offsets.count - 1
        let target = UnsafeMutableRawPointer(bitmap.pixels).assumingMemoryBound(to: UInt8.self)
        let failures = UnsafeMutablePointer<Int32>.allocate(capacity: chunks)
        defer { failures.deallocate() }
        RowBands.forEachBand(of: 0..<chunks, pixels: total / 4) { range in
            for chunk in range {
                let start = chunk * Self.chunkBytes, length = min(Self.chunkBytes, total - start)
                if offsets[chunk + 1] == offsets[chunk] {
                    if zeroingTransparent { (target + start).update(repeating: 0, count: length) }
                    failures[chunk] = 0
                } else {
                    failures[chunk] = codecs_unpack(packed + offsets[chunk], offsets[chunk + 1] - offsets[chunk], target + start, length)
                }
            }
        }
        return !(0..<chunks).contains { failures[$0] != 0 }
    }
}
