import Foundation
import Logging
import PaintDocument
import PostgresNIO
import SessionProtocol

/// The sessions of several servers in one PostgreSQL database (postgres-nio): each operation
/// is numbered in its session by one row's counter (taken under that row's lock, so two servers
/// never give one number twice), kept once by its id, and announced with NOTIFY carrying only
/// the session's name: every server listening fetches what it has not sent, in the store's
/// numbers, and sends it to its own clients. Notifications missed while the listening
/// connection was down (a restarted database) cost nothing but a delay: listening again, the
/// store has every session looked at once more.
public final class PostgresOperationStore: OperationStore {
    private let client: PostgresClient
    private let logger: Logger
    private let changes: AsyncStream<String>
    private let announce: AsyncStream<String>.Continuation
    private let running: Task<Void, Never>
    static let channel = "x11paint_session"
    /// How often every session is announced, whatever was announced.
    static let lookInterval = 2.0

    /// Connects to `url` (postgres://USER:PASSWORD@HOST:PORT/DATABASE, or a socket folder as
    /// postgres://USER@/DATABASE?host=/run/postgresql), makes the tables when they are missing,
    /// and listens for other servers' operations.
    public init(url: String, logger: Logger = Logger(label: "x11paint-server")) async throws {
        let configuration = try Self.configuration(url)
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        (changes, announce) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let client = self.client, announce = self.announce
        running = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                group.addTask { await Self.listen(client, announce: announce, logger: logger) }
                // An announcement can still be lost (sent while a server waited for the database
                // to come back): every few seconds, every session is announced as well.
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(nanoseconds: UInt64(Self.lookInterval * 1e9))
                        announce.yield(SessionHub.anySession)
                    }
                }
            }
        }
        try await client.query("""
            CREATE TABLE IF NOT EXISTS x11paint_session (name TEXT PRIMARY KEY, key TEXT NOT NULL,
                                                         latest BIGINT NOT NULL DEFAULT 0, created TIMESTAMPTZ NOT NULL DEFAULT now())
            """, logger: logger)
        try await client.query("""
            CREATE TABLE IF NOT EXISTS x11paint_participant (session TEXT NOT NULL REFERENCES x11paint_session(name),
                                                             author BIGINT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (session, author))
            """, logger: logger)
        try await client.query("""
            CREATE TABLE IF NOT EXISTS x11paint_operation (session TEXT NOT NULL REFERENCES x11paint_session(name),
                                                           sequence BIGINT NOT NULL, author BIGINT NOT NULL, number BIGINT NOT NULL,
                                                           body BYTEA NOT NULL, PRIMARY KEY (session, sequence), UNIQUE (session, author, number))
            """, logger: logger)
        try await client.query("""
            CREATE TABLE IF NOT EXISTS x11paint_picture (session TEXT NOT NULL REFERENCES x11paint_session(name), id TEXT NOT NULL,
                                                         name TEXT NOT NULL, encoded BYTEA NOT NULL, added BIGSERIAL,
                                                         PRIMARY KEY (session, id))
            """, logger: logger)
        try await client.query("""
            CREATE TABLE IF NOT EXISTS x11paint_start (session TEXT PRIMARY KEY REFERENCES x11paint_session(name),
                                                       sequence BIGINT NOT NULL, body BYTEA NOT NULL)
            """, logger: logger)
    }

    deinit {
        running.cancel()
        announce.finish()
    }

    public var otherServersChanges: AsyncStream<String>? { changes }

    /// Listens on the channel for as long as the store lives, again after a dropped connection.
    private static func listen(_ client: PostgresClient, announce: AsyncStream<String>.Continuation, logger: Logger) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        // Listening (again): what other servers kept while nobody listened was
                        // announced to no one, and may be the last of it. Every session is
                        // looked at once more.
                        announce.yield(SessionHub.anySession)
                        for try await notification in notifications { announce.yield(notification.payload) }
                    }
                }
            } catch {
                logger.warning("listening to the sessions' database: \(error)")
                try? await Task.sleep(nanoseconds: 1_000_000_000)
            }
        }
    }

    public func createSession() async throws -> SessionCredentials {
        let credentials = SessionCredentials(session: SessionSecrets.randomName(), key: SessionSecrets.randomKey())
        try await client.query("INSERT INTO x11paint_session (name, key) VALUES (\(credentials.session), \(credentials.key))", logger: logger)
        return credentials
    }

    public func key(of session: String) async throws -> String? {
        for try await key in try await client.query("SELECT key FROM x11paint_session WHERE name = \(session)", logger: logger).decode(String.self) {
            return key
        }
        return nil
    }

    public func newAuthor(in session: String, name: String) async throws -> UInt32 {
        try await client.withTransaction(logger: logger) { connection in
            // The session's row, locked: two servers adding a participant at once take turns.
            _ = try await connection.query("SELECT latest FROM x11paint_session WHERE name = \(session) FOR UPDATE", logger: logger)
            var last: Int64 = 0
            for try await value in try await connection.query("SELECT COALESCE(MAX(author), 0) FROM x11paint_participant WHERE session = \(session)",
                                                               logger: logger).decode(Int64.self) { last = value }
            try await connection.query("INSERT INTO x11paint_participant (session, author, name) VALUES (\(session), \(last + 1), \(name))", logger: logger)
            return UInt32(last + 1)
        }
    }

    public func isAuthor(_ author: UInt32, in session: String) async throws -> Bool {
        let rows = try await client.query("SELECT 1 FROM x11paint_participant WHERE session = \(session) AND author = \(Int64(author))", logger: logger)
        for try await _ in rows { return true }
        return false
    }

    public func append(_ operation: DocumentOperation, to session: String) async throws -> (sequence: UInt64, isNew: Bool) {
        try await append([operation], to: session)[0]
    }

    public func append(_ operations: [DocumentOperation], to session: String) async throws -> [(sequence: UInt64, isNew: Bool)] {
        let bodies = try operations.map { ByteBuffer(bytes: try SessionWire.encode($0)) }
        let authors = operations.map { Int64($0.id.author) }, numbers = operations.map { Int64($0.id.sequence) }
        let appended: [(sequence: UInt64, isNew: Bool)] = try await client.withTransaction(logger: logger) { connection in
            // The session's counter, under its row's lock: one number per operation, whichever server.
            var latest: Int64 = 0
            for try await value in try await connection.query("SELECT latest FROM x11paint_session WHERE name = \(session) FOR UPDATE",
                                                               logger: logger).decode(Int64.self) { latest = value }
            // The batch's operations kept already (resends), in one query.
            var kept: [OperationID: UInt64] = [:]
            for try await (author, number, sequence) in try await connection.query("""
                SELECT o.author, o.number, o.sequence FROM x11paint_operation o
                JOIN unnest(\(authors)::bigint[], \(numbers)::bigint[]) AS b(author, number) ON o.author = b.author AND o.number = b.number
                WHERE o.session = \(session)
                """, logger: logger).decode((Int64, Int64, Int64).self) {
                kept[OperationID(author: UInt32(author), sequence: UInt64(number))] = UInt64(sequence)
            }
            var results: [(sequence: UInt64, isNew: Bool)] = []
            var newSequences: [Int64] = [], newAuthors: [Int64] = [], newNumbers: [Int64] = [], newBodies: [ByteBuffer] = []
            for (index, operation) in operations.enumerated() {
                if let sequence = kept[operation.id] {
                    results.append((sequence, false))
                    continue
                }
                latest += 1
                kept[operation.id] = UInt64(latest)
                results.append((UInt64(latest), true))
                newSequences.append(latest)
                newAuthors.append(authors[index])
                newNumbers.append(numbers[index])
                newBodies.append(bodies[index])
            }
            guard !newSequences.isEmpty else { return results }
            // The new ones in one statement, and the counter after them.
            try await connection.query("""
                INSERT INTO x11paint_operation (session, sequence, author, number, body)
                SELECT \(session), * FROM unnest(\(newSequences)::bigint[], \(newAuthors)::bigint[], \(newNumbers)::bigint[], \(newBodies)::bytea[])
                """, logger: logger)
            try await connection.query("UPDATE x11paint_session SET latest = \(latest) WHERE name = \(session)", logger: logger)
            return results
        }
        if appended.contains(where: \.isNew) {
            // Only the session's name: the others fetch what they have not sent.
            try await client.query("SELECT pg_notify(\(Self.channel), \(session))", logger: logger)
        }
        return appended
    }

    public func encodedOperations(in session: String, after: UInt64, limit: Int) async throws -> [(sequence: UInt64, body: [UInt8])] {
        let rows = try await client.query("""
            SELECT sequence, body FROM x11paint_operation WHERE session = \(session) AND sequence > \(Int64(after))
            ORDER BY sequence LIMIT \(Int64(limit))
            """, logger: logger)
        var found: [(sequence: UInt64, body: [UInt8])] = []
        for try await (sequence, body) in rows.decode((Int64, ByteBuffer).self) { found.append((UInt64(sequence), Array(body.readableBytesView))) }
        return found
    }

    public func addPicture(_ picture: SessionPicture, to session: String) async throws {
        try await client.query("""
            INSERT INTO x11paint_picture (session, id, name, encoded)
            VALUES (\(session), \(picture.id), \(picture.name), \(ByteBuffer(bytes: picture.encoded))) ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    public func pictureIDs(in session: String) async throws -> [String] {
        var ids: [String] = []
        for try await id in try await client.query("SELECT id FROM x11paint_picture WHERE session = \(session) ORDER BY added",
                                                   logger: logger).decode(String.self) { ids.append(id) }
        return ids
    }

    public func picture(_ id: String, in session: String) async throws -> SessionPicture? {
        for try await (name, encoded) in try await client.query("SELECT name, encoded FROM x11paint_picture WHERE session = \(session) AND id = \(id)",
                                                                logger: logger).decode((String, ByteBuffer).self) {
            return SessionPicture(id: id, name: name, encoded: Data(encoded.readableBytesView))
        }
        return nil
    }

    public func latest(in session: String) async throws -> UInt64 {
        for try await latest in try await client.query("SELECT latest FROM x11paint_session WHERE name = \(session)", logger: logger).decode(Int64.self) {
            return UInt64(latest)
        }
        return 0
    }

    public func keepStart(_ start: SessionStart, in session: String) async throws -> Bool {
        let body = ByteBuffer(bytes: try SessionWire.encode(start)), sequence = Int64(start.sequence)
        // Kept when there is none or only an earlier one, in one statement: two servers keeping
        // one at once leave the later.
        let rows = try await client.query("""
            INSERT INTO x11paint_start (session, sequence, body) VALUES (\(session), \(sequence), \(body))
            ON CONFLICT (session) DO UPDATE SET sequence = EXCLUDED.sequence, body = EXCLUDED.body
            WHERE x11paint_start.sequence < EXCLUDED.sequence RETURNING 1
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }

    public func start(of session: String) async throws -> SessionStart? {
        try await encodedStart(of: session).map { try SessionWire.decode(SessionStart.self, from: $0.body) }
    }

    public func encodedStart(of session: String) async throws -> (sequence: UInt64, body: [UInt8])? {
        for try await (sequence, body) in try await client.query("SELECT sequence, body FROM x11paint_start WHERE session = \(session)",
                                                                 logger: logger).decode((Int64, ByteBuffer).self) {
            return (UInt64(sequence), Array(body.readableBytesView))
        }
        return nil
    }

    public func dropBodies(in session: String, through sequence: UInt64) async throws {
        try await client.query("UPDATE x11paint_operation SET body = ''::bytea WHERE session = \(session) AND sequence <= \(Int64(sequence))",
                               logger: logger)
    }

    public func endSession(_ session: String) async throws {
        try await client.query("UPDATE x11paint_session SET key = '' WHERE name = \(session)", logger: logger)
    }

    /// The client's configuration from a postgres:// URL.
    static func configuration(_ url: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), components.scheme == "postgres" || components.scheme == "postgresql" else {
            throw ConfigurationError(description: "a database URL starts with postgres://")
        }
        let user = components.user ?? "postgres"
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : nil
        if let socketFolder = components.queryItems?.first(where: { $0.name == "host" })?.value, socketFolder.hasPrefix("/") {
            let port = components.port ?? 5432
            return PostgresClient.Configuration(unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user,
                                                password: components.password, database: database)
        }
        guard let host = components.host, !host.isEmpty else { throw ConfigurationError(description: "the database URL names no host") }
        return PostgresClient.Configuration(host: host, port: components.port ?? 5432, username: user, password: components.password,
                                            database: database, tls: .disable)
    }

    struct ConfigurationError: Error, CustomStringConvertible {
        var description: String
    }
}
