import Foundation

// The tools that work on the pixels already there.

/// Clone Stamp (仿制图章): `Ctrl`+click sets where to copy from, then painting copies the layer's
/// pixels from there under the brush (aligned or not: the Tools menu).
public struct CloneStampBrush: Brush {
    public init() {}
    public var name: String { tr("Clone Stamp") }
    public var iconName: String { "tool-clone" }
    public var key: Character { "j" }
    public var group: ToolGroup { .retouch }
    public var takesControlClicks: Bool { true }

    public func press(_ press: ToolPress) -> ToolGesture? {
        let source = CloneSource.shared
        if press.canvas.window?.modifierFlags.contains(.control) == true {
            source.set(press.point)
            press.showStatus(tr("Clone Stamp copies from here: paint where the copy goes"))
            return nil
        }
        guard !press.isRefusedByLockedLayer else { return nil }
        guard let offset = source.offset(forStrokeAt: press.point) else {
            press.showStatus(tr("Ctrl+click where Clone Stamp copies from first"))
            return nil
        }
        return RetouchGesture(press, kind: .clone(offset: offset))
    }
}

/// Recolor (Pinta's): under the brush, the pixels alike the secondary colour (within the fill
/// bucket's tolerance) become the primary colour, their transparency kept.
public struct RecolorBrush: Brush {
    public init() {}
    public var name: String { tr("Recolor") }
    public var iconName: String { "tool-recolor" }
    public var key: Character { "h" }
    public var group: ToolGroup { .retouch }

    public func press(_ press: ToolPress) -> ToolGesture? {
        guard !press.isRefusedByLockedLayer else { return nil }
        return RetouchGesture(press, kind: .recolor(from: press.other, to: press.paint, tolerance: press.canvas.fillTolerance))
    }
}

/// Smudge (涂抹): drags the colours under the brush along the stroke, wet paint pushed with a
/// finger; MyPaint's own smudge brush through libmypaint, its size the width.
public struct SmudgeBrush: Brush {
    public init() {}
    public var name: String { tr("Smudge") }
    public var iconName: String { "tool-smudge" }
    public var key: Character { "q" }
    public var group: ToolGroup { .retouch }

    public func press(_ press: ToolPress) -> ToolGesture? { BrushPaintGesture.start(press, brush: MyPaintBrushes.smudge, isEraser: false) }
}
