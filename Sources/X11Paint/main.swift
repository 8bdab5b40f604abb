import CX11Shim
import Foundation
import PaintCore
import X11Adapter

setvbuf(stdout, nil, _IOLBF, 0)
do {
    let options = try Options(arguments: CommandLine.arguments)
    x11shim_install_error_handlers { message in
        // Keep the drawing: the journal is made durable before the process goes.
        X11App.emergencyFlush?()
        let text = message.map { String(cString: $0) } ?? "the X server went away"
        FileHandle.standardError.write(Data("x11paint: \(text); your drawing is kept and comes back next time. Exiting.\n".utf8))
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
