import CImageCodecs
import Foundation

/// Replays a journal folder into a document, salvaging everything that can be read: a damaged
/// record costs that record only (reading resynchronises at the next intact frame), and a
/// missing or damaged picture costs that picture only (a placeholder stands in for it).
public enum JournalReader {
    /// What a previous session left.
    public struct Recovery {
        public var document = Document()
        public var redo: [Document.Item] = []
        /// A stroke that was being drawn when the session ended.
        public var unfinishedStroke: Stroke?
        /// Another item being made then (words being typed, a lifted selection floating).
        public var pendingItem: Document.Item?
        /// The documents crops replaced, oldest first (for Ctrl+Z).
        public var documentsBeforeCrop: [Document] = []
        /// The document's size record was damaged: where its size came from instead.
        public var sizeRecovery: SizeRecovery?
        public var records = 0
        /// Bytes that could not be read as records (damage and a torn end together).
        public var skippedBytes = 0
        /// Stretches of damage between good records (each lost one or more records).
        public var damagedStretches = 0
        /// The journal ends in a record cut short: what a crash during a write leaves, no damage.
        public var endsTorn = false
        /// Pictures that were missing or could not be decoded; placeholders stand in for them.
        public var missingPictures: [String] = []
        /// Why the journal could not be read at all (nil: it was read, or there was none).
        public var unreadable: String?
        /// The file the document was bound to (nil: untitled), and whether that file held the
        /// document as it was when the session ended.
        public var filePath: String?
        public var isSaved = false
        /// The layer painting went to: the unfinished stroke is on it, and painting goes on there.
        public var currentLayerID = 0

        public var isEmpty: Bool { document.isEmpty && redo.isEmpty && unfinishedStroke == nil && pendingItem == nil && documentsBeforeCrop.isEmpty }
        /// Something was lost that a person might still salvage from the file: keep it aside.
        public var isDamaged: Bool { damagedStretches > 0 || !missingPictures.isEmpty || unreadable != nil }
    }

    /// How a document whose size record was lost got its size back.
    public enum SizeRecovery: Equatable {
        /// From the picture it was opened (or cropped) from.
        case fromPicture(width: Int, height: Int)
        /// Nothing told it: the window's size stands in.
        case lost
    }

    /// `loadingPictures: false` reads only what the records say (a look at another window's
    /// journal): pictures are neither read nor decoded, and stand in as a single pixel.
    public static func recover(folder: String, loadingPictures: Bool = true) -> Recovery {
        var recovery = Recovery()
        let data: Data
        do {
            data = try FileReader.read(folder + "/journal", limit: 1 << 31, followSymlinks: false)
        } catch {
            if access(folder + "/journal", F_OK) == 0 { recovery.unreadable = "\(error)" }
            return recovery
        }
        let registry = AssetRegistry()
        registry.placeholder = loadingPictures ? { PicturePlaceholder.make(width: $0, height: $1) } : { _, _ in Bitmap(width: 1, height: 1) }
        let decoder = JSONDecoder()
        decoder.userInfo[ImageAsset.registryKey] = registry
        let bytes = [UInt8](data)
        var offset = 0
        var damageStart: Int?
        // A header running past the end is what a crash mid-write leaves, unless sound records
        // follow it (then its length was damaged).
        var damageLooksTorn = false
        while offset < bytes.count {
            if let (payload, length) = frame(in: bytes, at: offset) {
                if loadingPictures { loadPictures(mentionedIn: payload, folder: folder, into: registry) }
                // A record with numbers no tool makes is damage too (ItemPlausibility).
                if let record = try? decoder.decode(DocumentJournal.Record.self, from: payload), record.isPlausible {
                    if let start = damageStart {
                        recovery.skippedBytes += offset - start
                        recovery.damagedStretches += 1
                        damageStart = nil
                        damageLooksTorn = false
                    }
                    apply(record, to: &recovery)
                    recovery.records += 1
                } else if damageStart == nil {
                    damageStart = offset // a sound frame that does not decode is damage too
                }
                offset += DocumentJournal.headerSize + length
                continue
            }
            if damageStart == nil {
                damageStart = offset
                damageLooksTorn = isTornEnd(bytes, at: offset)
            }
            offset = nextMagic(in: bytes, after: offset) ?? bytes.count
        }
        if let start = damageStart {
            recovery.skippedBytes += bytes.count - start
            if damageLooksTorn { recovery.endsTorn = true } else { recovery.damagedStretches += 1 }
        }
        recovery.missingPictures = registry.missing.sorted()
        // A size lost to damage (both of its records) is taken from the items, and said.
        if recovery.damagedStretches > 0, recovery.document.format == nil, !recovery.document.isEmpty {
            recovery.document.format = DocumentFormat.inferred(from: recovery.document.items)
            recovery.sizeRecovery = recovery.document.format.map { .fromPicture(width: $0.pixelWidth, height: $0.pixelHeight) } ?? .lost
        }
        return recovery
    }

    /// The payload of a sound frame at `offset` (magic, length within the file, CRC matching).
    package static func frame(in bytes: [UInt8], at offset: Int) -> (Data, Int)? {
        guard offset + DocumentJournal.headerSize <= bytes.count, word(bytes, offset) == DocumentJournal.magic else { return nil }
        let length = Int(word(bytes, offset + 4))
        guard length <= bytes.count - offset - DocumentJournal.headerSize else { return nil }
        let start = offset + DocumentJournal.headerSize
        let crc = bytes.withUnsafeBufferPointer { codecs_crc32($0.baseAddress! + start, length) }
        guard crc == word(bytes, offset + 8) else { return nil }
        return (Data(bytes[start..<(start + length)]), length)
    }

