/// The Tools menu: the tools by kind (painting first, then the shapes, the selections and the
/// retouching tools in their own menus, so the smallest window shows it whole), the gradient's,
/// the selection's and Clone Stamp's options, and the pen.
extension BoardMenu {
    static func tools(_ board: DrawingBoardViewController) -> Menu {
        let all = DrawingBoardViewController.tools
        func command(_ index: Int) -> Command {
            let tool = all[index]
            return Command(tool.longName, keys: [key(tool.key)], state: { [unowned board] in board.toolPicker.selectedSegmentIndex == index ? .on : .off }) { [unowned board] in
                // G with the gradient already in hand steps to its next shape (as Pinta's key cycles).
                // B with the Paintbrush in hand opens the brushes to choose from.
                let inHand = board.toolPicker.selectedSegmentIndex == index
                if tool is GradientBrush && inHand {
                    board.pen.stepGradientShape()
                } else if tool is PaintBrush && inHand {
                    BrushPickerPresenter.show(on: board)
                } else {
                    board.selectTool(at: index)
                }
            }
        }
        let selecting = all.indices.filter { all[$0].group == .selection }
        let shaping = all.indices.filter { all[$0].group == .shapes }
        let painting = all.indices.filter { all[$0].group == .painting }
        let retouching = all.indices.filter { all[$0].group == .retouch }
        return Menu(tr("Tools"), children: [
            inline(painting.map(command)),
            .menu(Menu(options: .displayInline, children: [
                .menu(Menu(tr("Shapes"), children: [inline(shaping.map(command)), inline(shapeOptions(board))])),
                .menu(Menu(tr("Selection"), children: [inline(selecting.map(command)), inline(selectionModes(board))])),
                .menu(Menu(tr("Gradient"), children: [inline(gradientShapes(board))])),
                .menu(Menu(tr("Retouch"), children: [inline(retouching.map(command)), inline([
                    Command(tr("Clone Aligned"), state: { CloneSource.shared.isAligned ? .on : .off }) { CloneSource.shared.isAligned.toggle() },
                ])])),
            ])),
            inline([Command(tr("Thinner"), keys: [key("["), key("[", .control)]) { [unowned board] in board.stepPenSize(by: -1) },
                    Command(tr("Thicker"), keys: [key("]"), key("]", .control)]) { [unowned board] in board.stepPenSize(by: 1) },
                    Command(tr("Brush…")) { [unowned board] in board.showBrushSettings() },
                    Command(tr("Choose Brush…"), keys: [key("b", .shift)], isEnabled: { BrushStrokeDrawing.isAvailable && MyPaintBrushes.shared.set.folder != nil }) { [unowned board] in
                        BrushPickerPresenter.show(on: board)
                    },
                    Command(tr("Palette…")) { [unowned board] in board.showPalette() },
                    Command(tr("Swap Colours"), keys: [key("x", .shift)]) { [unowned board] in board.pen.swapColors() }]),
        ])
    }

    /// How a new selection meets the one there is when no key is held, and the wand's reach.
    private static func selectionModes(_ board: DrawingBoardViewController) -> [Command] {
        let selection = board.canvas.selectionTool
        let names: [(SelectionMode, String)] = [(.replace, tr("Replace Selection")), (.add, tr("Add to Selection (Shift)")),
                                                (.subtract, tr("Subtract from Selection (Ctrl)")), (.intersect, tr("Intersect Selections (Shift+Ctrl)"))]
        return names.map { mode, name in
            Command(name, state: { selection.defaultMode == mode ? .on : .off }) { selection.defaultMode = mode }
        } + [Command(tr("Magic Wand: Whole Picture"), state: { selection.wandIsGlobal ? .on : .off }) { selection.wandIsGlobal.toggle() },
             Command(tr("Magic Wand: Soft Edges"), state: { selection.wandSoftEdges ? .on : .off }) { selection.wandSoftEdges.toggle() }]
    }

    /// The rounded rectangle's radius (its own choice, or one of a few) and the arrow's heads.
    private static func shapeOptions(_ board: DrawingBoardViewController) -> [Command] {
        let tool = board.canvas.shapeTool
        let automatic = Command(tr("Corner Radius: Automatic"), state: { tool.options.cornerRadius == nil ? .on : .off }) { tool.options.cornerRadius = nil }
        let radii = ShapeOptions.cornerRadii.map { radius in
            Command(tr("Corner Radius: %d", Int(radius)), state: { tool.options.cornerRadius == radius ? .on : .off }) { tool.options.cornerRadius = radius }
        }
        return [automatic] + radii + [Command(tr("Arrow Heads at Both Ends"), state: { tool.options.arrowHeadsAtBothEnds ? .on : .off }) {
            tool.options.arrowHeadsAtBothEnds.toggle()
        }]
    }

    private static func gradientShapes(_ board: DrawingBoardViewController) -> [Command] {
        let gradient = board.canvas.gradientTool
        return Gradient.Shape.allCases.map { shape in
            Command(GradientShapeNames.name(of: shape), state: { gradient.shape == shape ? .on : .off }) { [unowned board] in board.pen.setGradientShape(shape) }
        } + [Command(tr("Gradient to Transparent"), state: { gradient.fadesToTransparent ? .on : .off }) { gradient.fadesToTransparent.toggle() }]
    }
}
