import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import SessionServer
import XCTest

extension XCTestCase {
    /// Runs `body` with a session server on loopback (`port` 0: a free one; `body` hears which),
    /// stopped after it.
    func withServer(_ store: any OperationStore, port: Int = 0, limits: SessionLimits = SessionLimits(), tls: TLSConfiguration? = nil,
                    _ body: (Int) async throws -> Void) async throws {
        let (ports, announce) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "x11paint-server")
        // Stopping by cancellation (no graceful shutdown in a test) logs the channels it cut.
        logger.logLevel = .critical
        let application = try SessionServer.application(store: store, port: port, limits: limits, tls: tls, logger: logger) { port in announce.yield(port) }
        let server = Task { try await application.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { return XCTFail("the server never listened") }
        do {
            try await body(port)
        } catch {
            server.cancel()
            throw error
        }
        server.cancel()
        _ = try? await server.value
    }
}
