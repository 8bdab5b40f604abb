import PaintCore

/// x11paint [--demo] [--size WIDTHxHEIGHT]
public struct Options {
    public var demo = false
    public var size = Size(width: 1024, height: 768)
    /// Diagnostics: start with this many synthetic strokes, and print input-to-screen latency on exit.
    public var preloadStrokes = 0
    public var reportLatency = false
    /// A picture to start placing at launch.
    public var photo: String?
    /// The scene to start in (the drawing board by default).
    public var scene = Scene.board

    public init(arguments: [String]) throws {
        var remaining = arguments.dropFirst()
        while let argument = remaining.popFirst() {
            switch argument {
            case "--demo": demo = true
            case "--size":
                guard let value = remaining.popFirst(), let size = Options.parseSize(value) else {
                    throw UsageError(message: "--size needs WIDTHxHEIGHT, for example 1024x768")
                }
                self.size = size
            case "--preload-strokes":
                guard let value = remaining.popFirst(), let count = Int(value), count >= 0 else {
                    throw UsageError(message: "--preload-strokes needs a count")
                }
                preloadStrokes = count
            case "--report-latency": reportLatency = true
            case "--scene":
                guard let value = remaining.popFirst(), let scene = Scene(rawValue: value) else {
                    throw UsageError(message: "--scene needs one of: " + Scene.allCases.map(\.rawValue).joined(separator: ", "))
                }
                self.scene = scene
            case "--photo":
                guard let value = remaining.popFirst() else { throw UsageError(message: "--photo needs a file") }
                photo = value
            case "--help", "-h":
                throw UsageError(message: "usage: x11paint [--demo] [--size WIDTHxHEIGHT] [--photo FILE] [--scene board|unlock|touches|gestures]")
            default:
                throw UsageError(message: "unknown option \(argument)\nusage: x11paint [--demo] [--size WIDTHxHEIGHT] [--photo FILE] [--scene board|unlock|touches|gestures]")
            }
        }
    }

    public static func parseSize(_ text: String) -> Size? {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 320, parts[1] >= 240, parts[0] <= 16384, parts[1] <= 16384 else { return nil }
        return Size(width: Double(parts[0]), height: Double(parts[1]))
    }
}

public struct UsageError: Error {
    public let message: String
}
