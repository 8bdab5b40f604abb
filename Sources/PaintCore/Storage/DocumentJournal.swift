import CImageCodecs
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An append-only, checksummed journal of everything done to the document, so nothing is lost
/// when the app or the X server dies: each edit is a record (flushed to disk at every stroke's
/// end, and the stroke in progress at least once a second); pictures are stored once beside it.
///
/// The journal starts each generation with a `generation` record followed by one record per
/// item, each with its own checksum: a damaged byte costs one item, never the whole drawing
/// (JournalReader resynchronises after damage). A failed write (a full disk) is cut back off the
/// file, recording pauses, and the next change writes a whole new generation once space returns.
public final class DocumentJournal {
    public enum Record: Codable {
        /// The whole document in one record, as earlier versions compacted it (still read).
        case snapshot(items: [Document.Item], redo: [Document.Item])
        /// Starts a generation: the records that follow replace everything before.
        case generation
        case append(Document.Item)
        /// An item on the redo stack, oldest first (part of a generation).
        case redoable(Document.Item)
        case undo
        case redo
        /// The stroke being drawn so far (nil: none any more).
        case progress(Stroke?)
        /// Points the stroke in progress gained since the last progress record, from index `from`:
        /// a long stroke's journal grows with its length, not with its length squared.
        case progressPoints(from: Int, points: [Point])
    }

    public typealias Recovery = JournalReader.Recovery

    /// Whether changes reach the disk.
    public enum State: Equatable {
        case recording
        /// A write failed (the reason); the next change tries to write a whole generation.
        case paused(String)
    }

    public struct JournalError: Error, CustomStringConvertible { public let description: String }

    static let magic: UInt32 = 0x314A_5058 // "XPJ1"
    static let headerSize = 12
    public let folder: String
    /// Holds the folder's lock for as long as this journal lives.
    private var ownership: JournalFolder?
    private var fd: Int32 = -1
    /// Bytes of whole records in the file: a failed write is cut back to here.
    private var length: off_t = 0
    private var writtenAssets = Set<String>()
    private var recordsSinceCompaction = 0
    /// Compact after this many records.
    public var compactionThreshold = 2000
    private var compacting = false
    private var recordsDuringCompaction: [Data] = []
    /// How many points of the stroke in progress the journal has (nil: none of it).
    private var journaledPoints: Int?

    public private(set) var state: State = .recording
    public var onStateChange: ((State) -> Void)?
    /// The document as it is now, for writing a whole generation after recording paused.
    public var currentDocument: (() -> (Document, [Document.Item]))?

    public var journalPath: String { folder + "/journal" }
    private var assetFolder: String { folder + "/pictures" }

    /// `$XDG_STATE_HOME/x11paint`, else `~/.local/state/x11paint`.
    public static func stateFolder(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/x11paint" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/x11paint"
    }

    public static func recover(folder: String) -> Recovery { JournalReader.recover(folder: folder) }

    /// Takes the folder (its lock) and opens its journal for appending.
    public convenience init(folder: String) throws {
        do {
            try self.init(JournalFolder(path: folder))
        } catch let error as JournalFolder.FolderError {
            throw JournalError(description: error.description)
        }
    }

    public init(_ owned: JournalFolder) throws {
        folder = owned.path
        ownership = owned
        try Self.makePictureFolder(assetFolder)
        JournalFolder.removeIfNot(S_IFREG, at: journalPath)
        try openJournal()
        // The folder is ours alone now: a temporary in it is what a killed session left.
        AtomicFileWriter.removeStaleTemporaries(in: assetFolder, olderThan: 0)
        if let names = try? FileManager.default.contentsOfDirectory(atPath: assetFolder) {
            writtenAssets = Set(names.filter { $0.hasSuffix(".img") }.map { String($0.dropLast(4)) })
        }
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Lets another instance have the folder (the journal writes nothing more).
    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        ownership = nil
    }

    private func openJournal() throws {
        let descriptor = open(journalPath, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw JournalError(description: "cannot write \(journalPath): \(String(cString: strerror(errno)))")
        }
        if fd >= 0 { Glibc.close(fd) }
        fd = descriptor
        length = lseek(fd, 0, SEEK_END)
    }

    private static func makePictureFolder(_ path: String) throws {
        JournalFolder.removeIfNot(S_IFDIR, at: path)
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw JournalError(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw JournalError(description: "\(path) is not a folder")
        }
    }

    // MARK: - Writing

