import Foundation

/// Somewhere finished artwork goes. Returns a path the user can find it at.
public protocol ArtworkStore {
    /// A new file for an untitled drawing.
    func save(_ artwork: Bitmap) throws -> String
    /// Over the document's own file (atomically, keeping its permissions).
    func replace(_ artwork: ArtworkSnapshot, at target: SaveAsTarget) throws -> String
}

extension ArtworkStore {
    public func replace(_ artwork: ArtworkSnapshot, at target: SaveAsTarget) throws -> String { try target.write(artwork) }
}

/// Saves PNG files into the user's Pictures folder, never overwriting.
public struct PicturesArtworkStore: ArtworkStore {
    public var environment: [String: String]
    public var now: () -> Date

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, now: @escaping () -> Date = Date.init) {
        self.environment = environment
        self.now = now
    }

    public struct SaveError: Error, CustomStringConvertible {
        public let description: String
    }

    public func save(_ artwork: Bitmap) throws -> String {
        let folder = PicturesFolder.resolve(environment: environment)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SaveError(description: tr("Could not create the Pictures folder %@", folder))
        }
        let data = try PNGCodec.encode(artwork)
        let date = now()
        do {
            return try AtomicFileWriter.writeNewFile(data, in: folder) { ArtworkFileName.make(for: date, attempt: $0) }
        } catch let error as AtomicFileWriter.WriteError {
            throw SaveError(description: tr("Could not save: %@", error.description))
        }
    }
}
