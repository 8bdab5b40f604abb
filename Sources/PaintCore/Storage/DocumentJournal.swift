import CImageCodecs
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An append-only, checksummed journal of everything done to the document, so nothing is lost
/// when the app or the X server dies: each edit is a record (flushed to disk at every stroke's
/// end, and the stroke in progress at least once a second); pictures are stored once beside it.
/// Reading stops at the first torn or corrupt record. Compaction rewrites the journal as one
/// snapshot, in the background, and swaps it in.
public final class DocumentJournal {
    public enum Record: Codable {
        case snapshot(items: [Document.Item], redo: [Document.Item])
        case append(Document.Item)
        case undo
        case redo
        /// The stroke being drawn so far (nil: none any more).
        case progress(Stroke?)
    }

    /// What a previous session left.
    public struct Recovery {
        public var document = Document()
        public var redo: [Document.Item] = []
        /// A stroke that was being drawn when the session ended.
        public var unfinishedStroke: Stroke?
        public var records = 0
        /// Bytes after the last good record (a torn or corrupt tail), skipped.
        public var skippedBytes = 0

        public var isEmpty: Bool { document.isEmpty && redo.isEmpty && unfinishedStroke == nil }
    }

    public struct JournalError: Error, CustomStringConvertible { public let description: String }

    static let magic: UInt32 = 0x314A_5058 // "XPJ1"
    public let folder: String
    private var fd: Int32 = -1
    private var writtenAssets = Set<String>()
    private var recordsSinceCompaction = 0
    /// Compact after this many records.
    public var compactionThreshold = 2000
    private var compacting = false
    private var recordsDuringCompaction: [Data] = []

    public var journalPath: String { folder + "/journal" }
    private var assetFolder: String { folder + "/pictures" }

    /// `$XDG_STATE_HOME/x11paint`, else `~/.local/state/x11paint`.
    public static func stateFolder(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/x11paint" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/x11paint"
    }

