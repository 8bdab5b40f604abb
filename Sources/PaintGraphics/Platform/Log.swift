import Foundation
import Logging

/// Messages for the person running the app, through swift-log (the Swift ecosystem's logging
/// API) on standard error. `X11PAINT_LOG=debug|info|warning` sets how much is said (info unless
/// asked); the executable bootstraps it once, before anything is said.
public enum Log {
    private static let logger = Logger(label: "x11paint")

    /// Sends every message at `X11PAINT_LOG`'s level or above to standard error.
    public static func bootstrap(environment: [String: String]) {
        let level = environment["X11PAINT_LOG"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    /// Something went wrong that the person should know (a file not read, recovery off).
    public static func warning(_ message: String) { logger.warning("\(message)") }

    /// Progress worth telling the person who started the app (saved files, restored work).
    public static func info(_ message: String) { logger.info("\(message)") }

    /// Detail for finding a problem (X11PAINT_LOG=debug).
    public static func debug(_ message: String) { logger.debug("\(message)") }
}
