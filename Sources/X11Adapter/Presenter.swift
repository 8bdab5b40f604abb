import CX11Shim
import Foundation
import DrawingBoard

/// Puts the window's backbuffer on screen, only the regions that changed: through MIT-SHM
/// when the server shares memory with us, else with XPutImage.
public final class Presenter {
    private let x11: X11Display
    private let gc: GC
    private var shmImage: UnsafeMutablePointer<XImage>?
    private var shmInfo = XShmSegmentInfo()
    private var plainImage: UnsafeMutablePointer<XImage>?
    private weak var imageBitmap: Bitmap?
    private var sharedMemoryRefused = false
    private let allowSharedMemory: Bool

    init(x11: X11Display, allowSharedMemory: Bool = ProcessInfo.processInfo.environment["X11PAINT_NO_SHM"] == nil) {
        self.x11 = x11
        self.allowSharedMemory = allowSharedMemory
        gc = XCreateGC(x11.display, x11.window, 0, nil)
    }

    /// "MIT-SHM" or "XPutImage", once something has been shown.
    private(set) var method = "none"

    /// A shared-memory image the window draws into directly, alive as long as its bitmap.
    private final class SharedImage {
        let display: OpaquePointer
        var image: UnsafeMutablePointer<XImage>?
        /// The image refers to it (XShmPutImage reads it): it lives exactly as long as the image.
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)

        init(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>?, depth: Int32, width: Int, height: Int) {
            self.display = display
            info.initialize(to: XShmSegmentInfo())
            image = x11shim_shm_image_create(display, visual, depth, Int32(width), Int32(height), info)
        }

        deinit {
            if let image { x11shim_shm_image_destroy(display, image, info) }
            info.deallocate()
        }
    }

    private weak var sharedBitmap: Bitmap?
    private weak var sharedImage: SharedImage?

    /// A backbuffer in a segment shared with the server: a frame goes on screen without being
    /// copied (the server is done reading it when `present` returns). Nil when MIT-SHM is not
    /// to be had; the window then draws into its own memory and frames are copied.
    func sharedBackbuffer(width: Int, height: Int) -> Bitmap? {
        guard allowSharedMemory, !sharedMemoryRefused, width > 0, height > 0 else { return nil }
        let shared = SharedImage(display: x11.display, visual: x11.visual, depth: x11.depth, width: width, height: height)
        guard let image = shared.image else {
            sharedMemoryRefused = true
            Log.warning("MIT-SHM is not available on this display; drawing with XPutImage")
            return nil
        }
        guard image.pointee.bytes_per_line == Int32(width * 4), image.pointee.bits_per_pixel == 32, let data = image.pointee.data else {
            return nil // an unusual layout: the copying path handles it
        }
        let memory = UnsafeMutableRawPointer(data).bindMemory(to: UInt32.self, capacity: width * height)
        let bitmap = Bitmap(width: width, height: height, wrapping: memory, fill: Color.white.premultipliedPixel) { _ = shared }
        sharedBitmap = bitmap
        sharedImage = shared
        method = "MIT-SHM"
        return bitmap
    }

    func present(_ bitmap: Bitmap, regions: [PixelRect]) {
        if bitmap === sharedBitmap, let shared = sharedImage?.image {
            for region in regions where !region.isEmpty {
                XShmPutImage(x11.display, x11.window, gc, shared, Int32(region.x0), Int32(region.y0), Int32(region.x0),
                             Int32(region.y0), UInt32(region.width), UInt32(region.height), 0)
            }
            // The server reads the segment asynchronously: the next frame draws into it only after.
            XSync(x11.display, 0)
            return
        }
        if imageBitmap !== bitmap { prepare(for: bitmap) }
        if let image = shmImage {
            // Copy the dirty rows into the shared segment, then let the server read it.
            let shared = UnsafeMutableRawPointer(image.pointee.data!).assumingMemoryBound(to: UInt32.self)
            let stride = Int(image.pointee.bytes_per_line) / 4
            for region in regions where !region.isEmpty {
                for y in region.y0..<region.y1 {
                    (shared + y * stride + region.x0).update(from: bitmap.pixels + y * bitmap.width + region.x0, count: region.width)
                }
                XShmPutImage(x11.display, x11.window, gc, image, Int32(region.x0), Int32(region.y0), Int32(region.x0),
                             Int32(region.y0), UInt32(region.width), UInt32(region.height), 0)
            }
            // The server reads the segment asynchronously: wait before writing it again.
            XSync(x11.display, 0)
        } else if let image = plainImage {
            for region in regions where !region.isEmpty {
                XPutImage(x11.display, x11.window, gc, image, Int32(region.x0), Int32(region.y0), Int32(region.x0),
                          Int32(region.y0), UInt32(region.width), UInt32(region.height))
            }
            XFlush(x11.display)
        }
    }

    private func prepare(for bitmap: Bitmap) {
        release()
        imageBitmap = bitmap
        if allowSharedMemory && !sharedMemoryRefused {
            shmImage = x11shim_shm_image_create(x11.display, x11.visual, x11.depth, Int32(bitmap.width), Int32(bitmap.height), &shmInfo)
            if shmImage == nil {
                sharedMemoryRefused = true
                Log.warning("MIT-SHM is not available on this display; drawing with XPutImage")
            }
        }
        if shmImage != nil {
            method = "MIT-SHM"
            return
        }
        method = "XPutImage"
        plainImage = bitmap.pixels.withMemoryRebound(to: CChar.self, capacity: bitmap.width * bitmap.height * 4) {
            x11shim_create_image(x11.display, x11.visual, x11.depth, $0, Int32(bitmap.width), Int32(bitmap.height))
        }
    }

    private func release() {
        if shmImage != nil {
            x11shim_shm_image_destroy(x11.display, shmImage, &shmInfo)
            shmImage = nil
        }
        x11shim_destroy_image_keep_pixels(plainImage)
        plainImage = nil
    }
}
