import Foundation
import PackagePlugin

/// Compiles the translations (po/*.po, GNU gettext catalogs) with msgfmt at build time, so a
/// plain `swift build` gives a binary with its catalogs in the target's resource bundle
/// (`x11paint-<language>.mo`), wherever the build folder is. msgfmt --check fails the build on
/// a broken catalog.
@main
struct CompileCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let catalogs = context.package.directoryURL.appending(path: "po")
        let names = try FileManager.default.contentsOfDirectory(atPath: catalogs.path).filter { $0.hasSuffix(".po") }.sorted()
        let msgfmt = try Self.msgfmt()
        return names.map { name in
            let language = String(name.dropLast(3))
            let source = catalogs.appending(path: name)
            let output = context.pluginWorkDirectoryURL.appending(path: "x11paint-\(language).mo")
            return Command.buildCommand(displayName: "Compiling the \(language) catalog", executable: msgfmt,
                                 arguments: ["--check", "-o", output.path, source.path], inputFiles: [source], outputFiles: [output])
        }
    }

    struct MissingTool: Error, CustomStringConvertible {
        var description: String { "msgfmt (GNU gettext) is needed to build the translations: apt-get install gettext" }
    }

    /// GNU gettext's msgfmt, a system tool (Debian's gettext package), found on PATH.
    static func msgfmt() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders: [String] = path.split(separator: ":").map { String($0) } + ["/usr/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder + "/msgfmt")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw MissingTool()
    }
}
