import Foundation
import TOMLKit

/// What the app remembers between runs: the pen (tool, colour, the recent colours, width, text
/// size, fill and pressure settings) and the window's size. Every value is optional: a file
/// from another version, or edited by hand, gives what it can and the defaults for the rest.
public struct AppSettings: Equatable, Sendable {
    public var tool: String?
    /// Colours as "#rrggbbaa".
    public var color: String?
    /// The secondary colour (the right button's, the fill of outlined shapes).
    public var secondaryColor: String?
    public var recentColors: [String] = []
    public var strokeWidth: Double?
    public var textSize: Double?
    public var shapeFill: String?
    public var fillTolerance: Double?
    /// Whether the bucket and the eyedropper read the current layer alone.
    public var samplesCurrentLayer: Bool?
    public var pressureCurve: String?
    public var pressureEffect: String?
    public var smoothing: String?
    public var taperWithSpeed: Bool?
    public var windowWidth: Double?
    public var windowHeight: Double?
    /// The folder of the last file opened or saved (where Save As and Export suggest next).
    public var lastFolder: String?
    /// The Brush tool's MyPaint brush, "classic/charcoal".
    public var mypaintBrush: String?
    /// The brushes starred in the brush picker, and its opacity and hardness over the brush's own.
    public var mypaintFavourites: [String] = []
    public var mypaintOpacity: Double?
    public var mypaintHardness: Double?

    public init() {}
}

/// `$XDG_CONFIG_HOME/x11paint/settings.toml`: TOML (through TOMLKit), for people to read and
/// edit, written atomically. A damaged file, or a value of the wrong type, gives the defaults
/// for what could not be read and one message naming it; it never stops the app.
public struct SettingsFile {
    public let path: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        path = BaseDirectory.config.path(environment: environment) + "/x11paint/settings.toml"
    }

    public init(path: String) { self.path = path }

    /// The settings in the file (none when there is no file) and what was wrong with it.
    public func load() -> (settings: AppSettings, problem: String?) {
        var settings = AppSettings()
        guard access(path, F_OK) == 0 else { return (settings, nil) }
        let table: TOMLTable
        do {
            let data = try FileReader.read(path, limit: 1 << 20, followSymlinks: true)
            table = try TOMLTable(string: String(decoding: data, as: UTF8.self))
        } catch {
            return (settings, tr("The settings in %@ could not be read (%@); the defaults are used.", DisplayPath.short(path), "\(error)"))
        }
        var wrong: [String] = []
        func value<T>(_ key: String, _ read: (TOMLValueConvertible) -> T?) -> T? {
            guard let raw = table[key] else { return nil }
            guard let value = read(raw) else { wrong.append(key); return nil }
            return value
        }
        let number: (TOMLValueConvertible) -> Double? = { $0.double ?? $0.int.map(Double.init) }
        let text: (TOMLValueConvertible) -> String? = { $0.string }
        settings.tool = value("tool", text)
        settings.color = value("color", text)
        settings.secondaryColor = value("secondary_color", text)
        settings.recentColors = value("recent_colors") { raw in raw.array.map { $0.compactMap { $0.string } } } ?? []
        settings.strokeWidth = value("stroke_width", number)
        settings.textSize = value("text_size", number)
        settings.shapeFill = value("shape_fill", text)
        settings.fillTolerance = value("fill_tolerance", number)
        settings.samplesCurrentLayer = value("samples_current_layer") { $0.bool }
        settings.pressureCurve = value("pressure_curve", text)
        settings.pressureEffect = value("pressure_effect", text)
        settings.smoothing = value("smoothing", text)
        settings.taperWithSpeed = value("taper_with_speed") { $0.bool }
        settings.windowWidth = value("window_width", number)
        settings.windowHeight = value("window_height", number)
        settings.lastFolder = value("last_folder", text)
        settings.mypaintBrush = value("mypaint_brush", text)
        settings.mypaintFavourites = value("mypaint_favourites") { raw in raw.array.map { $0.compactMap { $0.string } } } ?? []
        settings.mypaintOpacity = value("mypaint_opacity", number)
        settings.mypaintHardness = value("mypaint_hardness", number)
        let problem = wrong.isEmpty ? nil
            : tr("Some settings in %@ had the wrong kind of value (%@); their defaults are used.", DisplayPath.short(path), wrong.joined(separator: ", "))
        return (settings, problem)
    }

    /// Writes the settings whole or not at all (a temporary file renamed over the old one).
    public func save(_ settings: AppSettings) throws {
        let table = TOMLTable()
        func put(_ key: String, _ value: TOMLValueConvertible?) { if let value { table[key] = value } }
        put("tool", settings.tool)
        put("color", settings.color)
        put("secondary_color", settings.secondaryColor)
        if !settings.recentColors.isEmpty { table["recent_colors"] = TOMLArray(settings.recentColors) }
        put("stroke_width", settings.strokeWidth)
        put("text_size", settings.textSize)
        put("shape_fill", settings.shapeFill)
        put("fill_tolerance", settings.fillTolerance)
        put("samples_current_layer", settings.samplesCurrentLayer)
        put("pressure_curve", settings.pressureCurve)
        put("pressure_effect", settings.pressureEffect)
        put("smoothing", settings.smoothing)
        put("taper_with_speed", settings.taperWithSpeed)
        put("window_width", settings.windowWidth)
        put("window_height", settings.windowHeight)
        put("last_folder", settings.lastFolder)
        put("mypaint_brush", settings.mypaintBrush)
        if !settings.mypaintFavourites.isEmpty { table["mypaint_favourites"] = TOMLArray(settings.mypaintFavourites) }
        put("mypaint_opacity", settings.mypaintOpacity)
        put("mypaint_hardness", settings.mypaintHardness)
        let text = "# X11Paint's settings: what it remembers between runs. Safe to edit; a value it\n"
            + "# cannot read is replaced by its default.\n" + table.convert(to: .toml) + "\n"
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try AtomicFileWriter.replaceFile(Data(text.utf8), at: path, mode: 0o644)
    }
}
