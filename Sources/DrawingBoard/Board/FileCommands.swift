import Foundation

/// The commands that bring a document or a picture in, or send the drawing out under a new
/// name: New (Ctrl+N), Open (Ctrl+O, a dropped file, the command line) at the file's own size,
/// Save As (Ctrl+Shift+S), and photos from the picker, the clipboard or a path. Each asks
/// before unsaved changes would be replaced; what is replaced stays in the recovery journal
/// until then.
final class FileCommands {
    /// A photo is kept at most at this many times the canvas's pixels: more can never show,
    /// and a 10000 x 10000 picture would cost 400 MB in memory and in every later start.
    static let photoPixelsPerCanvasPixel = 4

    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    private var document: DocumentController { board.documentController }
    private var documentWindow: DocumentWindowController { board.documentWindow }

    // MARK: - New and Open

    /// Asks for the size of a new document.
    func chooseNewDocument() {
        guard board.presentedViewController == nil else { return }
        let chooser = NewDocumentViewController(screen: board.screenPixelSize, secondaryColor: board.canvas.secondaryColor)
        chooser.onCancel = { [unowned board = self.board] in board.dismiss(animated: false) }
        chooser.onFinish = { [unowned self] width, height, background in
            self.board.dismiss(animated: false)
            self.newDocument(width: width, height: height, background: background)
        }
        board.present(chooser, animated: false)
    }

    /// A new document of `width` x `height` pixels over `background` (white, the usual); asks
    /// first about unsaved changes. Its background is where its history starts, not a change.
    func newDocument(width: Int, height: Int, background: Background = .color(.white)) {
        if let tab = newTab() { return tab.fileCommands.newDocument(width: width, height: height, background: background) }
        documentWindow.askToSaveChanges(before: tr("starting a new drawing")) { [unowned self] in
            let items: [Document.Item] = background == .color(.white) ? [] : [.background(background)]
            let format = DocumentFormat(pixelWidth: width, pixelHeight: height, historyStart: items.count)
            self.documentWindow.replaceDocument(with: Document(items: items, format: format), name: nil)
            self.board.showStatus(tr("New drawing, %d x %d pixels", width, height))
        }
    }

    /// Asks which picture to open as the document: the desktop's dialog, else the picker.
    func chooseDocument() {
        let request = FileChooserRequest(kind: .open, title: tr("Open a Picture"), acceptLabel: tr("Open"),
                                         currentFolder: documentWindow.suggestedFolder, filters: FileDialogs.pictureFilters, currentFilter: 0)
        // The question about unsaved changes comes once the chooser has gone.
        board.fileDialogs.ask(request, builtIn: { [unowned self] in
            self.presentChooser(request) { path, _ in
                self.board.dismiss(animated: false)
                self.openDocument(path: path)
            }
        }, chosen: { [unowned self] path, _ in self.openDocument(path: path) })
    }

    /// Opens a picture of any format X11Paint reads as the document, at the file's own size,
    /// upright by its EXIF orientation (an OpenRaster file with its layers, an SVG at the size
    /// asked for); asks first when there are unsaved changes.
    func openDocument(path: String) {
        let expanded = HomeFolder.expandingTilde(in: path, home: board.home)
        // A file open in a tab already is shown there (Pinta), not opened twice.
        if let tabs = board.tabs, tabs.showTab(holding: expanded) { return }
        if let tab = newTab() { return tab.fileCommands.openDocument(path: expanded) }
        documentWindow.askToSaveChanges(before: tr("opening %@", DisplayPath.short((expanded as NSString).lastPathComponent, limit: 40))) { [unowned self] in
            self.openFile(expanded)
        }
    }

    /// Revert (F5, KolourPaint's Reload): back to the file as it is on disk, after asking; the
    /// changes since go (the recovery journal lets them go too).
    func revert() {
        guard let file = document.binding.file, FileManager.default.fileExists(atPath: file.path) else {
            return board.showStatus(tr("Nothing to revert to: the drawing is not a file on disk yet"))
        }
        guard document.isModified else { return board.showStatus(tr("%@ has no changes to revert", file.name)) }
        board.ask(AlertViewController(title: tr("Revert to the saved %@?", file.name),
                                      message: tr("The changes since it was saved are lost; Ctrl+Z cannot bring them back."),
                                      actions: [.init(tr("Revert"), style: .preferred) { [unowned self] in self.openFile(file.path) },
                                                .init(tr("Cancel"), style: .cancel)]))
    }

