import CImageCodecs
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The journal file itself: appends framed records, stores pictures beside it, writes new
/// generations. Writes are never concurrent: DocumentJournal's writer queue makes them, or the
/// UI thread when the writer has no write queued (a small record, `canAppendAtOnce`). The one
/// thing that runs beside a write is the writer's fsync, so what both touch (the count of
/// records not yet durable, the recording state) is behind `syncLock`.
package final class JournalFile {
    package typealias Record = DocumentJournal.Record
    package typealias JournalError = DocumentJournal.JournalError

    package let folder: String
    /// Holds the folder's lock for as long as the file is open.
    private var ownership: JournalFolder?
    private var fd: Int32 = -1
    /// Bytes of whole records in the file: a failed write is cut back to here.
    private var length: off_t = 0
    private var writtenAssets = Set<String>()
    private var recordsSinceCompaction = 0
    /// Guards `unsyncedRecords`, `lastSync`, `syncs` and `recordingState`.
    private let syncLock = NSLock()
    /// Records written since the last fsync, and when that was.
    private var unsyncedRecords = 0
    private var lastSync = DispatchTime.now()
    package var timeSinceSync: Double {
        syncLock.withLock { Double(DispatchTime.now().uptimeNanoseconds - lastSync.uptimeNanoseconds) / 1e9 }
    }
    package var compactionThreshold = 2000
    private var syncs = 0
    package var syncCount: Int { syncLock.withLock { syncs } }
    /// Runs on the writer just before each fsync: tests make the disk slow with it.
    package var beforeSync: (() -> Void)?
    /// Runs on the writer after each write to the file: tests take the file as a kill there
    /// would leave it.
    package var afterWrite: (() -> Void)?
    /// How many points of the stroke in progress the journal has (nil: none of it).
    private var journaledPoints: Int?
    private var recordingState: DocumentJournal.State = .recording
    package var state: DocumentJournal.State { syncLock.withLock { recordingState } }
    /// Told about every change of `state` (on the writer queue).
    package var onStateChange: ((DocumentJournal.State) -> Void)?

    package var journalPath: String { folder + "/journal" }
    private var assetFolder: String { folder + "/pictures" }

    package init(_ owned: JournalFolder) throws {
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

    package func close() {
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

    /// Appends a record. While recording is paused, a whole generation made from `current` is
    /// written instead (it holds the change already). A long journal is compacted afterwards.
    package func write(_ record: Record, current: DocumentJournal.Snapshot) {
        write(together: [record], current: current)
    }

    /// Appends records in one write to the file, so that no kill lands between them (a lifted
    /// selection: the place it leaves, and the pixels that float). While recording is paused, a
    /// whole generation made from `current` (the document after all of them) is written instead.
    package func write(together records: [Record], current: DocumentJournal.Snapshot) {
        var records = records
        do {
            if case .paused = state {
                try resume(from: current)
                // The generation holds the document's changes; the others are still to write.
                records.removeAll { record in
                    switch record {
                    case .append, .undo, .redo, .pending: return true
                    default: return false
                    }
                }
            }
            if records.contains(where: { if case .append = $0 { return true } else { return false } }) { journaledPoints = nil }
            try append(records)
            if recordsSinceCompaction >= compactionThreshold { compact(current) }
        } catch {
            // Paused: the user has been told; the next change tries again.
        }
    }

    /// Journals the stroke in progress: the whole stroke the first time, then only new points.
    package func writeProgress(_ stroke: Stroke?, current: DocumentJournal.Snapshot) {
        do {
            if case .paused = state { try resume(from: current) }
            guard let stroke else {
                try append(.progress(nil))
                journaledPoints = nil
                return
            }
            if let done = journaledPoints, done <= stroke.points.count {
                guard done < stroke.points.count else { return }
                try append(.progressPoints(from: done, points: Array(stroke.points[done...]), widths: stroke.widths.map { Array($0[done...]) },
                                           opacities: stroke.opacities.map { Array($0[done...]) }))
            } else {
                try append(.progress(stroke))
            }
            journaledPoints = stroke.points.count
        } catch {}
    }

    private func append(_ record: Record) throws {
        try append([record])
    }

    /// The records' pictures first, then their frames in one write.
    private func append(_ records: [Record]) throws {
        guard !records.isEmpty else { return }
        guard fd >= 0 else { throw JournalError(description: "the recovery journal is closed") }
        do {
            var frames = Data()
            for record in records {
                switch record {
                case .append(let item), .redoable(let item), .pending(let item?): try storeAssets(of: [item])
                default: break
                }
                frames += try Self.frame(record)
            }
            try writeAll(frames, to: fd)
            afterWrite?()
            length += off_t(frames.count)
            recordsSinceCompaction += records.count
            syncLock.withLock { unsyncedRecords += records.count }
        } catch {
            // A record cut short must not stay in front of the ones that follow it.
            _ = ftruncate(fd, length)
            pause(because: "\(error)")
            throw error
        }
    }

    /// Whether these records (with none: the stroke in progress) can be appended without
    /// storing a picture, writing a generation or compacting: cheap enough for the UI thread.
    package func canAppendAtOnce(_ records: [Record]) -> Bool {
        guard fd >= 0, state == .recording, recordsSinceCompaction + records.count < compactionThreshold else { return false }
        let items = records.compactMap { record -> Document.Item? in
            switch record {
            case .append(let item), .redoable(let item), .pending(let item?): return item
            default: return nil
            }
        }
        return Self.assets(in: items).allSatisfy { writtenAssets.contains($0.id) || $0.isPlaceholder }
    }

    /// Makes everything written so far durable. Returns false when the disk refused.
    @discardableResult
    package func sync() -> Bool {
        let descriptor = fd
        let due = syncLock.withLock {
            guard descriptor >= 0, unsyncedRecords > 0 else { return false }
            unsyncedRecords = 0
            lastSync = DispatchTime.now()
            syncs += 1
            return true
        }
        guard due else { return true }
        beforeSync?()
        guard fsync(descriptor) == 0 else {
            pause(because: "cannot flush the recovery journal: \(String(cString: strerror(errno)))")
            return false
        }
        return true
    }

    private func pause(because reason: String) {
        let paused = syncLock.withLock {
            guard recordingState == .recording else { return false }
            recordingState = .paused(reason)
            return true
        }
        if paused { onStateChange?(.paused(reason)) }
    }

    /// Writes the current document as a new generation; recording goes on if that worked.
    private func resume(from current: DocumentJournal.Snapshot) throws {
        // Pictures baked while the disk was full were never written: the generation needs them.
        try storeAssets(of: current.allItems)
        try replace(with: Self.generationFrames(current), keeping: Set(Self.assetIDs(in: current.allItems)))
        syncLock.withLock { recordingState = .recording }
        onStateChange?(.recording)
    }

    /// Rewrites the journal as one generation holding `current` (records that come later are
    /// queued behind this on the writer, so nothing is lost or reordered).
    package func compact(_ current: DocumentJournal.Snapshot) {
        guard fd >= 0 else { return }
        do {
            try storeAssets(of: current.allItems)
            try replace(with: Self.generationFrames(current), keeping: Set(Self.assetIDs(in: current.allItems)))
            recordsSinceCompaction = 0
        } catch {
            pause(because: "\(error)")
        }
    }

    package static func frame(_ record: Record) throws -> Data {
        let payload = try JSONEncoder().encode(record)
        var frame = Data(capacity: payload.count + DocumentJournal.headerSize)
        let crc = payload.withUnsafeBytes { codecs_crc32($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
        for value in [DocumentJournal.magic, UInt32(payload.count), crc] {
            withUnsafeBytes(of: value.littleEndian) { frame.append(contentsOf: $0) }
        }
        frame.append(payload)
        return frame
    }

    /// A generation: the documents crops replaced (each followed by `cropped`), then the
    /// document, its redo items and the item being made. Each document's size is written before
    /// its items (the size it had before them: a quarter turn among them swaps it as it is read)
    /// and after them: one damaged record never changes its size.
    package static func generationFrames(_ current: DocumentJournal.Snapshot) throws -> [Data] {
        func document(_ document: Document, redo: [Document.Item]) throws -> [Data] {
            let before = try document.initialFormat.map { [try frame(.format($0))] } ?? []
            let after = try document.format.map { [try frame(.format($0))] } ?? []
            return try before + document.items.map { try frame(.append($0)) } + redo.map { try frame(.redoable($0)) } + after
        }
        var frames = [try frame(.generation)]
        for before in current.documentsBeforeCrop {
            frames += try document(before, redo: []) + [try frame(.cropped)]
        }
        frames += try document(Document(items: current.items, format: current.format), redo: current.redo)
        if current.currentLayerID != 0 { frames.append(try frame(.currentLayer(current.currentLayerID))) }
        if let pending = current.pending { frames.append(try frame(.pending(pending))) }
        frames.append(try frame(.binding(path: current.filePath, saved: current.isSaved)))
        return frames
    }

    /// Pictures are written before the first record that names them.
    private func storeAssets(of items: [Document.Item]) throws {
        for asset in Self.assets(in: items) where !writtenAssets.contains(asset.id) && !asset.isPlaceholder {
            let bytes = try asset.encoded ?? PNGCodec.encode(asset.image.bitmap, options: .drawing)
            _ = try AtomicFileWriter.replaceFile(bytes, at: assetFolder + "/\(asset.id).img")
            _ = try AtomicFileWriter.replaceFile(Data(asset.name.utf8), at: assetFolder + "/\(asset.id).name")
            // A JPEG has no checksum of its own: a flipped byte decodes to wrong pixels without
            // a word. The bytes' CRC-32 beside them tells damage from a picture (PNG's too).
            _ = try AtomicFileWriter.replaceFile(Data(String(Self.checksum(of: bytes)).utf8), at: assetFolder + "/\(asset.id).sum")
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
        syncLock.withLock { unsyncedRecords = 0 }
        // The new generation holds no stroke in progress: the next progress record carries all of it.
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

    /// The CRC-32 (zlib's) of a stored picture's bytes.
    package static func checksum(of bytes: Data) -> UInt32 {
        bytes.withUnsafeBytes { codecs_crc32($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
    }

    package static func assets(in items: [Document.Item]) -> [ImageAsset] {
        items.compactMap { item in
            switch item {
            case .photo(let placed), .onLayer(_, .photo(let placed)): return placed.photo.asset
            case .background(.image(let asset)): return asset
            default: return nil
            }
        }
    }

    package static func assetIDs(in items: [Document.Item]) -> [String] { assets(in: items).map(\.id) }
}
