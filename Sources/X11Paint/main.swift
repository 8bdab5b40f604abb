import CX11Shim
import Foundation
import PaintCore

/// x11paint [--demo] [--size WIDTHxHEIGHT]
struct Options {
    var demo = false
    var size = Size(width: 1024, height: 768)

    init(arguments: [String]) throws {
        var remaining = arguments.dropFirst()
        while let argument = remaining.popFirst() {
            switch argument {
            case "--demo": demo = true
            case "--size":
                guard let value = remaining.popFirst(), let size = Options.parseSize(value) else {
                    throw UsageError(message: "--size needs WIDTHxHEIGHT, for example 1024x768")
                }
                self.size = size
            case "--help", "-h":
                throw UsageError(message: "usage: x11paint [--demo] [--size WIDTHxHEIGHT]")
            default:
                throw UsageError(message: "unknown option \(argument)\nusage: x11paint [--demo] [--size WIDTHxHEIGHT]")
            }
        }
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 320, parts[1] >= 240, parts[0] <= 16384, parts[1] <= 16384 else { return nil }
        return Size(width: Double(parts[0]), height: Double(parts[1]))
    }
}

struct UsageError: Error { let message: String }

setvbuf(stdout, nil, _IOLBF, 0)
do {
    let options = try Options(arguments: CommandLine.arguments)
    x11shim_install_error_handlers { message in
        let text = message.map { String(cString: $0) } ?? "the X server went away"
        FileHandle.standardError.write(Data("x11paint: \(text); exiting.\n".utf8))
    }
    let app = try X11App(options: options)
    exit(app.run())
} catch let error as UsageError {
    FileHandle.standardError.write(Data("\(error.message)\n".utf8))
    exit(2)
} catch {
    Log.warning("\(error)")
    exit(1)
}