    /// Appends a record; `sync` makes it durable before returning (fsync). While recording is
    /// paused, a whole generation is written instead (it holds the change already).
    public func write(_ record: Record, sync: Bool) throws {
        if case .paused = state {
            try resume()
            switch record {
            case .append, .undo, .redo: return
            default: break
            }
        }
        if case .append = record { journaledPoints = nil }
        try append(record, sync: sync)
    }

    /// Journals the stroke in progress: the whole stroke the first time, then only new points.
    public func writeProgress(_ stroke: Stroke?, sync: Bool) throws {
        if case .paused = state { try resume() }
        guard let stroke else {
            try append(.progress(nil), sync: sync)
            journaledPoints = nil
            return
        }
        if let done = journaledPoints, done <= stroke.points.count {
            guard done < stroke.points.count else { return }
            try append(.progressPoints(from: done, points: Array(stroke.points[done...])), sync: sync)
        } else {
            try append(.progress(stroke), sync: sync)
        }
        journaledPoints = stroke.points.count
    }

    private func append(_ record: Record, sync: Bool) throws {
        guard fd >= 0 else { throw JournalError(description: "the recovery journal is closed") }
        do {
            switch record {
            case .append(let item), .redoable(let item): try storeAssets(of: [item])
            default: break
            }
            let frame = try Self.frame(record)
            try writeAll(frame, to: fd)
            length += off_t(frame.count)
            if sync && fsync(fd) != 0 { throw JournalError(description: "cannot flush the recovery journal: \(String(cString: strerror(errno)))") }
            recordsSinceCompaction += 1
            if compacting { recordsDuringCompaction.append(frame) }
        } catch {
            // A record cut short must not stay in front of the ones that follow it.
            _ = ftruncate(fd, length)
            pause(because: "\(error)")
            throw error
        }
    }

    /// Makes everything written so far durable (the X server is going away, say).
    public func flush() { if fd >= 0 { fsync(fd) } }

    private func pause(because reason: String) {
        guard state == .recording else { return }
        state = .paused(reason)
        onStateChange?(state)
    }

    /// Writes the current document as a new generation; recording goes on if that worked.
    private func resume() throws {
        guard let (document, redo) = currentDocument?() else { throw JournalError(description: "crash recovery is paused") }
        // Pictures baked while the disk was full were never written: the generation needs them.
        try storeAssets(of: document.items + redo)
        try replace(with: Self.generationFrames(items: document.items, redo: redo), keeping: Set(Self.assetIDs(in: document.items + redo)))
        state = .recording
        onStateChange?(state)
    }

