import Foundation

/// The document's life as a file: opened from a PNG or JPEG (Ctrl+O, a dropped file, the
/// command line) at its own size; its name and unsaved mark in the window title; and a
/// question before unsaved changes would be replaced (Save / Don't save / Cancel), as desktop
/// editors ask. What is replaced stays in the recovery journal until then.
extension DrawingBoardViewController {
    /// A document opened from a file larger than this is reduced while it is read (and says so).
    public static let maximumDocumentPixels = 50_000_000

    /// Whether there are changes not yet in a saved file.
    public var isModified: Bool { editCount != savedEditCount }

    /// "name - X11Paint", with a star while there are unsaved changes.
    public var windowTitle: String { (isModified ? "*" : "") + (documentName ?? tr("Untitled")) + " - X11Paint" }

    func documentChanged() {
        editCount += 1
        updateTitle()
    }

    func updateTitle() { view.window?.title = windowTitle }

    // MARK: - New

    /// Asks for the size of a new document (Ctrl+N).
    public func chooseNewDocument() {
        guard presentedViewController == nil else { return }
        let chooser = NewDocumentViewController(screen: screenPixelSize)
        chooser.onCancel = { [unowned self] in self.dismiss(animated: false) }
        chooser.onFinish = { [unowned self] width, height in
            self.dismiss(animated: false)
            self.newDocument(width: width, height: height)
        }
        present(chooser, animated: false)
    }

    /// A new white document of `width` x `height` pixels; asks first about unsaved changes.
    public func newDocument(width: Int, height: Int) {
        askToSaveChanges(before: tr("starting a new drawing")) { [unowned self] in
            self.replaceDocument(with: Document(format: DocumentFormat(pixelWidth: width, pixelHeight: height)), name: nil)
            self.showStatus(tr("New drawing, %d x %d pixels", width, height))
        }
    }

    // MARK: - Opening

    /// Presents the picker to choose a picture to open as the document (Ctrl+O).
    public func chooseDocument() {
        guard presentedViewController == nil else { return }
        let picker = PhotoPickerViewController(folder: picturesFolder, home: home)
        picker.onCancel = { [unowned self] in self.dismiss() }
        // The question about unsaved changes comes once the picker has gone.
        picker.onPick = { [unowned self] path in self.dismiss { self.openDocument(path: path) } }
        present(picker)
    }

    /// Opens a PNG or JPEG as the document, at the file's own size, upright by its EXIF
    /// orientation; asks first when there are unsaved changes.
    public func openDocument(path: String) {
        let expanded = HomeFolder.expandingTilde(in: path, home: home)
        askToSaveChanges(before: tr("opening %@", DisplayPath.short((expanded as NSString).lastPathComponent, limit: 40))) { [unowned self] in
            self.read(.file(expanded), maximumPixels: Self.maximumDocumentPixels, upright: true, what: tr("the picture")) { [weak self] opened in
                guard let self else { return }
                let name = SystemPath.displayed((expanded as NSString).lastPathComponent)
                self.replaceDocument(with: DocumentFormat.opening(opened.photo), name: name)
                let size = "\(opened.photo.asset.image.width)x\(opened.photo.asset.image.height)"
                let reduced = opened.sourceWidth * opened.sourceHeight > Self.maximumDocumentPixels
                self.showStatus(reduced ? tr("Opened %@ reduced to %@ of %dx%d", name, size, opened.sourceWidth, opened.sourceHeight)
                                        : tr("Opened %@ (%@)", name, size))
            }
        }
    }

    /// Files dropped on the window: the first picture is opened as the document or placed as a
    /// photo, as the user answers.
    public func openDroppedFiles(_ paths: [String]) {
        let pictures = paths.filter { PhotoLibrary.pictureExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        guard let path = pictures.first ?? paths.first else { return }
        let name = (path as NSString).lastPathComponent
        ask(AlertViewController(title: tr("Open %@?", name), message: tr("Open it as the drawing, or place it over this drawing as a photo."),
                                actions: [.init(tr("Open"), style: .preferred) { [unowned self] in self.openDocument(path: path) },
                                          .init(tr("Place as photo")) { [unowned self] in self.openPhoto(path: path) },
                                          .init(tr("Cancel"), style: .cancel)]))
    }

    /// Puts `document` in place of the current one: a new history, the whole of it in view,
    /// journaled as a new generation (what it replaced stays there until this moment).
    func replaceDocument(with document: Document, name: String?) {
        cancelPhoto()
        // A new history: the crops of the old document cannot be taken back into it.
        documentsBeforeCrop.removeAll()
        swapDocument(for: document)
        documentName = name
        savedEditCount = editCount
        updateTitle()
    }

    // MARK: - Save As

    /// Asks where to save (Ctrl+Shift+S): a typed path, PNG or JPEG.
    public func chooseSaveAs() {
        guard presentedViewController == nil else { return }
        let stem = ((documentName ?? "Drawing") as NSString).deletingPathExtension
        let chooser = SaveAsViewController(suggestedPath: picturesFolder + "/" + stem + ".png", home: home)
        chooser.onCancel = { [unowned self] in self.dismiss(animated: false) }
        chooser.onFinish = { [unowned self] target in
            self.dismiss(animated: false)
            self.saveAs(target)
        }
        present(chooser, animated: false)
    }

    /// Writes the drawing to `target`; a file there is replaced only when the user says so.
    public func saveAs(_ target: SaveAsTarget) {
        guard target.exists else { return save(to: target) }
        ask(AlertViewController(title: tr("Replace %@?", target.name),
                                message: tr("A file of that name is already there; replacing it loses what it holds."),
                                actions: [.init(tr("Replace")) { [unowned self] in self.save(to: target) },
                                          .init(tr("Cancel"), style: .cancel)]))
    }

    // MARK: - Asking

    /// Runs `action` at once when nothing is unsaved; else asks whether to save first.
    func askToSaveChanges(before what: String, then action: @escaping () -> Void) {
        guard isModified else { return action() }
        let name = documentName ?? "the drawing"
        ask(AlertViewController(title: tr("Save the changes to %@?", name),
                                message: tr("Before %@: if you don't save, your changes are lost.", what),
                                actions: [.init(tr("Save"), style: .preferred) { [unowned self] in
                                              // Only a save that worked lets the drawing go: a failed one
                                              // (its reason on screen) cancels what was asked, and whatever was
                                              // drawn while it ran is asked about again.
                                              self.save(to: nil) { saved in if saved { self.askToSaveChanges(before: what, then: action) } }
                                          },
                                          .init(tr("Don't save"), handler: action),
                                          .init(tr("Cancel"), style: .cancel)]))
    }

    /// Shows a question over the board.
    func ask(_ alert: AlertViewController) {
        guard presentedViewController == nil else { return }
        alert.dismissal = { [unowned self] in self.dismiss(animated: false) }
        present(alert, animated: false)
    }

    /// The question showing now, if any (tests, the X11 adapter's keys).
    public var presentedAlert: AlertViewController? { presentedViewController as? AlertViewController }
}
