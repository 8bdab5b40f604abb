import ArgumentParser
import Foundation
import SessionProtocol
import SessionServer

/// x11paint-server: the sessions people draw together in, kept in one SQLite file.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "x11paint-server",
                                                    abstract: "Shared drawing sessions for X11Paint, over WebSocket.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free one).")
    var port = 7878

    @Option(help: "Where the sessions are kept: an SQLite file, or a PostgreSQL database (postgres://USER@HOST/DATABASE) that several servers share.")
    var database = "x11paint-sessions.sqlite"

    @Flag(help: "Make a new session and print its invitation link.")
    var newSession = false

    func run() async throws {
        let store: any OperationStore
        do {
            if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
                store = try await PostgresOperationStore(url: database)
            } else {
                store = try SQLiteOperationStore(path: database)
            }
        } catch {
            throw ValidationError("cannot open the sessions database \(database): \(error)")
        }
        let session = newSession ? try await store.createSession() : nil
        let host = self.host
        let application = SessionServer.application(store: store, host: host, port: port) { port in
            print("x11paint-server: listening on ws://\(host):\(port)/session")
            if let session { print(SessionInvitation(host: host, port: port, session: session.session, key: session.key)) }
            fflush(stdout)
        }
        try await application.runService()
    }
}