    static func frame(_ record: Record) throws -> Data {
        let payload = try JSONEncoder().encode(record)
        var frame = Data(capacity: payload.count + headerSize)
        let crc = payload.withUnsafeBytes { codecs_crc32($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
        for value in [magic, UInt32(payload.count), crc] { withUnsafeBytes(of: value.littleEndian) { frame.append(contentsOf: $0) } }
        frame.append(payload)
        return frame
    }

    static func generationFrames(items: [Document.Item], redo: [Document.Item]) throws -> [Data] {
        try [frame(.generation)] + items.map { try frame(.append($0)) } + redo.map { try frame(.redoable($0)) }
    }

    /// Pictures are written before the first record that names them.
    private func storeAssets(of items: [Document.Item]) throws {
        for asset in Self.assets(in: items) where !writtenAssets.contains(asset.id) && !asset.isPlaceholder {
            let bytes = try asset.encoded ?? PNGCodec.encode(asset.image.bitmap, options: .drawing)
            _ = try AtomicFileWriter.replaceFile(bytes, at: assetFolder + "/\(asset.id).img")
            _ = try AtomicFileWriter.replaceFile(Data(asset.name.utf8), at: assetFolder + "/\(asset.id).name")
            writtenAssets.insert(asset.id)
        }
    }

    private func writeAll(_ data: Data, to fd: Int32) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw JournalError(description: "cannot write the recovery journal: \(String(cString: strerror(errno)))")
                }
                offset += n
            }
        }
    }

    // MARK: - Generations

    public var needsCompaction: Bool { recordsSinceCompaction >= compactionThreshold && !compacting }

    /// Rewrites the journal as a new generation holding `document` and `redo`. The encoding
    /// happens on a background queue; records written meanwhile are carried over before the
    /// new file replaces the old one on the UI thread (through `application.post`).
    public func compact(_ document: Document, redo: [Document.Item], application: Application?, completion: (() -> Void)? = nil) {
        guard !compacting, fd >= 0 else { return }
        compacting = true
        recordsDuringCompaction = []
        // The new generation holds no stroke in progress: the next progress record carries all of it.
        journaledPoints = nil
        let items = document.items
        do {
            try storeAssets(of: items + redo)
        } catch {
            pause(because: "\(error)")
        }
        let referenced = Set(Self.assetIDs(in: items + redo))
        let work = { [weak self] in
            let frames = try? Self.generationFrames(items: items, redo: redo)
            let finish = {
                guard let self else { return }
                defer {
                    self.compacting = false
                    completion?()
                }
                guard let frames, self.state == .recording else { return }
                do {
                    try self.replace(with: frames + self.recordsDuringCompaction,
                                     keeping: referenced.union(Self.pictureIDs(inFrames: self.recordsDuringCompaction)))
                    self.recordsSinceCompaction = self.recordsDuringCompaction.count
                } catch {
                    self.pause(because: "\(error)")
                }
            }
            if let application { application.post(finish) } else { finish() }
        }
        if application != nil { DispatchQueue.global(qos: .utility).async(execute: work) } else { work() }
    }

    /// Swaps in a new journal file made of `frames`: written beside it under a fresh name
    /// (O_EXCL|O_NOFOLLOW: never through a link planted there), flushed, renamed over.
    private func replace(with frames: [Data], keeping referenced: Set<String>) throws {
        let temporary = folder + "/journal.new"
        unlink(temporary)
        let out = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw JournalError(description: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        do {
            for frame in frames { try writeAll(frame, to: out) }
            guard fsync(out) == 0 else { throw JournalError(description: "cannot flush the recovery journal: \(String(cString: strerror(errno)))") }
            Glibc.close(out)
        } catch {
            Glibc.close(out)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, journalPath) == 0 else {
            unlink(temporary)
            throw JournalError(description: "cannot replace \(journalPath): \(String(cString: strerror(errno)))")
        }
        try openJournal()
        journaledPoints = nil
        prunePictures(keeping: referenced)
    }

    /// Pictures no item refers to any more (their items were undone and replaced) go, unless a
    /// damaged journal kept aside may still need them.
    private func prunePictures(keeping referenced: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
              !names.contains(where: { $0.hasPrefix("journal.damaged-") }),
              let pictures = try? FileManager.default.contentsOfDirectory(atPath: assetFolder) else { return }
        for name in pictures {
            let id = (name as NSString).deletingPathExtension
            if !referenced.contains(id) {
                unlink(assetFolder + "/" + name)
                writtenAssets.remove(id)
            }
        }
    }

    /// Keeps a journal that could not be read whole under `journal.damaged-<time>`, so a new
    /// generation never overwrites what might still be salvaged. Returns the name it got.
    public static func setAside(damagedJournalIn folder: String, now: Date = Date()) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let name = "journal.damaged-" + formatter.string(from: now)
        var target = folder + "/" + name
        var attempt = 1
        while access(target, F_OK) == 0 {
            attempt += 1
            target = folder + "/" + name + "-\(attempt)"
        }
        return rename(folder + "/journal", target) == 0 ? (target as NSString).lastPathComponent : nil
    }

    // MARK: - Pictures named by records

    static func assets(in items: [Document.Item]) -> [ImageAsset] {
        items.compactMap { item in
            switch item {
            case .photo(let placed): return placed.photo.asset
            case .background(.image(let asset)): return asset
            default: return nil
            }
        }
    }

    static func assetIDs(in items: [Document.Item]) -> [String] { assets(in: items).map(\.id) }

    /// Ids named by raw records (read from their JSON: decoding a record needs its pictures).
    static func pictureIDs(inFrames frames: [Data]) -> Set<String> {
        Set(frames.filter { $0.count > headerSize }.flatMap { pictureIDs(inJSON: $0.dropFirst(headerSize)) })
    }

    static func pictureIDs(inJSON payload: Data) -> [String] {
        let text = String(decoding: payload, as: UTF8.self)
        var ids: [String] = []
        var range = text.startIndex..<text.endIndex
        while let found = text.range(of: "\"id\":\"", range: range), let end = text[found.upperBound...].firstIndex(of: "\"") {
            ids.append(String(text[found.upperBound..<end]))
            range = end..<text.endIndex
        }
        return ids
    }

    /// Picture ids are UUIDs: anything else (a "../" in a damaged record) names no file of ours.
    static func isPictureID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
