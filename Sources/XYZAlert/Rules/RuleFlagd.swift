/// flagd's operators, as its Go core runs them: each gives null for
/// arguments it cannot use.
enum RuleFlagd {
    /// `{"sem_ver": [VERSION, OP, VERSION]}` with OP one of = != < <= > >=
    /// ^ (same major) ~ (same major and minor).
    static func semVer(_ values: [JSONData?]) -> JSONData {
        guard values.count == 3, let left = version(values[0]), case let .string(op)? = values[1],
              let right = version(values[2]) else { return .null }
        let order = left.compare(right)
        switch op {
        case "=": return .bool(order == 0)
        case "!=": return .bool(order != 0)
        case "<": return .bool(order < 0)
        case "<=": return .bool(order <= 0)
        case ">": return .bool(order > 0)
        case ">=": return .bool(order >= 0)
        case "^": return .bool(left.major.elementsEqual(right.major))
        case "~": return .bool(left.major.elementsEqual(right.major) && left.minor.elementsEqual(right.minor))
        default: return .null
        }
    }

    /// A version from a string ("1.2.3", "v1.2", "V1") or a number (as Go
    /// prints it: 1.2 is "1.2"). flagd puts a "v" before a version that has
    /// none (after dropping one "V"); Go's grammar then wants that "v".
    private static func version(_ value: JSONData?) -> SemanticVersion? {
        let text: String
        switch value {
        case let .string(s)?: text = s
        case let .number(n)?: text = JSNumber.goString(n)
        default: return nil
        }
        let bytes = Array(text.utf8)
        let start = bytes.first == UInt8(ascii: "v") || bytes.first == UInt8(ascii: "V") ? 1 : 0
        return SemanticVersion(bytes, from: start)
    }

    /// `starts_with` and `ends_with`: two strings, compared byte for byte.
    static func affix(_ values: [JSONData?], prefix: Bool) -> JSONData {
        guard values.count == 2, case let .string(text)? = values[0], case let .string(affix)? = values[1] else {
            return .null
        }
        let t = text.utf8, a = affix.utf8
        guard a.count <= t.count else { return .bool(false) }
        return .bool(prefix ? t.starts(with: a) : t[t.index(t.endIndex, offsetBy: -a.count)...].elementsEqual(a))
    }

    /// `fractional`: an optional bucketing key (a string; null or absent
    /// uses the default key), then [VARIANT, WEIGHT] buckets (weight 1 when
    /// left out, negative weights counting 0); the key's MurmurHash3
    /// (x86, 32 bits, seed 0) picks bucket (hash × total) >> 32.
    static func fractional(_ values: [JSONData?], _ data: JSONData, _ bucketing: Bucketing) -> JSONData {
        guard !values.isEmpty, case let .object(context) = data else { return .null }
        var buckets = values[...]
        let key: String
        if case let .string(given)? = values[0] {
            key = given
            buckets = buckets.dropFirst()
        } else {
            switch values[0] {
            case nil, .null?: buckets = buckets.dropFirst()
            default: break
            }
            switch bucketing {
            case .flagd:
                guard case let .string(target)? = context["targetingKey"], !target.isEmpty else { return .null }
                var flag = ""
                if case let .object(flagd)? = context["$flagd"], case let .string(name)? = flagd["flagKey"] {
                    flag = name
                }
                key = flag + target
            case let .key(given):
                guard let given else { return .null }
                key = given
            }
        }
        var variants: [(value: JSONData, weight: UInt64)] = []
        var total: Int64 = 0
        for bucket in buckets {
            guard case let .array(entry)? = bucket, let first = entry.first else { return .null }
            switch first {
            case .string, .bool, .number, .null: break
            default: return .null
            }
            var weight: Int64 = 1
            if entry.count >= 2 {
                switch entry[1] {
                case let .number(w):
                    guard w.isFinite, w == w.rounded(.towardZero), w >= -9.223372036854775808e18,
                          w < 9.223372036854775808e18 else { return .null }
                    weight = Int64(w)
                case .null: break
                default: return .null
                }
            }
            guard weight <= Int64(Int32.max) else { return .null }
            weight = max(weight, 0)
            total += weight
            variants.append((first, UInt64(weight)))
        }
        guard total <= Int64(Int32.max), total > 0 else { return .null }
        let hash = MurmurHash3.x86_32(Array(key.utf8))
        let bucket = (UInt64(hash) * UInt64(total)) >> 32
        var end: UInt64 = 0
        for variant in variants {
            end += variant.weight
            if bucket < end { return variant.value }
        }
        return .null
    }
}

/// A semantic version as Go's golang.org/x/mod/semver reads one: "v",
/// then MAJOR[.MINOR[.PATCH[-PRERELEASE][+BUILD]]] (missing parts are 0;
/// no leading zeros); build metadata is ignored in comparisons.
struct SemanticVersion {
    let major: ArraySlice<UInt8>
    let minor: ArraySlice<UInt8>
    let patch: ArraySlice<UInt8>
    let prerelease: [ArraySlice<UInt8>]
    private static let zero: ArraySlice<UInt8> = [48]

