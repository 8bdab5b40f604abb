import Foundation

/// MyPaint's brushes as the desktop has them installed (Debian's mypaint-brushes: the .myb
/// files and their preview pictures under mypaint-data/2.0/brushes in the XDG data folders), in
/// the groups and the order its order.conf gives, as MyPaint's own brush picker shows them.
public struct MyPaintBrushSet: Sendable {
    public struct Brush: Sendable, Equatable {
        /// Its name in the set, "classic/charcoal" (settings.toml's mypaint_brush).
        public var name: String
        /// The name a person reads: "charcoal" becomes "Charcoal", "2B_pencil" "2B pencil".
        public var title: String
        public var file: String
        /// Its preview picture (nil: the set has none for it).
        public var preview: String?
    }

    public struct Group: Sendable, Equatable {
        public var name: String
        public var brushes: [Brush]
    }

    public private(set) var groups: [Group]
    /// The folder it was read from (nil: no brush set is installed).
    public let folder: String?

    /// The brush the Brush tool starts with.
    public static let defaultBrush = "classic/brush"

    /// The set in the first XDG data folder that has one (XDG_DATA_HOME, then XDG_DATA_DIRS).
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> MyPaintBrushSet {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? "") + "/.local/share"
        let system = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        for data in [home] + system {
            let folder = data + "/mypaint-data/2.0/brushes"
            if FileManager.default.fileExists(atPath: folder + "/order.conf") { return MyPaintBrushSet(folder: folder) }
        }
        return MyPaintBrushSet(groups: [], folder: nil)
    }

    init(groups: [Group], folder: String?) {
        self.groups = groups
        self.folder = folder
    }

    /// The set in `folder`: order.conf's groups ("Group: NAME", then one brush a line), and any
    /// brush it does not list in a group of its folder's name, last.
    public init(folder: String) {
        self.folder = folder
        var groups: [Group] = [], listed = Set<String>()
        let order = (try? String(contentsOfFile: folder + "/order.conf", encoding: .utf8)) ?? ""
        for line in order.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty && !line.hasPrefix("#") {
            if line.hasPrefix("Group:") {
                groups.append(Group(name: line.dropFirst("Group:".count).trimmingCharacters(in: .whitespaces), brushes: []))
            } else if !groups.isEmpty, let brush = Self.brush(named: line, in: folder), listed.insert(line).inserted {
                groups[groups.count - 1].brushes.append(brush)
            }
        }
        let subfolders = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for subfolder in subfolders {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + subfolder)) ?? []).sorted()
            let unlisted = files.filter { $0.hasSuffix(".myb") }.map { subfolder + "/" + $0.dropLast(4) }.filter { !listed.contains($0) }
            let brushes = unlisted.compactMap { Self.brush(named: $0, in: folder) }
            if !brushes.isEmpty { groups.append(Group(name: subfolder, brushes: brushes)) }
        }
        self.groups = groups.filter { !$0.brushes.isEmpty }
    }

    public var brushes: [Brush] { groups.flatMap(\.brushes) }

    public func brush(named name: String) -> Brush? { brushes.first { $0.name == name } }

    /// The brushes whose name or title has `text` in it, whatever the case.
    public func brushes(matching text: String) -> [Brush] {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !wanted.isEmpty else { return brushes }
        return brushes.filter { $0.name.lowercased().contains(wanted) || $0.title.lowercased().contains(wanted) }
    }

    /// The text of a brush's .myb file (at most a megabyte: a brush is a few kilobytes).
    public func settings(of brush: Brush) throws -> String {
        let data = try FileReader.read(brush.file, limit: 1 << 20)
        return String(decoding: data, as: UTF8.self)
    }

    private static func brush(named name: String, in folder: String) -> Brush? {
        let file = folder + "/" + name + ".myb"
        guard !name.contains(".."), FileManager.default.fileExists(atPath: file) else { return nil }
        let preview = folder + "/" + name + "_prev.png"
        let base = name.split(separator: "/").last.map(String.init) ?? name
        var title = base.replacingOccurrences(of: "_", with: " ")
        if let first = title.first { title = first.uppercased() + title.dropFirst() }
        return Brush(name: name, title: title, file: file, preview: FileManager.default.fileExists(atPath: preview) ? preview : nil)
    }
}
