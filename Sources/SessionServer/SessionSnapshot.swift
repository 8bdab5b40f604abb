import PaintDocument
import SessionProtocol

/// The server's own snapshot of a session, made headless from the document layer: the drawing
/// it started from with every operation after it applied, as a participant's document applies
/// them (the same log, so the same items), up to a fold. A joiner then gets one drawing and the
/// few operations after it, not the whole history; the operations it folds keep only their ids.
public enum SessionSnapshot {
    /// The session's start with its operations up to `sequence` applied.
    public static func fold(_ start: SessionStart, with operations: [DocumentOperation], through sequence: UInt64) -> SessionStart {
        let (document, numbers) = SharedDocument.folded(start.document, numbers: start.numbers, applying: operations)
        return SessionStart(sequence: sequence, document: document, numbers: numbers)
    }

    /// Makes and keeps `session`'s snapshot through its fold numbered `sequence`, then drops the
    /// bodies of the operations the previous snapshot held (one snapshot of slack: a reader
    /// still catching up from before it has time to finish).
    public static func make(in store: any OperationStore, session: String, through sequence: UInt64) async throws {
        guard let start = try await store.start(of: session), start.sequence < sequence else { return }
        var operations: [DocumentOperation] = []
        var after = start.sequence
        while after < sequence {
            let page = try await store.operations(in: session, after: after, limit: SessionHub.page)
            guard let last = page.last else { break }
            operations += page.filter { $0.sequence <= sequence }.map(\.operation)
            after = last.sequence
        }
        guard try await store.keepStart(fold(start, with: operations, through: sequence), in: session) else { return }
        if start.sequence > 0 { try await store.dropBodies(in: session, through: start.sequence) }
    }
}
