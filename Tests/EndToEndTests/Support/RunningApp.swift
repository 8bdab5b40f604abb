import Foundation

/// The real x11paint binary running on a test X server, with its own HOME and XDG folders.
final class RunningApp {
    let process = Process()
    let home: String
    let environment: [String: String]
    private let output = Pipe()
    private let errors = Pipe()
    private var collectedErrors = Data()
    private(set) var windowID = ""

    /// The binary `make test` built; X11PAINT_BINARY names it, else the debug build folder.
    static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["X11PAINT_BINARY"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/x11paint").path
    }

    init(display: String, home: String, arguments: [String] = [], extraEnvironment: [String: String] = [:]) throws {
        self.home = home
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/config"
        // The desktop's lists (recently used) go into the test's home, never the runner's.
        environment["XDG_DATA_HOME"] = home + "/.local/share"
        // No session bus unless the test gives one (a test's own private bus): the runner's bus
        // may have a real portal whose dialogs nobody would answer.
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/x11paint-tests-have-no-session-bus"
        let ready = NSTemporaryDirectory() + "x11paint-ready-" + UUID().uuidString
        environment["X11PAINT_READY_FILE"] = ready
        environment.merge(extraEnvironment) { $1 }
        self.environment = environment
        guard FileManager.default.isExecutableFile(atPath: Self.binaryPath) else {
            throw ExternalTool.Failure(description: "no x11paint binary at \(Self.binaryPath); run `make test`")
        }
        process.executableURL = URL(fileURLWithPath: Self.binaryPath)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Its own window, by _NET_WM_PID: another instance may be running on the same server.
        let found = try xdotool(["search", "--sync", "--all", "--onlyvisible", "--pid", "\(process.processIdentifier)", "--name", "X11Paint$"])
        windowID = found.split(separator: "\n").first.map(String.init) ?? ""
        guard !windowID.isEmpty else { throw ExternalTool.Failure(description: "the X11Paint window did not appear") }
        // Until the last drawing is read back the canvas takes no input: a busy machine could
        // otherwise swallow the first strokes a test draws.
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: ready) && Date() < deadline && process.isRunning { usleep(20_000) }
        try? FileManager.default.removeItem(atPath: ready)
    }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try ExternalTool.run("xdotool", arguments, environment: environment)
    }

    /// Presses the left button at the first point, moves through the rest, and releases.
    func drag(_ points: [(Int, Int)]) throws {
        guard let first = points.first else { return }
        var arguments = ["mousemove", "--window", windowID, "\(first.0)", "\(first.1)", "mousedown", "1"]
        for point in points.dropFirst() {
            arguments += ["mousemove", "--window", windowID, "\(point.0)", "\(point.1)"]
        }
        arguments += ["mouseup", "1"]
        try xdotool(arguments)
    }

    /// Types text as a keyboard would, a key every `delay` milliseconds. xdotool reads its
    /// argument in its own locale: a UTF-8 one that every machine has.
    func type(_ text: String, delay: Int = 40) throws {
        var typing = environment
        typing["LC_ALL"] = "C.UTF-8"
        try ExternalTool.run("xdotool", ["type", "--delay", "\(delay)", text], environment: typing)
    }

    func click(_ x: Int, _ y: Int) throws {
        try xdotool(["mousemove", "--window", windowID, "\(x)", "\(y)", "click", "1"])
    }

    func key(_ keys: String) throws {
        try xdotool(["key", keys])
    }

    /// Waits until a predicate holds, polling; false on timeout.
    func wait(timeout: Double = 15, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    var standardOutput: String {
        String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// What the app wrote to standard error so far (read once it has exited, or it blocks).
    var standardError: String {
        if !process.isRunning { collectedErrors.append(errors.fileHandleForReading.readDataToEndOfFile()) }
        return String(decoding: collectedErrors, as: UTF8.self)
    }

    /// Its resident memory (VmRSS), in megabytes; 0 once it has ended.
    var residentMegabytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }

    /// The shared libraries the app has mapped now (their file names).
    var mappedLibraries: Set<String> {
        // Read to its end: a /proc file says it is empty, and a one-read reader gets its first page only.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps") else { return [] }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.flatMap { $0.hasPrefix("/") ? ($0 as NSString).lastPathComponent : nil }
        })
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
