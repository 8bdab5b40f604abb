/// Hands each press on the canvas to the tool it belongs to (freehand, shapes, selection, text,
/// the fill, the eyedropper), asking the brush what kind of press it is: the canvas never
/// switches on tool kinds. A press with the right button paints in the secondary colour
/// (MS Paint's, KolourPaint's and Pinta's habit), and its figures are filled in the primary.
final class ToolRouter {
    private unowned let canvas: CanvasView
    /// Whether the figure being dragged out is the right button's.
    private var figureIsSecondary = false

    init(canvas: CanvasView) { self.canvas = canvas }

    /// The colours a press paints with: the button's colour, and the other one for a fill.
    static func colors(for touch: Touch, primary: Color, secondary: Color) -> (paint: Color, other: Color) {
        touch.isSecondaryButton ? (secondary, primary) : (primary, secondary)
    }

    func began(_ touch: Touch, with event: TouchEvent) {
        // A curve's next control point (it is being made over three presses).
        if canvas.curveTool.isBuilding, event.touches(for: canvas).count == 1 {
            return canvas.curveTool.press(at: canvas.documentPoint(touch), color: canvas.strokeColor) // the colour the curve began with stays
        }
        // A polygon's next corner (it is being made between presses).
        if canvas.polygonTool.isBuilding, event.touches(for: canvas).count == 1 {
            let colors = Self.colors(for: touch, primary: canvas.strokeColor, secondary: canvas.secondaryColor)
            if let shape = canvas.polygonTool.press(at: canvas.documentPoint(touch), tapCount: touch.tapCount, color: colors.paint, fillColor: colors.other) {
                canvas.commit(.shape(shape))
                let colors = canvas.polygonTool.colors
                canvas.figureEditor.remember(canvas.polygonTool.finishedCorners, kind: .polygon, secondary: colors.paint != canvas.strokeColor, colors: colors)
            }
            return
        }
        // Two fingers landing together zoom; they never draw.
        guard !canvas.isDrawing, event.touches(for: canvas).count == 1 else { return }
        canvas.settleBackgroundPreview()
        // The stroke itself shows the brush while drawing; redrawing an outline on every motion
        // event would cost more than the stroke (75 µs of 85 per event at 1080p).
        canvas.brushOutlineCenter = nil
        let point = canvas.documentPoint(touch), viewPoint = touch.location(in: canvas)
        // A pen's eraser end erases, whatever tool is chosen: the press goes to the eraser.
        let tool: Brush = touch.isEraser ? EraserBrush() : canvas.brush
        let colors = Self.colors(for: touch, primary: canvas.strokeColor, secondary: canvas.secondaryColor)
        if canvas.eyedropper.beginIfAsked(by: tool, at: viewPoint, secondary: touch.isSecondaryButton) { return }
        // A handle of the figure just drawn: it is drawn again with that point following.
        if canvas.figureEditor.beginDrag(at: viewPoint) { return }
        canvas.figureEditor.finish()
        if tool.selectsRegion {
            let mode = canvas.selectionTool.mode(for: canvas.window?.modifierFlags ?? [])
            if tool.selectsAlikeColors { return canvas.selectionTool.selectAlike(at: point, mode: mode) }
            return canvas.selectionTool.begin(at: viewPoint, freeForm: tool.selectsFreeForm, ellipse: tool.selectsEllipse, mode: mode)
        }
        if tool.placesText || canvas.isEditingText {
            // A click elsewhere commits the box being typed in; with the text tool it opens
            // another there (Pinta's habit).
            return tool.placesText ? canvas.textTool.begin(at: point) : canvas.commitText()
        }
        if tool.fillsRegion {
            // A click fills at once, as one undoable item, replayed against what lies below it.
            return canvas.commit(.fill(Fill(seed: point, color: colors.paint, tolerance: canvas.fillTolerance,
                                            samplesLayerOnly: canvas.samplesCurrentLayer)))
        }
        if tool.drawsCurves { return canvas.curveTool.press(at: point, color: colors.paint) }
        if tool.drawsPolygons {
            _ = canvas.polygonTool.press(at: point, tapCount: 1, color: colors.paint, fillColor: colors.other)
            return
        }
        // The gradient and the airbrush show on the layer itself while they work: a locked
        // layer says so at once instead.
        if (tool.sprays || tool.paintsGradient) && canvas.content.isCurrentLayerLocked { return canvas.content.onLockedLayer?() ?? () }
        if tool.sprays {
            canvas.sprayTool.begin(touch, at: point, color: colors.paint, width: canvas.strokeWidth)
        } else if tool.paintsGradient {
            canvas.gradientTool.begin(at: point, color: colors.paint, other: colors.other)
        } else if tool.isFreehand {
            canvas.presenter.pixelsChanged(canvas.freehandTool.begin(touch, with: tool, at: point, color: colors.paint,
                                                                     width: canvas.strokeWidth, in: canvas.content), on: canvas)
        } else {
            canvas.shapeTool.begin(at: point, color: colors.paint, fillColor: colors.other)
            figureIsSecondary = touch.isSecondaryButton
        }
        // Held still, a drawing tool becomes the eyedropper; the airbrush held still goes on spraying.
        if !tool.sprays { canvas.eyedropper.arm(at: viewPoint, secondary: touch.isSecondaryButton) }
        canvas.onDrawingBegan?()
    }

