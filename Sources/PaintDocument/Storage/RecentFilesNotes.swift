import Foundation

/// Tells the desktop's recently-used list of each file opened or saved, beside the UI thread
/// (the list can be large), one write after another: each reads the list and writes it back,
/// and two at once lost one.
final class RecentFilesNotes {
    var list: RecentlyUsed?
    private let writes = DispatchGroup()
    private let queue = DispatchQueue(label: "x11paint.recently-used", qos: .utility)

    func note(_ path: String) {
        guard let list else { return }
        queue.async(group: writes) {
            do { try list.add(path) } catch { Log.warning("recently used: \(error)") }
        }
    }

    /// An ending app waits: a file saved as the window closes is in the list.
    func waitUntilWritten() { writes.wait() }
}
