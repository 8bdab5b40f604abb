/// What a document is beyond its content, kept without any view: the file it is bound to and
/// its name, whether it has changes no saved file holds, the documents crops replaced (for
/// Ctrl+Z), which document this is (a save that ends after another was opened neither marks
/// nor renames the new one), and whether saving into a lossy format was mentioned. The
/// DocumentController keeps it and asks it what Save should do.
public struct DocumentFileState: Sendable {
    /// The file the document is, and what it looked like when last read or written.
    public private(set) var binding = DocumentBinding()
    /// The name shown (the file it was opened from or saved to; nil: untitled).
    public private(set) var name: String?
    /// The document as it is now, and as the last save (or opening) left it: "unsaved" is a
    /// place in the history, so undoing every change since is saved again, as in every editor.
    public private(set) var current = Document()
    /// nil: no state of the history is known to be in a file (a drawing restored unsaved).
    private var savedPoint: Document? = Document()
    /// Which document is open; New, Open, a crop and its undo make another.
    public private(set) var generation = 0
    /// The documents crops replaced, most recent last.
    public var documentsBeforeCrop: [Document] = []
    /// The file the document was opened from when X11Paint cannot write its format (nil: none).
    public private(set) var unwritableFile: String?
    /// Saving into a lossy format says so once per document.
    public private(set) var toldAboutLossyFormat = false

    public init() {}

    /// Whether there are changes not yet in a saved file. A size not fixed yet (the first layout
    /// fixes it) is no change.
    public var isModified: Bool {
        guard let savedPoint, current.items == savedPoint.items else { return true }
        guard let now = current.format, let then = savedPoint.format else { return false }
        return now != then
    }

    /// "name - X11Paint", with a star while there are unsaved changes.
    public var windowTitle: String { tabTitle + " - X11Paint" }
    /// What its tab says: the name, with a star while there are unsaved changes.
    public var tabTitle: String { (isModified ? "*" : "") + (name ?? tr("Untitled")) }

    /// What Ctrl+S should do now.
    public var saveAction: DocumentBinding.SaveAction {
        binding.file == nil && unwritableFile != nil ? .chooseWhere : binding.saveAction(isModified: isModified)
    }

    /// The document changed: `document` is what it is now.
    public mutating func changed(to document: Document) { current = document }

    /// Another document took this one's place (a crop, or its undo, keep the name and edits).
    public mutating func swapped() { generation += 1 }

    /// A new or opened document takes the place of this one: bound to `file` (nil: untitled),
    /// with a history of its own (the crops of the old one cannot be taken back into it).
    public mutating func opened(name: String?, file: String?) {
        documentsBeforeCrop.removeAll()
        binding = DocumentBinding(path: file)
        unwritableFile = binding.file == nil ? file : nil
        toldAboutLossyFormat = false
        self.name = name
    }

    /// `document` is the document now, with no unsaved changes (it was just opened, or came
    /// back as its file holds it).
    public mutating func settled(_ document: Document) {
        current = document
        savedPoint = document
    }

    /// `document` is the document now and no file holds it (a picture pasted into a new image).
    public mutating func unsaved(_ document: Document) {
        current = document
        savedPoint = nil
    }

    /// A save of `document`, in generation `generation`, wrote `path`. Returns whether it was
    /// this document (else nothing is marked) and whether to mention now that the format loses
    /// detail.
    public mutating func saved(_ document: Document, generation: Int, path: String) -> (current: Bool, mentionLossyFormat: Bool) {
        guard generation == self.generation else { return (false, false) }
        savedPoint = document
        // From now on the document is that file.
        binding = DocumentBinding(path: path)
        unwritableFile = nil
        if let fileName = binding.name { name = fileName }
        guard binding.file?.isLossy == true, !toldAboutLossyFormat else { return (true, false) }
        toldAboutLossyFormat = true
        return (true, true)
    }

    /// A document came back from the journal: the file it was, and whether that file held it.
    public mutating func restored(_ document: Document, filePath: String?, saved: Bool) {
        binding = DocumentBinding(path: filePath)
        name = binding.name
        current = document
        savedPoint = saved ? document : nil
    }

    /// What the journal keeps with the document: the file it is and whether it is saved.
    public func journalSnapshot(_ document: Document, redo: [Document.Item], pending: Document.Item?, currentLayerID: Int = 0) -> DocumentJournal.Snapshot {
        DocumentJournal.Snapshot(document, redo: redo, pending: pending, documentsBeforeCrop: documentsBeforeCrop,
                                 filePath: binding.path, isSaved: !isModified, currentLayerID: currentLayerID)
    }
}
