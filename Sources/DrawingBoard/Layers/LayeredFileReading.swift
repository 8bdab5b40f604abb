import Foundation

/// Opens an OpenRaster file as the document, layers and all, beside the UI thread (a 10-layer
/// 4K file takes about half a second to inflate and decode), bound to the file so Ctrl+S
/// writes the layers back into it.
final class LayeredFileReading {
    private unowned let board: DrawingBoardViewController
    private let queue = DispatchQueue(label: "x11paint.open-layers", qos: .userInitiated)
    private let group = DispatchGroup()

    /// Files being read now (a tab reading one is not an untouched drawing to open another in,
    /// and a second Open of one shows that tab).
    private(set) var filesBeingRead: [String] = []
    var isOpening: Bool { !filesBeingRead.isEmpty }

    init(board: DrawingBoardViewController) { self.board = board }

    func open(_ path: String) {
        filesBeingRead.append(path)
        let name = SystemPath.displayed((path as NSString).lastPathComponent)
        board.showStatus(tr("Opening %@…", name))
        let deliver = board.postToUIThread, shown = DisplayPath.short(name, limit: 48)
        group.enter()
        queue.async { [group] in
            let result = Result { () throws -> Document in
                let data = try FileReader.read(path, limit: 1 << 30)
                return DocumentFormat.opening(try OpenRaster.read(data, name: shown, maximumPixels: DrawingBoardViewController.maximumDocumentPixels))
            }
            deliver { [weak self] in self?.opened(result, path: path, name: name) }
            group.leave()
        }
    }

    private func opened(_ result: Result<Document, Error>, path: String, name: String) {
        if let index = filesBeingRead.firstIndex(of: path) { filesBeingRead.remove(at: index) }
        switch result {
        case .success(let document):
            board.documentWindow.replaceDocument(with: document, name: name, file: path)
            board.documentController.noteUsed(path)
            let layers = document.layers.count, size = document.format.map { "\($0.pixelWidth)x\($0.pixelHeight)" } ?? ""
            board.showStatus(trn("Opened %2$@ (%3$@, %1$d layer)", "Opened %2$@ (%3$@, %1$d layers)", layers, name, size))
        case .failure(let error):
            board.showStatus(tr("Cannot open %@: %@", name, "\(error)"), isError: true)
            Log.warning("cannot open \(SystemPath.displayed(path)): \(error)")
        }
    }

    /// Waits for a file being read and puts it in place (tests; the app ending).
    func finish() {
        group.wait()
        board.view.window?.application.tick()
    }
}
