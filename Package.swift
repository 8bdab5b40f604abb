// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "X11Paint",
    products: [
        .executable(name: "x11paint", targets: ["X11Paint"]),
        .executable(name: "x11paint-bench", targets: ["Benchmarks"]),
        .executable(name: "x11paint-latency-probe", targets: ["LatencyProbe"]),
        .executable(name: "x11paint-present-floor", targets: ["PresentFloor"]),
        .executable(name: "x11paint-server", targets: ["X11PaintServer"]),
        .executable(name: "x11paint-session-bench", targets: ["SessionBench"]),
    ],
    dependencies: [
        // The command line: --help, --version, validation and its messages, as Swift tools do.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Logging, as Swift servers and tools do it: levels, one handler for the whole process.
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // TOML for the settings file people can read and edit (TOMLKit over toml++).
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        // ZIP for OpenRaster (.ora), the layered format painting apps exchange.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // Drawing together: the session server on SwiftNIO (Hummingbird and its WebSocket), its
        // client, and the sessions kept in SQLite (GRDB).
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        // Several session servers sharing their sessions in one PostgreSQL database.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // C glue: Xlib macros and unions Swift cannot call, error handlers.
        .target(
            name: "CX11Shim",
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xext"), .linkedLibrary("Xi")]
        ),
        // C glue for libpng: its setjmp/longjmp error handling stays in C.
        .target(
            name: "CImageCodecs",
            dependencies: ["CMachine"],
            // GdkPixbuf's headers (its BMP reader and writer, opened on first use): glib's
            // configuration header lives under the architecture's lib folder.
            // librsvg's and cairo's headers for the SVG glue, which opens librsvg on first use.
            cSettings: [.unsafeFlags(["-I/usr/include/gdk-pixbuf-2.0", "-I/usr/include/glib-2.0",
                                      "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include", "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
                                      "-I/usr/include/librsvg-2.0", "-I/usr/include/cairo"])],
            // libjpeg, libwebp, giflib and lcms2 are opened on first use, as libtiff, libheif,
            // libavif, librsvg, GdkPixbuf and libcrypto are (LazyLibrary.h), so they are not linked.
            linkerSettings: [.linkedLibrary("png"), .linkedLibrary("z"), .linkedLibrary("zstd"), .linkedLibrary("pthread")]
        ),
        // C glue for libmypaint, MyPaint's brush engine, opened on first use (LazyLibrary.h): a
        // machine without it draws with every other tool, and says why the brushes are missing.
        .target(
            name: "CMyPaint",
            dependencies: ["CMachine"],
            cSettings: [.unsafeFlags(["-I/usr/include/libmypaint"])]
        ),
        // C glue for FreeType and fontconfig, HarfBuzz (shaping) and FriBidi (right-to-left text).
        // HarfBuzz and FriBidi are opened on first use (LazyLibrary.h), so they are not linked.
        .target(
            name: "CFontShim",
            dependencies: ["CMachine"],
            cSettings: [.unsafeFlags(["-I/usr/include/freetype2", "-I/usr/include/harfbuzz", "-I/usr/include/fribidi"])],
            linkerSettings: [.linkedLibrary("freetype"), .linkedLibrary("fontconfig")]
        ),
        // C glue over libdbus (the reference D-Bus library; Debian's libdbus-1-dev has its
        // headers) for the desktop portal, that never blocks: the run loop polls its socket.
        // libdbus is opened with the first connection, so it is not linked.
        .target(
            name: "CDBus",
            dependencies: ["CMachine"],
            cSettings: [.unsafeFlags(["-I/usr/include/dbus-1.0", "-I/usr/lib/x86_64-linux-gnu/dbus-1.0/include",
                                      "-I/usr/lib/aarch64-linux-gnu/dbus-1.0/include"])]
        ),
        // C glue over libxml2 (the recently-used list, OpenRaster's stack.xml), opened on first
        // use so it is not linked; Debian's libxml2-dev has its headers.
        .target(name: "CXMLTree", dependencies: ["CMachine"], cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // glibc's gettext (libintl.h): the interface's translations.
        .systemLibrary(name: "CGettext"),
        // The lowest layer: geometry, bitmaps, paths, rasterizers and their kernels, image
        // sampling, the codecs' Swift side, fonts and text layout; and the few platform services
        // every layer uses (the log, the home folder, gettext's messages). It knows nothing of
        // views or documents: the compiler holds it to that, it cannot import a module above it.
        // Optimised in debug builds too: the kernels are generic SIMD code that runs tens of
        // times slower unoptimised, and the end-to-end tests drive the debug binary at full
        // input rates.
        // libc's 32-bit fill (wmemset), prefetch and spin-wait hints for the renderer's hot loops.
        .target(name: "CMachine"),
        .target(
            name: "PaintGraphics",
            dependencies: ["CImageCodecs", "CMachine", "CFontShim", "CGettext", .product(name: "Logging", package: "swift-log")],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The renderer's hottest loops (the polygon fill, the freehand stroke's capsules)
        // compiled a second time for x86-64-v3 processors (AVX2, FMA), chosen at start where the
        // processor has them; the package stays built for the baseline. Optimised in debug
        // builds too, so its tests compare the two compilations.
        .target(
            name: "PaintGraphicsHaswell",
            dependencies: ["PaintGraphics", "CMachine"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))] + haswellSettings
        ),
        // The UIKit-style toolkit on the graphics: views, the window, responders, touches and
        // gesture recognizers, controls, animation, dialogs, the clipboard's interface, icons.
        // Nothing in it knows what a drawing is.
        .target(
            name: "PaintToolkit",
            dependencies: ["PaintGraphics"],
            // The app's own icons, and the catalogs the plugin compiles: a resource bundle beside
            // the binary, wherever the build puts it.
            resources: [.copy("Resources/icons")],
            swiftSettings: uiSwiftSettings,
            plugins: ["CompileCatalogs"]
        ),
        // The document on the graphics: its content (items, strokes, text, photos, the format),
        // the layer its items render into, history checkpoints, the journal, files and folders.
        // No view and no toolkit: a document can be opened, changed, saved and recovered
        // without a window.
        .target(
            name: "PaintDocument",
            dependencies: ["PaintGraphics", "CImageCodecs", "CXMLTree", "CMyPaint", .product(name: "TOMLKit", package: "TOMLKit"),
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The drawing board: the view controllers, the canvas and its compositor, the tools,
        // panels and dialogs, the scenes. It presents and edits a document with the toolkit.
        .target(
            name: "DrawingBoard",
            dependencies: ["PaintToolkit", "PaintDocument", "PaintGraphics"],
            swiftSettings: uiSwiftSettings
        ),
        // The desktop's services over D-Bus: the portal's file chooser. Asked through the
        // toolkit's interfaces, so the board never knows whether a portal answered.
        .target(
            name: "DesktopPortal",
            dependencies: ["CDBus", "PaintToolkit", "PaintGraphics"]
        ),
        // msgfmt over po/*.po at build time (GNU gettext's tool, from Debian's gettext package).
        .plugin(name: "CompileCatalogs", capability: .buildTool()),
        // The thin adapter between the X server and the toolkit: display, presentation, input.
        .target(
            name: "X11Adapter",
            dependencies: ["DrawingBoard", "DesktopPortal", "SessionProtocol", "PaintToolkit", "PaintDocument", "PaintGraphics", "CX11Shim",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The executable: options and main().
        .executableTarget(
            name: "X11Paint",
            dependencies: ["X11Adapter", "DrawingBoard", "DrawingTogether", "PaintToolkit", "PaintDocument", "PaintGraphics", "PaintGraphicsHaswell", "CX11Shim", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Input-to-pixels latency seen from outside any app (XTest in, XShmGetImage out): `make bench`.
        .executableTarget(
            name: "LatencyProbe",
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xext"), .linkedLibrary("Xtst")]
        ),
        // The least a frame changing N pixels costs on this X server, for the gesture benchmarks.
        .executableTarget(
            name: "PresentFloor",
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xext"), .linkedLibrary("m")]
        ),
        // Drawing together: the messages of a shared session (operations in the session's order),
        // the server that orders and keeps them, and its executable.
        .target(name: "SessionProtocol", dependencies: ["PaintDocument", "PaintGraphics"]),
        .target(
            name: "SessionServer",
            dependencies: ["SessionProtocol", "PaintDocument", .product(name: "Logging", package: "swift-log"),
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdCore", package: "hummingbird"),
                           .product(name: "HummingbirdTLS", package: "hummingbird"),
                           .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                           .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "PostgresNIO", package: "postgres-nio")]
        ),
        .target(
            name: "SessionClient",
            dependencies: ["SessionProtocol", "PaintDocument", "PaintGraphics", .product(name: "Logging", package: "swift-log"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                           .product(name: "HummingbirdWSClient", package: "hummingbird-websocket")]
        ),
        // Drawing together in the app: File → Share… (the server inside the app) and Join…, each
        // shared tab's document linked to its session.
        .target(
            name: "DrawingTogether",
            dependencies: ["DrawingBoard", "PaintDocument", "PaintGraphics", "SessionClient", "SessionServer", "SessionProtocol",
                           .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "X11PaintServer",
            dependencies: ["SessionServer", "SessionProtocol", "PaintDocument", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "HummingbirdTLS", package: "hummingbird")]
        ),
        // The session server under load, as its own process: `make bench`.
        .executableTarget(
            name: "SessionBench",
            dependencies: ["SessionClient", "SessionServer", "SessionProtocol", "PaintDocument", "PaintGraphics", .product(name: "Logging", package: "swift-log"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "HummingbirdWSClient", package: "hummingbird-websocket")]
        ),
        // cairo, only for comparing quality and speed against (tests and benchmarks).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo"),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["DrawingBoard", "PaintToolkit", "PaintDocument", "PaintGraphics", "PaintGraphicsHaswell", "CCairo", "CImageCodecs", "CMyPaint"]
        ),
        // Helpers the tests share: temporary folders, scratch mounts, catalogs, pointer traces
        // (over the graphics layer), and touches driven through a window (over the toolkit).
        .target(name: "TestSupport", dependencies: ["PaintGraphics"], path: "Tests/TestSupport"),
        .target(name: "ToolkitTestSupport", dependencies: ["PaintToolkit"], path: "Tests/ToolkitTestSupport"),
        // Each module's tests import only it (and the helpers at or under its layer).
        .testTarget(name: "PaintGraphicsTests", dependencies: ["PaintGraphics"]),
        .testTarget(name: "PaintGraphicsHaswellTests", dependencies: ["PaintGraphicsHaswell", "PaintGraphics"]),
        .testTarget(name: "PaintToolkitTests", dependencies: ["PaintToolkit", "TestSupport", "ToolkitTestSupport"]),
        .testTarget(name: "PaintDocumentTests", dependencies: ["PaintDocument", "TestSupport", "CMyPaint"]),
        .testTarget(name: "DesktopPortalTests", dependencies: ["DesktopPortal", "PaintToolkit", "PaintGraphics", "TestSupport"]),
        .testTarget(
            name: "DrawingBoardTests",
            dependencies: ["DrawingBoard", "PaintToolkit", "PaintDocument", "PaintGraphics", "TestSupport", "ToolkitTestSupport"]
        ),
        .testTarget(
            name: "X11AdapterTests",
            dependencies: ["X11Adapter", "CX11Shim", "DrawingBoard", "PaintToolkit", "PaintDocument", "PaintGraphics"]
        ),
        .testTarget(
            name: "RendererTests",
            dependencies: ["DrawingBoard", "PaintToolkit", "PaintDocument", "PaintGraphics", "CCairo"]
        ),
        .testTarget(
            name: "SessionServerTests",
            dependencies: ["SessionServer", "SessionClient", "SessionProtocol", "PaintDocument", "PaintGraphics", "TestSupport",
                           .product(name: "Logging", package: "swift-log"),
                           .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdTLS", package: "hummingbird"),
                           .product(name: "NIOSSL", package: "swift-nio-ssl"),
                           .product(name: "HummingbirdWSClient", package: "hummingbird-websocket")]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["DrawingBoard", "PaintToolkit", "PaintDocument", "PaintGraphics", "CX11Shim", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v5]
)

// The toolkit and the board: optimised in the debug build too (as every library here), and
// in the release build without the run-time checks of exclusive access. Their views and
// controllers are classes, and every access to a class's stored property through code that
// may reach another (most of a motion event's path) registered itself with the runtime:
// 0.9 µs of a motion event's 3.7 (x11paint-bench --only freehand, BENCHMARKS.md). The debug
// build, which every test runs, keeps the checks, so an overlapping access still fails a test.
var uiSwiftSettings: [SwiftSetting] {
    [.unsafeFlags(["-O"], .when(configuration: .debug)),
     .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
}

// x86-64-v3's instructions for the module that has them. Elsewhere (arm64) it is compiled as the
// rest and never chosen: its processor check answers no.
var haswellSettings: [SwiftSetting] {
    #if arch(x86_64)
    [.unsafeFlags(["-target-cpu", "haswell"])]
    #else
    []
    #endif
}
