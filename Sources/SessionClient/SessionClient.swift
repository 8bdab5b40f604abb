import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOSSL
import PaintDocument
import PaintGraphics
import SessionProtocol

/// One participant's connection to a session's server, kept up: it joins, hands the server's
/// messages to the thread that owns the document (`deliver`), sends this participant's
/// operations, and when the connection drops (a network gone, a sleeping laptop, a restarted
/// server) joins again after a growing pause, as the same author, from the last operation it
/// has: the server sends only what it missed, and the owner resends what was not confirmed
/// (the server keeps each operation once, by its id).
public final class SessionClient: @unchecked Sendable {
    public enum Status: Equatable, Sendable {
        case connecting
        case connected
        /// The connection dropped; the next try is after this many seconds.
        case reconnecting(after: Double)
        /// The server refused this participant (a wrong key, a bad message): no more tries.
        case refused(String)
        case left
    }

    /// Where this participant is in the session, as its document says before each joining.
    public struct Place: Sendable {
        public var author: UInt32?
        public var after: UInt64
        /// The drawing to start the session from if it has none yet (a joiner's blank canvas).
        public var start: Document?

        public init(author: UInt32?, after: UInt64, start: Document? = nil) {
            self.author = author
            self.after = after
            self.start = start
        }
    }

    public let invitation: SessionInvitation
    private let name: String
    private let deliver: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let logger: Logger
    /// The TLS a secure invitation (x11paints://) is joined with (nil: the system's trusted roots).
    private let tls: TLSConfiguration?

    // On the owner's thread:
    /// Where to join from (the owner's document knows).
    public var place: () -> Place = { Place(author: nil, after: 0) }
    /// Joined as this author, with the session's latest operation numbered as given: the owner
    /// resends what it has not had confirmed (`send`).
    public var onWelcome: ((UInt32, UInt64) -> Void)?
    /// The drawing the session starts from (at the start of a joining with nothing of it, or a
    /// snapshot that folds in more than this participant has): the operations after it follow.
    public var onStart: ((SessionStart) -> Void)?
    /// The server's operation number n, in order.
    public var onOperation: ((DocumentOperation, UInt64) -> Void)?
    public var onStatus: ((Status) -> Void)?
    /// Who is in the session now; where a participant's pointer is; a line of chat.
    public var onParticipants: (([SessionMember]) -> Void)?
    public var onPointer: ((UInt32, SessionPoint?) -> Void)?
    public var onDrawing: ((UInt32, SessionStrokePreview?) -> Void)?
    public var onChat: ((SessionChatLine) -> Void)?
    /// Whether the host locked the drawing; an operation of this participant's not kept.
    public var onLocked: ((Bool) -> Void)?
    public var onRejected: ((OperationID) -> Void)?

    private let lock = NSLock()
    /// The joined connection's queue of messages to send (nil: not joined now).
    private var outgoing: AsyncStream<ClientMessage>.Continuation?
    /// The pictures operations name, this participant's and the session's (under `lock`).
    private let pictures = AssetRegistry()
    /// The pictures sent on this connection (a new one sends those it needs again: the server
    /// keeps each once).
    private var sentPictures = Set<String>()
    private var task: Task<Void, Never>?

    /// The longest pause between tries.
    public static let longestPause = 10.0

    public init(invitation: SessionInvitation, name: String, logger: Logger = Logger(label: "x11paint-session"),
                tls: TLSConfiguration? = nil, deliver: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.invitation = invitation
        self.tls = tls
        self.name = name
        self.logger = logger
        self.deliver = deliver
        // A picture that never came (or could not be read) shows as the journal shows a lost
        // one, at its size within reason, and the session goes on.
        pictures.placeholder = { width, height in PicturePlaceholder.make(width: min(max(width, 1), 4096), height: min(max(height, 1), 4096)) }
    }

    /// Connects, and keeps connecting until `leave()` or a refusal.
    public func start() {
        guard task == nil else { return }
        task = Task { [self] in await keepConnected() }
    }

    /// Sends an operation now when joined, after the pictures it shows that this connection has
    /// not sent; else it goes with the rest not yet confirmed at the next joining.
    public func send(_ operation: DocumentOperation) {
        var messages: [ClientMessage] = []
        if case .item(let item) = operation.kind {
            for asset in JournalFile.assets(in: [item]) {
                let isNew = lock.withLock {
                    pictures.assets[asset.id] = asset
                    return sentPictures.insert(asset.id).inserted
                }
                guard isNew, let encoded = asset.encoded ?? (try? PNGCodec.encode(asset.image.bitmap, options: .drawing)) else { continue }
                messages.append(.picture(SessionPicture(id: asset.id, name: asset.name, encoded: encoded)))
            }
        }
        messages.append(.operation(operation))
        guard let outgoing = lock.withLock({ outgoing }) else { return }
        for message in messages { outgoing.yield(message) }
    }

    /// Tells the others where this participant's pointer is on the drawing, while joined (a
    /// pointer is news only now: nothing waits for a reconnection).
    public func sendPointer(_ point: SessionPoint?) {
        lock.withLock { outgoing }?.yield(.pointer(point))
    }

