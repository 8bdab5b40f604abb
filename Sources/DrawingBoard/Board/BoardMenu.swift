import Foundation

/// The board's main menu (File, Edit, View, Image, Layers, Adjustments, Tools, Help): every command the board has,
/// with its keys and whether it can run now. The keys come from here too (BoardKeys asks the
/// menu which command a key does, and the shortcuts window lists the menu), so the menu, the
/// keys and the shortcuts window cannot disagree.
enum BoardMenu {
    static func key(_ character: Character, _ modifiers: KeyEvent.Modifiers = []) -> KeyEvent { KeyEvent(.character(character), modifiers: modifiers) }
    /// How many recent files File → Open Recent lists (GTK's recent menus show ten).
    static let recentLimit = 10

    static func menu(for board: DrawingBoardViewController) -> Menu {
        Menu(tr("Menu"), children: [file(board), edit(board), view(board), image(board), layers(board), adjustments(board), effects(board), tools(board), window(board), help(board)].map { .menu($0) })
    }

    static func inline(_ commands: [Command]) -> Menu.Element { .menu(Menu(options: .displayInline, children: commands.map { .command($0) })) }

    private static func file(_ board: DrawingBoardViewController) -> Menu {
        let ctrl: KeyEvent.Modifiers = .control, ctrlShift: KeyEvent.Modifiers = [.control, .shift]
        return Menu(tr("File"), children: [
            .menu(Menu(options: .displayInline, children: [
                .command(Command(tr("New Drawing…"), keys: [key("n", ctrl)]) { [unowned board] in board.chooseNewDocument() }),
                .command(Command(tr("Open…"), keys: [key("o", ctrl)]) { [unowned board] in board.chooseDocument() }),
                .menu(Menu(tr("Open Recent"), children: [.deferred { [unowned board] in recentFiles(board) }])),
            ])),
            inline([Command(tr("Place a Photo…"), keys: [key("o", ctrlShift)]) { [unowned board] in board.choosePhoto() }]),
            inline([Command(tr("Save"), keys: [key("s", ctrl)]) { [unowned board] in board.save() },
                    Command(tr("Save As…"), keys: [key("s", ctrlShift)]) { [unowned board] in board.chooseSaveAs() },
                    Command(tr("Export…"), keys: [key("e", ctrlShift)]) { [unowned board] in board.chooseExport() },
                    Command(tr("Revert"), keys: [KeyEvent(.function(5))]) { [unowned board] in board.revert() }]),
            inline([Command(tr("Share…"), isEnabled: { [unowned board] in board.tabs?.sharing != nil }) { [unowned board] in
                        SharingCommands(board: board).share()
                    },
                    Command(tr("Join…"), isEnabled: { [unowned board] in board.tabs?.sharing != nil }) { [unowned board] in
                        SharingCommands(board: board).join()
                    }]),
            inline([Command(tr("Save All"), keys: [key("s", [.control, .alt])], isEnabled: { [unowned board] in board.tabs?.isModified ?? false }) { [unowned board] in
                board.tabs?.saveAll()
            }]),
            inline([Command(tr("Close"), keys: [key("w", ctrl)]) { [unowned board] in board.closeTab() },
                    Command(tr("Close All"), keys: [key("w", ctrlShift)], isEnabled: { [unowned board] in board.tabs != nil }) { [unowned board] in
                        board.tabs?.closeAll(quitting: false)
                    },
                    Command(tr("Quit"), keys: [key("q", ctrl)]) { [unowned board] in board.quit() }]),
        ])
    }

    /// The files X11Paint opened or saved lately that are still there, newest first.
    private static func recentFiles(_ board: DrawingBoardViewController) -> [Menu.Element] {
        let files = (board.documentController.recentlyUsed?.files() ?? []).filter { FileManager.default.fileExists(atPath: $0) }.prefix(recentLimit)
        guard !files.isEmpty else { return [.command(Command(tr("No Recent Files"), isEnabled: { false }) {})] }
        return files.map { path in .command(Command(DisplayPath.short((path as NSString).lastPathComponent, limit: 48)) { [unowned board] in board.openDocument(path: path) }) }
    }

