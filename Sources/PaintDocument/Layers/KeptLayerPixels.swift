import Foundation
import PaintGraphics

/// A layer's pixels as a history checkpoint keeps them: a sparse copy at first, which is all
/// the stroke that made the checkpoint waits for, then packed beside the UI thread
/// (PackedPixels) and the copy let go. Packed on the UI thread, a checkpoint of a 4K layer
/// held up the end of its stroke for tens of milliseconds more than the copy does.
package final class KeptLayerPixels: @unchecked Sendable {
    private enum Form {
        case copied(Bitmap, bytes: Int)
        case packed(PackedPixels)
    }

    private let lock = NSLock()
    /// Read and replaced under `lock`: the packing thread replaces it once.
    private var form: Form

    /// One packing at a time, at utility priority: the cores are the UI's (its row bands).
    private static let queue = DispatchQueue(label: "x11paint.checkpoint-packing", qos: .utility)
    private static let packing = DispatchGroup()

    package init(_ pixels: Bitmap) {
        let copy = pixels.sparseCopy()
        form = .copied(copy.copy, bytes: copy.bytes)
        // A layer with nothing painted copies to nothing: there is nothing to pack.
        guard copy.bytes > 0 else { return }
        // The copy is not captured: a checkpoint thinned away before its turn (a long history
        // opened thins most of its checkpoints) lets it go at once and is not packed.
        Self.queue.async(group: Self.packing) { [weak self] in
            guard let self, case .copied(let copy, _) = self.lock.withLock({ self.form }),
                  let packed = PackedPixels(packing: copy) else { return }
            self.lock.withLock { self.form = .packed(packed) }
        }
    }

    /// Waits until every checkpoint asked for so far is packed (for tests).
    package static func waitUntilPacked() { packing.wait() }

    /// The bytes kept now: the copy's painted pages, or the packed bytes.
    package var bytes: Int {
        switch lock.withLock({ form }) {
        case .copied(_, let bytes): bytes
        case .packed(let packed): packed.byteCount
        }
    }

    package var isPacked: Bool {
        if case .packed = lock.withLock({ form }) { return true }
        return false
    }

    /// The pixels again, a bitmap of their own, sparse or `dense` (nil when they cannot be
    /// unpacked).
    package func unpacked(dense: Bool) -> Bitmap? {
        switch lock.withLock({ form }) {
        case .packed(let packed):
            return packed.unpack(dense: dense)
        case .copied(let copy, _):
            return dense ? copy.cropped(to: copy.bounds) : copy.sparseCopy().copy
        }
    }
}
