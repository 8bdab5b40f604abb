import Hummingbird
import HummingbirdWebSocket
import Logging
import PaintDocument
import SessionProtocol

/// One client's WebSocket: its first message joins a session, then its operations go to the hub
/// while the hub's messages go out to it. A bad message closes this connection only, with the
/// reason said first.
struct SessionConnection {
    let hub: SessionHub
    let logger: Logger

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        var incoming = inbound.messages(maxSize: SessionWire.maximumMessageBytes).makeAsyncIterator()
        let member: SessionHub.Membership
        do {
            guard case .join(let join)? = try await next(&incoming) else {
                throw SessionHub.Refusal(description: "The first message must join a session.")
            }
            member = try await hub.join(join)
        } catch {
            return await refuse(outbound, "\(error)")
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await message in member.messages {
                    guard (try? await send(message, to: outbound)) != nil else { return }
                }
            }
            do {
                while let message = try await next(&incoming) {
                    guard case .operation(let operation) = message else {
                        throw SessionHub.Refusal(description: "A second join on one connection.")
                    }
                    try await hub.submit(operation, from: member)
                }
            } catch let refusal as SessionHub.Refusal {
                logger.info("closing a connection to \(member.session): \(refusal)")
                await hub.leave(member)
                group.cancelAll()
                return await refuse(outbound, refusal.description)
            } catch {
                logger.info("a connection to \(member.session) ended: \(error)")
            }
            await hub.leave(member)
        }
    }

    private func next(_ incoming: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> ClientMessage? {
        guard let message = try await incoming.next() else { return nil }
        guard case .binary(let buffer) = message else { throw SessionHub.Refusal(description: "Messages are binary frames.") }
        do {
            return try SessionWire.decode(ClientMessage.self, from: Array(buffer.readableBytesView))
        } catch {
            throw SessionHub.Refusal(description: "\(error)")
        }
    }

    private func send(_ message: ServerMessage, to outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.binary(ByteBuffer(bytes: try SessionWire.encode(message))))
    }

    private func refuse(_ outbound: WebSocketOutboundWriter, _ reason: String) async {
        try? await send(.refused(reason), to: outbound)
        try? await outbound.close(.policyViolation, reason: String(reason.prefix(120)))
    }
}
