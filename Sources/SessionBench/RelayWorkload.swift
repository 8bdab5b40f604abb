import Foundation
import SessionProtocol

/// Many participants each streaming motion events at a steady rate through one or two servers:
/// the relay latency every other participant sees (the send to the receipt), and the servers'
/// CPU and memory over the measured seconds.
struct RelayWorkload {
    var clients = 20
    var eventsPerSecond = 120
    var warmUp = 1.0
    var seconds = 10.0

    struct Outcome {
        var samples: [Double]
        var serverCPU: [Double]
        var serverMegabytes: [Int]
    }

    /// `invitations`: one per server (the same session); participant i joins server i mod count.
    func run(_ invitations: [SessionInvitation], servers: [ServerProcess], clock: RelayClock = RelayClock()) async throws -> Outcome {
        let participants = (0..<clients).map { i in
            BenchParticipant(invitation: invitations[i % invitations.count], name: "p\(i)", clock: clock)
        }
        let joined = Date().addingTimeInterval(30)
        while participants.contains(where: { $0.author == nil }) {
            guard Date() < joined else { throw BenchFailure("the participants did not all join in 30 s") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        // One driver spreads the events evenly: participant i sends at its own phase.
        let total = Int((warmUp + seconds) * Double(clients * eventsPerSecond))
        let interval = 1.0 / Double(clients * eventsPerSecond)
        let driver = Thread {
            let start = DispatchTime.now().uptimeNanoseconds
            for n in 0..<total {
                let due = start + UInt64(Double(n) * interval * 1e9)
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { usleep(UInt32((due - now) / 1000)) }
                let participant = participants[n % participants.count]
                guard let (id, bytes) = participant.motion(n) else { continue }
                clock.sending(id)
                participant.send(bytes)
            }
        }
        driver.start()
        try await Task.sleep(nanoseconds: UInt64(warmUp * 1e9))
        clock.isMeasuring = true
        let cpuAtStart = servers.map(\.cpuSeconds)
        try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        while !driver.isFinished { try await Task.sleep(nanoseconds: 10_000_000) }
        // The last events' receipts.
        try await Task.sleep(nanoseconds: 500_000_000)
        let cpu = zip(servers.map(\.cpuSeconds), cpuAtStart).map { ($0 - $1) / seconds }
        let memory = servers.map(\.residentMegabytes)
        for participant in participants { participant.leave() }
        return Outcome(samples: clock.samples, serverCPU: cpu, serverMegabytes: memory)
    }
}
