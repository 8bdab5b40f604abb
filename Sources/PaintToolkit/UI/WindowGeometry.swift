/// The window's first size and the least size asked of the window manager, in points: the size
/// asked for (or the default), but never larger than the desktop's work area (the screen less
/// panels, `_NET_WORKAREA`) at the display's scale, so a HiDPI window never opens with its
/// bottom bar off-screen; and never smaller than the size at which every control fits.
public struct WindowGeometry: Equatable {
    public var size: Size
    public var minimumSize: Size

    /// `workArea` is in device pixels (nil: unknown, take the request as it is).
    public init(requested: Size, minimum: Size, workArea: Size?, scale: Double) {
        guard let workArea, workArea.width > 0, workArea.height > 0 else {
            self.init(size: requested, minimumSize: minimum)
            return
        }
        let available = Size(width: (workArea.width / scale).rounded(.down), height: (workArea.height / scale).rounded(.down))
        // A screen smaller than the minimum gets what fits; the window manager is not asked for more.
        let least = Size(width: min(minimum.width, available.width), height: min(minimum.height, available.height))
        let size = Size(width: max(least.width, min(requested.width, available.width)),
                        height: max(least.height, min(requested.height, available.height)))
        self.init(size: size, minimumSize: least)
    }

    public init(size: Size, minimumSize: Size) {
        self.size = size
        self.minimumSize = minimumSize
    }
}
