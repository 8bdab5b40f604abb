/// A session's name and key: random, from the system's generator (getrandom on Linux). The key
/// is 128 bits: guessing it is out of reach, and comparing it takes the same time whatever it is.
enum SessionSecrets {
    static func randomName() -> String { hex(byteCount: 8) }

    static func randomKey() -> String { hex(byteCount: 16) }

    private static func hex(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<byteCount).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }

    /// Whether `given` is `expected`, looking at every byte whatever differs first.
    static func keysMatch(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        // An ended session's key is empty: nothing opens it.
        guard !b.isEmpty else { return false }
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0
    }
}