    public init(folder: String) throws {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(atPath: assetFolder, withIntermediateDirectories: true)
        } catch {
            throw JournalError(description: "cannot create \(folder) for crash recovery")
        }
        fd = open(journalPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        if fd < 0 { throw JournalError(description: "cannot open \(journalPath): \(String(cString: strerror(errno)))") }
        if let names = try? FileManager.default.contentsOfDirectory(atPath: assetFolder) {
            writtenAssets = Set(names.filter { $0.hasSuffix(".img") }.map { String($0.dropLast(4)) })
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    // MARK: - Writing

    /// Appends a record; `sync` makes it durable before returning (fsync).
    public func write(_ record: Record, sync: Bool) throws {
        try storeAssets(of: record)
        let frame = try Self.frame(record)
        try writeAll(frame, to: fd)
        if sync { fsync(fd) }
        recordsSinceCompaction += 1
        if compacting { recordsDuringCompaction.append(frame) }
    }

    /// Makes everything written so far durable (the X server is going away, say).
    public func flush() { if fd >= 0 { fsync(fd) } }

    static func frame(_ record: Record) throws -> Data {
        let payload = try JSONEncoder().encode(record)
        var frame = Data(capacity: payload.count + 12)
        let crc = payload.withUnsafeBytes { codecs_crc32($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
        for value in [magic, UInt32(payload.count), crc] { withUnsafeBytes(of: value.littleEndian) { frame.append(contentsOf: $0) } }
        frame.append(payload)
        return frame
    }

    private func storeAssets(of record: Record) throws {
        var assets: [ImageAsset] = []
        func collect(_ item: Document.Item) {
            switch item {
            case .photo(let placed): assets.append(placed.photo.asset)
            case .background(.image(let asset)): assets.append(asset)
            default: break
            }
        }
        switch record {
        case .append(let item): collect(item)
        case .snapshot(let items, let redo): (items + redo).forEach(collect)
        default: break
        }
        for asset in assets where !writtenAssets.contains(asset.id) {
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

    // MARK: - Compaction

    public var needsCompaction: Bool { recordsSinceCompaction >= compactionThreshold && !compacting }

    /// Rewrites the journal as one snapshot of `document` and `redo`. The encoding and writing
    /// happen on a background queue; records written meanwhile are carried over before the
    /// new file replaces the old one on the UI thread (through `application.post`).
    public func compact(_ document: Document, redo: [Document.Item], application: Application?, completion: (() -> Void)? = nil) {
        guard !compacting else { return }
        compacting = true
        recordsDuringCompaction = []
        let temporary = folder + "/journal.compacting"
        let snapshot = Record.snapshot(items: document.items, redo: redo)
        try? storeAssets(of: snapshot)
        let referenced = Set(Self.assetIDs(in: document.items + redo))
        let work = { [weak self] in
            let frame = try? Self.frame(snapshot)
            let finish = {
                guard let self else { return }
                defer {
                    self.compacting = false
                    completion?()
                }
                guard let frame else { return }
                let out = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
                guard out >= 0 else { return }
                do {
                    try self.writeAll(frame, to: out)
                    for carried in self.recordsDuringCompaction { try self.writeAll(carried, to: out) }
                    fsync(out)
                    close(out)
                    guard rename(temporary, self.journalPath) == 0 else { return }
                    close(self.fd)
                    self.fd = open(self.journalPath, O_WRONLY | O_APPEND | O_CLOEXEC)
                    self.recordsSinceCompaction = self.recordsDuringCompaction.count
                    self.prunePictures(keeping: referenced.union(self.assetIDs(inFrames: self.recordsDuringCompaction)))
                } catch {
                    close(out)
                    unlink(temporary)
                }
            }
            if let application { application.post(finish) } else { finish() }
        }
        if application != nil { DispatchQueue.global(qos: .utility).async(execute: work) } else { work() }
    }

    /// Pictures no item refers to any more (their items were undone and replaced) go.
    private func prunePictures(keeping referenced: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: assetFolder) else { return }
        for name in names {
            let id = (name as NSString).deletingPathExtension
            if !referenced.contains(id) {
                unlink(assetFolder + "/" + name)
                writtenAssets.remove(id)
            }
        }
    }

    static func assetIDs(in items: [Document.Item]) -> [String] {
        items.compactMap { item in
            switch item {
            case .photo(let placed): return placed.photo.asset.id
            case .background(.image(let asset)): return asset.id
            default: return nil
            }
        }
    }

    /// Ids named by raw records written during a compaction (read back from their JSON).
    private func assetIDs(inFrames frames: [Data]) -> Set<String> {
        // Decoding a record needs its pictures; the ids are read from the JSON text instead.
        var ids = Set<String>()
        for frame in frames where frame.count > 12 {
            let text = String(decoding: frame.dropFirst(12), as: UTF8.self)
            var range = text.startIndex..<text.endIndex
            while let found = text.range(of: "\"id\":\"", range: range), let end = text[found.upperBound...].firstIndex(of: "\"") {
                ids.insert(String(text[found.upperBound..<end]))
                range = end..<text.endIndex
            }
        }
        return ids
    }

    // MARK: - Reading

    /// Replays a journal folder. Never throws: a missing journal is an empty recovery, and a
    /// damaged tail is skipped and counted.
    public static func recover(folder: String) -> Recovery {
        var recovery = Recovery()
        guard let data = FileManager.default.contents(atPath: folder + "/journal") else { return recovery }
        let registry = AssetRegistry()
        let decoder = JSONDecoder()
        decoder.userInfo[ImageAsset.registryKey] = registry
        var offset = 0
        let bytes = [UInt8](data)
        func word(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        while offset + 12 <= bytes.count {
            let length = Int(word(offset + 4))
            guard word(offset) == magic, length <= bytes.count - offset - 12 else { break }
            let payload = Data(bytes[(offset + 12)..<(offset + 12 + length)])
            let crc = payload.withUnsafeBytes { codecs_crc32($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
            guard crc == word(offset + 8) else { break }
            loadAssets(mentionedIn: payload, folder: folder, into: registry)
            guard let record = try? decoder.decode(Record.self, from: payload) else { break }
            apply(record, to: &recovery)
            recovery.records += 1
            offset += 12 + length
        }
        recovery.skippedBytes = bytes.count - offset
        return recovery
    }

    private static func apply(_ record: Record, to recovery: inout Recovery) {
        switch record {
        case .snapshot(let items, let redo):
            recovery.document = Document(items: items)
            recovery.redo = redo
            recovery.unfinishedStroke = nil
        case .append(let item):
            recovery.document.append(item)
            recovery.redo.removeAll()
            recovery.unfinishedStroke = nil
        case .undo:
            if let item = recovery.document.removeLast() { recovery.redo.append(item) }
        case .redo:
            if let item = recovery.redo.popLast() { recovery.document.append(item) }
        case .progress(let stroke):
            recovery.unfinishedStroke = stroke
        }
    }

    /// Pictures are loaded before the record that names them is decoded.
    private static func loadAssets(mentionedIn payload: Data, folder: String, into registry: AssetRegistry) {
        guard let text = String(data: payload, encoding: .utf8), text.contains("\"id\"") else { return }
        let pattern = "\"id\":\""
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: pattern, range: searchRange) {
            guard let end = text[found.upperBound...].firstIndex(of: "\"") else { break }
            let id = String(text[found.upperBound..<end])
            searchRange = end..<text.endIndex
            if registry.assets[id] != nil { continue }
            let base = folder + "/pictures/" + id
            guard let data = FileManager.default.contents(atPath: base + ".img"),
                  let photo = try? PhotoDecoder.decode(data, name: id) else { continue }
            let name = FileManager.default.contents(atPath: base + ".name").map { String(decoding: $0, as: UTF8.self) } ?? id
            registry.assets[id] = ImageAsset(bitmap: photo.asset.image.bitmap, name: name, id: id, encoded: data)
        }
    }
}
