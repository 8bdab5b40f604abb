import Foundation

/// Opening crash recovery at start: take the first journal folder no running window holds,
/// read what it kept, set a damaged journal aside, and open the journal for the new session.
/// Whatever goes wrong, what could be read is restored and the reason is kept for the screen.
public struct JournalOpening {
    /// Recording this run's changes (nil: recovery is off, `problem` says why).
    public var journal: DocumentJournal?
    public var recovery = JournalReader.Recovery()
    /// The folder read and written.
    public var folder: String
    /// 1 for the first window, 2... when other windows were running.
    public var slot = 1
    /// Why recovery is off for this run.
    public var problem: String?
    /// The damaged journal's new name, when it was set aside.
    public var damagedJournalName: String?
    /// Drawings other windows left that no window holds now (each is restored by its own window).
    public var otherWindowsWaiting = 0

    /// Windows beyond this many share nothing and record nothing (no user runs 32 at once).
    public static let maximumWindows = 32

    /// An opening of `folder` with nothing found yet (recovery off until a journal is given).
    package init(folder: String) { self.folder = folder }

    public static func open(stateFolder: String) -> JournalOpening {
        for slot in 1...maximumWindows {
            if let opening = open(folder: JournalFolder.slotPath(slot, in: stateFolder), slot: slot) {
                if opening.journal != nil { return opening.withOthersWaiting(in: stateFolder) }
                return opening
            }
        }
        var opening = JournalOpening(folder: stateFolder)
        opening.problem = "\(maximumWindows) X11Paint windows are open already"
        return opening
    }

    /// Takes `folder` and reads what it kept (a window's own folder, or one of its tabs'); nil
    /// when another journal holds it. An unusable folder still shows what could be read.
    public static func open(folder path: String, slot: Int = 1) -> JournalOpening? {
        var opening = JournalOpening(folder: path)
        opening.slot = slot
        let owned: JournalFolder
        do {
            owned = try JournalFolder(path: path, slot: slot)
        } catch let error as JournalFolder.FolderError where error.isLocked {
            return nil
        } catch {
            opening.recovery = JournalReader.recover(folder: path)
            opening.problem = "\(error)"
            return opening
        }
        opening.recovery = JournalReader.recover(folder: path)
        if opening.recovery.isDamaged {
            opening.damagedJournalName = DocumentJournal.setAside(damagedJournalIn: path)
        }
        do {
            opening.journal = try DocumentJournal(owned)
        } catch {
            opening.problem = "\(error)"
        }
        return opening
    }

    /// `folder`, held by another journal: nothing read, nothing recorded.
    public static func inUse(_ folder: String) -> JournalOpening {
        var opening = JournalOpening(folder: folder)
        opening.problem = "\(folder) is in use by another X11Paint"
        return opening
    }

    private func withOthersWaiting(in stateFolder: String) -> JournalOpening {
        var opening = self
        opening.otherWindowsWaiting = Self.waitingWindows(in: stateFolder, besides: slot)
        return opening
    }

    /// Slots other than `slot` with a journal that holds something and that no process holds.
    package static func waitingWindows(in stateFolder: String, besides slot: Int) -> Int {
        (1...maximumWindows).filter { other in
            let path = JournalFolder.slotPath(other, in: stateFolder)
            guard other != slot, access(path + "/journal", F_OK) == 0, !JournalFolder.isInUse(path) else { return false }
            return !JournalReader.recover(folder: path, loadingPictures: false).isEmpty
        }.count
    }
}
