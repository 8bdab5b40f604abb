import Foundation

/// The desktop counterpart of the seeds' image picker, presented modally: a grid of the
/// Pictures folder's images (newest first, sub-folders navigable) whose thumbnails load in the
/// background, a field for a path, and Cancel. The presenter dismisses it.
public final class PhotoPickerViewController: ViewController {
    public static let tileSize = Size(width: 132, height: 150)
    private let rootFolder: String
    public private(set) var folder: String
    public private(set) var entries: [PhotoLibrary.Entry] = []
    public var onPick: ((String) -> Void)?
    public var onCancel: (() -> Void)?
    /// Where thumbnails are found and kept (the desktop's cache; nil: none).
    public var thumbnailCache: ThumbnailCache? = ThumbnailCache()
    private var loader: ThumbnailLoader?
    public private(set) var thumbnailsLoaded = 0
    private var picturesToLoad = 0

    /// Where a typed `~/` points.
    private let home: String

    public init(folder: String, home: String = HomeFolder.resolve()) {
        self.home = home
        rootFolder = folder
        self.folder = folder
        super.init()
    }

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = Color(r: 240, g: 240, b: 244)
        for subview in [titleLabel, pathField, openButton, cancelButton, progressLabel, grid] as [View] { view.addSubview(subview) }
        isModal = true
        defaultButton = openButton
        escapeButton = cancelButton
    }

    public override func viewDidAppear() {
        show(folder: folder)
        // Typing a path works at once, as in a desktop file dialog.
        pathField.beginEditing()
    }

    public override func viewWillLayoutSubviews() {
        let width = view.bounds.width
        titleLabel.frame = Rect(x: 20, y: 10, width: 200, height: 30)
        cancelButton.frame = Rect(x: width - 20 - cancelButton.intrinsicWidth, y: 10, width: cancelButton.intrinsicWidth, height: 30)
        openButton.frame = Rect(x: cancelButton.frame.minX - 8 - openButton.intrinsicWidth, y: 10, width: openButton.intrinsicWidth, height: 30)
        pathField.frame = Rect(x: 200, y: 11, width: max(0, openButton.frame.minX - 208), height: 28)
        progressLabel.frame = Rect(x: 20, y: 44, width: width - 40, height: 22)
        grid.frame = Rect(x: 0, y: 70, width: width, height: max(0, view.bounds.height - 70))
    }

    // MARK: - Actions

    /// Lists a folder and starts loading its thumbnails.
    public func show(folder: String) {
        self.folder = folder
        var shown = PhotoLibrary.entries(in: folder)
        if folder != rootFolder {
            let parent = (folder as NSString).deletingLastPathComponent
            shown.insert(PhotoLibrary.Entry(path: parent, name: tr("Up"), isFolder: true, modified: .distantPast), at: 0)
        }
        entries = shown
        titleLabel.text = (folder as NSString).lastPathComponent
        grid.setTiles(entries.map { entry in
            let tile = ThumbnailTile(name: entry.name, isFolder: entry.isFolder)
            tile.addAction(for: .touchUpInside) { [unowned self] _ in self.choose(entry) }
            return tile
        })
        let pictures = entries.filter { !$0.isFolder }
        picturesToLoad = pictures.count
        thumbnailsLoaded = 0
        updateProgress()
        guard let application = view.window?.application else { return }
        if loader == nil { loader = ThumbnailLoader(application: application, cache: thumbnailCache) }
        loader?.load(pictures.map(\.path)) { [weak self] path, image in
            guard let self, let index = self.entries.firstIndex(where: { $0.path == path }) else { return }
            (self.grid.tiles[index] as? ThumbnailTile)?.setThumbnail(image)
            self.thumbnailsLoaded += 1
            self.updateProgress()
        }
    }

    private func choose(_ entry: PhotoLibrary.Entry) {
        if entry.isFolder { show(folder: entry.path) } else { onPick?(entry.path) }
    }

    private func updateProgress() {
        if picturesToLoad == 0 {
            progressLabel.text = entries.isEmpty ? tr("No pictures here. Type a path above.") : ""
        } else if thumbnailsLoaded < picturesToLoad {
            progressLabel.text = tr("Loading thumbnails: %d of %d", thumbnailsLoaded, picturesToLoad)
        } else {
            progressLabel.text = trn("%d picture", "%d pictures", picturesToLoad)
        }
    }

    private func openTypedPath() {
        let path = pathField.text.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else { return }
        onPick?(HomeFolder.expandingTilde(in: path, home: home))
    }

    // MARK: - Subviews

    private lazy var titleLabel: Label = {
        let label = Label()
        label.font = Font.system(size: 16)
        return label
    }()

    public private(set) lazy var pathField: TextField = {
        // Enter presses Open, the default button.
        return TextField(placeholder: tr("Or type a path to a PNG or JPEG file"))
    }()

    private lazy var openButton: Button = {
        let button = Button(title: tr("Open"))
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.openTypedPath() }
        return button
    }()

    public private(set) lazy var cancelButton: Button = {
        let button = Button(title: tr("Cancel"))
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.onCancel?() }
        return button
    }()

    public private(set) lazy var progressLabel = Label()

    public private(set) lazy var grid = TileGridView(tileSize: Self.tileSize)
}

