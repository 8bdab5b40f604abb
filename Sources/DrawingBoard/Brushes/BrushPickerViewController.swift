import Foundation

/// MyPaint's brushes to choose from (Tools → Choose Brush…, or B again with the Paintbrush in
/// hand): the set's groups as MyPaint orders them, with the favourites first, each brush shown
/// by the set's own preview stroke; a search field across every group; a star for the brush in
/// hand; size, opacity and hardness over the brush's own. A click takes the brush (the
/// Paintbrush with it); Close or Escape leaves.
final class BrushPickerViewController: ViewController {
    static let tileSize = Size(width: 84, height: 104)
    private let brushes: MyPaintBrushes
    /// The pen's width now, and where a new width goes (the bottom bar's slider is the same).
    private let width: Double
    var onWidthChange: ((Double) -> Void)?
    /// A brush was taken: the Paintbrush becomes the tool.
    var onChoose: (() -> Void)?
    var onClose: (() -> Void)?
    /// Previews read once for the picker's life (the set's 128x128 PNGs).
    private var previews: [String: Image] = [:]

    init(brushes: MyPaintBrushes = .shared, width: Double) {
        self.brushes = brushes
        self.width = width
        super.init()
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = Color(r: 240, g: 240, b: 244)
        for subview in [titleLabel, searchField, groupPicker, starButton, closeButton, sizeLabel, sizeSlider, opacityLabel, opacitySlider,
                        hardnessLabel, hardnessSlider, grid] as [View] {
            view.addSubview(subview)
        }
        isModal = true
        defaultButton = closeButton
        escapeButton = closeButton
        groupPicker.items = groupNames
        groupPicker.selectedIndex = groupIndex(of: brushes.chosen)
        sizeSlider.value = width
        opacitySlider.value = brushes.opacity
        hardnessSlider.value = brushes.hardness
        showTiles()
    }

    override func viewWillLayoutSubviews() {
        let width = view.bounds.width
        titleLabel.frame = Rect(x: 16, y: 10, width: 120, height: 30)
        closeButton.frame = Rect(x: width - 16 - closeButton.intrinsicWidth, y: 10, width: closeButton.intrinsicWidth, height: 30)
        starButton.frame = Rect(x: closeButton.frame.minX - 8 - starButton.intrinsicWidth, y: 10, width: starButton.intrinsicWidth, height: 30)
        let pickerWidth = min(groupPicker.intrinsicWidth, max(100, width / 4))
        groupPicker.frame = Rect(x: starButton.frame.minX - 8 - pickerWidth, y: 10, width: pickerWidth, height: 30)
        searchField.frame = Rect(x: 120, y: 11, width: max(60, groupPicker.frame.minX - 128), height: 28)
        // The three sliders share a row, each a third.
        let third = (width - 32) / 3
        for (index, (label, slider)) in [(sizeLabel, sizeSlider), (opacityLabel, opacitySlider), (hardnessLabel, hardnessSlider)].enumerated() {
            let x = 16 + Double(index) * third
            label.frame = Rect(x: x, y: 46, width: 80, height: 24)
            slider.frame = Rect(x: x + 82, y: 46, width: max(40, third - 92), height: 24)
        }
        grid.frame = Rect(x: 0, y: 76, width: width, height: max(0, view.bounds.height - 76))
    }

    // MARK: - Actions

    /// The group pop-up's rows: Favourites, then the set's groups.
    private var groupNames: [String] { [tr("Favourites")] + brushes.set.groups.map(\.name) }

    private func groupIndex(of name: String) -> Int {
        if brushes.isFavourite(name) { return 0 }
        return (brushes.set.groups.firstIndex { $0.brushes.contains { $0.name == name } } ?? 0) + 1
    }

