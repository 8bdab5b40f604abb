import Hummingbird
import SessionProtocol

/// The host's word on a session: lock the drawing so only the host draws, remove someone,
/// end the session for everyone. Only the host's is taken; anyone else's closes their connection.
extension SessionHub {
    func moderate(_ action: SessionModeration, from member: Membership) async throws {
        guard member.author == SessionMember.host else { throw Refusal(description: "Only the session's host can do that.") }
        switch action {
        case .lock(let on):
            guard locked.contains(member.session) != on else { return }
            if on { locked.insert(member.session) } else { locked.remove(member.session) }
            send(.locked(on), in: member.session)
        case .remove(let author):
            guard author != SessionMember.host else { return }
            removed[member.session, default: []].insert(author)
            close(in: member.session, where: { $0 == author }, saying: "The host removed you from this session.")
        case .end:
            // The key no longer opens it: nobody joins again, here or on another server.
            try await store.endSession(member.session)
            close(in: member.session, where: { $0 != SessionMember.host }, saying: "The host ended the session.")
            close(in: member.session, where: { $0 == SessionMember.host }, saying: "You ended the session.")
        }
    }

    /// One connection's message, to it alone.
    func yield(_ message: ServerMessage, to listener: Int, in session: String) {
        guard let encoded = try? ByteBuffer(bytes: SessionWire.encode(message)) else { return }
        _ = listeners[session]?[listener]?.yield(encoded)
    }

    /// Ends the live streams of the connections of `session` whose author `matches`; each then
    /// hears `reason` and is closed.
    private func close(in session: String, where matches: (UInt32) -> Bool, saying reason: String) {
        for (listener, member) in members[session] ?? [:] where matches(member.author) {
            endings[listener] = .closed(reason)
            listeners[session]?[listener]?.finish()
            listeners[session]?[listener] = nil
        }
    }
}
