import Hummingbird
import PaintDocument
import SessionProtocol

/// The live side of one server's sessions: who is connected to each, and the order of their
/// operations. An operation is checked and kept in the store, which numbers it; then the store's
/// operations not yet sent are sent to every connection of the session in the store's numbers
/// (so operations other servers kept in a shared store go out in the same order). A connection
/// takes its messages from a bounded stream of its own, so a slow reader holds up nobody else
/// and is dropped before it costs the server memory; what a client missed comes from the store.
actor SessionHub {
    /// Why a connection is closed: said to its client, then the connection ends.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// One connection's place in a session.
    struct Membership: Sendable {
        var session: String
        var author: UInt32
        var listener: Int
        /// What the session had sent when it joined: the connection sends what the client
        /// missed up to it from the store, page by page, then `live`.
        var latestAtJoin: UInt64
        /// Every later message in the session's order, encoded (once for all its connections),
        /// at most the limits' backlog waiting.
        var live: AsyncStream<ByteBuffer>
    }

    /// How many operations one read of the store brings.
    static let page = 1000
    /// What a store's changes say when any session may have changed (no session has this name).
    static let anySession = ""
    /// How long keeping a batch may take before its senders are told to send again (a database
    /// that went away can keep a request waiting far longer).
    static let storeDeadline = 5.0

    let store: any OperationStore
    private let limits: SessionLimits
    var listeners: [String: [Int: AsyncStream<ByteBuffer>.Continuation]] = [:]
    private var nextListener = 0
    /// Why a connection's live stream ended from this side, until the connection hears it.
    enum Ending: Equatable {
        case tooSlow
        case closed(String)
    }
    var endings: [Int: Ending] = [:]
    /// Per session: whether the host locked the drawing, and who the host removed.
    var locked: Set<String> = []
    var removed: [String: Set<UInt32>] = [:]
    /// Per session: the layers the host locked.
    private var hostLocks: [String: HostLayerLocks] = [:]
    /// Per session: the last operation sent to its connections, and whether a sending is under
    /// way (another change meanwhile makes it look again).
    private var sent: [String: UInt64] = [:]
    /// Per session: the pictures sent to its connections, and whether new ones may be in the
    /// store (a picture came, or another server added something): only then is it asked.
    private var sentPictures: [String: Set<String>] = [:]
    private var picturesMayBeNew: Set<String> = []
    private var sending: Set<String> = []
    private var lookAgain: Set<String> = []
    /// Per session: the sequence of the last fold this server knows (its snapshot's, or the
    /// fold it made), and the sessions whose snapshot is being made.
    private var foldedThrough: [String: UInt64] = [:]
    /// Per session: operations waiting to be kept, and whether a batch is being kept now.
    private var waiting: [String: [DocumentOperation]] = [:]
    private var appending: Set<String> = []
    private var folding: Set<String> = []
    /// Per session: who each connection is, for the participants' list; and the latest lines
    /// of its chat, for whoever joins.
    var members: [String: [Int: SessionMember]] = [:]
    private var chatLines: [String: [SessionChatLine]] = [:]
    static let chatKept = 50
    /// What `/metrics` reports.
    private var counts = SessionMetrics()

    init(store: any OperationStore, limits: SessionLimits) {
        self.store = store
        self.limits = limits
    }

    /// Follows what other servers add to the store, for as long as the server runs.
    func followOtherServers() async {
        guard let changes = store.otherServersChanges else { return }
        for await session in changes {
            for served in session == Self.anySession ? Array(listeners.keys) : [session] where listeners[served] != nil {
                await publish(served, newPictures: true)
            }
        }
    }

    /// Checks the invitation, gives the client its author (its own again after a reconnection),
    /// and starts its live stream after what the session has sent.
    func join(_ join: SessionJoin) async throws -> Membership {
        guard let key = try await store.key(of: join.session), SessionSecrets.keysMatch(join.key, key) else {
            throw Refusal(description: "There is no session with that name and key: ask for a new invitation.")
        }
        let author: UInt32
        if let returning = join.author, removed[join.session]?.contains(returning) == true {
            throw Refusal(description: "The host removed you from this session.")
        }
        if let returning = join.author, try await store.isAuthor(returning, in: join.session) {
            author = returning
        } else {
            author = try await store.newAuthor(in: join.session, name: String(join.name.prefix(64)))
        }
        if let start = join.start {
            guard SessionStart(sequence: 0, document: start).isPlausible else {
                throw Refusal(description: "A drawing to start from that no X11Paint can make.")
            }
            // The first drawing offered starts the session, before anyone's operations.
            if try await store.latest(in: join.session) == 0,
               try await store.keepStart(SessionStart(sequence: 0, document: start), in: join.session) {
                foldedThrough[join.session] = foldedThrough[join.session] ?? 0
            }
        }
        if sent[join.session] == nil {
            let latest = try await store.latest(in: join.session), ids = try await store.pictureIDs(in: join.session)
            sent[join.session] = max(sent[join.session] ?? 0, latest)
            sentPictures[join.session, default: []].formUnion(ids)
            // Only a session with a drawing to start from is folded (a snapshot needs its size).
            if let start = try await store.encodedStart(of: join.session) { foldedThrough[join.session] = start.sequence }
        }
        // From here to the return nothing waits: the stream starts right after what was sent.
        let (live, continuation) = AsyncStream<ByteBuffer>.makeStream(bufferingPolicy: .bufferingOldest(limits.liveBacklog))
        nextListener += 1
        listeners[join.session, default: [:]][nextListener] = continuation
        members[join.session, default: [:]][nextListener] = SessionMember(author: author, name: String(join.name.prefix(64)))
        announceMembers(of: join.session)
        if locked.contains(join.session) { yield(.locked(true), to: nextListener, in: join.session) }
        counts.joins += 1
        return Membership(session: join.session, author: author, listener: nextListener, latestAtJoin: sent[join.session] ?? 0, live: live)
    }

    /// The session's operations after `after`, up to `through`, a page at a time.
    func missed(in session: String, after: UInt64, through: UInt64) async throws -> [(sequence: UInt64, operation: DocumentOperation)] {
        guard after < through else { return [] }
        return try await store.operations(in: session, after: after, limit: Self.page).filter { $0.sequence <= through }
    }

    /// A picture from `member`'s client, kept and sent to everyone before the operations that show it.
    func addPicture(_ picture: SessionPicture, from member: Membership) async throws {
        guard picture.hasPlausibleID else { throw Refusal(description: "A picture's id is not one.") }
        try await store.addPicture(picture, to: member.session)
        await publish(member.session, newPictures: true)
    }

    /// Every picture of the session, for a client joining (what it shows, before what it missed).
    func pictures(of session: String) async throws -> [SessionPicture] {
        var found: [SessionPicture] = []
        for id in try await store.pictureIDs(in: session) {
            if let picture = try await store.picture(id, in: session) { found.append(picture) }
        }
        return found
    }

    /// An operation from `member`'s client: kept, then sent to everyone in the session once (a
    /// resend of one kept already changes nothing). Refused when it is not theirs to make.
    func submit(_ operation: DocumentOperation, from member: Membership) async throws {
        guard operation.id.author == member.author else {
            throw Refusal(description: "An operation under another participant's name.")
        }
        switch operation.kind {
        case .item(let item) where !item.isPlausible: throw Refusal(description: "An operation no tool of X11Paint can make.")
        case .fold: throw Refusal(description: "Only the server folds a session's history.")
        default: break
        }
        // A locked drawing takes the host's changes only; the sender takes its change off.
        if member.author == SessionMember.host {
            hostLocks[member.session, default: HostLayerLocks()].note(operation)
        } else if locked.contains(member.session) || hostLocks[member.session]?.reaches(operation) == true {
            return yield(.rejected(operation.id), to: member.listener, in: member.session)
        }
        // Into the session's next batch: what everyone sends while one batch is being kept goes
        // in the next, kept in one transaction (group commit), in the order it came.
        let session = member.session
        waiting[session, default: []].append(operation)
        guard !appending.contains(session) else { return }
        appending.insert(session)
        defer { appending.remove(session) }
        while let batch = waiting.removeValue(forKey: session), !batch.isEmpty {
            let kept: [(sequence: UInt64, isNew: Bool)]
            do {
                kept = try await StoreDeadline.within(Self.storeDeadline) { [store] in try await store.append(batch, to: session) }
            } catch {
                // Kept for the next try; the clients resend what was not confirmed anyway.
                waiting[session, default: []].insert(contentsOf: batch, at: 0)
                throw error
            }
            let new = zip(kept, batch).filter(\.0.isNew).map { (sequence: $0.0.sequence, operation: $0.1) }
            guard let last = new.last else {
                // All kept already: by a try that outlived its deadline, whose clients may not
                // have them yet.
                await publish(session)
                continue
            }
            counts.operationsKept += new.count
            await publish(session, kept: new)
            await foldIfLong(session, latest: last.sequence)
        }
    }

    /// Folds the session's history into a new snapshot once its log holds `foldEvery`
    /// operations beyond the last: the fold goes in the session's order like any operation
    /// (everyone's undo stops there), and the snapshot is made beside the relaying, which never
    /// waits for it.
    private func foldIfLong(_ session: String, latest: UInt64) async {
        guard !folding.contains(session), let last = foldedThrough[session], latest >= last + UInt64(limits.foldEvery) else { return }
        folding.insert(session)
        // The server's own id: author 0 is nobody's on the wire, numbered by what it folds.
        let fold = DocumentOperation(id: OperationID(author: 0, sequence: latest), kind: .fold)
        guard let kept = try? await store.append(fold, to: session) else {
            folding.remove(session)
            return
        }
        foldedThrough[session] = kept.sequence
        await publish(session)
        let store = self.store
        Task.detached { [self] in
            try? await SessionSnapshot.make(in: store, session: session, through: kept.sequence)
            await finishedFolding(session)
        }
    }

    private func finishedFolding(_ session: String) {
        folding.remove(session)
        counts.snapshots += 1
    }

    /// Sends the session's connections what the store holds after what they were sent, in its
    /// numbers, new pictures first; one sending at a time per session.
    private func publish(_ session: String, newPictures: Bool = false, kept: [(sequence: UInt64, operation: DocumentOperation)] = []) async {
        if newPictures { picturesMayBeNew.insert(session) }
        // What this server just kept, when it follows what was sent with nothing between (no
        // other server's, no new picture): sent as it is, without reading it back.
        if !sending.contains(session), !picturesMayBeNew.contains(session), let first = kept.first, let after = sent[session],
           first.sequence == after + 1, zip(kept, kept.dropFirst()).allSatisfy({ $0.sequence + 1 == $1.sequence }) {
            for (sequence, operation) in kept { send(.operation(sequence: sequence, operation), in: session) }
            sent[session] = kept.last!.sequence
            return
        }
        guard !sending.contains(session) else {
            lookAgain.insert(session)
            return
        }
        sending.insert(session)
        defer { sending.remove(session) }
        repeat {
            lookAgain.remove(session)
            while let after = sent[session] {
                guard let page = try? await StoreDeadline.within(Self.storeDeadline, { [store] in
                    try await store.operations(in: session, after: after, limit: Self.page)
                }) else { break }  // the store announces every session again while it comes back
                // A picture is stored before the operations that show it: read after them, the
                // pictures they need are all there, and go out first.
                if picturesMayBeNew.remove(session) != nil, let ids = try? await store.pictureIDs(in: session) {
                    for id in ids where sentPictures[session]?.contains(id) != true {
                        guard let picture = try? await store.picture(id, in: session) else { continue }
                        send(.picture(picture), in: session)
                        sentPictures[session, default: []].insert(id)
                    }
                }
                guard let last = page.last else { break }
                for (sequence, operation) in page { send(.operation(sequence: sequence, operation), in: session) }
                sent[session] = last.sequence
            }
        } while lookAgain.contains(session)
    }

    func send(_ message: ServerMessage, in session: String) {
        guard let connections = listeners[session], !connections.isEmpty,
              let encoded = try? ByteBuffer(bytes: SessionWire.encode(message)) else { return }
        for (listener, continuation) in connections {
            guard case .dropped = continuation.yield(encoded) else { continue }
            endings[listener] = .tooSlow
            counts.droppedTooFarBehind += 1
            continuation.finish()
            listeners[session]?[listener] = nil
        }
    }

    /// Everyone connected to `session` now, each author once (on several connections: once),
    /// sent to them all.
    private func announceMembers(of session: String) {
        var seen = Set<UInt32>()
        let list = (members[session] ?? [:]).sorted { $0.key < $1.key }.map(\.value).filter { seen.insert($0.author).inserted }
        send(.participants(list), in: session)
    }

    /// Where `member`'s pointer is: sent to everyone in the session, kept nowhere.
    func pointer(_ point: SessionPoint?, from member: Membership) throws {
        if let point, !point.isPlausible { throw Refusal(description: "A pointer off any drawing.") }
        send(.pointer(author: member.author, point), in: member.session)
    }

    /// The stroke `member` is drawing now: sent to everyone in the session, kept nowhere.
    func drawing(_ preview: SessionStrokePreview?, from member: Membership) throws {
        if let preview, !preview.isPlausible { throw Refusal(description: "A stroke no tool of X11Paint draws.") }
        send(.drawing(author: member.author, preview), in: member.session)
    }

    /// A line of chat from `member`: sent to everyone, the latest kept for whoever joins.
    func chat(_ text: String, from member: Membership) throws {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else { return }
        guard line.count <= SessionChatLine.longest else { throw Refusal(description: "A chat line over \(SessionChatLine.longest) characters.") }
        let said = SessionChatLine(author: member.author, name: members[member.session]?[member.listener]?.name ?? "", text: line)
        chatLines[member.session, default: []].append(said)
        if chatLines[member.session]!.count > Self.chatKept { chatLines[member.session]!.removeFirst() }
        send(.chat(said), in: member.session)
    }

    /// The session's latest lines of chat, for a client joining.
    func chatHistory(of session: String) -> [SessionChatLine] { chatLines[session] ?? [] }

    /// A connection was refused or closed for what it sent.
    func refused() { counts.refused += 1 }

    /// What the server is doing now and has done since it started.
    func metrics() -> SessionMetrics {
        var now = counts
        now.sessionsOpen = listeners.count
        now.connections = listeners.values.reduce(0) { $0 + $1.count }
        return now
    }

    /// Why `member`'s live stream ended from this side (asked once it ends; nil: it did not).
    func ending(of member: Membership) -> Ending? { endings.removeValue(forKey: member.listener) }

    /// The connection ended: nothing more goes to it.
    func leave(_ member: Membership) {
        endings[member.listener] = nil
        listeners[member.session]?[member.listener]?.finish()
        listeners[member.session]?[member.listener] = nil
        guard members[member.session]?.removeValue(forKey: member.listener) != nil else { return }
        if listeners[member.session]?.isEmpty ?? true {
            listeners[member.session] = nil
            members[member.session] = nil
        } else {
            announceMembers(of: member.session)
        }
    }
}