    /// The brushes shown: those matching the search in every group, else the group's.
    var shownBrushes: [MyPaintBrushSet.Brush] {
        let search = searchField.text.trimmingCharacters(in: .whitespaces)
        if !search.isEmpty { return brushes.set.brushes(matching: search) }
        let index = groupPicker.selectedIndex
        if index == 0 { return brushes.favourites.compactMap { brushes.set.brush(named: $0) } }
        return index - 1 < brushes.set.groups.count ? brushes.set.groups[index - 1].brushes : []
    }

    private func showTiles() {
        grid.setTiles(shownBrushes.map { brush in
            let tile = BrushTile(brush: brush, preview: preview(of: brush))
            tile.isChosen = brush.name == brushes.chosen
            tile.isFavourite = brushes.isFavourite(brush.name)
            tile.addAction(for: .touchUpInside) { [unowned self] _ in self.choose(brush.name) }
            return tile
        })
        updateStar()
    }

    private func preview(of brush: MyPaintBrushSet.Brush) -> Image? {
        if let known = previews[brush.name] { return known }
        guard let path = brush.preview, let data = try? FileReader.read(path, limit: 1 << 22),
              let bitmap = try? PNGCodec.decode(data) else { return nil }
        let image = Image(bitmap: bitmap)
        previews[brush.name] = image
        return image
    }

    func choose(_ name: String) {
        brushes.chosen = name
        for case let tile as BrushTile in grid.tiles { tile.isChosen = tile.brush.name == name }
        updateStar()
        onChoose?()
    }

    private func toggleStar() {
        brushes.toggleFavourite(brushes.chosen)
        if groupPicker.selectedIndex == 0 { showTiles() }
        for case let tile as BrushTile in grid.tiles { tile.isFavourite = brushes.isFavourite(tile.brush.name) }
        updateStar()
    }

    private func updateStar() {
        starButton.title = brushes.isFavourite(brushes.chosen) ? tr("★ Favourite") : tr("☆ Favourite")
        starButton.toolTip = tr("Star %@ to keep it among the favourites", brushes.chosen)
        view.setNeedsLayout()
    }

    // MARK: - Subviews

    private lazy var titleLabel: Label = {
        let label = Label(text: tr("Brushes"))
        label.font = Font.system(size: 16)
        return label
    }()

    private(set) lazy var searchField: TextField = {
        let field = TextField(placeholder: tr("Search brushes"))
        field.addAction(for: .valueChanged) { [unowned self] _ in self.showTiles() }
        return field
    }()

    private(set) lazy var groupPicker: PopUpButton = {
        let picker = PopUpButton(items: [])
        picker.addAction(for: .valueChanged) { [unowned self] _ in
            self.searchField.text = ""
            self.showTiles()
        }
        return picker
    }()

    private(set) lazy var starButton = Button(title: tr("☆ Favourite")) { [unowned self] in self.toggleStar() }
    private(set) lazy var closeButton = Button(title: tr("Close")) { [unowned self] in self.onClose?() }

    private lazy var sizeLabel = Label(text: tr("Size"))
    private lazy var opacityLabel = Label(text: tr("Opacity"))
    private lazy var hardnessLabel = Label(text: tr("Hardness"))

    private(set) lazy var sizeSlider: Slider = {
        let slider = Slider()
        slider.minimumValue = 1
        slider.maximumValue = 200
        slider.addAction(for: .valueChanged) { [unowned self, unowned slider] _ in self.onWidthChange?(slider.value.rounded()) }
        return slider
    }()

    private(set) lazy var opacitySlider = factorSlider { [unowned self] in self.brushes.opacity = $0 }
    private(set) lazy var hardnessSlider = factorSlider { [unowned self] in self.brushes.hardness = $0 }

    /// A slider of a factor over the brush's own (a twentieth to all of it).
    private func factorSlider(_ set: @escaping (Double) -> Void) -> Slider {
        let slider = Slider()
        slider.minimumValue = 0.05
        slider.maximumValue = 1
        slider.addAction(for: .valueChanged) { [unowned slider] _ in set(slider.value) }
        return slider
    }

    private(set) lazy var grid = TileGridView(tileSize: Self.tileSize)
}
