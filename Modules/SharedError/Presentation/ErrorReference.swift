/// What the user may quote to support about an error the app reported: 8 characters of Crockford base32 (digits and
/// upper-case letters without I, L, O and U), written and sent as `7F3K-9Q2M`. The app makes it when it makes the
/// error report, from a random source, never from a secret, an id or anything of the user's; the report carries it,
/// so the backend finds the report by it.
public struct ErrorReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 32 characters a reference is made of, in the order of their values.
    public static let alphabet: [Character] = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// `7F3K-9Q2M`.
    public let value: String

    /// The reference `text` spells, when it is exactly 4 characters of ``alphabet``, a hyphen and 4 more; `nil`
    /// for anything else (lower case, a confusable letter, another length).
    public init?(_ text: String) {
        let characters = Array(text)
        guard characters.count == 9, characters[4] == "-",
            characters.enumerated().allSatisfy({ $0.offset == 4 || Self.alphabet.contains($0.element) })
        else { return nil }
        value = text
    }

    /// A reference of 40 random bits drawn from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> ErrorReference {
        let characters = (0..<8).map { _ in alphabet[Int(generator.next(upperBound: UInt8(alphabet.count)))] }
        return ErrorReference(unchecked: String(characters.prefix(4)) + "-" + String(characters.suffix(4)))
    }

    private init(unchecked value: String) {
        self.value = value
    }

    /// `7F3K-9Q2M`.
    public var description: String { value }

    /// Reads a string in the reference's format; anything else is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let reference = ErrorReference(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a reference: XXXX-XXXX")
        }
        self = reference
    }

    /// Writes the reference as its string, `"7F3K-9Q2M"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Where new references come from: the system's random generator in the app, a fixed sequence in tests.
public struct ErrorReferences: Sendable {
    private let next: @Sendable () -> ErrorReference

    /// References made by `next`, called once per reference.
    public init(_ next: @escaping @Sendable () -> ErrorReference) {
        self.next = next
    }

    /// References drawn from the system's random generator.
    public static let random = ErrorReferences {
        var generator = SystemRandomNumberGenerator()
        return ErrorReference.random(using: &generator)
    }

    /// A new reference.
    public func make() -> ErrorReference { next() }
}

/// A reference as a screen shows it: the reference and its line in the user's language, `Reference 7F3K-9Q2M`.
public struct PresentedReference: Hashable, Sendable, Codable {
    /// The reference.
    public let reference: ErrorReference
    /// `Reference 7F3K-9Q2M`, in the user's language.
    public let text: String

    /// `reference`, worded in `language`.
    public init(_ reference: ErrorReference, in language: Language) {
        self.reference = reference
        self.text = SharedWording.reference.text(in: language, reference.value)
    }
}
