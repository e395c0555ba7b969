import Foundation
import TestSupport
import Testing

@testable import SharedError

@Suite("The user's language, and the words in it")
struct WordingTests {
    @Test func sharedWordsAreInEveryShippedLanguage() throws {
        try WordingCheck.check(SharedWording.self, module: "SharedError")
    }

    @Test(arguments: [
        ("de", Language.german), ("de_DE.UTF-8", .german), ("de-AT", .german), ("en_GB.UTF-8", .english),
        ("C", .english), ("POSIX", .english), ("en-XA", .pseudo), ("en_XA", .pseudo),
    ])
    func aLocaleNamesAShippedLanguage(_ locale: String, _ expected: Language) {
        #expect(Language(locale: locale) == expected)
    }

    @Test(arguments: ["fr_FR.UTF-8", "ja", "", "xx-XA"])
    func aLanguageTheAppDoesNotShipIsNone(_ locale: String) {
        #expect(Language(locale: locale) == nil)
    }

    @Test func theEnvironmentIsReadInPOSIXOrder() {
        let environment = ["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "en_US", "LANG": "en_US"]

        #expect(Language.chosen(locale: nil, environment: environment) == .german)
        #expect(Language.chosen(locale: nil, environment: ["LC_MESSAGES": "de", "LANG": "en"]) == .german)
        #expect(Language.chosen(locale: nil, environment: ["LANG": "de_CH.UTF-8"]) == .german)
        #expect(Language.chosen(locale: "en", environment: environment) == .english, "--locale comes first")
    }

    @Test func anUnshippedOrMissingLanguageIsEnglish() {
        #expect(Language.chosen(locale: nil, environment: [:]) == .english)
        #expect(Language.chosen(locale: nil, environment: ["LANG": "fr_FR.UTF-8"]) == .english)
        #expect(Language.chosen(locale: nil, environment: ["LC_ALL": "", "LANG": "de"]) == .german, "empty is unset")
    }

    @Test func requestsAskForTheLanguageThenEnglish() {
        #expect(Language.german.acceptLanguage == "de, en;q=0.5")
        #expect(Language.english.acceptLanguage == "en")
    }

    @Test func thePseudoLocaleMarksTheWordsButNotWhatGoesIntoThem() {
        let text = SharedWording.actionCopyRequestID.text(in: .pseudo, "req-abc")

        #expect(text.hasPrefix("⟦Çöpý ţĥé ŕéqüéšţ îd req-abc "))
        #expect(text.hasSuffix("~~~~~~⟧"), "a third longer: \(text)")
    }

    @Test func countsChooseOneOrOther() {
        #expect(
            SharedWording.counted(1, one: .actionRetryAfterOne, other: .actionRetryAfterOther, in: .english)
                == "Try again in 1 second")
        #expect(
            SharedWording.counted(2, one: .actionRetryAfterOne, other: .actionRetryAfterOther, in: .german)
                == "In 2 Sekunden erneut versuchen")
    }

    @Test func withoutItsResourcesAModuleSpeaksEnglishAndNeverTraps() {
        let nowhere = WordingCatalog(resourceBundle: "ErrorFlow_NoSuchModule")

        #expect(!nowhere.hasResources)
        #expect(nowhere.template(for: "action.retry", in: .german) == nil)
        #expect(MissingWords.hello.text(in: .german) == "Hello")
        #expect(MissingWords.hello.text(in: .pseudo) == "⟦Ĥéļļö ~⟧")
    }

    @Test func aKeyTheFileLacksFallsBackToTheBuiltInEnglish() {
        #expect(SharedWording.catalog.template(for: "no.such.key", in: .german) == nil)
    }

    private enum MissingWords: String, Wording {
        case hello
        static let catalog = WordingCatalog(resourceBundle: "ErrorFlow_NoSuchModule")
        var english: String { "Hello" }
    }
}