    /// Text that starts with "v" ("v1.2.3-rc.1+b").
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "v") else { return nil }
        self.init(bytes, from: 1)
    }

    /// The version in `bytes` from `start` (just after the "v") to the end.
    init?(_ bytes: [UInt8], from start: Int) {
        var i = start
        func number() -> ArraySlice<UInt8>? {
            let first = i
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
            guard i > first, bytes[first] != 48 || i - first == 1 else { return nil }
            return bytes[first..<i]
        }
        func dot() -> Bool {
            guard i < bytes.count, bytes[i] == UInt8(ascii: ".") else { return false }
            i += 1
            return true
        }
        guard let major = number() else { return nil }
        self.major = major
        guard i < bytes.count else {
            (minor, patch, prerelease) = (SemanticVersion.zero, SemanticVersion.zero, [])
            return
        }
        guard dot(), let minor = number() else { return nil }
        self.minor = minor
        guard i < bytes.count else {
            (patch, prerelease) = (SemanticVersion.zero, [])
            return
        }
        guard dot(), let patch = number() else { return nil }
        self.patch = patch
        var identifiers: [ArraySlice<UInt8>] = []
        func identifier(_ c: UInt8) -> Bool {
            (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == UInt8(ascii: "-")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") {
            i += 1
            var first = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "+") {
                if bytes[i] == UInt8(ascii: ".") {
                    guard SemanticVersion.valid(bytes[first..<i]) else { return nil }
                    identifiers.append(bytes[first..<i])
                    first = i + 1
                } else {
                    guard identifier(bytes[i]) else { return nil }
                }
                i += 1
            }
            guard SemanticVersion.valid(bytes[first..<i]) else { return nil }
            identifiers.append(bytes[first..<i])
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") {
            i += 1
            var length = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: ".") {
                    guard length > 0 else { return nil }
                    length = 0
                } else {
                    guard identifier(bytes[i]) else { return nil }
                    length += 1
                }
                i += 1
            }
            guard length > 0 else { return nil }
        }
        guard i == bytes.count else { return nil }
        prerelease = identifiers
    }

    /// A pre-release identifier: not empty, no leading zero when numeric.
    private static func valid(_ part: ArraySlice<UInt8>) -> Bool {
        !part.isEmpty && !(part.count > 1 && part.first == 48 && isNumeric(part))
    }

    private static func isNumeric(_ part: ArraySlice<UInt8>) -> Bool { part.allSatisfy { $0 >= 48 && $0 <= 57 } }

    /// Digits without leading zeros, by value.
    private static func compareNumbers(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        if a.elementsEqual(b) { return 0 }
        return a.lexicographicallyPrecedes(b) ? -1 : 1
    }

    /// -1, 0 or 1: precedence as semver.org orders it.
    func compare(_ other: SemanticVersion) -> Int {
        for order in [SemanticVersion.compareNumbers(major, other.major), SemanticVersion.compareNumbers(minor, other.minor),
                      SemanticVersion.compareNumbers(patch, other.patch)] where order != 0 {
            return order
        }
        if prerelease.isEmpty || other.prerelease.isEmpty {
            return prerelease.isEmpty == other.prerelease.isEmpty ? 0 : (prerelease.isEmpty ? 1 : -1)
        }
        for (a, b) in zip(prerelease, other.prerelease) where !a.elementsEqual(b) {
            let x = SemanticVersion.isNumeric(a), y = SemanticVersion.isNumeric(b)
            if x != y { return x ? -1 : 1 }
            if x { return SemanticVersion.compareNumbers(a, b) }
            return a.lexicographicallyPrecedes(b) ? -1 : 1
        }
        return prerelease.count == other.prerelease.count ? 0 : (prerelease.count < other.prerelease.count ? -1 : 1)
    }
}

/// MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain design).
enum MurmurHash3 {
    static func x86_32(_ bytes: [UInt8], seed: UInt32 = 0) -> UInt32 {
        let c1: UInt32 = 0xcc9e_2d51, c2: UInt32 = 0x1b87_3593
        var h = seed
        let blocks = bytes.count / 4
        for b in 0..<blocks {
            let i = b * 4
            var k = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
            k = (k &* c1).rotatedLeft(15) &* c2
            h ^= k
            h = h.rotatedLeft(13) &* 5 &+ 0xe654_6b64
        }
        var k: UInt32 = 0
        let tail = blocks * 4
        switch bytes.count & 3 {
        case 3:
            k ^= UInt32(bytes[tail + 2]) << 16
            fallthrough
        case 2:
            k ^= UInt32(bytes[tail + 1]) << 8
            fallthrough
        case 1:
            k ^= UInt32(bytes[tail])
            k = (k &* c1).rotatedLeft(15) &* c2
            h ^= k
        default: break
        }
        h ^= UInt32(truncatingIfNeeded: bytes.count)
        h ^= h >> 16
        h = h &* 0x85eb_ca6b
        h ^= h >> 13
        h = h &* 0xc2b2_ae35
        h ^= h >> 16
        return h
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedLeft(_ n: UInt32) -> UInt32 { (self << n) | (self >> (32 - n)) }
}

/// The bucket flagd's `fractional` gives `key` among buckets of these
/// weights (whole numbers, 0 or more, adding up to 1 through Int32.max):
/// MurmurHash3 of the key times the total, shifted right 32 bits. nil when
/// the weights cannot be buckets. The same key always gets the same bucket.
public func fractionalBucket(key: String, weights: [Int]) -> Int? {
    var total: UInt64 = 0
    for weight in weights {
        guard weight >= 0 else { return nil }
        total += UInt64(weight)
    }
    guard total > 0, total <= UInt64(Int32.max) else { return nil }
    let bucket = (UInt64(MurmurHash3.x86_32(Array(key.utf8))) * total) >> 32
    var end: UInt64 = 0
    for (index, weight) in weights.enumerated() {
        end += UInt64(weight)
        if bucket < end { return index }
    }
    return nil
}
