import CX11Shim
import Foundation
import PaintCore

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

    func present(_ bitmap: Bitmap, regions: [PixelRect]) {
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
