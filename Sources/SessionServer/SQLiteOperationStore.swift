import Foundation
import GRDB
import PaintDocument
import SessionProtocol

/// The sessions of one server in one SQLite file (GRDB): a table of sessions and their keys, one
/// of participants, and one of operations keyed by session and number, each operation's id
/// unique, so a resend after a reconnection is kept once.
public final class SQLiteOperationStore: OperationStore {
    private let database: any DatabaseWriter

    /// Opens (or makes) the store at `path`; ":memory:" keeps it in memory.
    public init(path: String) throws {
        // Write-ahead logging, synced at checkpoints: a kept operation survives the server's
        // process being killed (the log is in the file system's hands), and each one costs no
        // fsync of its own, which a session of twenty people streaming strokes could not afford.
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        database = path == ":memory:" ? try DatabaseQueue() : try DatabasePool(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("sessions") { db in
            try db.execute(sql: """
                CREATE TABLE session (name TEXT PRIMARY KEY NOT NULL, key TEXT NOT NULL, created REAL NOT NULL);
                CREATE TABLE participant (session TEXT NOT NULL REFERENCES session(name), author INTEGER NOT NULL,
                                          name TEXT NOT NULL, PRIMARY KEY (session, author));
                CREATE TABLE operation (session TEXT NOT NULL REFERENCES session(name), sequence INTEGER NOT NULL,
                                        author INTEGER NOT NULL, number INTEGER NOT NULL, body BLOB NOT NULL,
                                        PRIMARY KEY (session, sequence), UNIQUE (session, author, number));
                """)
        }
        migrator.registerMigration("pictures") { db in
            try db.execute(sql: """
                CREATE TABLE picture (session TEXT NOT NULL REFERENCES session(name), id TEXT NOT NULL, name TEXT NOT NULL,
                                      encoded BLOB NOT NULL, PRIMARY KEY (session, id));
                """)
        }
        migrator.registerMigration("starts") { db in
            try db.execute(sql: """
                CREATE TABLE start (session TEXT PRIMARY KEY NOT NULL REFERENCES session(name), sequence INTEGER NOT NULL,
                                    body BLOB NOT NULL);
                """)
        }
        try migrator.migrate(database)
    }

    /// One server: nobody else adds operations.
    public var otherServersChanges: AsyncStream<String>? { nil }

    public func createSession() async throws -> SessionCredentials {
        let credentials = SessionCredentials(session: SessionSecrets.randomName(), key: SessionSecrets.randomKey())
        try await database.write { db in
            try db.execute(sql: "INSERT INTO session (name, key, created) VALUES (?, ?, ?)",
                           arguments: [credentials.session, credentials.key, Date().timeIntervalSince1970])
        }
        return credentials
    }

    public func key(of session: String) async throws -> String? {
        try await database.read { db in try String.fetchOne(db, sql: "SELECT key FROM session WHERE name = ?", arguments: [session]) }
    }

    public func newAuthor(in session: String, name: String) async throws -> UInt32 {
        try await database.write { db in
            let last = try Int64.fetchOne(db, sql: "SELECT MAX(author) FROM participant WHERE session = ?", arguments: [session]) ?? 0
            try db.execute(sql: "INSERT INTO participant (session, author, name) VALUES (?, ?, ?)", arguments: [session, last + 1, name])
            return UInt32(last + 1)
        }
    }

    public func isAuthor(_ author: UInt32, in session: String) async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM participant WHERE session = ? AND author = ?)",
                              arguments: [session, Int64(author)]) ?? false
        }
    }

    public func append(_ operation: DocumentOperation, to session: String) async throws -> (sequence: UInt64, isNew: Bool) {
        try await append([operation], to: session)[0]
    }

    public func append(_ operations: [DocumentOperation], to session: String) async throws -> [(sequence: UInt64, isNew: Bool)] {
        let bodies = try operations.map { Data(try SessionWire.encode($0)) }
        return try await database.write { db in
            var next = (try Int64.fetchOne(db, sql: "SELECT MAX(sequence) FROM operation WHERE session = ?", arguments: [session]) ?? 0) + 1
            return try zip(operations, bodies).map { operation, body in
                let id = operation.id
                if let kept = try Int64.fetchOne(db, sql: "SELECT sequence FROM operation WHERE session = ? AND author = ? AND number = ?",
                                                arguments: [session, Int64(id.author), Int64(id.sequence)]) {
                    return (UInt64(kept), false)
                }
                try db.execute(sql: "INSERT INTO operation (session, sequence, author, number, body) VALUES (?, ?, ?, ?, ?)",
                               arguments: [session, next, Int64(id.author), Int64(id.sequence), body])
                next += 1
                return (UInt64(next - 1), true)
            }
        }
    }

    public func encodedOperations(in session: String, after: UInt64, limit: Int) async throws -> [(sequence: UInt64, body: [UInt8])] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT sequence, body FROM operation WHERE session = ? AND sequence > ? ORDER BY sequence LIMIT ?",
                             arguments: [session, Int64(after), limit]).map { row in (UInt64(row["sequence"] as Int64), Array(row["body"] as Data)) }
        }
    }

    public func addPicture(_ picture: SessionPicture, to session: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO picture (session, id, name, encoded) VALUES (?, ?, ?, ?)",
                           arguments: [session, picture.id, picture.name, picture.encoded])
        }
    }

    public func pictureIDs(in session: String) async throws -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT id FROM picture WHERE session = ? ORDER BY rowid", arguments: [session]) }
    }

    public func picture(_ id: String, in session: String) async throws -> SessionPicture? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT name, encoded FROM picture WHERE session = ? AND id = ?", arguments: [session, id]).map {
                SessionPicture(id: id, name: $0["name"], encoded: $0["encoded"])
            }
        }
    }

    public func latest(in session: String) async throws -> UInt64 {
        try await database.read { db in
            UInt64(try Int64.fetchOne(db, sql: "SELECT MAX(sequence) FROM operation WHERE session = ?", arguments: [session]) ?? 0)
        }
    }

    public func keepStart(_ start: SessionStart, in session: String) async throws -> Bool {
        let body = try SessionWire.encode(start)
        return try await database.write { db in
            if let kept = try Int64.fetchOne(db, sql: "SELECT sequence FROM start WHERE session = ?", arguments: [session]),
               kept >= Int64(start.sequence) { return false }
            try db.execute(sql: "INSERT OR REPLACE INTO start (session, sequence, body) VALUES (?, ?, ?)",
                           arguments: [session, Int64(start.sequence), Data(body)])
            return true
        }
    }

    public func start(of session: String) async throws -> SessionStart? {
        try await encodedStart(of: session).map { try SessionWire.decode(SessionStart.self, from: $0.body) }
    }

    public func encodedStart(of session: String) async throws -> (sequence: UInt64, body: [UInt8])? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT sequence, body FROM start WHERE session = ?", arguments: [session]).map { row in
                (UInt64(row["sequence"] as Int64), Array(row["body"] as Data))
            }
        }
    }

    public func dropBodies(in session: String, through sequence: UInt64) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE operation SET body = x'' WHERE session = ? AND sequence <= ?", arguments: [session, Int64(sequence)])
        }
    }

    public func endSession(_ session: String) async throws {
        try await database.write { db in try db.execute(sql: "UPDATE session SET key = '' WHERE name = ?", arguments: [session]) }
    }
}
