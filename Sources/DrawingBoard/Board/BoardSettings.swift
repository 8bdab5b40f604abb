import Foundation

/// The board's pen as the settings file keeps it: applied at start, read back at the end.
public enum BoardSettings {
    /// The pen and the palette as a previous run left them; a problem reading them is said once.
    public static func apply(_ settings: AppSettings, problem: String?, to board: DrawingBoardViewController) {
        apply(settings, to: board)
        if let problem {
            board.showStatus(problem, isError: true)
            Log.warning(problem)
        }
    }

    /// Keeps the pen and the palette (and the window's size) for the next run.
    public static func save(_ board: DrawingBoardViewController, to file: SettingsFile, windowSize: Size?) {
        do {
            try file.save(current(of: board, windowSize: windowSize))
        } catch {
            Log.warning("the settings could not be kept in \(file.path): \(error)")
        }
    }

    /// Puts what was remembered in place; a value out of range or unknown is left at its default.
    static func apply(_ settings: AppSettings, to board: DrawingBoardViewController) {
        let canvas = board.canvas
        if let key = settings.tool?.first, let index = DrawingBoardViewController.tools.firstIndex(where: { $0.key == key }) {
            board.selectTool(at: index)
        }
        for hex in settings.recentColors.reversed() { if let color = Color(hex: hex) { board.panels.noteColorUsed(color) } }
        if let color = settings.color.flatMap(Color.init(hex:)) { canvas.strokeColor = color }
        if let color = settings.secondaryColor.flatMap(Color.init(hex:)) { canvas.secondaryColor = color }
        if let width = settings.strokeWidth, (1...40).contains(width) { canvas.strokeWidth = width.rounded() }
        if let size = settings.textSize, PenController.textSizes.contains(size) { canvas.textSize = size.rounded() }
        if let fill = settings.shapeFill.flatMap({ named($0, in: ShapeFill.allCases) }) { canvas.shapeFill = fill }
        if let tolerance = settings.fillTolerance, (0...1).contains(tolerance) { canvas.fillTolerance = tolerance }
        if let layerOnly = settings.samplesCurrentLayer { canvas.samplesCurrentLayer = layerOnly }
        var pen = canvas.penSettings
        if let curve = settings.pressureCurve.flatMap({ named($0, in: PenSettings.PressureCurve.allCases) }) { pen.pressureCurve = curve }
        if let effect = settings.pressureEffect.flatMap({ named($0, in: PenSettings.PressureEffect.allCases) }) { pen.pressureEffect = effect }
        if let smoothing = settings.smoothing.flatMap({ named($0, in: PenSettings.Smoothing.allCases) }) { pen.smoothing = smoothing }
        if let taper = settings.taperWithSpeed { pen.taperWithSpeed = taper }
        var isFolder: ObjCBool = false
        if let folder = settings.lastFolder, FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue {
            board.documentController.lastFolder = folder
        }
        canvas.penSettings = pen
        MyPaintBrushes.shared.apply(settings)
        board.pen.showPen()
    }

    /// The pen as it is now, and the window's size.
    static func current(of board: DrawingBoardViewController, windowSize: Size?) -> AppSettings {
        let canvas = board.canvas, pen = canvas.penSettings
        var settings = AppSettings()
        settings.tool = String(canvas.brush.key)
        settings.color = canvas.strokeColor.hexStringWithAlpha
        settings.secondaryColor = canvas.secondaryColor.hexStringWithAlpha
        settings.recentColors = board.panels.paletteView.recentColors.map(\.hexStringWithAlpha)
        settings.strokeWidth = canvas.strokeWidth
        settings.textSize = canvas.textSize
        settings.shapeFill = "\(canvas.shapeFill)"
        settings.fillTolerance = canvas.fillTolerance
        settings.samplesCurrentLayer = canvas.samplesCurrentLayer
        settings.pressureCurve = "\(pen.pressureCurve)"
        settings.pressureEffect = "\(pen.pressureEffect)"
        settings.smoothing = "\(pen.smoothing)"
        settings.taperWithSpeed = pen.taperWithSpeed
        settings.windowWidth = windowSize?.width
        settings.windowHeight = windowSize?.height
        settings.lastFolder = board.documentController.lastFolder
        MyPaintBrushes.shared.keep(in: &settings)
        return settings
    }

    private static func named<T>(_ name: String, in cases: [T]) -> T? { cases.first { "\($0)" == name } }
}
