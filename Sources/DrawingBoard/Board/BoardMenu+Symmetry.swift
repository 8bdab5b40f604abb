/// View → Symmetry: off, mirrored across a vertical or a horizontal line or both, or turned
/// about the centre 3 to 8 times; the centre put where the pointer rests.
extension BoardMenu {
    static func symmetryMenu(_ board: DrawingBoardViewController) -> Menu {
        let guide = board.zoomCommands.symmetry
        let mirrors: [(Symmetry.Kind, String)] = [(.vertical, tr("Vertical")), (.horizontal, tr("Horizontal")), (.both, tr("Vertical and Horizontal"))]
        return Menu(tr("Symmetry"), children: [
            inline([Command(tr("No Symmetry"), state: { guide.symmetry == nil ? .on : .off }) { guide.set(nil) }]
                + mirrors.map { kind, name in Command(name, state: { guide.isOn(kind) ? .on : .off }) { guide.set(kind) } }),
            inline([3, 4, 6, 8].map { folds in
                Command(tr("Rotational, %d Times", folds), state: { guide.isOn(.rotational, folds: folds) ? .on : .off }) { guide.set(.rotational, folds: folds) }
            }),
            inline([Command(tr("Centre at the Pointer"), isEnabled: { guide.symmetry != nil }) { [unowned board] in board.zoomCommands.moveSymmetryCentreToPointer() }]),
        ])
    }
}