    /// Shows the others the stroke being drawn here, as it grows, while joined.
    public func sendDrawing(_ preview: SessionStrokePreview?) {
        lock.withLock { outgoing }?.yield(.drawing(preview))
    }

    /// Says a line in the session's chat, while joined.
    public func say(_ text: String) {
        lock.withLock { outgoing }?.yield(.chat(text))
    }

    /// The host's word on the session (the server takes only the host's).
    public func moderate(_ action: SessionModeration) {
        lock.withLock { outgoing }?.yield(.moderate(action))
    }

    /// Leaves the session: the connection closes and no other is made.
    public func leave() {
        task?.cancel()
        task = nil
        lock.withLock { outgoing?.finish(); outgoing = nil }
    }

    private func keepConnected() async {
        var failures = 0
        while !Task.isCancelled {
            report(failures == 0 ? .connecting : .connected)
            let place = await ownersPlace()
            let outcome = await connectOnce(from: place)
            lock.withLock { outgoing?.finish(); outgoing = nil }
            switch outcome {
            case .refused(let why):
                report(.refused(why))
                return
            case .welcomed: failures = 0
            case .failed: break
            }
            guard !Task.isCancelled else { break }
            failures += 1
            let pause = min(Self.longestPause, 0.25 * pow(2, Double(failures - 1)))
            report(.reconnecting(after: pause))
            try? await Task.sleep(nanoseconds: UInt64(pause * 1e9))
        }
        report(.left)
    }

    private enum Outcome { case welcomed, failed, refused(String) }

    private func connectOnce(from place: Place) async -> Outcome {
        let join = ClientMessage.join(SessionJoin(session: invitation.session, key: invitation.key, name: name,
                                                  author: place.author, after: place.after, start: place.start))
        let (messages, queue) = AsyncStream<ClientMessage>.makeStream()
        let outcome = OutcomeBox()
        do {
            try await WebSocketClient.connect(url: invitation.webSocketURL, configuration: .init(maxFrameSize: SessionWire.maximumMessageBytes),
                                              tlsConfiguration: invitation.secure ? (tls ?? .makeClientConfiguration()) : nil,
                                              logger: logger) { [self] inbound, outbound, _ in
                try await outbound.write(.binary(ByteBuffer(bytes: try SessionWire.encode(join))))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await message in messages {
                            try await outbound.write(.binary(ByteBuffer(bytes: try SessionWire.encode(message))))
                        }
                    }
                    for try await message in inbound.messages(maxSize: SessionWire.maximumMessageBytes) {
                        guard case .binary(let buffer) = message else { continue }
                        let bytes = Array(buffer.readableBytesView)
                        switch try lock.withLock({ try SessionWire.decode(ServerMessage.self, from: bytes, pictures: pictures) }) {
                        case .welcome(let author, let latest):
                            outcome.set(.welcomed)
                            deliver { [self] in
                                // Joined: what the owner sends from now on goes out, and first what
                                // it has not had confirmed.
                                lock.withLock {
                                    outgoing = queue
                                    sentPictures.removeAll()
                                }
                                report(.connected)
                                onWelcome?(author, latest)
                            }
                        case .picture(let picture):
                            // Kept for the operations that show it (a picture that cannot be read
                            // shows as a placeholder, as in a damaged journal).
                            if let photo = try? PhotoDecoder.decode(picture.encoded, name: picture.name) {
                                let asset = ImageAsset(bitmap: photo.asset.image.bitmap, name: picture.name, id: picture.id, encoded: picture.encoded)
                                lock.withLock { pictures.assets[picture.id] = asset }
                            }
                        case .start(let start):
                            deliver { [self] in onStart?(start) }
                        case .operation(let sequence, let operation):
                            deliver { [self] in onOperation?(operation, sequence) }
                        case .participants(let members):
                            deliver { [self] in onParticipants?(members) }
                        case .pointer(let author, let point):
                            deliver { [self] in onPointer?(author, point) }
                        case .drawing(let author, let preview):
                            deliver { [self] in onDrawing?(author, preview) }
                        case .chat(let line):
                            deliver { [self] in onChat?(line) }
                        case .locked(let on):
                            deliver { [self] in onLocked?(on) }
                        case .rejected(let id):
                            deliver { [self] in onRejected?(id) }
                        case .refused(let why):
                            outcome.set(.refused(why))
                        case .tooFarBehind:
                            // Closed for lagging: joining again from where it is catches up.
                            break
                        }
                    }
                    queue.finish()
                    group.cancelAll()
                }
            }
        } catch {
            logger.info("session connection ended: \(error)")
        }
        return outcome.value ?? .failed
    }

    private final class OutcomeBox: @unchecked Sendable {
        private let lock = NSLock()
        private var outcome: Outcome?
        func set(_ value: Outcome) { lock.withLock { if case .refused = outcome {} else { outcome = value } } }
        var value: Outcome? { lock.withLock { outcome } }
    }

    private func ownersPlace() async -> Place {
        await withCheckedContinuation { continuation in
            deliver { [self] in continuation.resume(returning: place()) }
        }
    }

    private func report(_ status: Status) {
        deliver { [self] in onStatus?(status) }
    }
}
