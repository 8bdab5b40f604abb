import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import PaintDocument
import SessionProtocol

/// x11paint-server: shared drawing sessions over WebSocket (Hummingbird). Each session is one
/// ordered stream of operations kept in an `OperationStore`; the server numbers them and sends
/// them to everyone connected, and never renders. `GET /health` answers "ok" while it runs;
/// `GET /metrics` tells its sessions, connections and counts in Prometheus's text format.
public enum SessionServer {
    /// The server's application on `host`:`port` (0: any free port), over TLS (wss) when given
    /// `tls`; `onRunning` hears the port it listens on once it does.
    public static func application(store: any OperationStore, host: String = "127.0.0.1", port: Int = 0, limits: SessionLimits = SessionLimits(),
                                   tls: TLSConfiguration? = nil,
                                   logger: Logger = Logger(label: "x11paint-server"),
                                   onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        let hub = SessionHub(store: store, limits: limits)
        let router = Router()
        router.get("/health") { _, _ in "ok" }
        router.get("/metrics") { _, _ in await hub.metrics().text }
        let sockets = Router(context: BasicWebSocketRequestContext.self)
        sockets.ws("/session") { inbound, outbound, context in
            await SessionConnection(hub: hub, limits: limits, logger: context.logger).run(inbound: inbound, outbound: outbound)
        }
        let webSocket = WebSocketServerConfiguration(maxFrameSize: SessionWire.maximumMessageBytes)
        let plain = HTTPServerBuilder.http1WebSocketUpgrade(webSocketRouter: sockets, configuration: .init(ws: webSocket))
        return Application(router: router,
                           server: try tls.map { try HTTPServerBuilder.tls(plain, tlsConfiguration: $0) } ?? plain,
                           configuration: .init(address: .hostname(host, port: port), serverName: "x11paint-server"),
                           onServerRunning: { channel in
                               // Operations other servers keep in a shared store reach this one's clients too.
                               Task { await hub.followOtherServers() }
                               await onRunning(channel.localAddress?.port ?? port)
                           },
                           logger: logger)
    }
}
