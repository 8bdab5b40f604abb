import ArgumentParser
import Foundation
import DrawingBoard
import SessionProtocol

/// What the app was asked to do at start, from the command line.
public struct Options {
    public var demo = false
    public var size = Options.defaultSize
    /// Whether --size was given (else the size the last run had).
    public var sizeGiven = false
    /// Diagnostics: start with this many synthetic strokes, and print input-to-screen latency on exit.
    public var preloadStrokes = 0
    public var reportLatency = false
    /// Diagnostics: start at this zoom, in percent.
    public var zoomPercent: Double?
    /// A picture to start placing at launch.
    public var photo: String?
    /// The scene to start in (the drawing board by default).
    public var scene = Scene.board
    /// Pictures to open; the first becomes the document.
    public var files: [String] = []
    /// Write the one picture given to this file, and end (no window).
    public var export: String?
    /// Share the drawing at start (its invitation printed), or join the session a link names.
    public var host = false
    public var join: String?
    /// Where this app's session server listens (0: any free port), and the host its links name.
    public var port = 0
    public var publicName: String?
    /// A session recording to play back in a tab of its own, and how many changes a second.
    public var play: String?
    public var playSpeed = 10.0

    public static let defaultSize = Size(width: 1024, height: 768)
    /// A window size must lie within these, in points.
    public static let smallestSize = DrawingBoardViewController.minimumSize
    public static let largestSize = Size(width: 16384, height: 16384)

    public init() {}
}

/// `x11paint [FILE] [--size WxH] [--photo FILE] [--scene NAME] [--demo]`, parsed by
/// swift-argument-parser: it writes --help to stdout and exits 0, prints --version, and says
/// what is wrong with a bad value (and what is allowed) on stderr with exit status 64.
public struct X11PaintCommand: ParsableCommand {
    public static let version = AppInfo.version

    public static let configuration = CommandConfiguration(
        commandName: "x11paint",
        // Evaluated at the first --help, after main() has set the language.
        abstract: tr("A drawing board for X11: freehand, shapes, photos, undo, and crash recovery."),
        discussion: tr("Drawings are saved as PNG files in your Pictures folder (XDG_PICTURES_DIR). What you draw is kept in a journal, so a crash or a lost X server never costs more than about a second."),
        version: version)

    @Option(name: .long, help: ArgumentHelp(tr("The window's size in points, from %dx%d to %dx%d; the window never opens larger than the screen.",
                                                               Int(Options.smallestSize.width), Int(Options.smallestSize.height),
                                                               Int(Options.largestSize.width), Int(Options.largestSize.height)),
                                            valueName: "WIDTHxHEIGHT"))
    public var size: WindowSizeArgument?

    @Argument(help: ArgumentHelp(tr("A picture to open as the drawing, at its own size: PNG, JPEG, WebP, HEIC, AVIF, TIFF, GIF, BMP, SVG or OpenRaster."), valueName: "FILE"))
    public var files: [String] = []

    @Option(name: .long, help: ArgumentHelp(tr("A picture to start placing over the drawing."), valueName: "FILE"))
    public var photo: String?

    @Option(name: .long, help: ArgumentHelp(tr("The scene to start in.")))
    public var scene: Scene = .board

    @Option(name: .long, help: ArgumentHelp(tr("Write FILE to OUT in the format OUT's ending names (%@), without a window, and end.", PictureFormat.savedEndings),
                                            valueName: "OUT"))
    public var export: String?

    @Flag(name: .long, help: ArgumentHelp(tr("Share the drawing for others to draw in: the invitation link is printed and copied to the clipboard.")))
    public var host = false

    @Option(name: .long, help: ArgumentHelp(tr("Join the shared drawing an invitation link (x11paint://HOST:PORT/SESSION#KEY) names, in a tab of its own."),
                                            valueName: "LINK"))
    public var join: String?

