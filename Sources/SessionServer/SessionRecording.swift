import PaintDocument
import SessionProtocol

/// A session's log is its recording: the drawing it holds now, read from a store with its
/// pictures whole (a server keeps only their sizes in mind), for `x11paint-server export`.
public enum SessionRecording {
    public struct RecordingError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The session's drawing after every operation its store holds.
    public static func drawing(of session: String, in store: any OperationStore) async throws -> Document {
        guard try await store.key(of: session) != nil else { throw RecordingError(description: "there is no session \(session)") }
        let pictures = AssetRegistry()
        pictures.placeholder = { width, height in PicturePlaceholder.make(width: min(max(width, 1), 4096), height: min(max(height, 1), 4096)) }
        for id in try await store.pictureIDs(in: session) {
            guard let picture = try await store.picture(id, in: session),
                  let photo = try? PhotoDecoder.decode(picture.encoded, name: picture.name) else { continue }
            pictures.assets[id] = ImageAsset(bitmap: photo.asset.image.bitmap, name: picture.name, id: id, encoded: picture.encoded)
        }
        guard let encoded = try await store.encodedStart(of: session) else {
            throw RecordingError(description: "the session \(session) has no drawing yet (nobody has joined it)")
        }
        let start = try SessionWire.decode(SessionStart.self, from: encoded.body, pictures: pictures)
        var operations: [DocumentOperation] = [], after = start.sequence
        while true {
            let page = try await store.operations(in: session, after: after, limit: SessionHub.page, pictures: pictures)
            guard let last = page.last else { break }
            operations += page.map(\.operation)
            after = last.sequence
        }
        return SharedDocument.folded(start.document, numbers: start.numbers, applying: operations).document
    }
}
