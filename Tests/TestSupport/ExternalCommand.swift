import Foundation

/// Runs another program for a test (GLib's and Python's own readers, the reference tools) and
/// gives back its exit status and what it printed (standard output and error together),
/// read before waiting so a long answer cannot fill the pipe and stall it.
package enum ExternalCommand {
    package static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Debian's Python (with python3-dbus and python3-gi), not whichever `python3` is first on PATH.
    package static func python(_ script: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        try run("/usr/bin/python3", ["-c", script] + arguments)
    }
}
