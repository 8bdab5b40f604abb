import Foundation

/// The app's own file chooser, for a desktop without a portal (a bare window manager, no
/// session bus): places (Home, Desktop, Pictures, Documents, Recent, the GTK bookmarks), the
/// folder's pictures with their size and date, sortable by each, a preview of the selected
/// picture, and a location field that takes a name or a path (Tab completes it). Keys: Up,
/// Down, Page Up and Page Down move in the list, Enter opens a folder or chooses, Alt+Up or Backspace in an empty
/// field goes to the parent folder and Alt+Home home (GTK's keys), F6 takes the keys to the
/// places and back, Ctrl+H shows hidden files, Escape cancels. Saving asks for a name in the folder, and the quality of a JPEG or WebP.
public final class FileChooserViewController: ViewController {
    public enum Mode { case open, save }

    /// The path chosen (and, saving, the quality: a JPEG's, or a WebP's where 100 is lossless).
    public var onFinish: ((String, Int) -> Void)?
    public var onCancel: (() -> Void)?
    /// How many names Tab lists when several still match.
    static let listedMatches = 8
    public let mode: Mode
    public private(set) var folder: String
    /// Recent's list instead of a folder.
    public private(set) var showsRecent = false
    public private(set) var showsHidden = false
    private let home: String
    private let places: [Place]
    private let recentFiles: () -> [String]
    private let thumbnails: ThumbnailCache?
    private var listing: FolderListing?
    private let title: String