    /// The last record was cut short by a crash: a sound header (or part of one) running past the end.
    private static func isTornEnd(_ bytes: [UInt8], at offset: Int) -> Bool {
        let rest = bytes.count - offset
        if rest < DocumentJournal.headerSize {
            var magic = [UInt8](repeating: 0, count: 4)
            withUnsafeBytes(of: DocumentJournal.magic.littleEndian) { magic = Array($0) }
            return bytes[offset...].prefix(4).elementsEqual(magic.prefix(min(rest, 4)))
        }
        return word(bytes, offset) == DocumentJournal.magic && Int(word(bytes, offset + 4)) > rest - DocumentJournal.headerSize
    }

    private static func nextMagic(in bytes: [UInt8], after offset: Int) -> Int? {
        var index = offset + 1
        while index + 4 <= bytes.count {
            if bytes[index] == 0x58, word(bytes, index) == DocumentJournal.magic { return index }
            index += 1
        }
        return nil
    }

    private static func word(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    package static func apply(_ record: DocumentJournal.Record, to recovery: inout Recovery) {
        switch record {
        case .snapshot(let items, let redo):
            recovery.document = Document(items: items)
            recovery.redo = redo
            recovery.unfinishedStroke = nil
        case .generation:
            recovery.document = Document()
            recovery.redo = []
            recovery.unfinishedStroke = nil
            recovery.pendingItem = nil
            recovery.documentsBeforeCrop = []
            recovery.filePath = nil
            recovery.isSaved = false
            recovery.currentLayerID = 0
        case .format(let format):
            recovery.document.format = format
        case .binding(let path, let saved):
            recovery.filePath = path
            recovery.isSaved = saved
        case .append(let item):
            recovery.isSaved = false
            recovery.document.append(item)
            recovery.redo.removeAll()
            recovery.unfinishedStroke = nil
            recovery.pendingItem = nil
        case .redoable(let item):
            recovery.redo.append(item)
        case .undo:
            recovery.isSaved = false
            if let item = recovery.document.removeLast() { recovery.redo.append(item) }
            recovery.pendingItem = nil
        case .redo:
            recovery.isSaved = false
            if let item = recovery.redo.popLast() { recovery.document.append(item) }
            recovery.pendingItem = nil
        case .pending(let item):
            recovery.pendingItem = item
        case .currentLayer(let id):
            recovery.currentLayerID = id
        case .cropped:
            recovery.isSaved = false
            var before = recovery.document
            if before.format == nil { before.format = DocumentFormat.inferred(from: before.items) }
            recovery.documentsBeforeCrop.append(before)
            recovery.document = Document()
            recovery.redo = []
            recovery.unfinishedStroke = nil
            recovery.pendingItem = nil
        case .progress(let stroke):
            recovery.unfinishedStroke = stroke
        case .progressPoints(let from, let points, let widths, let opacities):
            // Points continue the stroke journaled before; without that start they mean nothing.
            guard var stroke = recovery.unfinishedStroke, from <= stroke.points.count else { return }
            stroke.points.removeSubrange(from...)
            stroke.points.append(contentsOf: points)
            if stroke.widths != nil, let widths, from <= stroke.widths!.count {
                stroke.widths!.removeSubrange(from...)
                stroke.widths!.append(contentsOf: widths)
            }
            if stroke.opacities != nil, let opacities, from <= stroke.opacities!.count {
                stroke.opacities!.removeSubrange(from...)
                stroke.opacities!.append(contentsOf: opacities)
            }
            recovery.unfinishedStroke = stroke
        }
    }

    /// Pictures are loaded before the record that names them is decoded; one that is missing or
    /// does not decode is left out, and the record's decoding stands a placeholder in for it.
    private static func loadPictures(mentionedIn payload: Data, folder: String, into registry: AssetRegistry) {
        for id in DocumentJournal.pictureIDs(inJSON: payload) where registry.assets[id] == nil && !registry.missing.contains(id) {
            guard DocumentJournal.isPictureID(id) else { continue }
            let base = folder + "/pictures/" + id
            guard let data = try? FileReader.read(base + ".img", followSymlinks: false) else { continue }
            // Pictures stored with a checksum must match it (pictures from before had none).
            if let sum = try? FileReader.read(base + ".sum", limit: 64, followSymlinks: false),
               UInt32(String(decoding: sum, as: UTF8.self)) != JournalFile.checksum(of: data) { continue }
            guard let photo = try? PhotoDecoder.decode(data, name: id) else { continue }
            let name = (try? FileReader.read(base + ".name", limit: 4096, followSymlinks: false))
                .map { String(decoding: $0, as: UTF8.self) } ?? id
            registry.assets[id] = ImageAsset(bitmap: photo.asset.image.bitmap, name: name, id: id, encoded: data)
        }
    }
}

extension DocumentJournal.Record {
    /// Whether the items, stroke, points or size it carries are ones the app can make.
    var isPlausible: Bool {
        switch self {
        case .snapshot(let items, let redo): return items.allSatisfy(\.isPlausible) && redo.allSatisfy(\.isPlausible)
        case .format(let format): return format.isPlausible
        case .append(let item), .redoable(let item): return item.isPlausible
        case .pending(let item): return item?.isPlausible ?? true
        case .progress(let stroke): return stroke.map { Document.Item.stroke($0).isPlausible } ?? true
        case .progressPoints(let from, let points, let widths, let opacities):
            var stroke = Stroke(points: points, color: .black, width: 1, blendMode: .sourceOver, widths: widths)
            stroke.opacities = opacities
            return from >= 0 && Document.Item.stroke(stroke).isPlausible
        case .generation, .undo, .redo, .cropped, .binding, .currentLayer: return true
        }
    }
}
