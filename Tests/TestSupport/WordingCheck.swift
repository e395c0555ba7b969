import Foundation
public import SharedError
public import Testing

/// Holds a module's ``Wording`` to its `Localizable.strings`: every key in every shipped language, with the same
/// `%@` and `%d` as the English; no key a file has and the code never uses; the English file equal to the English
/// built into the code; and the resources found at run time.
public enum WordingCheck {
    /// The languages with a `Localizable.strings` of their own (the pseudo-locale is made from English).
    public static let files = [Language.english, .german]

    /// Checks `Words` against `Modules/<module>/Resources/<language>.lproj/Localizable.strings` of the checkout.
    public static func check<Words: Wording>(
        _ words: Words.Type, module: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let keys = Set(Words.allCases.map(\.rawValue))
        for language in files {
            let table = try strings(module: module, language: language)
            let missing = keys.subtracting(table.keys).sorted()
            let unused = Set(table.keys).subtracting(keys).sorted()
            #expect(missing.isEmpty, "\(module) \(language): keys missing: \(missing)", sourceLocation: sourceLocation)
            #expect(
                unused.isEmpty, "\(module) \(language): keys no code uses: \(unused)", sourceLocation: sourceLocation)
            for word in Words.allCases {
                guard let text = table[word.rawValue] else { continue }
                #expect(
                    specifiers(in: text) == specifiers(in: word.english),
                    "\(module) \(language) \(word.rawValue): `\(text)` takes other arguments than `\(word.english)`",
                    sourceLocation: sourceLocation)
                if language == .english {
                    #expect(
                        text == word.english, "\(module) \(word.rawValue): the file and the code differ",
                        sourceLocation: sourceLocation)
                }
            }
        }
        #expect(Words.catalog.hasResources, "\(module): its resources are not beside the program")
        for word in Words.allCases {
            #expect(
                Words.catalog.template(for: word.rawValue, in: .german) != nil,
                "\(module): \(word.rawValue) is not found in German at run time", sourceLocation: sourceLocation)
        }
    }

    /// The `Localizable.strings` of `module` in `language`, from the checkout, as key and text.
    public static func strings(module: String, language: Language) throws -> [String: String] {
        let url = ArchitectureDocument.url.deletingLastPathComponent()
            .appendingPathComponent("Modules/\(module)/Resources/\(language.identifier).lproj/Localizable.strings")
        let data = try Data(contentsOf: url)
        let table = try PropertyListSerialization.propertyList(from: data, format: nil)
        return try #require(table as? [String: String], "\(url.path) is not a strings table")
    }

    /// The format specifiers of `text`, in order: `%@`, `%d`.
    static func specifiers(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            let next = rest.index(after: percent)
            guard next < rest.endIndex else { break }
            found.append("%" + String(rest[next]))
            rest = rest[rest.index(after: next)...]
        }
        return found
    }
}
