import Foundation

/// Opens a picture beside the UI thread: reading and decoding a big photo takes seconds, and the
/// window must go on drawing, show how far it got, and let the user cancel. One picture opens
/// at a time; opening another cancels the first.
public final class PhotoOpener {
    public enum Source {
        case file(String)
        case bytes(Data, name: String)

        public var name: String {
            switch self {
            case .file(let path): return SystemPath.displayed((path as NSString).lastPathComponent)
            case .bytes(_, let name): return name
            }
        }
    }

    private let queue = DispatchQueue(label: "x11paint.open", qos: .userInitiated)
    private let group = DispatchGroup()
    /// The picture being opened now (UI thread only).
    public private(set) var job: DecodeJob?
    public private(set) var openingName: String?
    public var isOpening: Bool { job != nil }

    public init() {}

    /// Reads and decodes `source` reduced to at most `maximumPixels`; `completion` runs through
    /// `deliver` (the UI thread), unless the open was cancelled or replaced meanwhile. `upright`
    /// applies the EXIF orientation to the pixels there too (for what draws them as stored).
    public func open(_ source: Source, maximumPixels: Int, upright: Bool = false, svgSize: (width: Int, height: Int)? = nil,
                     deliver: @escaping (@escaping () -> Void) -> Void,
                     completion: @escaping (Result<PhotoDecoder.Opened, Error>) -> Void) {
        cancel()
        let job = DecodeJob()
        self.job = job
        openingName = source.name
        group.enter()
        queue.async { [group] in
            let result = Result {
                let data: Data
                switch source {
                case .file(let path): data = try PhotoDecoder.read(path)
                case .bytes(let bytes, _): data = bytes
                }
                var opened = try PhotoDecoder.open(data, name: source.name, maximumPixels: maximumPixels, job: job, svgSize: svgSize)
                if upright {
                    opened = PhotoDecoder.Opened(photo: opened.photo.uprighted(), sourceWidth: opened.sourceWidth, sourceHeight: opened.sourceHeight,
                                                 pages: opened.pages)
                }
                // Its mip levels are built here, beside the UI thread, before the first frame.
                opened.photo.asset.image.prepareForDrawing()
                return opened
            }
            deliver { [weak self] in
                // A cancelled or replaced open says nothing more.
                guard let self, self.job === job, !job.isCancelled else { return }
                self.job = nil
                self.openingName = nil
                completion(result)
            }
            group.leave()
        }
    }

    /// Stops the picture being opened (its decode ends at the next row).
    public func cancel() {
        job?.cancel()
        job = nil
        openingName = nil
    }

    /// Blocks until the background work asked for so far has finished (tests, the app ending).
    public func waitUntilDone() { group.wait() }
}