/// Tiles in rows, scrolled by dragging or with the wheel.
public final class TileGridView: View {
    public let tileSize: Size
    public private(set) var tiles: [View] = []
    private let spacing = 12.0

    public init(tileSize: Size) {
        self.tileSize = tileSize
        super.init(frame: .zero)
        clipsToBounds = true
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = true
        pan.addTarget { [unowned self] recognizer in
            let pan = recognizer as! PanGestureRecognizer
            self.scroll(by: -pan.translation(in: self).y)
            pan.setTranslation(.zero, in: self)
        }
        addGestureRecognizer(pan)
    }

    public func setTiles(_ newTiles: [View]) {
        for tile in tiles { tile.removeFromSuperview() }
        tiles = newTiles
        for tile in tiles { addSubview(tile) }
        bounds.origin = .zero
        setNeedsLayout()
    }

    private var columns: Int { max(1, Int((bounds.width - spacing) / (tileSize.width + spacing))) }

    public var contentHeight: Double {
        let rows = (tiles.count + columns - 1) / columns
        return Double(rows) * (tileSize.height + spacing) + spacing
    }

    public func scroll(by dy: Double) {
        let maximum = max(0, contentHeight - bounds.height)
        bounds.origin = Point(x: 0, y: min(max(0, bounds.origin.y + dy), maximum))
    }

    /// The wheel scrolls the grid.
    public override func scrollWheel(_ event: ScrollEvent) -> Bool {
        scroll(by: event.delta.y)
        return true
    }

    public override func layoutSubviews() {
        for (index, tile) in tiles.enumerated() {
            let column = index % columns, row = index / columns
            tile.frame = Rect(x: spacing + Double(column) * (tileSize.width + spacing), y: spacing + Double(row) * (tileSize.height + spacing),
                              width: tileSize.width, height: tileSize.height)
        }
    }
}

/// A picture's thumbnail (or a folder) with its name; tap to choose it.
public final class ThumbnailTile: Control {
    public let name: String
    public let isFolder: Bool
    public private(set) var thumbnail: Image?
    private var failed = false

    init(name: String, isFolder: Bool) {
        self.name = name
        self.isFolder = isFolder
        super.init(frame: .zero)
    }

    func setThumbnail(_ image: Image?) {
        thumbnail = image
        failed = image == nil
        setNeedsDisplay()
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let box = Rect(x: 10, y: 4, width: bounds.width - 20, height: bounds.width - 20)
        context.fillColor = isHighlighted ? Color(r: 210, g: 225, b: 250) : .white
        context.fill(.roundedRect(bounds, cornerRadius: 6))
        if isFolder {
            context.fillColor = Color(r: 120, g: 160, b: 220)
            context.fill(.roundedRect(box.insetBy(dx: 12, dy: 24), cornerRadius: 6))
        } else if let thumbnail {
            let s = min(box.width / Double(thumbnail.width), box.height / Double(thumbnail.height))
            let w = Double(thumbnail.width) * s, h = Double(thumbnail.height) * s
            context.draw(thumbnail, in: Rect(x: box.midX - w / 2, y: box.midY - h / 2, width: w, height: h))
        } else {
            context.fill(box.insetBy(dx: 10, dy: 10), with: failed ? Color(r: 250, g: 220, b: 220) : Color(r: 230, g: 230, b: 234))
        }
        let font = Font.system(size: 12)
        var title = name
        while font.width(of: title) > bounds.width - 8 && title.count > 4 { title = String(title.dropLast(4)) + "…" }
        context.draw(title, centeredIn: Rect(x: 0, y: bounds.height - 26, width: bounds.width, height: 22), font: font,
                     color: Color(r: 40, g: 40, b: 44))
    }
}
