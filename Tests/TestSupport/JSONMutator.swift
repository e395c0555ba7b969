public import Foundation
public import SharedError

/// Makes seeded, reproducible mutations of a valid JSON payload: missing keys, wrong types, out-of-range
/// numbers, odd strings, broken syntax. The same seed always gives the same payloads.
public struct JSONMutator {
    private var random: SplitMix64
    private let seeds: [Any]

    /// - Parameters:
    ///   - seed: picks the mutations; the same seed always gives the same payloads.
    ///   - payloads: valid JSON payloads to start from; any that is not JSON is left out.
    public init(seed: UInt64, payloads: [String]) {
        random = SplitMix64(seed: seed)
        seeds = payloads.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])
        }
    }

    /// The next mutated payload: one to three structural mutations, sometimes followed by a textual one.
    public mutating func next() -> Data {
        var document = seeds[random.next(below: seeds.count)]
        for _ in 0...random.next(below: 3) {
            document = mutate(document, depth: 0)
        }
        var data =
            (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
        if random.next(below: 5) == 0 { data = mutateText(data) }
        return data
    }

    private mutating func mutate(_ value: Any, depth: Int) -> Any {
        switch value {
        case var object as [String: Any] where !object.isEmpty && random.next(below: 4) != 0:
            let keys = object.keys.sorted()
            let key = keys[random.next(below: keys.count)]
            switch random.next(below: 6) {
            case 0: object.removeValue(forKey: key)
            case 1: object[key] = oddValue()
            case 2: object[key + "_typo"] = object.removeValue(forKey: key)
            case 3: object["unexpected\(random.next(below: 100))"] = oddValue()
            default: object[key] = mutate(object[key] ?? NSNull(), depth: depth + 1)
            }
            return object
        case var array as [Any] where !array.isEmpty && random.next(below: 4) != 0:
            let index = random.next(below: array.count)
            switch random.next(below: 5) {
            case 0: array.remove(at: index)
            case 1: array.insert(array[index], at: index)
            case 2: array[index] = oddValue()
            default: array[index] = mutate(array[index], depth: depth + 1)
            }
            return array
        default:
            return depth > 6 ? value : oddValue()
        }
    }

    /// A value of a random kind: the wrong type, the wrong range, or an awkward string.
    private mutating func oddValue() -> Any {
        switch random.next(below: 16) {
        case 0: return NSNull()
        case 1: return true
        case 2: return -Int(random.next(below: 1_000_000))
        case 3: return 0
        case 4: return 13
        case 5: return 1e300
        case 6: return 0.5
        case 7: return ""
        case 8: return String(repeating: "x", count: 5_000)
        case 9: return "🙂\u{202E}rtl\u{0000}nul"
        case 10: return "not a url"
        case 11: return "12.50"
        case 12: return [Any]()
        case 13: return [String: Any]()
        case 14: return [[["deep"]]]
        default: return "diners"
        }
    }

    private mutating func mutateText(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        guard !bytes.isEmpty else { return Data("{".utf8) }
        switch random.next(below: 4) {
        case 0: bytes = Array(bytes.prefix(random.next(below: bytes.count)))
        case 1: bytes.insert(UInt8(random.next(below: 256)), at: random.next(below: bytes.count))
        case 2:
            bytes[random.next(below: bytes.count)] =
                [UInt8(ascii: "{"), UInt8(ascii: "]"), UInt8(ascii: "\""), 0xFF][random.next(below: 4)]
        default: bytes = Array("[\(String(decoding: bytes, as: UTF8.self)),".utf8)
        }
        return Data(bytes)
    }
}

extension SplitMix64 {
    /// A value in `0..<bound`.
    public mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }
}

/// How many payloads the fuzzing tests try per model: `ERRORFLOW_FUZZ_COUNT`, or a short run by default.
public enum FuzzBudget {
    /// The payloads per model in a short run: 2 000.
    public static let defaultCount = 2_000

    /// The payloads per model for this run: `ERRORFLOW_FUZZ_COUNT` if set, otherwise ``defaultCount``.
    public static var count: Int {
        TestBudget.count("ERRORFLOW_FUZZ_COUNT", short: defaultCount)
    }
}
