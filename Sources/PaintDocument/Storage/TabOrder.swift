import Foundation

/// The order of a window's tabs and which one was current, kept in the window's journal folder
/// (`tabs.json`) so that after a crash every document comes back in the tab it had. Tabs are
/// named by their journal folder: 1 for the window's own, N for `tab-N`.
public struct TabOrder: Codable, Equatable, Sendable {
    public var folders: [Int]
    public var current: Int

    public init(folders: [Int], current: Int) {
        self.folders = folders
        self.current = current
    }

    static func path(in windowFolder: String) -> String { windowFolder + "/tabs.json" }

    /// The order kept in `windowFolder`; nil when none was kept or it cannot be read (the tabs
    /// then come back in their folders' order).
    public static func read(in windowFolder: String) -> TabOrder? {
        guard let data = try? FileReader.read(path(in: windowFolder), limit: 64 << 10) else { return nil }
        return try? JSONDecoder().decode(TabOrder.self, from: data)
    }

    /// Replaces the kept order whole (a crash mid-write leaves the old one or the new one).
    public func write(in windowFolder: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        do {
            try data.write(to: URL(fileURLWithPath: Self.path(in: windowFolder)), options: .atomic)
        } catch {
            Log.warning("the tabs' order could not be kept in \(windowFolder): \(error)")
        }
    }
}