    /// Reads `path` beside the UI thread and makes it the document, bound to it; an SVG is
    /// drawn at the size the user asks for (`svgSize`; asked first when nil).
    private func openFile(_ path: String, svgSize: (width: Int, height: Int)? = nil) {
        // An OpenRaster file opens with its layers (names, opacity, modes, visibility, offsets).
        if (path as NSString).pathExtension.lowercased() == "ora" { return board.layeredReading.open(path) }
        if svgSize == nil, let ownSize = Self.svgSize(at: path) {
            return askSVGSize(path, ownSize: ownSize) { [unowned self] size in self.openFile(path, svgSize: size) }
        }
        readDocument(.file(path), file: path, svgSize: svgSize)
    }

    /// Edit → Paste Into New Image (Ctrl+Alt+V): the clipboard's picture as an untitled
    /// document of its own size, in a tab of its own.
    func pasteIntoNewImage() {
        guard let pasteboard = board.pasteboard else { return board.showStatus(tr("There is no clipboard here"), isError: true) }
        pasteboard.requestImage { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let bytes):
                let source = PhotoOpener.Source.bytes(Data(bytes), name: tr("Pasted picture"))
                if let tab = self.newTab() { return tab.fileCommands.readDocument(source, file: nil) }
                self.documentWindow.askToSaveChanges(before: tr("pasting into a new image")) { [unowned self] in self.readDocument(source, file: nil) }
            case .failure(let error):
                self.board.showStatus("\(error)", isError: true)
                Log.warning("paste: \(error)")
            }
        }
    }

    /// The tab a new document goes to when it is not this board (nil: this one, or no tabs).
    private func newTab() -> DrawingBoardViewController? {
        guard let tab = board.tabs?.boardForNewDocument(from: board), tab !== board else { return nil }
        return tab
    }

    /// Reads a picture beside the UI thread and makes it the document, bound to `file` (nil:
    /// untitled, a pasted picture).
    private func readDocument(_ source: PhotoOpener.Source, file path: String?, svgSize: (width: Int, height: Int)? = nil) {
        board.reading.read(source, maximumPixels: DrawingBoardViewController.maximumDocumentPixels, upright: true, what: tr("the picture"),
                           svgSize: svgSize) { [weak self] opened in
            guard let self else { return }
            let name = path.map { SystemPath.displayed(($0 as NSString).lastPathComponent) } ?? source.name
            self.documentWindow.replaceDocument(with: DocumentFormat.opening(opened.photo), name: path == nil ? nil : name, file: path, unsaved: path == nil)
            if let path { self.document.noteUsed(path) }
            let size = "\(opened.photo.asset.image.width)x\(opened.photo.asset.image.height)"
            let reduced = opened.sourceWidth * opened.sourceHeight > DrawingBoardViewController.maximumDocumentPixels
            var said = reduced ? tr("Opened %@ reduced to %@ of %dx%d", name, size, opened.sourceWidth, opened.sourceHeight)
                               : tr("Opened %@ (%@)", name, size)
            // A TIFF's other pages, an animation's other frames: said, not silently dropped.
            if opened.pages > 1 { said += " — " + tr("the first of its %d pages or frames; the others are not opened", opened.pages) }
            self.board.showStatus(said)
        }
    }

    /// Files dropped on the window: the first picture is opened as the document or placed as a
    /// photo, as the user answers.
    func openDroppedFiles(_ paths: [String]) {
        let pictures = paths.filter { PhotoLibrary.pictureExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        guard let path = pictures.first ?? paths.first else { return }
        let name = (path as NSString).lastPathComponent
        // With tabs, every dropped picture opens, each in a tab of its own.
        let opened = board.tabs == nil ? [path] : (pictures.isEmpty ? [path] : pictures)
        board.ask(AlertViewController(title: tr("Open %@?", name), message: tr("Open it as the drawing, or place it over this drawing as a photo."),
                                      actions: [.init(tr("Open"), style: .preferred) { [unowned self] in
                                                    for path in opened { self.openDocument(path: path) }
                                                },
                                                .init(tr("Place as photo")) { [unowned self] in self.openPhoto(.file(path)) },
                                                .init(tr("Cancel"), style: .cancel)]))
    }

    // MARK: - Save As

    /// Asks where to save (Save As: the drawing becomes that file) or, `exporting`, where to
    /// write a copy (Ctrl+Shift+E: the drawing stays the file it is): a typed path, PNG or JPEG.
    /// `finished` hears whether a file was written (false: cancelled, or the write failed).
    func chooseTarget(exporting: Bool, finished: ((Bool) -> Void)? = nil) {
        let stem = ((document.documentName ?? "Drawing") as NSString).deletingPathExtension
        let name = stem + (exporting ? " (copy).png" : ".png")
        let request = FileChooserRequest(kind: .save, title: exporting ? tr("Export a Copy") : tr("Save As"), acceptLabel: exporting ? tr("Export") : tr("Save"),
                                         currentName: name, currentFolder: documentWindow.suggestedFolder, filters: FileDialogs.saveFilters, currentFilter: 0)
        board.fileDialogs.ask(request, builtIn: { [unowned self] in
            self.presentChooser(request, cancelled: { finished?(false) }) { [unowned self] path, quality in
                // The name must say the format; the chooser stays up to say so.
                guard let target = SaveAsTarget(path: path, jpegQuality: quality, lossyWebP: quality < 100) else {
                    (self.board.presentedViewController as? FileChooserViewController)?.show(message: tr("The name must end in one of %@", PictureFormat.savedEndings))
                    return
                }
                self.board.dismiss(animated: false)
                self.saveAs(target, exporting: exporting, finished: finished)
            }
        }, chosen: { [unowned self] path, filter in
            // A name typed without an ending gets the chosen filter's; the desktop's dialog has
            // asked about replacing a file already.
            let named: String
            if let format = PictureFormat(path: path), PictureFormat.saved.contains(format) {
                named = path
            } else {
                let chosenFormat = PictureFormat.saved.first { $0.filterName == filter } ?? .png
                named = path + "." + chosenFormat.extensions[0]
            }
            guard let target = SaveAsTarget(path: named) else { return finished?(false) ?? () }
            self.saveAs(target, exporting: exporting, replacingAsked: named == path, finished: finished)
        }, cancelled: { finished?(false) })
    }

    /// Writes the drawing to `target`; a file there is replaced only when the user says so.
    /// `exporting`: a copy, and the document stays bound where it was (as GIMP's and Krita's Export).
    func saveAs(_ target: SaveAsTarget, exporting: Bool = false, replacingAsked: Bool = false, finished: ((Bool) -> Void)? = nil) {
        // Pictures is the app's own place (the first Save makes it too); any other folder must be there.
        if (target.path as NSString).deletingLastPathComponent == board.picturesFolder {
            try? FileManager.default.createDirectory(atPath: board.picturesFolder, withIntermediateDirectories: true)
        }
        let write = { [unowned self] in
            if exporting {
                self.documentWindow.export(to: target)
                finished?(true)
            } else {
                self.documentWindow.save(to: target, completion: finished)
            }
        }
        guard target.exists, !replacingAsked else { return write() }
        board.ask(AlertViewController(title: tr("Replace %@?", target.name),
                                      message: tr("A file of that name is already there; replacing it loses what it holds."),
                                      actions: [.init(tr("Replace"), handler: write),
                                                .init(tr("Cancel"), style: .cancel) { finished?(false) }]))
    }

    // MARK: - Photos

    /// Reads and decodes a picture beside the UI thread, then starts placing it.
    func openPhoto(_ source: PhotoOpener.Source, beforePlacing: (() -> Void)? = nil) {
        board.reading.read(source, maximumPixels: maximumPhotoPixels, upright: false, what: tr("the photo")) { [weak board = self.board] opened in
            beforePlacing?()
            board?.placePhoto(opened.photo, originalSize: (opened.sourceWidth, opened.sourceHeight))
        }
    }

    /// Asks which photo to place: the desktop's dialog, else the photo picker.
    func choosePhoto() {
        let request = FileChooserRequest(kind: .open, title: tr("Place a Photo"), acceptLabel: tr("Place"),
                                         currentFolder: board.picturesFolder, filters: FileDialogs.pictureFilters, currentFilter: 0)
        board.fileDialogs.ask(request, builtIn: { [unowned self] in
            self.presentPicker { path in
                self.board.dismiss()
                self.openPhoto(.file(path))
            }
        }, chosen: { [unowned self] path, _ in self.openPhoto(.file(path)) })
    }

    /// Asks which picture to use as the background (the Background panel's Choose…).
    func chooseBackground() {
        let request = FileChooserRequest(kind: .open, title: tr("Choose a Background"), acceptLabel: tr("Use picture"),
                                         currentFolder: board.picturesFolder, filters: FileDialogs.pictureFilters, currentFilter: 0)
        board.fileDialogs.ask(request, builtIn: { [unowned self] in
            self.presentChooser(request) { path, _ in
                self.board.dismiss(animated: false)
                self.board.setBackgroundImage(path: path)
            }
        }, chosen: { [unowned self] path, _ in self.board.setBackgroundImage(path: path) })
    }

    /// The app's own chooser for `request` (no desktop dialog answered); `chosen` gets the path
    /// and the quality (JPEG; WebP, lossless at 100), and dismisses it.
    private func presentChooser(_ request: FileChooserRequest, cancelled: @escaping () -> Void = {}, chosen: @escaping (String, Int) -> Void) {
        guard board.presentedViewController == nil else { return }
        let chooser = FileChooserViewController(mode: request.kind == .open ? .open : .save, title: request.title,
                                                folder: request.currentFolder ?? board.picturesFolder, name: request.currentName ?? "",
                                                home: board.home, places: Place.forUser(home: board.home),
                                                recentFiles: { [weak document] in document?.recentlyUsed?.files() ?? [] }, thumbnails: board.thumbnailCache)
        chooser.onCancel = { [unowned board = self.board] in
            board.dismiss(animated: false)
            cancelled()
        }
        chooser.onFinish = chosen
        board.present(chooser, animated: false)
    }

    /// The app's own picker (Pictures as a grid, or a typed path) over the board; `picked`
    /// gets the path and dismisses it.
    private func presentPicker(picked: @escaping (String) -> Void) {
        guard board.presentedViewController == nil else { return }
        let picker = PhotoPickerViewController(folder: board.picturesFolder, home: board.home)
        picker.thumbnailCache = board.thumbnailCache
        picker.onCancel = { [unowned board = self.board] in board.dismiss() }
        picker.onPick = picked
        board.present(picker)
    }

    /// Places the picture on the clipboard, decoded in the background.
    /// `beforePlacing`: what happens once there is a picture to place (a new layer for it); a
    /// clipboard with none says so and changes nothing.
    func pastePhoto(beforePlacing: (() -> Void)? = nil) {
        guard let pasteboard = board.pasteboard else { return board.showStatus(tr("There is no clipboard here"), isError: true) }
        pasteboard.requestImage { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let bytes): self.openPhoto(.bytes(Data(bytes), name: tr("Pasted picture")), beforePlacing: beforePlacing)
            case .failure(let error):
                self.board.showStatus("\(error)", isError: true)
                Log.warning("paste: \(error)")
            }
        }
    }

    /// The most pixels a photo is kept at here: 4x the canvas's (at least 640x480's).
    var maximumPhotoPixels: Int {
        let scale = board.view.window?.scale ?? 1
        let canvasPixels = Int(board.canvas.bounds.width * board.canvas.bounds.height * scale * scale)
        return max(canvasPixels, 640 * 480) * Self.photoPixelsPerCanvasPixel
    }

    // MARK: - SVG

    /// An SVG's own size in whole pixels (96 dpi; GNOME's viewer's 1024 square when it says
    /// none), nil for any other file; the bytes decide, as opening does. Only the first
    /// kilobyte of another file is read here, on the UI thread (the picture is read beside it).
    static func svgSize(at path: String) -> (width: Int, height: Int)? {
        guard let head = try? FileReader.read(path, head: 1024), SVGCodec.isSVG(head),
              let data = try? PhotoDecoder.read(path) else { return nil }
        var (width, height) = SVGCodec.size(of: data) ?? (1024, 1024)
        // One claiming a huge size is offered at the most an SVG is drawn at, its shape kept.
        let scale = min(1, (Double(PhotoDecoder.svgPixels) / (width * height)).squareRoot())
        (width, height) = (width * scale, height * scale)
        return (max(1, Int(width.rounded())), max(1, Int(height.rounded())))
    }

    /// Asks at what size to draw an SVG, its own offered.
    private func askSVGSize(_ path: String, ownSize: (width: Int, height: Int), then: @escaping ((width: Int, height: Int)) -> Void) {
        guard board.presentedViewController == nil else { return }
        let name = DisplayPath.short(SystemPath.displayed((path as NSString).lastPathComponent), limit: 32)
        let dialog = SVGSizeViewController(name: name, width: ownSize.width, height: ownSize.height)
        dialog.onCancel = { [unowned board = self.board] in board.dismiss(animated: false) }
        dialog.onFinish = { [unowned board = self.board] width, height in
            board.dismiss(animated: false)
            then((width, height))
        }
        board.present(dialog, animated: false)
    }
}