    public init(mode: Mode, title: String, folder: String, name: String = "", home: String, places: [Place],
                recentFiles: @escaping () -> [String], thumbnails: ThumbnailCache?) {
        self.mode = mode
        self.title = title
        self.folder = folder
        self.home = home
        self.places = places
        self.recentFiles = recentFiles
        self.thumbnails = thumbnails
        super.init()
        locationField.text = name
    }

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, locationField, upButton, folderLabel, placesView, list, preview, previewLabel, previewSizeLabel, hiddenBox, qualityLabel, qualityField,
                        messageLabel, chooseButton, cancelButton] as [View] {
            box.addSubview(subview)
        }
        qualityField.text = "90"
        qualityLabel.isHidden = mode == .open
        qualityField.isHidden = mode == .open
        placesView.places = places
        isModal = true
        defaultButton = chooseButton
        escapeButton = cancelButton
        show(folder: folder)
    }

    /// The name field has the keys; in Save As its name is selected without its ending, so
    /// typing renames the file and keeps its format (GTK's chooser does the same).
    public override func viewDidAppear() {
        locationField.beginEditing()
        guard mode == .save, !locationField.text.isEmpty else { return }
        let stem = (locationField.text as NSString).deletingPathExtension.count
        locationField.select(0..<(stem > 0 ? stem : locationField.text.count))
    }

    public override func viewWillLayoutSubviews() {
        let area = view.bounds.insetBy(dx: min(40, view.bounds.width * 0.04), dy: min(30, view.bounds.height * 0.04))
        box.frame = DialogParts.centered(Size(width: min(area.width, 900), height: min(area.height, 640)), in: view.bounds)
        let width = box.frame.width, height = box.frame.height
        titleLabel.frame = Rect(x: 16, y: 8, width: width - 32, height: 24)
        locationField.frame = Rect(x: 16, y: 36, width: width - 32, height: 28)
        upButton.frame = Rect(x: 12, y: 68, width: upButton.intrinsicWidth, height: 26)
        folderLabel.frame = Rect(x: upButton.frame.maxX + 6, y: 68, width: width - upButton.frame.maxX - 22, height: 26)
        let top = 98.0, bottom = height - 44 - (mode == .save || width < 560 ? 30 : 0)
        let placesWidth = width < 560 ? 96.0 : 132.0
        // The preview goes where there is room beside the list.
        let previewWidth = width >= 680 ? 168.0 : 0
        placesView.frame = Rect(x: 12, y: top, width: placesWidth, height: max(0, bottom - top))
        list.frame = Rect(x: placesView.frame.maxX + 6, y: top, width: max(0, width - placesWidth - 30 - (previewWidth > 0 ? previewWidth + 6 : 0)),
                          height: max(0, bottom - top))
        preview.isHidden = previewWidth == 0
        previewLabel.isHidden = previewWidth == 0
        previewSizeLabel.isHidden = previewWidth == 0
        preview.frame = Rect(x: width - 12 - previewWidth, y: top, width: previewWidth, height: min(previewWidth, max(0, bottom - top - 40)))
        previewLabel.frame = Rect(x: preview.frame.minX, y: preview.frame.maxY + 4, width: previewWidth, height: 20)
        previewSizeLabel.frame = previewLabel.frame.offsetBy(dx: 0, dy: 20)
        let buttonsY = height - 40
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: buttonsY, width: cancelButton.intrinsicWidth, height: 32)
        chooseButton.frame = Rect(x: cancelButton.frame.minX - 8 - chooseButton.intrinsicWidth, y: buttonsY, width: chooseButton.intrinsicWidth, height: 32)
        // Narrow, or saving: the hidden-files box, the quality and the message take a row of their own.
        let extrasY = mode == .save || width < 560 ? bottom + 2 : buttonsY
        hiddenBox.frame = Rect(x: 12, y: extrasY, width: hiddenBox.intrinsicWidth, height: 28)
        qualityLabel.frame = Rect(x: hiddenBox.frame.maxX + 12, y: extrasY, width: qualityLabel.font.width(of: qualityLabel.text) + 4, height: 28)
        qualityField.frame = Rect(x: qualityLabel.frame.maxX + 4, y: extrasY, width: 48, height: 28)
        let messageX = mode == .save ? qualityField.frame.maxX + 12 : hiddenBox.frame.maxX + 12
        let messageEnd = extrasY == buttonsY ? chooseButton.frame.minX - 8 : width - 12
        messageLabel.frame = Rect(x: messageX, y: extrasY, width: max(0, messageEnd - messageX), height: 28)
        if extrasY == bottom + 2, mode == .open { messageLabel.frame = Rect(x: 12, y: buttonsY, width: max(0, chooseButton.frame.minX - 20), height: 32) }
    }

    // MARK: - Keys

    public override func keyDown(_ event: KeyEvent) -> Bool {
        // F6 moves the keys between the list and the places, as in GTK's chooser.
        if event.key == .function(6), event.modifiers.isEmpty {
            placesView.keyboardIndex = placesView.keyboardIndex == nil ? (placesView.current ?? 0) : nil
            return true
        }
        if let index = placesView.keyboardIndex, placesKeyDown(event, at: index) { return true }
        switch (event.key, event.modifiers) {
        case (.up, []): list.moveSelection(by: -1)
        case (.down, []): list.moveSelection(by: 1)
        case (.pageUp, []): list.moveSelection(by: -list.rowsPerPage)
        case (.pageDown, []): list.moveSelection(by: list.rowsPerPage)
        case (.up, .alt): goUp()
        case (.home, .alt): show(folder: home)
        case (.character("h"), .control): setShowsHidden(!showsHidden)
        case (.enter, []): submit()
        default: return super.keyDown(event)
        }
        return true
    }

    /// Up and Down move between the places while they have the keys, Enter goes there and
    /// gives the keys back to the list; Escape cancels the dialog, as from anywhere in it.
    private func placesKeyDown(_ event: KeyEvent, at index: Int) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        switch event.key {
        case .up: placesView.keyboardIndex = max(0, index - 1)
        case .down: placesView.keyboardIndex = min(places.count - 1, index + 1)
        case .enter:
            placesView.keyboardIndex = nil
            placesView.onChoose?(places[index])
        case .escape:
            placesView.keyboardIndex = nil
            onCancel?()
        default: return false
        }
        return true
    }

    // MARK: - Actions

    /// Lists `folder` (a message says why when it cannot be read, and the list stays as it was).
    public func show(folder path: String) {
        do {
            var listing = try FolderListing(folder: path, showingHidden: showsHidden, extensions: mode == .open ? PhotoLibrary.pictureExtensions : nil)
            listing.sort(by: list.sortKey, ascending: list.ascending)
            self.listing = listing
            folder = path
            showsRecent = false
            list.entries = listing.entries
            folderLabel.text = SystemPath.displayed(path)
            placesView.current = places.firstIndex { $0.kind == .folder && $0.path == path }
            messageLabel.text = ""
        } catch {
            messageLabel.text = tr("Cannot open the folder %@", SystemPath.displayed(path))
        }
        showPreview(of: nil)
    }

    /// Recent: the files opened and saved lately, newest first.
    public func showRecent() {
        listing = nil
        showsRecent = true
        list.entries = recentFiles().compactMap { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return FolderListing.Entry(name: (path as NSString).lastPathComponent, path: path, isFolder: false, size: Int64(info.st_size),
                                       modified: Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec)))
        }
        folderLabel.text = tr("Recent")
        placesView.current = places.firstIndex { $0.kind == .recent }
        showPreview(of: nil)
    }

    public func setShowsHidden(_ on: Bool) {
        showsHidden = on
        hiddenBox.isOn = on
        if !showsRecent { show(folder: folder) }
    }

    public func goUp() {
        guard !showsRecent, folder != "/" else { return }
        show(folder: (folder as NSString).deletingLastPathComponent)
    }

    /// Enter or the Open/Save button: the typed name or path when there is one, else the
    /// selected entry; a folder is opened, a file chosen.
    public func submit() {
        let typed = locationField.text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else {
            guard let entry = list.selected.map({ list.entries[$0] }) else {
                messageLabel.text = mode == .open ? tr("Choose a picture, or type its path") : tr("Type a name for the file")
                return
            }
            return activate(entry)
        }
        let expanded = HomeFolder.expandingTilde(in: typed, home: home)
        // "Pictures/" and "../Trips" name folders as "Pictures" and "/home/ann/Trips" do.
        let path = ((expanded.hasPrefix("/") ? expanded : ((showsRecent ? home : folder) as NSString).appendingPathComponent(expanded)) as NSString).standardizingPath
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists && isFolder.boolValue {
            locationField.text = ""
            return show(folder: path)
        }
        guard mode == .save || exists else {
            messageLabel.text = tr("There is no file %@", SystemPath.displayed(path))
            return
        }
        finish(path)
    }

    private func activate(_ entry: FolderListing.Entry) {
        if entry.isFolder {
            locationField.text = ""
            show(folder: entry.path)
        } else {
            finish(entry.path)
        }
    }

    private func finish(_ path: String) {
        guard let quality = Int(qualityField.text.trimmingCharacters(in: .whitespaces)), (1...100).contains(quality) else {
            messageLabel.text = tr("The quality is a number from 1 to 100")
            return
        }
        onFinish?(path, quality)
    }

    /// Says why the chosen name cannot be used (the board checks it).
    public func show(message: String) { messageLabel.text = message }

    private func showPreview(of entry: FolderListing.Entry?) {
        preview.image = nil
        previewLabel.text = ""
        previewSizeLabel.text = ""
        guard let entry, !entry.isFolder, PhotoLibrary.pictureExtensions.contains((entry.name as NSString).pathExtension.lowercased()),
              let application = view.window?.application else { return }
        let name = FileListView.elidingMiddle(entry.name, toFit: previewLabel.bounds.width, font: previewLabel.font)
        previewLabel.text = name
        previewSizeLabel.text = FileSizeText.text(entry.size)
        let loader = previewLoader ?? ThumbnailLoader(application: application, cache: thumbnails)
        previewLoader = loader
        loader.load([entry.path]) { [weak self] path, image in
            guard let self, self.list.selected.map({ self.list.entries[$0].path }) == path else { return }
            self.preview.image = image
        }
    }

    private var previewLoader: ThumbnailLoader?

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(title)
    private(set) lazy var locationField: PathField = {
        let field = PathField(placeholder: mode == .open ? tr("Type a path; Tab completes it") : tr("Name"))
        field.complete = { [unowned self] typed in
            let completed = PathCompletion.complete(typed, in: self.folder, home: self.home, showingHidden: self.showsHidden)
            // Several names still fit: they are listed, as GTK's location field lists them.
            let matches = PathCompletion.matches(completed, in: self.folder, home: self.home, showingHidden: self.showsHidden)
            if matches.count > 1 {
                let shown = matches.prefix(Self.listedMatches).joined(separator: ", ") + (matches.count > Self.listedMatches ? ", …" : "")
                self.messageLabel.text = trn("%d match: %@", "%d matches: %@", matches.count, shown)
            } else {
                self.messageLabel.text = ""
            }
            return completed
        }
        field.onBackspaceWhenEmpty = { [unowned self] in self.goUp() }
        return field
    }()
    private lazy var upButton = Button(title: "↑", toolTip: tr("The folder above (Alt+Up)")) { [unowned self] in self.goUp() }
    public private(set) lazy var folderLabel = Label()
    private(set) lazy var placesView: PlacesView = {
        let view = PlacesView()
        view.onChoose = { [unowned self] place in
            if place.kind == .recent { self.showRecent() } else { self.show(folder: place.path) }
        }
        return view
    }()
    private(set) lazy var list: FileListView = {
        let list = FileListView()
        list.onSort = { [unowned self] key, ascending in
            self.listing?.sort(by: key, ascending: ascending)
            if let listing = self.listing { self.list.entries = listing.entries }
        }
        list.onSelect = { [unowned self] entry in
            if let entry, !entry.isFolder { self.locationField.text = self.showsRecent ? entry.path : entry.name }
            self.showPreview(of: entry)
        }
        list.onActivate = { [unowned self] entry in self.activate(entry) }
        return list
    }()
    private lazy var preview = ImageView()
    private lazy var previewLabel = Label()
    private lazy var previewSizeLabel = Label()
    public private(set) lazy var hiddenBox: CheckBox = {
        let box = CheckBox(title: tr("Hidden files"), toolTip: tr("Show hidden files (Ctrl+H)"))
        box.addAction(for: .valueChanged) { [unowned self] control in self.setShowsHidden((control as! CheckBox).isOn) }
        return box
    }()
    private lazy var qualityLabel: Label = {
        let label = Label(text: tr("Quality"))
        label.toolTip = tr("JPEG and WebP quality, 1 to 100; a WebP at 100 keeps every pixel (lossless)")
        return label
    }()
    public private(set) lazy var qualityField = TextField(placeholder: "90")
    public private(set) lazy var messageLabel = Label()
    private lazy var chooseButton = DialogParts.button(mode == .open ? tr("Open") : tr("Save")) { [unowned self] in self.submit() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
