import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An append-only, checksummed journal of everything done to the document, so nothing is lost
/// when the app or the X server dies: each edit is a record, pictures are stored once beside it.
///
/// Nothing here waits for the disk: the UI thread hands records (with a snapshot of the
/// document, which costs a reference count) to a serial writer queue that owns the file. The
/// writer appends them in order and fsyncs once per batch (group commit): a completed action is
/// durable as soon as the disk allows, the stroke in progress at least once a second, and on an
/// orderly end `flush()` waits for all of it.
///
/// A small record (no picture to store, no generation to write) meeting an idle writer is
/// appended on the calling thread before the call returns: a kill -9 a moment after a change
/// finds it in the file (the kernel keeps what was written when a process dies), and only the
/// fsync, which a power cut needs, is left to the writer.
///
/// Each generation is a `generation` record followed by one record per item, each with its own
/// checksum: a damaged byte costs one item, never the whole drawing (JournalReader
/// resynchronises after damage). A failed write (a full disk) is cut back off the file,
/// recording pauses, and the next change writes a whole new generation once space returns.
public final class DocumentJournal {
    public enum Record: Codable {
        /// The whole document in one record, as earlier versions compacted it (still read).
        case snapshot(items: [Document.Item], redo: [Document.Item])
        /// Starts a generation: the records that follow replace everything before.
        case generation
        /// The document's size, right after `generation` (absent in journals from before sizes).
        case format(DocumentFormat)
        case append(Document.Item)
        /// An item on the redo stack, oldest first (part of a generation).
        case redoable(Document.Item)
        case undo
        case redo
        /// The stroke being drawn so far (nil: none any more).
        case progress(Stroke?)
        /// Points the stroke in progress gained since the last progress record, from index `from`:
        /// a long stroke's journal grows with its length, not with its length squared.
        /// `widths` and `opacities`: theirs, when a pen's pressure varies them.
        case progressPoints(from: Int, points: [Point], widths: [Double]? = nil, opacities: [Double]? = nil)
        /// An item being made that is not a stroke (words being typed, a lifted selection
        /// floating where it was moved), whole; nil: none any more. Recovery adds it to the
        /// document, as it does the stroke in progress. An append, undo or redo ends it.
        case pending(Document.Item?)
        /// The document so far was cropped: it is kept for Ctrl+Z, and the records that follow
        /// make the cropped document (written only in generations).
        case cropped
        /// The file the document is bound to (nil: untitled), and whether that file holds the
        /// document as it is now. Written when either changes and at the end of every
        /// generation; any later change to the document makes it unsaved again.
        case binding(path: String?, saved: Bool)
        /// The layer painting goes to (the stroke in progress and the item being made are on
        /// it); written when it changes and in every generation that has layers.
        case currentLayer(Int)
    }

    /// The document after a change, handed to the writer with the change's record: a whole
    /// generation can be written from it when recording resumes or the journal is compacted.
    public struct Snapshot: Sendable {
        public var items: [Document.Item]
        public var redo: [Document.Item]
        public var format: DocumentFormat?
        /// The item being made, if any (see `Record.pending`).
        public var pending: Document.Item?
        /// The documents crops replaced, oldest first (Ctrl+Z brings them back, after a restart too).
        public var documentsBeforeCrop: [Document]
        /// The file the document is bound to, and whether it holds the document as it is.
        public var filePath: String?
        public var isSaved: Bool
        /// The layer painting goes to.
        public var currentLayerID: Int
        public init(_ document: Document, redo: [Document.Item], pending: Document.Item? = nil, documentsBeforeCrop: [Document] = [],
                    filePath: String? = nil, isSaved: Bool = false, currentLayerID: Int = 0) {
            items = document.items
            self.redo = redo
            format = document.format
            self.pending = pending
            self.documentsBeforeCrop = documentsBeforeCrop
            self.filePath = filePath
            self.isSaved = isSaved
            self.currentLayerID = currentLayerID
        }

        /// Every item that may name a picture: the pictures a generation needs.
        package var allItems: [Document.Item] {
            documentsBeforeCrop.flatMap(\.items) + items + redo + (pending.map { [$0] } ?? [])
        }
    }

    public typealias Recovery = JournalReader.Recovery

    /// Whether changes reach the disk.
    public enum State: Equatable {
        case recording
        /// A write failed (the reason); the next change tries to write a whole generation.
        case paused(String)
    }

    public struct JournalError: Error, CustomStringConvertible { public let description: String }

    package static let magic: UInt32 = 0x314A_5058 // "XPJ1"
    package static let headerSize = 12
    public let folder: String
    /// Only ever touched on `queue`.
    private let file: JournalFile
    private let queue = DispatchQueue(label: "x11paint.journal", qos: .userInitiated)

    /// The writer's state as the UI thread last heard it.
    public private(set) var state: State = .recording
    /// Told on the UI thread (through `deliver`) when recording pauses or resumes.
    public var onStateChange: ((State) -> Void)?
    /// Runs a closure on the UI thread (the application's `post`); set before the first write.
    public var deliver: (@escaping () -> Void) -> Void = { $0() }

