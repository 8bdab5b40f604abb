import Foundation

/// Runs programs the end-to-end tests need (xdotool, Xvfb), found on PATH.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func locate(_ name: String) throws -> URL {
        // A path is taken as it is (an installed copy of the app, say).
        if name.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: name) else { throw Failure(description: "\(name) is not an executable") }
            return URL(fileURLWithPath: name)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        throw Failure(description: "\(name) is not installed; `make test` installs it (scripts/install-deps.sh test)")
    }

    /// Runs a tool to completion (killing it after `timeout` seconds) and returns its standard output.
    @discardableResult
    static func run(_ name: String, _ arguments: [String], environment: [String: String], timeout: Double = 10) throws -> String {
        let process = Process()
        process.executableURL = try locate(name)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
        return text
    }
}
