import Foundation

/// Saves artwork beside the UI thread: the UI hands over a snapshot and goes on drawing while
/// it is composed, encoded and written (at 4K that is hundreds of milliseconds). Saves run one
/// after another in the order asked, and `waitUntilDone()` lets an ending app finish them.
public final class BackgroundSaver {
    private let store: ArtworkStore
    private let queue = DispatchQueue(label: "x11paint.save", qos: .userInitiated)
    private let group = DispatchGroup()
    /// Saves asked for and not yet told back (UI thread only).
    public private(set) var inFlight = 0

    public init(store: ArtworkStore) { self.store = store }

    /// Renders and saves `artwork` in the background; `completion` runs through `deliver` (the
    /// UI thread) with the path written or the reason it could not be.
    public func save(_ artwork: ArtworkSnapshot, deliver: @escaping (@escaping () -> Void) -> Void,
                     completion: @escaping (Result<String, Error>) -> Void) {
        let store = self.store
        save(artwork, writer: { try store.save($0()) }, deliver: deliver, completion: completion)
    }

    /// The same over the document's own file.
    public func save(_ artwork: ArtworkSnapshot, replacing target: SaveAsTarget,
                     deliver: @escaping (@escaping () -> Void) -> Void, completion: @escaping (Result<String, Error>) -> Void) {
        let store = self.store
        save(artwork, writer: { try store.replace($0, at: target) }, deliver: deliver, completion: completion)
    }

    /// The same to a file the user named (Save As).
    public func save(_ artwork: ArtworkSnapshot, to target: SaveAsTarget, deliver: @escaping (@escaping () -> Void) -> Void,
                     completion: @escaping (Result<String, Error>) -> Void) {
        save(artwork, writer: { try target.write($0) }, deliver: deliver, completion: completion)
    }

    private func save(_ artwork: ArtworkSnapshot, writer: @escaping (ArtworkSnapshot) throws -> String,
                      deliver: @escaping (@escaping () -> Void) -> Void, completion: @escaping (Result<String, Error>) -> Void) {
        inFlight += 1
        group.enter()
        queue.async { [group] in
            let result = Result { try writer(artwork) }
            deliver {
                self.inFlight -= 1
                completion(result)
            }
            group.leave()
        }
    }

    /// Blocks until every save asked for has been written (or has failed): the app is ending.
    public func waitUntilDone() { group.wait() }
}
