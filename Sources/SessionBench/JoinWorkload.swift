import Foundation
import Logging
import PaintDocument
import PaintGraphics
import SessionClient
import SessionProtocol
import SessionServer

/// Joining a session whose log holds `operations` motion events: the store is filled as the
/// server fills it (a fold and its snapshot every 10,000 operations), then a new participant
/// joins while others stream; the time from its connecting to its document holding every
/// operation, drawn, and the others' relay latency while it joins against before.
struct JoinWorkload {
    var operations = 100_000
    var foldEvery = 10_000

    /// Fills `database` with a session of `operations` strokes by `authors` participants.
    func fill(_ database: String) async throws -> SessionCredentials {
        let store = try SQLiteOperationStore(path: database)
        let credentials = try await store.createSession()
        _ = try await store.keepStart(SessionStart(sequence: 0, document: Document(format: DocumentFormat(pixelWidth: 1920, pixelHeight: 1080))),
                                      in: credentials.session)
        var authors: [UInt32] = []
        for n in 0..<8 { authors.append(try await store.newAuthor(in: credentials.session, name: "filler \(n)")) }
        var numbers: [UInt32: UInt64] = [:]
        for n in 0..<operations {
            let author = authors[n % authors.count]
            numbers[author, default: 0] += 1
            let x = Double((n * 37) % 1900), y = Double((n * 53) % 1060)
            let stroke = Stroke(points: [Point(x: x, y: y), Point(x: x + 12, y: y + 8)], color: Color(r: n % 256, g: 90, b: 160), width: 4,
                                blendMode: .sourceOver)
            let kept = try await store.append(DocumentOperation(id: OperationID(author: author, sequence: numbers[author]!), kind: .item(.stroke(stroke))),
                                              to: credentials.session)
            if (n + 1) % foldEvery == 0 {
                let fold = try await store.append(DocumentOperation(id: OperationID(author: 0, sequence: kept.sequence), kind: .fold), to: credentials.session)
                try await SessionSnapshot.make(in: store, session: credentials.session, through: fold.sequence)
            }
        }
        return credentials
    }

    /// A participant joining with a document of its own (as a window's, without the window):
    /// seconds from its start to holding `latest` operations drawn.
    /// Where a join's time goes: to the snapshot's arrival, to its drawing, to the last operation.
    struct JoinTimes {
        var total = 0.0
        var startArrived = 0.0
        var startDrawn = 0.0
    }

    func join(_ invitation: SessionInvitation, atLeast latest: UInt64) async throws -> JoinTimes {
        let owner = DispatchQueue(label: "joiner")
        let content = DocumentContent()
        var logger = Logger(label: "joiner")
        logger.logLevel = .critical
        nonisolated(unsafe) var shared: SharedDocument?
        nonisolated(unsafe) var author: UInt32?
        let client = SessionClient(invitation: invitation, name: "joiner", logger: logger) { work in owner.async(execute: work) }
        client.place = { SessionClient.Place(author: author, after: shared?.lastSequence ?? 0) }
        client.onWelcome = { welcomed, _ in author = welcomed }
        nonisolated(unsafe) var times = JoinTimes()
        let started = DispatchTime.now().uptimeNanoseconds
        let since = { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        client.onStart = { start in
            guard shared == nil, let author else { return }
            times.startArrived = since()
            content.replace(with: start.document)
            _ = content.matchLayerToFormat()
            times.startDrawn = since()
            shared = SharedDocument(content: content, author: author, startingAfter: start.sequence, numbers: start.numbers)
        }
        client.onOperation = { operation, sequence in shared?.receive(operation, sequence: sequence) }
        client.start()
        let deadline = Date().addingTimeInterval(120)
        while owner.sync(execute: { shared?.lastSequence ?? 0 }) < latest {
            guard Date() < deadline else { throw BenchFailure("the joiner did not catch up in 120 s") }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        times.total = since()
        client.leave()
        return owner.sync { times }
    }
}
