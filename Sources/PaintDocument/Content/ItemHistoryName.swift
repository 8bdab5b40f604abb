/// What the History panel shows for each change (Pinta's History pad, Krita's History docker):
/// the tool's or the command's name as its menu or tooltip says it, and the tool's icon.
extension Document.Item {
    public var historyName: String {
        switch self {
        case .stroke(let stroke): return stroke.blendMode == .clear ? tr("Eraser") : tr("Stroke")
        case .shape: return tr("Shape")
        case .clear: return tr("Clear")
        case .background: return tr("Background")
        case .photo: return tr("Photo")
        case .fill: return tr("Fill")
        case .text: return tr("Text")
        case .clearArea: return tr("Erase Selection")
        case .mirror(let horizontally, _): return horizontally ? tr("Flip Horizontal") : tr("Flip Vertical")
        case .transform: return tr("Transform")
        case .retouch(let retouch):
            if case .clone = retouch.kind { return tr("Clone Stamp") }
            return tr("Recolor")
        case .adjust(let adjustment, _): return Self.historyName(of: adjustment)
        case .gradient: return tr("Gradient")
        case .spray: return tr("Spray")
        case .brushStroke(let stroke): return stroke.isEraser ? tr("Eraser") : tr("Paintbrush")
        case .layer(let change): return change.historyName
        case .turnImage(let turn):
            switch turn {
            case .halfTurn: return tr("Rotate 180°")
            case .clockwise: return tr("Rotate Right")
            case .counterClockwise: return tr("Rotate Left")
            case .flipHorizontal: return tr("Flip Horizontal")
            case .flipVertical: return tr("Flip Vertical")
            }
        case .canvasSize(let change):
            switch change.purpose {
            case .canvasSize: return tr("Canvas Size")
            case .crop: return tr("Crop to Selection")
            case .autoCrop: return tr("Auto Crop")
            }
        case .resizeImage: return tr("Resize Image")
        case .rotateImage: return tr("Rotate Image")
        case .onLayer(_, let item): return item.historyName
        }
    }

    /// A freedesktop icon name for the row (the tools' own), nil where no tool made it.
    public var historyIcon: String? {
        switch self {
        case .stroke(let stroke): return stroke.blendMode == .clear ? "tool-eraser" : "tool-pencil"
        case .shape: return "tool-polygon"
        case .fill: return "tool-fill"
        case .text: return "tool-text"
        case .clearArea: return "edit-delete"
        case .gradient: return "tool-gradient"
        case .spray: return "tool-spray"
        case .brushStroke(let stroke): return stroke.isEraser ? "tool-eraser" : "tool-paint"
        case .retouch(let retouch):
            if case .clone = retouch.kind { return "tool-clone" }
            return "tool-recolor"
        case .canvasSize: return "tool-select"
        case .layer(.add): return "list-add"
        case .layer(.duplicate): return "edit-copy"
        case .layer(.delete): return "edit-delete"
        case .layer(.mergeDown), .layer(.flatten): return "layer-merge-down"
        case .layer(.properties): return "document-properties"
        case .onLayer(_, let item): return item.historyIcon
        default: return nil
        }
    }

    private static func historyName(of adjustment: PixelAdjustment) -> String {
        switch adjustment {
        case .invert: return tr("Invert Colours")
        case .blackAndWhite: return tr("Black and White")
        case .sepia: return tr("Sepia")
        case .levels(let levels): return levels.isStretchOnly ? tr("Auto Level") : tr("Levels")
        case .posterize: return tr("Posterize")
        case .brightnessContrast: return tr("Brightness / Contrast")
        case .hueSaturation: return tr("Hue / Saturation")
        case .curves: return tr("Curves")
        case .effect(.gaussianBlur): return tr("Gaussian Blur")
        case .effect(.unsharpMask): return tr("Unsharp Mask")
        case .effect(.pixelate): return tr("Pixelate")
        case .effect(.addNoise): return tr("Add Noise")
        case .effect(.motionBlur): return tr("Motion Blur")
        }
    }
}

extension LayerChange {
    /// What the History panel calls it (the Layers menu's words).
    public var historyName: String {
        switch self {
        case .add: return tr("New Layer")
        case .duplicate: return tr("Duplicate Layer")
        case .delete: return tr("Delete Layer")
        case .move: return tr("Move Layer")
        case .properties: return tr("Layer Properties")
        case .mergeDown: return tr("Merge Layer Down")
        case .flatten: return tr("Flatten")
        }
    }
}