    func moved(_ touch: Touch) {
        // The canvas taken once: each use of the unowned reference is a checked retain and a
        // release.
        let canvas = self.canvas
        // Where the touch is, found once (it walks the view tree): every motion event asks.
        let viewPoint = touch.location(in: canvas)
        if canvas.eyedropper.isPicking { return canvas.eyedropper.move(to: viewPoint) }
        if canvas.selectionTool.isDragging { return canvas.selectionTool.move(to: viewPoint) }
        if canvas.polygonTool.isBuilding { return canvas.polygonTool.follow(canvas.viewport.contentPoint(viewPoint)) }
        if canvas.curveTool.isBuilding { return canvas.curveTool.drag(to: canvas.viewport.contentPoint(viewPoint)) }
        if canvas.figureEditor.isDragging { return canvas.figureEditor.drag(to: canvas.viewport.contentPoint(viewPoint)) }
        guard canvas.isDrawing else { return }
        canvas.eyedropper.pointerMovedDuringPress(to: viewPoint)
        let point = canvas.viewport.contentPoint(viewPoint)
        if canvas.shapeTool.isDragging {
            canvas.shapeTool.move(to: point)
        } else if canvas.gradientTool.isDragging {
            canvas.gradientTool.move(to: point)
        } else if canvas.sprayTool.isSpraying {
            canvas.sprayTool.move(touch, to: point)
        } else {
            canvas.presenter.pixelsChanged(canvas.freehandTool.extend(touch, to: point, in: canvas.content), on: canvas)
        }
    }

    func ended(_ touch: Touch) {
        if canvas.eyedropper.isPicking { return canvas.eyedropper.end(at: touch.location(in: canvas)) }
        if canvas.selectionTool.isDragging { return canvas.selectionTool.end(at: touch.location(in: canvas)) }
        if canvas.polygonTool.isBuilding { return canvas.polygonTool.release(at: canvas.documentPoint(touch)) }
        if canvas.curveTool.isBuilding {
            if let shape = canvas.curveTool.release(at: canvas.documentPoint(touch)) {
                canvas.commit(.shape(shape))
                let paint = canvas.curveTool.paint
                canvas.figureEditor.remember(canvas.curveTool.finishedPoints, kind: .curve, secondary: paint != canvas.strokeColor, colors: (paint, canvas.strokeColor))
            }
            return
        }
        if canvas.figureEditor.isDragging { return canvas.figureEditor.endDrag(at: canvas.documentPoint(touch)) }
        canvas.eyedropper.disarm()
        guard canvas.isDrawing else { return }
        moved(touch)
        if canvas.shapeTool.isDragging {
            let ends = canvas.shapeTool.ends, colors = canvas.shapeTool.colors
            if let shape = canvas.shapeTool.end(), let ends {
                canvas.commit(.shape(shape))
                canvas.figureEditor.remember([ends.start, ends.end], kind: .dragged, secondary: figureIsSecondary, colors: colors)
            }
        } else if canvas.gradientTool.isDragging {
            if let gradient = canvas.gradientTool.end() { canvas.commit(gradient) }
        } else if canvas.sprayTool.isSpraying {
            if let spray = canvas.sprayTool.end() { canvas.commit(.spray(spray)) }
        } else {
            canvas.presenter.pixelsChanged(canvas.freehandTool.finish(touch, at: canvas.documentPoint(touch), in: canvas.content), on: canvas)
            canvas.content.commitStroke()
        }
        canvas.brushOutlineCenter = touch.location(in: canvas)
        canvas.onDrawingEnded?()
    }

    func cancelled() {
        canvas.selectionTool.cancelDrag()
        canvas.eyedropper.cancel()
        canvas.cancelStroke()
    }
}
