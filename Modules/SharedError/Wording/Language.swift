public import Foundation

/// The language the app speaks to the user: one of the languages it ships, chosen from `--locale` or the
/// environment, English when nothing better fits. It picks the words, formats numbers and amounts, and is sent to
/// the backend as `Accept-Language`.
public struct Language: Hashable, Sendable, CustomStringConvertible, Codable {
    /// The language's tag: `en`, `de`, or `en-XA` for the pseudo-locale.
    public let identifier: String

    private init(_ identifier: String) {
        self.identifier = identifier
    }

    /// English, the language of the built-in words.
    public static let english = Language("en")
    /// German.
    public static let german = Language("de")
    /// The pseudo-locale: English words accented, lengthened by a third and bracketed (`⟦Ŝöɱéţĥîñĝ ŵéñţ ŵŕöñĝ ~~~~⟧`),
    /// so that a word that did not come through the wording catalog stands out on any screen.
    public static let pseudo = Language("en-XA")
    /// Every language the app ships.
    public static let shipped: [Language] = [.english, .german, .pseudo]

    /// The shipped language a locale names (`de`, `de_DE`, `de-AT.UTF-8`, `en-XA`), or `nil` for one the app does
    /// not ship. `C` and `POSIX` name English.
    public init?(locale: String) {
        let tag = locale.split(separator: ".").first.map(String.init)?.replacingOccurrences(of: "_", with: "-") ?? ""
        if tag.caseInsensitiveCompare(Self.pseudo.identifier) == .orderedSame {
            self = .pseudo
            return
        }
        let language = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch language {
        case "en", "c", "posix": self = .english
        case "de": self = .german
        default: return nil
        }
    }

    /// The language a run speaks: `--locale` if given, else the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is
    /// set (the order POSIX gives them), English when that one is not shipped or none is set.
    public static func chosen(locale: String?, environment: [String: String]) -> Language {
        if let locale { return Language(locale: locale) ?? .english }
        let setting = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return setting.flatMap(Language.init(locale:)) ?? .english
    }

    /// The locale numbers, amounts and dates are formatted for.
    public var locale: Locale {
        self == .german ? Locale(identifier: "de_DE") : Locale(identifier: "en_US")
    }

    /// The `Accept-Language` header a request carries: this language first, then English.
    public var acceptLanguage: String {
        self == .english || self == .pseudo ? "en" : "\(identifier), en;q=0.5"
    }

    /// `en`, `de` or `en-XA`.
    public var description: String { identifier }
}