    @Option(name: .long, help: ArgumentHelp(tr("The port shared drawings are served on (0: any free port)."), valueName: "PORT"))
    public var port = 0

    @Option(name: .long, help: ArgumentHelp(tr("The host name or address invitation links give (else this machine's network address)."), valueName: "NAME"))
    public var publicName: String?

    @Option(name: .long, help: ArgumentHelp(tr("Play a shared drawing's recording (x11paint-server export SESSION FILE.x11session) in a tab of its own."),
                                            valueName: "RECORDING"))
    public var play: String?

    @Option(name: .long, help: ArgumentHelp(tr("How many changes a second --play shows (0: all at once)."), valueName: "CHANGES"))
    public var playSpeed = 10.0

    @Flag(name: .long, help: ArgumentHelp(tr("Draw and save a demonstration on a throw-away drawing, then quit.")))
    public var demo = false

    @Option(name: .long, help: ArgumentHelp("Benchmarks: start with this many synthetic strokes.", visibility: .hidden))
    public var preloadStrokes = 0

    @Flag(name: .long, help: ArgumentHelp("Benchmarks: print input-to-screen latency on exit.", visibility: .hidden))
    public var reportLatency = false

    @Option(name: .long, help: ArgumentHelp("Benchmarks: start at this zoom, in percent.", visibility: .hidden))
    public var zoom: Double?

    public init() {}

    public mutating func validate() throws {
        guard preloadStrokes >= 0 else { throw ValidationError("--preload-strokes needs a count of 0 or more") }
        if let zoom, !(100.0 / 16...3200).contains(zoom) { throw ValidationError("--zoom is a percentage from 6.25 to 3200") }
        if export != nil && files.count != 1 { throw ValidationError(tr("--export writes one picture: give exactly one FILE")) }
        guard (0...65535).contains(port) else { throw ValidationError(tr("--port is a port number from 0 to 65535")) }
        guard playSpeed.isFinite, playSpeed >= 0 else { throw ValidationError(tr("--play-speed is a number of changes a second, 0 or more")) }
        for link in [join].compactMap({ $0 }) + files.filter({ $0.hasPrefix("x11paint://") || $0.hasPrefix("x11paints://") }) {
            if let problem = SessionInvitation.problem(with: link) { throw ValidationError(tr("--join needs an invitation link: %@", problem)) }
        }
    }

    /// The options these arguments ask for.
    public var options: Options {
        var options = Options()
        options.size = size?.size ?? Options.defaultSize
        options.sizeGiven = size != nil
        options.photo = photo
        options.export = export
        // The desktop hands files and links as URIs (Exec=x11paint %U): a file:// URI is its
        // path, an invitation link joins its session.
        for argument in files {
            if argument.hasPrefix("x11paint://") || argument.hasPrefix("x11paints://") {
                options.join = options.join ?? argument
            } else if argument.hasPrefix("file://") {
                options.files += URIList.paths(from: argument)
            } else if SessionRecordingFile.isRecording(argument) {
                options.play = options.play ?? argument
            } else {
                options.files.append(argument)
            }
        }
        options.scene = scene
        options.demo = demo
        options.preloadStrokes = preloadStrokes
        options.reportLatency = reportLatency
        options.zoomPercent = zoom
        options.host = host
        options.join = join ?? options.join
        options.port = port
        options.publicName = publicName
        options.play = play ?? options.play
        options.playSpeed = playSpeed
        return options
    }
}

extension Scene: ExpressibleByArgument {}

/// WIDTHxHEIGHT within the limits, or a message that names them.
public struct WindowSizeArgument: ExpressibleByArgument {
    public let size: Size

    public init(_ size: Size) { self.size = size }

    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
              Double(width) >= Options.smallestSize.width, Double(height) >= Options.smallestSize.height,
              Double(width) <= Options.largestSize.width, Double(height) <= Options.largestSize.height else { return nil }
        size = Size(width: Double(width), height: Double(height))
    }

    public var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}
