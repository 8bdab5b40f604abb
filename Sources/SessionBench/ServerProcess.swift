import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionProtocol

/// x11paint-server as its own process, as people run it: its CPU time and memory are its own,
/// apart from the clients' that load it.
final class ServerProcess {
    let process = Process()
    let port: Int
    /// The invitation it printed (with --new-session).
    let invitation: SessionInvitation?

    init(binary: String, database: String, newSession: Bool) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", "0", "--database", database] + (newSession ? ["--new-session"] : [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var port: Int?, invitation: SessionInvitation?
        var buffer = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, port == nil || (newSession && invitation == nil) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer += String(decoding: chunk, as: UTF8.self)
            for line in buffer.split(separator: "\n") {
                if let range = line.range(of: "ws://127.0.0.1:") {
                    port = Int(line[range.upperBound...].prefix { $0.isNumber })
                }
                if let link = SessionInvitation(link: String(line)) { invitation = link }
            }
        }
        guard let port else {
            process.terminate()
            throw BenchFailure("x11paint-server did not say where it listens: \(buffer)")
        }
        self.port = port
        self.invitation = invitation
    }

    /// Seconds of CPU the server has used (user and system).
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // utime and stime are the 14th and 15th fields; the first two are before the ")".
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Its resident memory, in megabytes.
    var residentMegabytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }

    /// A counter from its /metrics (nil: not there).
    func metric(_ name: String) -> Int? {
        guard let url = URL(string: "http://127.0.0.1:\(port)/metrics"), let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
