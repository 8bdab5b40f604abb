import Foundation

/// A private X server for one test, on a display number Xvfb picks itself (-displayfd).
final class XvfbServer {
    let display: String
    private let process: Process

    init(width: Int = 1024, height: Int = 768, extraArguments: [String] = []) throws {
        process = Process()
        process.executableURL = try ExternalTool.locate("Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var number = ""
        let deadline = Date().addingTimeInterval(10)
        while !number.hasSuffix("\n") && Date() < deadline {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            number += String(decoding: byte, as: UTF8.self)
        }
        let trimmed = number.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            process.terminate()
            throw ExternalTool.Failure(description: "Xvfb did not report a display number")
        }
        display = ":" + trimmed
    }

    var isRunning: Bool { process.isRunning }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
