import CX11Shim
import Foundation
import PaintCore

/// Puts the window's backbuffer on screen, only the regions that changed (XPutImage).
final class Presenter {
    private let x11: X11Display
    private let gc: GC
    private var image: UnsafeMutablePointer<XImage>?
    private weak var imageBitmap: Bitmap?

    init(x11: X11Display) {
        self.x11 = x11
        gc = XCreateGC(x11.display, x11.window, 0, nil)
    }

    func present(_ bitmap: Bitmap, regions: [PixelRect]) {
        if imageBitmap !== bitmap {
            x11shim_destroy_image_keep_pixels(image)
            image = bitmap.pixels.withMemoryRebound(to: CChar.self, capacity: bitmap.width * bitmap.height * 4) {
                x11shim_create_image(x11.display, x11.visual, x11.depth, $0, Int32(bitmap.width), Int32(bitmap.height))
            }
            imageBitmap = bitmap
        }
        guard let image else { return }
        for region in regions where !region.isEmpty {
            XPutImage(x11.display, x11.window, gc, image, Int32(region.x0), Int32(region.y0), Int32(region.x0), Int32(region.y0),
                      UInt32(region.width), UInt32(region.height))
        }
        XFlush(x11.display)
    }
}
