import DrawingBoard
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Keeps saved artwork in memory, so view-controller tests need no file system.
final class MemoryArtworkStore: ArtworkStore {
    private(set) var saved: [Bitmap] = []
    var failure: String?

    struct Failure: Error, CustomStringConvertible { let description: String }

    func save(_ artwork: Bitmap) throws -> String {
        if let failure { throw Failure(description: failure) }
        saved.append(artwork)
        return "/memory/\(saved.count).png"
    }
}
