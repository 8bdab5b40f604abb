import Foundation
import Logging
import SessionServer

/// The session server inside the app (File → Share…, `x11paint --host`): the same server as
/// x11paint-server, on every network interface, keeping its sessions in one SQLite file in the
/// app's state folder, for as long as the app runs.
final class EmbeddedSessionServer: @unchecked Sendable {
    let store: SQLiteOperationStore
    /// The port it listens on.
    let port: Int
    private let running: Task<Void, Error>

    private init(store: SQLiteOperationStore, port: Int, running: Task<Void, Error>) {
        self.store = store
        self.port = port
        self.running = running
    }

    deinit { running.cancel() }

    struct StartFailure: Error, CustomStringConvertible { var description: String }

    /// Starts listening on `port` (0: any free one) with the sessions in `databasePath`.
    static func start(databasePath: String, port: Int) async throws -> EmbeddedSessionServer {
        try FileManager.default.createDirectory(atPath: (databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let store = try SQLiteOperationStore(path: databasePath)
        var logger = Logger(label: "x11paint-session-server")
        logger.logLevel = .warning
        let (ports, announce) = AsyncStream<Int>.makeStream()
        let application = try SessionServer.application(store: store, host: "0.0.0.0", port: port, logger: logger) { announce.yield($0) }
        let running = Task {
            defer { announce.finish() }
            try await application.runService(gracefulShutdownSignals: [])
        }
        var iterator = ports.makeAsyncIterator()
        guard let listening = await iterator.next() else {
            // It ended before listening: the port is taken, or the network is not there.
            do { try await running.value } catch { throw StartFailure(description: "the session server could not listen on port \(port): \(error)") }
            throw StartFailure(description: "the session server stopped before it listened")
        }
        return EmbeddedSessionServer(store: store, port: listening, running: running)
    }
}
