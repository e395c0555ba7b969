public import SharedError

/// A REQUIRED field was missing or invalid, so the value as a whole could not be built.
///
/// Owned by Networking; repositories map it into their own error.
public struct DecodingFailure: Error, Hashable, Sendable {
    /// Where, for example `id` or `cards[3].last4`; `(root)` when the body is not the expected JSON at all.
    public var keyPath: String
    /// `missing` or `invalid`.
    public var kind: DefectKind
    /// Fixed words about the rule that failed; never the value.
    public var detail: String

    /// Makes a failure; `detail` must be fixed words, never the field's value.
    public init(keyPath: String, kind: DefectKind, detail: String) {
        self.keyPath = keyPath
        self.kind = kind
        self.detail = detail
    }

    /// The same failure as a report entry, for an element a lossy list dropped.
    func asDroppedElement() -> DecodingDefect {
        DecodingDefect(keyPath: keyPath, kind: kind, detail: "element dropped: \(detail)")
    }
}

extension DecodingFailure {
    /// The key path of a failure of the body as a whole: not JSON, or not the expected kind of value.
    public static let rootPath = KeyPath.root
}

extension DecodingFailure: CustomStringConvertible, CategorizedError {
    /// `DecodingFailure.missing(id)`: the kind and the key path, never the value.
    public var journeyName: String { "DecodingFailure.\(kind.rawValue)(\(keyPath))" }
    /// The journey name and the rule that failed.
    public var description: String { "\(journeyName): \(detail)" }
    /// The repository decides what a broken required field means for it.
    public var category: ErrorCategory { .unhandleable }
    /// Where the body broke the contract, found while the data layer decoded it: a broken body.
    public var diagnostic: Diagnostic { Diagnostic(error: journeyName, layer: .data, kind: .brokenBody) }
    /// The one ``diagnostic``.
    public var diagnostics: [Diagnostic] { [diagnostic] }
}

extension DecodingFailure {
    /// Translates whatever a decode threw; a `DecodingFailure` from a building block passes through unchanged.
    public init(translating error: some Error, fallbackPath: [any CodingKey]) {
        switch error as any Error {
        case let failure as DecodingFailure:
            self = failure
        case DecodingError.keyNotFound(let key, let context):
            self.init(
                keyPath: KeyPath.render(context.codingPath + [key]), kind: .missing, detail: "required key is absent")
        case DecodingError.valueNotFound(_, let context):
            self.init(keyPath: KeyPath.render(context.codingPath), kind: .missing, detail: "required value is null")
        case DecodingError.typeMismatch(_, let context):
            self.init(keyPath: KeyPath.render(context.codingPath), kind: .invalid, detail: "value has the wrong type")
        case DecodingError.dataCorrupted(let context):
            self.init(
                keyPath: KeyPath.render(context.codingPath), kind: .invalid, detail: "value is not valid JSON here")
        default:
            self.init(keyPath: KeyPath.render(fallbackPath), kind: .invalid, detail: "value could not be decoded")
        }
    }
}

/// Renders coding paths the way reports show them: `cards[42].expiryMonth`.
@usableFromInline
enum KeyPath {
    static let root = "(root)"

    @usableFromInline
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? root : text
    }
}
