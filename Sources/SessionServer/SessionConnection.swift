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
    let limits: SessionLimits
    let logger: Logger

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        var incoming = inbound.messages(maxSize: SessionWire.maximumMessageBytes).makeAsyncIterator()
        let member: SessionHub.Membership, join: SessionJoin
        do {
            guard case .join(let joining)? = try await next(&incoming) else {
                throw SessionHub.Refusal(description: "The first message must join a session.")
            }
            join = joining
            member = try await hub.join(join)
        } catch let refusal as SessionHub.Refusal {
            return await refuse(outbound, refusal.description)
        } catch let error as SessionWire.WireError {
            return await refuse(outbound, error.description)
        } catch {
            // The store failed (a database restarting): not the client's fault, and it tries
            // again after a pause; a refusal would end its tries for good.
            logger.warning("a join could not be served now: \(error)")
            try? await outbound.close(.unexpectedServerError, reason: "try again")
            return
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await sendSession(to: outbound, member: member, after: join.after) }
            do {
                var budget = SendingBudget(limits)
                while let message = try await next(&incoming) {
                    guard budget.spend() else {
                        throw SessionHub.Refusal(description: "Too many operations too fast: the connection was closed.")
                    }
                    switch message {
                    case .operation(let operation): try await hub.submit(operation, from: member)
                    case .picture(let picture): try await hub.addPicture(picture, from: member)
                    case .pointer(let point): try await hub.pointer(point, from: member)
                    case .chat(let text): try await hub.chat(text, from: member)
                    case .drawing(let preview): try await hub.drawing(preview, from: member)
                    case .moderate(let action): try await hub.moderate(action, from: member)
                    case .join: throw SessionHub.Refusal(description: "A second join on one connection.")
                    }
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

    /// The welcome, the session's pictures and the drawing it starts from, what the client missed (from the store, a page at a time, each write
    /// waiting for the client to take it), then the live operations; a reader that fell too
    /// far behind hears why and is closed (it joins again from where it is).
    private func sendSession(to outbound: WebSocketOutboundWriter, member: SessionHub.Membership, after: UInt64) async {
        do {
            try await send(.welcome(author: member.author, latest: member.latestAtJoin), to: outbound)
            for line in await hub.chatHistory(of: member.session) { try await send(.chat(line), to: outbound) }
            for picture in try await hub.pictures(of: member.session) { try await send(.picture(picture), to: outbound) }
            var sent = after
            // A client with nothing of the session, or less than the drawing folds in, starts from it.
            if let start = try await hub.store.encodedStart(of: member.session), after == 0 || after < start.sequence {
                // As it was kept, inside the message's JSON: never decoded here.
                try await outbound.write(.binary(ByteBuffer(bytes: Array(#"{"start":{"_0":"#.utf8) + start.body + Array("}}".utf8))))
                sent = start.sequence
            }
            while sent < member.latestAtJoin {
                let page = try await hub.missed(in: member.session, after: sent, through: member.latestAtJoin)
                guard let last = page.last else { break }
                for (sequence, operation) in page { try await send(.operation(sequence: sequence, operation), to: outbound) }
                sent = last.sequence
            }
            for await encoded in member.live { try await outbound.write(.binary(encoded)) }
            switch await hub.ending(of: member) {
            case .tooSlow:
                logger.info("dropped a reader too far behind in \(member.session)")
                try? await send(.tooFarBehind, to: outbound)
                try? await outbound.close(.goingAway, reason: "too far behind")
            case .closed(let reason):
                try? await send(.refused(reason), to: outbound)
                try? await outbound.close(.normalClosure, reason: String(reason.prefix(120)))
            case nil: break
            }
        } catch {
            logger.info("sending to a client of \(member.session) ended: \(error)")
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
        await hub.refused()
        try? await send(.refused(reason), to: outbound)
        try? await outbound.close(.policyViolation, reason: String(reason.prefix(120)))
    }
}

/// How many operations a client may send: a burst (a stroke's worth of edits resent after a
/// reconnection) and then a steady rate far above any person's, so a flooder is stopped before
/// it grows the session for everyone.
struct SendingBudget {
    private let burst: Double, perSecond: Double
    private var tokens: Double
    private var last = ContinuousClock.now

    init(_ limits: SessionLimits) {
        burst = Double(limits.burst)
        perSecond = Double(limits.perSecond)
        tokens = burst
    }

    mutating func spend() -> Bool {
        let now = ContinuousClock.now
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(burst, tokens + seconds * perSecond)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
