import CX11Shim
import Foundation
import DrawingBoard
import DrawingTogether
import PaintDocument
import PaintGraphicsHaswell
import X11Adapter

setvbuf(stdout, nil, _IOLBF, 0)
// Messages go to standard error at the level X11PAINT_LOG asks for (swift-log).
Log.bootstrap(environment: ProcessInfo.processInfo.environment)
// The renderer's hottest loops compiled for this processor's AVX2 and FMA when it has them.
HaswellKernels.installIfSupported(environment: ProcessInfo.processInfo.environment)
// The interface's language from LANG / LC_MESSAGES / LANGUAGE, before anything is said.
Localization.start(catalogs: AppResources.localeFolder)
// --help and --version print and exit 0 here; a bad value is a message on stderr and exit 64.
// File names are bytes: arguments are taken byte for byte (see SystemPath), not as Foundation
// decodes them.
let command = X11PaintCommand.parseOrExit(Array(SystemPath.arguments().dropFirst()))
let options = command.options
// --export OUT IN: no window, no X server; a one-line reason and exit 1 when it cannot.
if let output = options.export, let input = options.files.first {
    do {
        try DocumentExport.export(input, to: output)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("x11paint: \(error)\n".utf8))
        exit(1)
    }
}
// Said here for scripts and terminals; the window says it too.
for (what, path) in options.files.map({ ("the file", $0) }) + (options.photo.map { [("the photo", $0)] } ?? [])
where SystemPath.withCString(path, { access($0, F_OK) }) != 0 {
    FileHandle.standardError.write(Data("x11paint: \(what) \(SystemPath.displayed(path)) does not exist\n".utf8))
}
// Icons and translations missing (a binary copied away from its build or install): said once.
if let warning = AppResources.missingResourcesWarning() { Log.warning(warning) }
do {
    x11shim_install_error_handlers { message in
        // Keep the drawing: the journal is made durable before the process goes.
        X11App.emergencyFlush?()
        let text = message.map { String(cString: $0) } ?? "the X server went away"
        FileHandle.standardError.write(Data("x11paint: \(text); your drawing is kept and comes back next time. Exiting.\n".utf8))
    }
    let app = try X11App(options: options) { post in
        SessionSharingService(stateFolder: DocumentJournal.stateFolder(environment: ProcessInfo.processInfo.environment),
                              port: options.port, publicName: options.publicName, post: post)
    }
    exit(app.run())
} catch {
    Log.warning("\(error)")
    exit(1)
}
