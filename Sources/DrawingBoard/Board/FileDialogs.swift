/// Asks the desktop's file dialog (the portal's, when the platform set one) and falls back to
/// the app's own chooser when none answers; one question at a time, as a modal dialog is.
public final class FileDialogs {
    /// The desktop's dialog; nil: always the app's own.
    public var desktop: FileChooser?
    /// A question is out to the desktop's dialog (a second Ctrl+O meanwhile does nothing).
    public private(set) var isAsking = false
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    /// The filters a picture is opened with: every picture the app reads, then each format.
    static var pictureFilters: [FileChooserRequest.Filter] {
        [.init(tr("Pictures"), patterns: PhotoLibrary.pictureExtensions.sorted().flatMap { ["*.\($0)", "*.\($0.uppercased())"] })]
            + PictureFormat.allCases.map(filter)
    }

    /// The filters a drawing is saved with, PNG first; the answer's filter names the format
    /// when the typed name has no ending.
    static var saveFilters: [FileChooserRequest.Filter] { PictureFormat.saved.map(filter) }

    private static func filter(_ format: PictureFormat) -> FileChooserRequest.Filter {
        .init(format.filterName, patterns: format.extensions.flatMap { ["*.\($0)", "*.\($0.uppercased())"] })
    }

    /// Asks `request`; `chosen` gets the local path (and the filter left chosen), `builtIn`
    /// runs when no desktop dialog answers. Cancelling runs `cancelled` only; an answer the app
    /// cannot use is said on the message line (and is no answer either).
    func ask(_ request: FileChooserRequest, builtIn: @escaping () -> Void, chosen: @escaping (String, String?) -> Void,
             cancelled: @escaping () -> Void = {}) {
        guard let desktop else { return builtIn() }
        guard !isAsking, board.presentedViewController == nil else { return }
        isAsking = true
        desktop.choose(request) { [weak self] answer in
            guard let self else { return }
            self.isAsking = false
            switch answer {
            case .chosen(let path, let filter): chosen(path, filter)
            case .cancelled: cancelled()
            case .unavailable: builtIn()
            case .unusable(let reason):
                self.board.showStatus(reason, isError: true)
                cancelled()
            }
        }
    }
}