    /// `$XDG_STATE_HOME/x11paint`, else `~/.local/state/x11paint`.
    public static func stateFolder(environment: [String: String]) -> String {
        BaseDirectory.state.path(environment: environment) + "/x11paint"
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
        file = try JournalFile(owned)
        file.onStateChange = { [weak self] state in
            guard let self else { return }
            self.deliver { [weak self] in
                guard let self else { return }
                self.state = state
                self.onStateChange?(state)
            }
        }
    }

    /// Lets another instance have the folder once everything queued is written.
    public func close() {
        queue.sync {
            file.sync()
            file.close()
        }
    }

    /// Compact after this many records.
    public var compactionThreshold: Int {
        get { queue.sync { file.compactionThreshold } }
        set { queue.sync { file.compactionThreshold = newValue } }
    }

    /// Runs on the writer before each fsync (tests stand in a slow disk with it).
    package var beforeSync: (() -> Void)? {
        get { queue.sync { file.beforeSync } }
        set { queue.sync { file.beforeSync = newValue } }
    }

    /// Runs on the writer after each write to the file (tests take the file as a kill there
    /// would leave it).
    package var afterWrite: (() -> Void)? {
        get { queue.sync { file.afterWrite } }
        set { queue.sync { file.afterWrite = newValue } }
    }

    /// How many fsyncs the writer has done: tests see the batching with it.
    package var syncCount: Int { queue.sync { file.syncCount } }

    // MARK: - Writing (from the UI thread; never waits for an fsync)

    /// Queues a change; `current` is the document after it.
    public func write(_ record: Record, current: Snapshot) {
        submit(atOnceIf: { $0.canAppendAtOnce([record]) }) { file in file.write(record, current: current) }
    }

    /// Queues changes that must reach the file together or not at all (one write: no kill
    /// lands between them); `current` is the document after them.
    public func write(together records: [Record], current: Snapshot) {
        submit(atOnceIf: { $0.canAppendAtOnce(records) }) { file in file.write(together: records, current: current) }
    }

    /// Queues the stroke in progress (only its new points reach the file).
    public func writeProgress(_ stroke: Stroke?, current: Snapshot) {
        submit(atOnceIf: { $0.canAppendAtOnce([]) }) { file in file.writeProgress(stroke, current: current) }
    }

    /// Rewrites the journal as one generation holding `current`.
    public func compact(_ current: Snapshot) {
        submit { file in file.compact(current) }
    }

    /// Group commit: the writer fsyncs when it has written everything queued (one fsync for a
    /// batch that piled up while the disk was slow), and at least every `maximumSyncDelay`.
    /// `atOnceIf` says whether the work is small enough to do on the calling thread when no
    /// write is queued (see the type's note); its fsync still runs on the writer, and may be
    /// running while the small write is made.
    private func submit(atOnceIf isSmall: ((JournalFile) -> Bool)? = nil, _ work: @escaping (JournalFile) -> Void) {
        pendingLock.lock()
        guard !abandoned else { pendingLock.unlock(); return }
        // Only the UI thread submits: with no write pending none can start, so the file is
        // this thread's until the next submission (the writer may only be fsyncing).
        if pendingWrites == 0, let isSmall, isSmall(file) {
            pendingLock.unlock()
            work(file)
            queue.async { [self] in
                guard !pendingLock.withLock({ abandoned }) else { return }
                file.sync()
            }
            return
        }
        pendingWrites += 1
        pendingLock.unlock()
        queue.async { [self] in
            pendingLock.lock()
            if abandoned {
                droppedByAbandon += 1
                pendingLock.unlock()
                return
            }
            pendingLock.unlock()
            work(file)
            let drained = pendingLock.withLock {
                pendingWrites -= 1
                return pendingWrites == 0
            }
            if drained || file.timeSinceSync >= Self.maximumSyncDelay { file.sync() }
        }
    }

    /// Writes queued for the writer and not yet made.
    private var pendingWrites = 0
    private let pendingLock = NSLock()
    /// However busy the writer, what it wrote is made durable at least this often.
    package static let maximumSyncDelay = 0.5
    /// Set by `abandon()`: queued work is dropped, nothing more is accepted.
    private var abandoned = false
    private var droppedByAbandon = 0

    /// What kill -9 does to the journal, for tests: the writer stops after the work it is doing,
    /// everything still queued is dropped, and the file is closed without an fsync (a dead
    /// process's writes stay in the kernel; only a power cut needs the fsync). Returns how many
    /// queued changes were dropped. `whenStopped` runs once nothing more will be written (a
    /// test lets a writer it holds go there).
    @discardableResult
    package func abandon(whenStopped: () -> Void = {}) -> Int {
        pendingLock.lock()
        abandoned = true
        pendingLock.unlock()
        whenStopped()
        // Behind every block already queued: each of those only counts itself as dropped.
        queue.sync { file.close() }
        pendingLock.lock()
        defer { pendingLock.unlock() }
        return droppedByAbandon
    }

    /// Waits until everything queued so far is written and durable (the app is ending, the X
    /// server is going away, a test reads the file).
    public func flush() { _ = queue.sync { file.sync() } }

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

    /// Ids named by a record's JSON (decoding a record needs its pictures).
    package static func pictureIDs(inJSON payload: Data) -> [String] {
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
    package static func isPictureID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
