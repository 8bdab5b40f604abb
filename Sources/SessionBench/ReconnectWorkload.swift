import Foundation
import SessionProtocol

/// A participant offline for 10 s while five others stream, joining again as itself from the
/// last operation it had: the bytes it receives until it has caught up, against a newcomer's
/// for the same session.
struct ReconnectWorkload {
    var offline = 10.0
    var history = 5.0

    struct Outcome {
        var missed: UInt64
        var reconnectBytes: Int
        var freshBytes: Int
        var latest: UInt64
    }

    func run(_ invitation: SessionInvitation, server: ServerProcess) async throws -> Outcome {
        let clock = RelayClock()
        // The one that goes away, there from the start.
        let away = BenchParticipant(invitation: invitation, name: "away", clock: clock)
        let others = RelayWorkload(clients: 5, warmUp: 0, seconds: history + offline)
        async let streaming = others.run([invitation], servers: [server], clock: clock)
        try await Task.sleep(nanoseconds: UInt64(history * 1e9))
        guard let author = away.author else { throw BenchFailure("the participant that goes away never joined") }
        let had = away.lastSequence
        away.leave()
        _ = try await streaming
        // Back, as itself, from where it was.
        let back = BenchParticipant(invitation: invitation, name: "away", clock: clock, returning: (author, had))
        let fresh = BenchParticipant(invitation: invitation, name: "newcomer", clock: clock)
        let latest = try await Self.settledLatest(of: [back, fresh])
        defer {
            back.leave()
            fresh.leave()
        }
        return Outcome(missed: latest - had, reconnectBytes: back.bytesReceived, freshBytes: fresh.bytesReceived, latest: latest)
    }

    /// Waits until each has the same last operation and it stays so for half a second.
    private static func settledLatest(of participants: [BenchParticipant]) async throws -> UInt64 {
        let deadline = Date().addingTimeInterval(60)
        var last: UInt64 = 0, steady = 0
        while Date() < deadline {
            let now = participants.map(\.lastSequence)
            if Set(now).count == 1, now[0] > 0, now[0] == last { steady += 1 } else { steady = 0 }
            last = now[0]
            if steady >= 10 { return last }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw BenchFailure("the returning participant did not catch up in 60 s")
    }
}
