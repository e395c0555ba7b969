import Foundation
import SharedError
import Testing

@Suite("PresentationError")
struct PresentationErrorTests {
    @Test func defaultIsTheLastLineOfDefence() {
        let fallback = PresentationError.default(in: .english)

        #expect(fallback.key == "error.default.title")
        #expect(fallback.title == "Something went wrong")
        #expect(fallback.presentation == .alert)
        #expect(fallback.message?.isEmpty == false)
        #expect(fallback.actions.map(\.action) == [.retry])
    }

    @Test func theDefaultSpeaksTheUsersLanguage() {
        #expect(PresentationError.default(in: .german).title == "Etwas ist schiefgelaufen")
        #expect(PresentationError.default(in: .german).actions.map(\.label) == ["Erneut versuchen"])
    }

    @Test func theJourneyNamesTheKeyAndTheActionsNotTheWords() {
        let alert = PresentationError.alert(for: .offline, in: .german)

        #expect(alert.journeyDescription == "alert: condition.offline.title [checkConnection, retry]")
    }

    @Test(arguments: PresentationMethod.allCases)
    func presentationMethodsUseTheDocumentedJSONNames(_ method: PresentationMethod) throws {
        let documented: [PresentationMethod: String] = [.alert: "alert", .indicator: "indicator", .inline: "inline"]
        let encoded = try JSONEncoder().encode(method)

        #expect(String(decoding: encoded, as: UTF8.self) == "\"\(try #require(documented[method]))\"")
    }

    @Test func roundTripsThroughJSON() throws {
        let error = PresentationError(
            key: "signin.failed.title", title: "Sign in failed", message: nil, presentation: .indicator,
            iconName: "xmark",
            actions: [
                PresentedAction(.retryAfter(seconds: 5), in: .english),
                PresentedAction(.copyRequestID("req-1"), in: .english),
            ])

        let decoded = try JSONDecoder().decode(PresentationError.self, from: JSONEncoder().encode(error))

        #expect(decoded == error)
    }
}

@Suite("Recovery actions")
struct RecoveryActionTests {
    @Test(arguments: [
        (RecoveryAction.retry, "Try again", "Erneut versuchen"),
        (.retryAfter(seconds: 1), "Try again in 1 second", "In 1 Sekunde erneut versuchen"),
        (.retryAfter(seconds: 30), "Try again in 30 seconds", "In 30 Sekunden erneut versuchen"),
        (.signIn, "Sign in", "Anmelden"), (.createWallet, "Create a wallet", "Wallet erstellen"),
        (.checkConnection, "Check your connection", "Verbindung prüfen"),
        (.contactSupport(), "Contact support", "Support kontaktieren"),
        (.contactSupport(reference: ErrorReference("7F3K-9Q2M")), "Contact support", "Support kontaktieren"),
        (.copyRequestID("req-1"), "Copy the request id req-1", "Request-ID req-1 kopieren"),
        (.sendLess, "Send less", "Weniger senden"), (.openWallet, "Open the wallet", "Wallet öffnen"),
        (.checkTransferID, "Check the transfer id", "Überweisungs-ID prüfen"),
        (.fixFields, "Correct the marked fields", "Markierte Felder korrigieren"),
        (.checkLater, "Check again later", "Später erneut nachsehen"),
        (.sendAgain, "Send it as a new transfer", "Als neue Überweisung senden"),
        (.checkPendingTransfers, "See the transfers still open", "Offene Überweisungen ansehen"),
    ])
    func eachActionHasItsLabelInEveryLanguage(_ action: RecoveryAction, _ english: String, _ german: String) {
        #expect(action.label(in: .english) == english)
        #expect(action.label(in: .german) == german)
    }

    @Test func contactingSupportCarriesTheReferenceOfTheReport() throws {
        let reference = try #require(ErrorReference("7F3K-9Q2M"))
        let action = PresentedAction(.contactSupport(reference: reference), in: .german)

        let json = try JSONEncoder().encode(action)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])

        #expect(object["kind"] as? String == "contactSupport")
        #expect(object["reference"] as? String == "7F3K-9Q2M")
        #expect(try JSONDecoder().decode(PresentedAction.self, from: json) == action)
    }

    @Test(arguments: [
        RecoveryAction.sendLess, .openWallet, .checkTransferID, .fixFields, .checkLater, .sendAgain,
        .checkPendingTransfers, .contactSupport(),
    ])
    func everyNewActionIsReadBackAsWritten(_ action: RecoveryAction) throws {
        let presented = PresentedAction(action, in: .english)

        let decoded = try JSONDecoder().decode(PresentedAction.self, from: JSONEncoder().encode(presented))

        #expect(decoded == presented)
    }

    @Test func anActionIsWrittenAsItsKindLabelAndPayload() throws {
        let json = try JSONEncoder().encode(PresentedAction(.retryAfter(seconds: 5), in: .english))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])

        #expect(object["kind"] as? String == "retryAfter")
        #expect(object["label"] as? String == "Try again in 5 seconds")
        #expect(object["seconds"] as? Int == 5)
    }
}

@Suite("ErrorCategory")
struct ErrorCategoryTests {
    @Test func hasTheFourKindsFromErrorFlow() {
        #expect(ErrorCategory.allCases == [.ignorable, .recoverable, .unhandleable, .default])
    }

    @Test func sessionExpiryIsHandedOnNotPresented() {
        #expect(AppWideCondition.sessionExpired.category == .unhandleable)
    }
}

@Suite("Duration.formattedSeconds")
struct DurationFormattingTests {
    @Test(arguments: [
        (Duration.zero, "0.00 s"), (.milliseconds(5), "0.00 s"), (.milliseconds(80), "0.08 s"),
        (.milliseconds(800), "0.80 s"),
        (.milliseconds(1_250), "1.25 s"), (.seconds(61), "61.00 s"),
    ])
    func writesSecondsWithTwoDecimals(_ duration: Duration, _ expected: String) {
        #expect(duration.formattedSeconds == expected)
    }
}
