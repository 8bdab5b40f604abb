import PaintDocument
import SessionProtocol

/// A session's log is its recording: the drawing it holds now, read from a store with its
/// pictures whole (a server keeps only their sizes in mind), or the whole recording, for
/// `x11paint-server export`.
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

    /// Writes the session's recording to `path` (see `SessionRecordingFile`): its pictures, the
    /// drawing the store starts it from (the server's latest snapshot, when it has folded the
    /// history before it), and every operation after that, their bodies as the store keeps
    /// them. Returns how many operations it holds.
    @discardableResult
    public static func write(_ session: String, in store: any OperationStore, to path: String) async throws -> Int {
        guard try await store.key(of: session) != nil else { throw RecordingError(description: "there is no session \(session)") }
        guard let start = try await store.encodedStart(of: session) else {
            throw RecordingError(description: "the session \(session) has no drawing yet (nobody has joined it)")
        }
        let writer = try SessionRecordingFile.Writer(path: path)
        for id in try await store.pictureIDs(in: session) {
            if let picture = try await store.picture(id, in: session) { try writer.append(.picture(picture)) }
        }
        try writer.append(encoded: Array(#"{"start":{"_0":"#.utf8) + start.body + Array("}}".utf8))
        var after = start.sequence, count = 0
        while true {
            let page = try await store.encodedOperations(in: session, after: after, limit: SessionHub.page)
            guard let last = page.last else { break }
            for (sequence, body) in page {
                try writer.append(encoded: Array(#"{"operation":{"_1":"#.utf8) + body + Array(#","sequence":\#(sequence)}}"#.utf8))
            }
            count += page.count
            after = last.sequence
        }
        try writer.finish()
        return count
    }
}
