import Foundation

/// A module's user-facing words, one case per key of the module's `Localizable.strings`: the English text is built
/// in (``english``), the other languages come from the module's resources through its ``catalog``.
///
/// A text may hold `%@` (a string) and `%d` (a number) for its arguments, in the order given. Counts take two keys,
/// `….one` and `….other` (see ``Wording/counted(_:one:other:in:)``).
public protocol Wording: RawRepresentable<String>, CaseIterable, Sendable {
    /// The words in English: what the user reads when the resources cannot be found or lack the key.
    var english: String { get }
    /// Where the module's resources are.
    static var catalog: WordingCatalog { get }
}

extension Wording {
    /// The words in `language`, with `arguments` in place of their `%@` and `%d`.
    public func text(in language: Language, _ arguments: any CVarArg...) -> String {
        let found = Self.catalog.template(for: rawValue, in: language) ?? english
        // The pseudo-locale marks the words, never the values that go into them.
        let template = language == .pseudo ? Pseudo.localized(found) : found
        return arguments.isEmpty ? template : String(format: template, locale: language.locale, arguments: arguments)
    }

    /// `one` or `other` in `language`, by the count's plural form (one for exactly 1 in every shipped language),
    /// with the count in place of their `%d`.
    public static func counted(_ count: Int, one: Self, other: Self, in language: Language) -> String {
        (count == 1 ? one : other).text(in: language, count)
    }
}

/// The wording resources of one module: its `<Package>_<Module>` resource bundle, found without trapping (an
/// installed or copied binary has none beside it), and each language's `Localizable.strings` in it.
public final class WordingCatalog: Sendable {
    private let bundle: Bundle?
    private let languages = LockedState<[Language: Bundle?]>([:])

    /// The catalog in the resource bundle named `resourceBundle` (`ErrorFlow_PaymentsFeature`), or an empty one,
    /// whose every lookup falls back to English, when no such bundle is beside the program.
    public init(resourceBundle: String) {
        bundle = Self.locate(resourceBundle)
    }

    /// Whether the module's resources were found.
    public var hasResources: Bool { bundle != nil }

    /// The text for `key` in `language` (English for the pseudo-locale, which transforms it), or `nil` when the
    /// resources or the key are missing.
    public func template(for key: String, in language: Language) -> String? {
        let source = language == .pseudo ? .english : language
        guard let strings = strings(for: source) else { return nil }
        let missing = "\u{0}"
        let found = strings.localizedString(forKey: key, value: missing, table: nil)
        return found == missing ? nil : found
    }

    private func strings(for language: Language) -> Bundle? {
        languages.withLock { cache in
            if let known = cache[language] { return known }
            let found = bundle?.path(forResource: language.identifier, ofType: "lproj").flatMap(Bundle.init(path:))
            cache[language] = found
            return found
        }
    }

    /// The first folder named `name` with a `.resources` (SwiftPM on Linux) or `.bundle` (Apple platforms)
    /// extension beside the program or in its resources: the places SwiftPM's generated accessor looks, without its
    /// trap when there is none.
    private static func locate(_ name: String) -> Bundle? {
        let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let folders = [Bundle.main.bundleURL, Bundle.main.resourceURL, program.deletingLastPathComponent()]
        for folder in folders.compactMap({ $0 }) {
            for suffix in ["resources", "bundle"] {
                let url = folder.appendingPathComponent("\(name).\(suffix)")
                if FileManager.default.fileExists(atPath: url.path), let bundle = Bundle(url: url) { return bundle }
            }
        }
        return nil
    }
}

/// The pseudo-locale's transformation: every letter accented, a third longer, in brackets. `%@` and `%d` stay
/// as they are, so a text with arguments transforms before they go in.
enum Pseudo {
    private static let accents: [Character: Character] = [
        "a": "á", "c": "ç", "e": "é", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ", "l": "ļ", "n": "ñ", "o": "ö",
        "r": "ŕ", "s": "š", "t": "ţ", "u": "ü", "w": "ŵ", "y": "ý", "z": "ž", "A": "Á", "C": "Ç", "E": "É", "G": "Ĝ",
        "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "N": "Ñ", "O": "Ö", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Ü",
        "W": "Ŵ", "Y": "Ý", "Z": "Ž",
    ]

    /// `text` as the pseudo-locale shows it.
    static func localized(_ text: String) -> String {
        let accented = String(text.map { accents[$0] ?? $0 })
        let padding = String(repeating: "~", count: max(1, text.count / 3))
        return "⟦" + accented + " " + padding + "⟧"
    }
}