    private static func edit(_ board: DrawingBoardViewController) -> Menu {
        let ctrl: KeyEvent.Modifiers = .control, ctrlShift: KeyEvent.Modifiers = [.control, .shift]
        let selected = { [unowned board] in board.canvas.hasSelection }
        let clipboardHolds = { [unowned board] in board.pasteboard?.holdsSomething ?? false }
        return Menu(tr("Edit"), children: [
            inline([Command(tr("Undo"), keys: [key("z", ctrl)], isEnabled: { [unowned board] in board.undoButton.isEnabled }) { [unowned board] in board.undo() },
                    Command(tr("Redo"), keys: [key("z", ctrlShift), key("y", ctrl)], isEnabled: { [unowned board] in board.redoButton.isEnabled }) { [unowned board] in board.redo() }]),
            inline([Command(tr("Cut"), keys: [key("x", ctrl)], isEnabled: selected) { [unowned board] in board.cutSelection() },
                    Command(tr("Copy"), keys: [key("c", ctrl)], isEnabled: selected) { [unowned board] in board.copySelection() },
                    Command(tr("Paste"), keys: [key("v", ctrl)], isEnabled: clipboardHolds) { [unowned board] in board.pastePhoto() },
                    Command(tr("Paste Into New Layer"), keys: [key("v", ctrlShift)], isEnabled: clipboardHolds) { [unowned board] in
                        board.layerCommands.pasteIntoNewLayer()
                    },
                    Command(tr("Paste Into New Image"), keys: [key("v", [.control, .alt])], isEnabled: clipboardHolds) { [unowned board] in
                        board.fileCommands.pasteIntoNewImage()
                    },
                    Command(trc("edit menu", "Delete"), keys: [KeyEvent(.delete)], isEnabled: { [unowned board] in board.canvas.hasSelection || board.clearButton.isEnabled }) { [unowned board] in
                        if board.canvas.hasSelection { board.clearSelection() } else { board.clear() }
                    }]),
            inline([Command(tr("Select All"), keys: [key("a", ctrl)]) { [unowned board] in board.selectAll() },
                    Command(tr("Select None"), keys: [key("a", ctrlShift)], isEnabled: selected) { [unowned board] in board.deselect() }]),
        ])
    }

    private static func view(_ board: DrawingBoardViewController) -> Menu {
        let ctrl: KeyEvent.Modifiers = .control, ctrlShift: KeyEvent.Modifiers = [.control, .shift]
        return Menu(tr("View"), children: [
            inline([Command(tr("Zoom In"), keys: [key("+", ctrl), key("=", ctrl), key("+", ctrlShift), key("=", ctrlShift)]) { [unowned board] in board.canvas.zoomIn() },
                    Command(tr("Zoom Out"), keys: [key("-", ctrl)]) { [unowned board] in board.canvas.zoomOut() },
                    Command(tr("Best Fit"), keys: [key("0", ctrl)]) { [unowned board] in board.canvas.zoomToFit() },
                    Command(tr("Actual Size"), keys: [key("1")]) { [unowned board] in board.canvas.setZoom(1) },
                    Command(tr("Zoom…")) { [unowned board] in board.zoomCommands.choose() }]),
            inline([Command(tr("Rotate Canvas Left"), keys: [key("4")]) { [unowned board] in board.zoomCommands.turnView(by: -ZoomCommands.turnStep) },
                    Command(tr("Rotate Canvas Right"), keys: [key("6")]) { [unowned board] in board.zoomCommands.turnView(by: ZoomCommands.turnStep) },
                    Command(tr("Reset Rotation"), keys: [key("5")], isEnabled: { [unowned board] in board.canvas.viewport.rotation != 0 }) { [unowned board] in
                        board.zoomCommands.turnView(to: 0)
                    },
                    Command(tr("Mirror View"), keys: [key("m")], state: { [unowned board] in board.canvas.viewport.isMirrored ? .on : .off }) { [unowned board] in
                        board.zoomCommands.toggleMirror()
                    }]),
            .menu(symmetryMenu(board)),
            inline([Command(tr("Full Screen"), keys: [KeyEvent(.function(11))], state: { [unowned board] in board.isFullScreen ? .on : .off }) { [unowned board] in
                board.setFullScreen(!board.isFullScreen)
            },
                    Command(tr("Layers Panel"), keys: [KeyEvent(.function(7))], state: { [unowned board] in board.layersPanel.isShown ? .on : .off }) { [unowned board] in
                board.layersPanel.toggle()
            },
                    Command(tr("History Panel"), keys: [KeyEvent(.function(8))], state: { [unowned board] in board.docked.history.isShown ? .on : .off }) { [unowned board] in
                board.docked.history.toggle()
            },
                    Command(tr("Pixel Grid"), keys: [key("'", ctrl)], state: { [unowned board] in board.canvas.presenter.showsPixelGrid ? .on : .off }) { [unowned board] in
                board.canvas.presenter.showsPixelGrid.toggle()
                board.canvas.setNeedsDisplay()
                if board.canvas.zoom < PixelGrid.minimumZoom && board.canvas.presenter.showsPixelGrid {
                    board.showStatus(tr("The pixel grid shows from 800%"))
                }
            }]),
            // The other scenes answer Ctrl+1 to Ctrl+3 from the window (SceneCoordinator).
            inline(Scene.allCases.compactMap { scene in
                scene.key.map { letter in Command(scene.title, keys: [key(letter, ctrl)]) { [unowned board] in board.onShowScene?(scene) } }
            }),
        ])
    }

