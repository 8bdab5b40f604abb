import Foundation

/// A session bus of the test's own (the desktop's real bus daemon, as a session bus), and
/// optionally the stand-in file chooser portal on it (Tests/Fixtures/portal). Its configuration
/// names no service directories: on a desktop machine the system's own services (a real
/// xdg-desktop-portal among them) would otherwise be started on it by activation, and answer
/// where the test wants no one, or its stand-in, to answer.
package final class PrivateSessionBus {
    package struct Failure: Error, CustomStringConvertible { package let description: String }

    package let address: String
    private let daemon = Process()
    private var portal: Process?
    /// Where the stand-in writes the calls it got, a JSON object a line.
    package let recordFile = NSTemporaryDirectory() + "portal-calls-" + UUID().uuidString + ".jsonl"
    private let configFile = NSTemporaryDirectory() + "private-session-bus-" + UUID().uuidString + ".conf"

    /// A session bus's rules (anyone may talk to anyone and own any name), with nothing to activate.
    private static let configuration = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """

    package init() throws {
        try Self.configuration.write(toFile: configFile, atomically: true, encoding: .utf8)
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=" + configFile, "--nofork", "--nopidfile", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        address = try Self.firstLine(of: output, from: daemon, what: "dbus-daemon's address")
    }

    deinit { stop() }

    /// Starts the stand-in portal (`mode`: answer, cancel, never, fail; `uri`: what OpenFile
    /// answers, `saveURI` what SaveFile does, else the folder and name it was offered)
    /// and waits until it owns the portal's name.
    package func startStandInPortal(mode: String, uri: String? = nil, saveURI: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/portal/stand-in-portal.py").path
        process.arguments = [script, recordFile]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["PORTAL_MODE"] = mode
        if let uri { environment["PORTAL_URI"] = uri }
        if let saveURI { environment["PORTAL_SAVE_URI"] = saveURI }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        portal = process
        guard try Self.firstLine(of: output, from: process, what: "the stand-in portal") == "ready" else {
            throw Failure(description: "the stand-in portal did not start")
        }
    }

    /// The calls the stand-in portal got, in order.
    package var calls: [[String: Any]] {
        let text = (try? String(contentsOfFile: recordFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    package func stop() {
        for process in [portal, daemon].compactMap({ $0 }) where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: recordFile)
        try? FileManager.default.removeItem(atPath: configFile)
    }

    /// Stops the bus daemon alone (a desktop session whose bus went away).
    package func stopDaemon() {
        guard daemon.isRunning else { return }
        daemon.terminate()
        daemon.waitUntilExit()
    }

    private static func firstLine(of pipe: Pipe, from process: Process, what: String) throws -> String {
        var collected = Data()
        let deadline = Date().addingTimeInterval(20)
        var descriptor = pollfd(fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while Date() < deadline {
            // Never a read that could wait past the deadline: a process that hangs fails the test.
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected += chunk
            if let newline = collected.firstIndex(of: 10) {
                return String(decoding: collected[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            }
        }
        throw Failure(description: "\(what) did not come (\(String(decoding: collected, as: UTF8.self)))")
    }
}
