import ArgumentParser
import Foundation
import HummingbirdTLS
import PaintDocument
import SessionProtocol
import SessionServer

/// x11paint-server: the sessions people draw together in, kept in one SQLite file (or a
/// PostgreSQL database several servers share); `export` writes a session's drawing to a file.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "x11paint-server",
                                                    abstract: "Shared drawing sessions for X11Paint, over WebSocket.",
                                                    subcommands: [Serve.self, Export.self], defaultSubcommand: Serve.self)
}

/// Opens the sessions' store a --database names.
func openStore(_ database: String) async throws -> any OperationStore {
    do {
        if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
            return try await PostgresOperationStore(url: database)
        }
        return try SQLiteOperationStore(path: database)
    } catch {
        throw ValidationError("cannot open the sessions database \(database): \(error)")
    }
}

/// `x11paint-server export SESSION OUT`: the session's log is its recording; this writes the
/// drawing it holds now, in the format OUT's ending names (OpenRaster keeps the layers), or,
/// to a .x11session file, the recording itself, for `x11paint --play`.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a session's drawing to a file (.ora keeps its layers), or its recording to a .x11session file.")

    @Argument(help: "The session's name (the path of its invitation link).")
    var session: String

    @Argument(help: "The file to write: .png, .ora, .jpg, .webp, …, or .x11session for the recording that x11paint --play plays.")
    var output: String

    @Option(help: "Where the sessions are kept: an SQLite file or postgres://USER@HOST/DATABASE.")
    var database = "x11paint-sessions.sqlite"

    func run() async throws {
        let store = try await openStore(database)
        do {
            if SessionRecordingFile.isRecording(output) {
                let count = try await SessionRecording.write(session, in: store, to: output)
                return print("x11paint-server: wrote \(session)'s recording (\(count) operations) to \(output)")
            }
            let drawing = try await SessionRecording.drawing(of: session, in: store)
            try DocumentExport.export(drawing, to: output)
            print("x11paint-server: wrote \(session)'s drawing (\(drawing.items.count) changes) to \(output)")
        } catch {
            FileHandle.standardError.write(Data("x11paint-server: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// Serving sessions (what x11paint-server does without a subcommand).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve shared drawing sessions (the default).")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free one).")
    var port = 7878

    @Option(help: "Where the sessions are kept: an SQLite file, or a PostgreSQL database (postgres://USER@HOST/DATABASE) that several servers share.")
    var database = "x11paint-sessions.sqlite"

    @Option(help: "The server's name in its invitations (with TLS, the name its certificate has; by default --host).")
    var publicName: String?

    @Option(help: "The port its invitations give, when people reach it through a proxy on another port (by default --port).")
    var publicPort: Int?

    @Flag(help: "People reach it through a proxy that speaks TLS: its invitations are x11paints:// though it speaks plain WebSocket.")
    var behindTLSProxy = false

    @Option(help: "A PEM certificate (chain): the server speaks TLS (wss), its invitations x11paints://.")
    var certificate: String?

    @Option(help: "The PEM private key of --certificate.")
    var privateKey: String?

    @Flag(help: "Make a new session and print its invitation link.")
    var newSession = false

    func run() async throws {
        let store = try await openStore(database)
        var tls: TLSConfiguration?
        switch (certificate, privateKey) {
        case (let certificate?, let privateKey?):
            do {
                tls = TLSConfiguration.makeServerConfiguration(certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
                                                               privateKey: .privateKey(try NIOSSLPrivateKey(file: privateKey, format: .pem)))
            } catch {
                throw ValidationError("cannot read the certificate \(certificate) or its key \(privateKey): \(error)")
            }
        case (nil, nil): break
        default: throw ValidationError("--certificate and --private-key go together")
        }
        let session = newSession ? try await store.createSession() : nil
        let secure = tls != nil, name = publicName ?? host, linkSecure = secure || behindTLSProxy, publicPort = self.publicPort
        let host = self.host
        let application = try SessionServer.application(store: store, host: host, port: port, tls: tls) { port in
            print("x11paint-server: listening on \(secure ? "wss" : "ws")://\(host):\(port)/session")
            if let session {
                print(SessionInvitation(host: name, port: publicPort ?? port, session: session.session, key: session.key, secure: linkSecure))
            }
            fflush(stdout)
        }
        try await application.runService()
    }
}
