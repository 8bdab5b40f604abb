import ArgumentParser
import Foundation
import HummingbirdTLS
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

    @Option(help: "The server's name in its invitations (with TLS, the name its certificate has; by default --host).")
    var publicName: String?

    @Option(help: "A PEM certificate (chain): the server speaks TLS (wss), its invitations x11paints://.")
    var certificate: String?

    @Option(help: "The PEM private key of --certificate.")
    var privateKey: String?

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
        let secure = tls != nil, name = publicName ?? host
        let host = self.host
        let application = try SessionServer.application(store: store, host: host, port: port, tls: tls) { port in
            print("x11paint-server: listening on \(secure ? "wss" : "ws")://\(host):\(port)/session")
            if let session { print(SessionInvitation(host: name, port: port, session: session.session, key: session.key, secure: secure)) }
            fflush(stdout)
        }
        try await application.runService()
    }
}
