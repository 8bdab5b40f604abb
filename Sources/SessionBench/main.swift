import Foundation
import SessionProtocol

// x11paint-session-bench --server PATH [--postgres URL] [--seconds N]
// The session server under load, as its own process on loopback: the relay latency of 20
// participants streaming motion events through one server (and through two sharing one
// PostgreSQL database), and joining a session whose log holds 100,000 operations. Each number
// is printed beside its target. `make bench` runs it.

setvbuf(stdout, nil, _IOLBF, 0)
let arguments = CommandLine.arguments
func value(_ flag: String) -> String? { arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }
guard let serverBinary = value("--server") else {
    print("usage: x11paint-session-bench --server PATH-TO-x11paint-server [--postgres URL] [--seconds N]")
    exit(2)
}
let seconds = value("--seconds").flatMap(Double.init) ?? 10
// --only relay|join|rollbacks runs one part.
let only = value("--only")
func runs(_ part: String) -> Bool { only == nil || only == part }
let scratch = NSTemporaryDirectory() + "x11paint-session-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: scratch) }

func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }

func report(_ name: String, _ outcome: RelayWorkload.Outcome, target: Double) {
    let p50 = outcome.samples.percentile(0.5), p99 = outcome.samples.percentile(0.99), worst = outcome.samples.max() ?? .nan
    print(name)
    print("    relay latency p50 \(format(p50)) ms, p99 \(format(p99)) ms, max \(format(worst)) ms over \(outcome.samples.count) receipts; "
          + "target p99 <= \(format(target)) ms: \(p99 <= target ? "ok" : "MISSED")")
    let servers = zip(outcome.serverCPU, outcome.serverMegabytes).enumerated().map { index, pair in
        "server \(index + 1): \(Int((pair.0 * 100).rounded()))% of a core, \(pair.1) MB resident"
    }
    print("    " + servers.joined(separator: "; "))
}

do {
    if runs("relay") {
    let relay = RelayWorkload(seconds: seconds)
    let one = try ServerProcess(binary: serverBinary, database: scratch + "/one.sqlite", newSession: true)
    let outcome = try await relay.run([one.invitation!], servers: [one])
    one.stop()
    report("Relay, 20 participants x 120 motion events a second, one server (SQLite)", outcome, target: 5)

    if let postgres = value("--postgres") {
        let first = try ServerProcess(binary: serverBinary, database: postgres, newSession: true)
        let second = try ServerProcess(binary: serverBinary, database: postgres, newSession: false)
        var other = first.invitation!
        other.port = second.port
        let shared = try await relay.run([first.invitation!, other], servers: [first, second])
        let dropped = [first, second].map { $0.metric("x11paint_dropped_too_far_behind_total") ?? -1 }
        first.stop()
        second.stop()
        report("Relay, 20 participants x 120 motion events a second, two servers on one PostgreSQL", shared, target: 15)
        print("    readers dropped for falling too far behind: \(dropped.map(String.init).joined(separator: " and "))")
    } else {
        print("Relay across two servers: skipped (no --postgres URL)")
    }
    }

    // Joining a long session while five others stream.
    if runs("join") {
    let joining = JoinWorkload()
    let database = scratch + "/long.sqlite"
    let filling = Date()
    let long = try await joining.fill(database)
    print("Joining a session of \(joining.operations) operations (filled in \(format(Date().timeIntervalSince(filling))) s, "
          + "a snapshot every \(joining.foldEvery) as the server makes them)")
    let server = try ServerProcess(binary: serverBinary, database: database, newSession: false)
    let invitation = SessionInvitation(host: "127.0.0.1", port: server.port, session: long.session, key: long.key)
    let clock = RelayClock()
    let others = RelayWorkload(clients: 5, warmUp: 1, seconds: 6)
    async let streaming = others.run([invitation], servers: [server], clock: clock)
    // The others joined and streaming before the joiner comes.
    try await Task.sleep(nanoseconds: 3_000_000_000)
    let latest = UInt64(joining.operations + joining.operations / joining.foldEvery) + UInt64(3 * 5 * 120)
    let began = DispatchTime.now().uptimeNanoseconds
    let times = try await joining.join(invitation, atLeast: latest)
    let seconds = times.total
    let window = began...(began + UInt64(seconds * 1e9))
    _ = try await streaming
    let (during, before) = clock.split(at: window)
    server.stop()
    print("    the joiner held the whole drawing, drawn, \(format(seconds)) s after it connected (the snapshot came at \(format(times.startArrived)) s, "
          + "was drawn by \(format(times.startDrawn)) s); target <= 1 s: \(seconds <= 1 ? "ok" : "MISSED")")
    let p99During = during.percentile(0.99), p99Else = before.percentile(0.99)
    print("    five others streaming: relay p99 \(format(p99Else)) ms outside the join, \(format(p99During)) ms while it joined "
          + "(\(during.count) receipts); target: no move beyond 1 ms: \(p99During <= p99Else + 1 ? "ok" : "MISSED")")
    }

    // Away for ten seconds.
    if runs("reconnect") {
    let reconnecting = ReconnectWorkload()
    let reconnectServer = try ServerProcess(binary: serverBinary, database: scratch + "/reconnect.sqlite", newSession: true)
    let back = try await reconnecting.run(reconnectServer.invitation!, server: reconnectServer)
    reconnectServer.stop()
    print("A reconnect after \(Int(reconnecting.offline)) s offline while five others streamed (\(back.latest) operations in the session)")
    print("    \(back.missed) operations missed; the reconnect received \(back.reconnectBytes / 1024) KB, a newcomer \(back.freshBytes / 1024) KB "
          + "(\(String(format: "%.0f", 100 * Double(back.reconnectBytes) / Double(max(back.freshBytes, 1))))%); "
          + "\(back.reconnectBytes / Int(max(back.missed, 1))) bytes an operation missed against the newcomer's \(back.freshBytes / Int(max(back.latest, 1))); "
          + "target: only what was missed (within 10% a missed operation): "
          + "\(Double(back.reconnectBytes) / Double(max(back.missed, 1)) <= 1.1 * Double(back.freshBytes) / Double(max(back.latest, 1)) ? "ok" : "MISSED")")
    }

    // Five drawing over the same area at once.
    if runs("rollbacks") {
    let rolling = RollbackWorkload()
    let rollbackServer = try ServerProcess(binary: serverBinary, database: scratch + "/rollbacks.sqlite", newSession: true)
    let rolled = try await rolling.run(rollbackServer.invitation!)
    rollbackServer.stop()
    let perMinute = Double(rolled.rollbacks) / rolling.seconds * 60
    let slowest = rolled.durations.max() ?? 0
    print("Rollbacks, \(rolling.participants) participants each drawing \(Int(rolling.strokesPerSecond)) strokes a second (at random moments) over the same area of a "
          + "1920x1080 drawing for \(Int(rolling.seconds)) s (\(rolled.strokes) strokes), the server's messages reaching each \(Int(rolling.delay * 1000)) ms late")
    print("    \(rolled.rollbacks) rollbacks (\(Int(perMinute.rounded())) a minute across the five), each \(format(rolled.durations.percentile(0.5))) ms "
          + "at the median, \(format(rolled.durations.percentile(0.99))) ms p99, \(format(slowest)) ms the slowest; "
          + "target: none over 16 ms: \(slowest <= 16 ? "ok" : "MISSED"); the five documents \(rolled.identical ? "identical" : "DIFFER")")
    }
} catch {
    print("x11paint-session-bench: \(error)")
    exit(1)
}