    private static func image(_ board: DrawingBoardViewController) -> Menu {
        let commands = board.imageCommands
        return Menu(tr("Image"), children: [
            inline([Command(tr("Crop to Selection"), keys: [key("x", [.control, .shift])], isEnabled: { [unowned board] in board.canvas.hasSelection }) { [unowned board] in
                board.cropToSelection()
            },
                    Command(tr("Auto Crop"), keys: [key("x", [.control, .alt])]) { commands.autoCrop() },
                    Command(tr("Resize Image…"), keys: [key("r", .control)]) { commands.chooseSize() },
                    Command(tr("Canvas Size…"), keys: [key("r", [.control, .shift])]) { commands.chooseCanvasSize() }]),
            inline([Command(tr("Rotate Right"), keys: [key("h", .control)]) { commands.turn(.clockwise) },
                    Command(tr("Rotate Left"), keys: [key("g", .control)]) { commands.turn(.counterClockwise) },
                    Command(tr("Rotate 180°"), keys: [key("j", .control)]) { commands.turn(.halfTurn) },
                    Command(tr("Rotate…")) { commands.chooseRotation() },
                    Command(tr("Flip Horizontal")) { commands.turn(.flipHorizontal) },
                    Command(tr("Flip Vertical")) { commands.turn(.flipVertical) }]),
            inline([Command(tr("Transform…"), keys: [key("t", .control)], isEnabled: { [unowned board] in !board.canvas.content.isCurrentLayerLocked }) {
                commands.freeTransform.begin()
            }]),
            inline([Command(tr("Clear"), isEnabled: { [unowned board] in board.clearButton.isEnabled }) { [unowned board] in board.clear() },
                    Command(tr("Background…")) { [unowned board] in board.showBackgroundSettings() }]),
        ])
    }

