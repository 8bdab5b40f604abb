import DrawingBoard

/// A store for boards made by the bench: what they would save is thrown away.
struct DiscardingArtworkStore: ArtworkStore {
    func save(_ artwork: Bitmap) throws -> String { "" }
}
