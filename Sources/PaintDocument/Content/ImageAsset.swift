import Foundation

/// An image kept by a document (a background or a baked photo), compared by id. In a
/// saved document it is referred to by its id; the pixels are stored once, beside it.
public final class ImageAsset: @unchecked Sendable, Equatable, Codable {
    public let image: Image
    /// Where it came from, for the user's eyes.
    public let name: String
    public let id: String
    /// The file's bytes as read (PNG or JPEG), kept so the journal can store them as they were.
    public let encoded: Data?
    /// Stands in for a picture that was missing or damaged when the document was read back.
    public let isPlaceholder: Bool
    /// The size the picture has where it is not held (a server checking operations it never
    /// draws): written back as it was read.
    private let declaredSize: (width: Int, height: Int)?

    public init(bitmap: Bitmap, name: String, id: String = UUID().uuidString, encoded: Data? = nil, isPlaceholder: Bool = false) {
        image = Image(bitmap: bitmap)
        self.name = name
        self.id = id
        self.encoded = encoded
        self.isPlaceholder = isPlaceholder
        declaredSize = nil
    }

    private init(sizeOnly id: String, width: Int, height: Int) {
        image = Image(bitmap: Bitmap(width: 1, height: 1))
        name = id
        self.id = id
        encoded = nil
        isPlaceholder = true
        declaredSize = (width, height)
    }

    /// The same picture: the same id (a document read back makes new objects for its pictures).
    public static func == (a: ImageAsset, b: ImageAsset) -> Bool { a === b || a.id == b.id }

    /// Decoding finds assets by id in the registry the decoder's user info carries.
    public static let registryKey = CodingUserInfoKey(rawValue: "x11paint.assets")!

    /// The size is stored with the id so a lost picture can be stood in for at its own size.
    private enum CodingKeys: String, CodingKey { case id, width, height }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(declaredSize?.width ?? image.width, forKey: .width)
        try container.encode(declaredSize?.height ?? image.height, forKey: .height)
    }

    public required convenience init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        guard let registry = decoder.userInfo[Self.registryKey] as? AssetRegistry else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no pictures to read \(id) from"))
        }
        if let asset = registry.assets[id] {
            self.init(bitmap: asset.image.bitmap, name: asset.name, id: id, encoded: asset.encoded, isPlaceholder: asset.isPlaceholder)
            return
        }
        if registry.sizesOnly {
            self.init(sizeOnly: id, width: (try? container.decode(Int.self, forKey: .width)) ?? 1,
                      height: (try? container.decode(Int.self, forKey: .height)) ?? 1)
            return
        }
        guard let makePlaceholder = registry.placeholder else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "missing picture \(id)"))
        }
        let width = (try? container.decode(Int.self, forKey: .width)) ?? 64
        let height = (try? container.decode(Int.self, forKey: .height)) ?? 64
        let placeholder = makePlaceholder(width, height)
        registry.missing.insert(id)
        registry.assets[id] = ImageAsset(bitmap: placeholder, name: id, id: id, isPlaceholder: true)
        self.init(bitmap: placeholder, name: id, id: id, isPlaceholder: true)
    }
}

/// The pictures a document refers to, by id, while it is read back.
public final class AssetRegistry {
    public var assets: [String: ImageAsset] = [:]
    /// Makes what stands in for a picture that is not here, at its width and height (nil: such
    /// a picture fails the decoding).
    public var placeholder: ((Int, Int) -> Bitmap)?
    /// The ids that got placeholders.
    public var missing = Set<String>()
    /// Pictures not here are kept as their id and size only, never drawn (a server checks and
    /// passes on operations without their pixels).
    public var sizesOnly = false
    public init() {}
}