    /// Pinta's adjustments (and keys) of the current layer, or the selection on it.
    private static func adjustments(_ board: DrawingBoardViewController) -> Menu {
        let commands = board.adjustmentCommands, ctrlShift: KeyEvent.Modifiers = [.control, .shift]
        return Menu(tr("Adjustments"), children: [
            inline([Command(tr("Invert Colours"), keys: [key("i", ctrlShift)]) { commands.adjust(.invert) },
                    Command(tr("Black and White"), keys: [key("g", ctrlShift)]) { commands.adjust(.blackAndWhite) },
                    Command(tr("Sepia")) { commands.adjust(.sepia) }]),
            inline([Command(tr("Brightness / Contrast…")) { commands.choose(.brightnessContrast) },
                    Command(tr("Hue / Saturation…"), keys: [key("u", ctrlShift)]) { commands.choose(.hueSaturation) },
                    Command(tr("Levels…"), keys: [key("l", .control)]) { commands.chooseLevels() },
                    Command(tr("Curves…"), keys: [key("m", ctrlShift)]) { commands.chooseCurves() }]),
            inline([Command(tr("Auto Level"), keys: [key("l", ctrlShift)]) { commands.autoLevel() },
                    Command(tr("Posterize…"), keys: [key("p", ctrlShift)]) { commands.choose(.posterize) }]),
        ])
    }

    /// Pinta's effects, on the current layer or the selection on it.
    private static func effects(_ board: DrawingBoardViewController) -> Menu {
        let commands = board.adjustmentCommands
        return Menu(tr("Effects"), children: [
            inline([Command(tr("Gaussian Blur…")) { commands.choose(.gaussianBlur) },
                    Command(tr("Motion Blur…")) { commands.choose(.motionBlur) },
                    Command(tr("Unsharp Mask…")) { commands.choose(.unsharpMask) }]),
            inline([Command(tr("Pixelate…")) { commands.choose(.pixelate) },
                    Command(tr("Add Noise…")) { commands.choose(.addNoise(seed: UInt64.random(in: 0...UInt64.max))) }]),
        ])
    }

    /// Pinta's layer commands and keys.
    private static func layers(_ board: DrawingBoardViewController) -> Menu {
        let ctrlShift: KeyEvent.Modifiers = [.control, .shift], commands = board.layerCommands
        let several = { [unowned board] in board.canvas.content.layers.count > 1 }
        // Where the current layer is: the top cannot go up, the bottom cannot go down or merge down.
        let currentIndex = { [unowned board] in board.canvas.content.layers.index(of: board.canvas.content.currentLayerID) ?? 0 }
        let notTop = { [unowned board] in currentIndex() < board.canvas.content.layers.count - 1 }
        let notBottom = { currentIndex() > 0 }
        return Menu(tr("Layers"), children: [
            inline([Command(tr("New Layer"), keys: [key("n", ctrlShift)]) { commands.addLayer() },
                    Command(tr("Duplicate"), keys: [key("d", ctrlShift)]) { commands.duplicateLayer() },
                    Command(trc("layer menu", "Delete"), keys: [KeyEvent(.delete, modifiers: ctrlShift)], isEnabled: several) { commands.deleteLayer() }]),
            inline([Command(tr("Move Up"), keys: [KeyEvent(.pageUp, modifiers: ctrlShift)], isEnabled: notTop) { commands.moveLayer(up: true) },
                    Command(tr("Move Down"), keys: [KeyEvent(.pageDown, modifiers: ctrlShift)], isEnabled: notBottom) { commands.moveLayer(up: false) }]),
            inline([Command(tr("Flip Horizontal")) { commands.flip(horizontally: true) },
                    Command(tr("Flip Vertical")) { commands.flip(horizontally: false) }]),
            inline([Command(tr("Merge Down"), keys: [key("m", .control)], isEnabled: notBottom) { commands.mergeDown() },
                    Command(tr("Flatten"), keys: [key("f", ctrlShift)], isEnabled: several) { commands.flatten() }]),
            inline([Command(tr("Properties…")) { [unowned board] in board.layersPanel.openCurrentProperties() }]),
        ])
    }

    private static func help(_ board: DrawingBoardViewController) -> Menu {
        Menu(tr("Help"), children: [
            inline([Command(tr("Keyboard Shortcuts"), keys: [KeyEvent(.function(1)), key("?", [.control, .shift]), key("/", [.control, .shift])]) { [unowned board] in
                board.showShortcuts()
            },
                    Command(tr("About X11Paint")) { [unowned board] in board.mainMenu.showAbout() }]),
        ])
    }
}
