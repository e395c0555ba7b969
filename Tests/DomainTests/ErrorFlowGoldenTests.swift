import Domain
import Foundation
import SharedError
import TestSupport
import Testing

/// What the error flow reads from every sampled case of every error a screen can end with, held byte for byte:
/// backends group reports by the fingerprint, and journeys are compared by name in tests, the boundary tables and
/// the tour's catalog. A line is `journey name | case | category | app-wide condition | diagnostics | fingerprint`,
/// a diagnostic `error@layer/serverCode`, and `-` stands for nothing.
@Suite("The error flow's names, conditions and fingerprints stay as they are")
struct ErrorFlowGoldenTests {
    @Test func walletRepositoryError() {
        #expect(
            Self.lines(of: WalletRepositoryError.allCases) == [
                "WalletRepositoryError.noWalletFound | noWalletFound | unhandleable | - | WalletRepositoryError.noWalletFound@data/- | WalletRepositoryError.noWalletFound/data/-",
                "WalletRepositoryError.banned | banned | unhandleable | - | WalletRepositoryError.banned@data/- | WalletRepositoryError.banned/data/-",
                "WalletRepositoryError.inReview(pending) | inReview | unhandleable | - | WalletRepositoryError.inReview(pending)@data/- | WalletRepositoryError.inReview/data/-",
                "WalletRepositoryError.inReview(beingProcessed) | inReview | unhandleable | - | WalletRepositoryError.inReview(beingProcessed)@data/- | WalletRepositoryError.inReview/data/-",
                "WalletRepositoryError.unavailable | unavailable | default | - | HTTPClientError.server(500)@networking/- | WalletRepositoryError.unavailable/networking/-",
                "WalletRepositoryError.appWide(AppWideCondition.offline) | appWide | unhandleable | AppWideCondition.offline | WalletRepositoryError.appWide(AppWideCondition.offline)@data/- | WalletRepositoryError.appWide/data/-",
                "WalletRepositoryError.appWide(AppWideCondition.timedOut) | appWide | unhandleable | AppWideCondition.timedOut | WalletRepositoryError.appWide(AppWideCondition.timedOut)@data/- | WalletRepositoryError.appWide/data/-",
                "WalletRepositoryError.appWide(AppWideCondition.sessionExpired) | appWide | unhandleable | AppWideCondition.sessionExpired | WalletRepositoryError.appWide(AppWideCondition.sessionExpired)@data/- | WalletRepositoryError.appWide/data/-",
                "WalletRepositoryError.cancelled | cancelled | ignorable | - | WalletRepositoryError.cancelled@data/- | WalletRepositoryError.cancelled/data/-",
            ])
    }

    @Test func paymentCardsRepositoryError() {
        #expect(
            Self.lines(of: PaymentCardsRepositoryError.allCases) == [
                "PaymentCardsRepositoryError.serviceDown | serviceDown | default | - | PaymentCardsRepositoryError.serviceDown@data/SERVICE_DOWN | PaymentCardsRepositoryError.serviceDown/data/SERVICE_DOWN",
                "PaymentCardsRepositoryError.cardsLocked | cardsLocked | unhandleable | - | PaymentCardsRepositoryError.cardsLocked@data/- | PaymentCardsRepositoryError.cardsLocked/data/-",
                "PaymentCardsRepositoryError.unavailable | unavailable | default | - | HTTPClientError.server(500)@networking/- | PaymentCardsRepositoryError.unavailable/networking/-",
                "PaymentCardsRepositoryError.appWide(AppWideCondition.offline) | appWide | unhandleable | AppWideCondition.offline | PaymentCardsRepositoryError.appWide(AppWideCondition.offline)@data/- | PaymentCardsRepositoryError.appWide/data/-",
                "PaymentCardsRepositoryError.appWide(AppWideCondition.timedOut) | appWide | unhandleable | AppWideCondition.timedOut | PaymentCardsRepositoryError.appWide(AppWideCondition.timedOut)@data/- | PaymentCardsRepositoryError.appWide/data/-",
                "PaymentCardsRepositoryError.appWide(AppWideCondition.sessionExpired) | appWide | unhandleable | AppWideCondition.sessionExpired | PaymentCardsRepositoryError.appWide(AppWideCondition.sessionExpired)@data/- | PaymentCardsRepositoryError.appWide/data/-",
                "PaymentCardsRepositoryError.cancelled | cancelled | ignorable | - | PaymentCardsRepositoryError.cancelled@data/- | PaymentCardsRepositoryError.cancelled/data/-",
            ])
    }

    @Test func applePayError() {
        #expect(
            Self.lines(of: ApplePayError.allCases) == [
                "ApplePayError.serviceNotAvailable | serviceNotAvailable | unhandleable | - | ApplePayError.serviceNotAvailable@vendor/- | ApplePayError.serviceNotAvailable/vendor/-"
            ])
    }

    @Test func profileRepositoryError() {
        #expect(
            Self.lines(of: ProfileRepositoryError.allCases) == [
                "ProfileRepositoryError.malformed(id) | malformed | unhandleable | - | ProfileRepositoryError.malformed(id)@data/- | ProfileRepositoryError.malformed/data/-",
                "ProfileRepositoryError.unavailable | unavailable | default | - | HTTPClientError.server(500)@networking/- | ProfileRepositoryError.unavailable/networking/-",
                "ProfileRepositoryError.appWide(AppWideCondition.offline) | appWide | unhandleable | AppWideCondition.offline | ProfileRepositoryError.appWide(AppWideCondition.offline)@data/- | ProfileRepositoryError.appWide/data/-",
                "ProfileRepositoryError.appWide(AppWideCondition.timedOut) | appWide | unhandleable | AppWideCondition.timedOut | ProfileRepositoryError.appWide(AppWideCondition.timedOut)@data/- | ProfileRepositoryError.appWide/data/-",
                "ProfileRepositoryError.appWide(AppWideCondition.sessionExpired) | appWide | unhandleable | AppWideCondition.sessionExpired | ProfileRepositoryError.appWide(AppWideCondition.sessionExpired)@data/- | ProfileRepositoryError.appWide/data/-",
                "ProfileRepositoryError.cancelled | cancelled | ignorable | - | ProfileRepositoryError.cancelled@data/- | ProfileRepositoryError.cancelled/data/-",
            ])
    }

    @Test func signInError() {
        #expect(
            Self.lines(of: SignInError.allCases) == [
                "SignInError.cancelled | cancelled | ignorable | - | SignInError.cancelled@data/- | SignInError.cancelled/data/-",
                "SignInError.failed | failed | unhandleable | - | SignInError.failed@data/- | SignInError.failed/data/-",
                "SignInError.unknown | unknown | unhandleable | - | SignInError.unknown@data/- | SignInError.unknown/data/-",
                "SignInError.identityRejected | identityRejected | unhandleable | - | SignInError.identityRejected@data/- | SignInError.identityRejected/data/-",
                "SignInError.banned | banned | unhandleable | - | SignInError.banned@data/- | SignInError.banned/data/-",
                "SignInError.unavailable | unavailable | default | - | HTTPClientError.server(500)@networking/- | SignInError.unavailable/networking/-",
                "SignInError.appWide(AppWideCondition.offline) | appWide | unhandleable | AppWideCondition.offline | SignInError.appWide(AppWideCondition.offline)@data/- | SignInError.appWide/data/-",
                "SignInError.appWide(AppWideCondition.timedOut) | appWide | unhandleable | AppWideCondition.timedOut | SignInError.appWide(AppWideCondition.timedOut)@data/- | SignInError.appWide/data/-",
            ])
    }

    @Test func paymentMethodsError() {
        #expect(
            Self.lines(of: PaymentMethodsError.allCases) == [
                "PaymentMethodsError.noPaymentMethodsFound | noPaymentMethodsFound | unhandleable | - | PaymentMethodsError.noPaymentMethodsFound@domain/- | PaymentMethodsError.noPaymentMethodsFound/domain/-",
                "PaymentMethodsError.appWide(AppWideCondition.offline) | appWide | unhandleable | AppWideCondition.offline | PaymentMethodsError.appWide(AppWideCondition.offline)@domain/- | PaymentMethodsError.appWide/domain/-",
                "PaymentMethodsError.appWide(AppWideCondition.timedOut) | appWide | unhandleable | AppWideCondition.timedOut | PaymentMethodsError.appWide(AppWideCondition.timedOut)@domain/- | PaymentMethodsError.appWide/domain/-",
                "PaymentMethodsError.appWide(AppWideCondition.sessionExpired) | appWide | unhandleable | AppWideCondition.sessionExpired | PaymentMethodsError.appWide(AppWideCondition.sessionExpired)@domain/- | PaymentMethodsError.appWide/domain/-",
                "PaymentMethodsError.unknown(UnknownBusinessError) | unknown | default | - | HTTPClientError.server(500)@networking/- | PaymentMethodsError.unknown/networking/-",
                "PaymentMethodsError.cancelled | cancelled | ignorable | - | PaymentMethodsError.cancelled@domain/- | PaymentMethodsError.cancelled/domain/-",
            ])
    }

    @Test func walletPageError() {
        #expect(
            Self.lines(of: WalletPageError.allCases) == [
                "WalletPageError.noWallet | noWallet | unhandleable | - | WalletPageError.noWallet@domain/- | WalletPageError.noWallet/domain/-",
                "WalletPageError.banned | banned | unhandleable | - | WalletPageError.banned@domain/- | WalletPageError.banned/domain/-",
                "WalletPageError.inReview(pending) | inReview | unhandleable | - | WalletPageError.inReview(pending)@domain/- | WalletPageError.inReview/domain/-",
                "WalletPageError.inReview(beingProcessed) | inReview | unhandleable | - | WalletPageError.inReview(beingProcessed)@domain/- | WalletPageError.inReview/domain/-",
                "WalletPageError.appWide(AppWideCondition.offline) | appWide | unhandleable | AppWideCondition.offline | WalletPageError.appWide(AppWideCondition.offline)@domain/- | WalletPageError.appWide/domain/-",
                "WalletPageError.appWide(AppWideCondition.timedOut) | appWide | unhandleable | AppWideCondition.timedOut | WalletPageError.appWide(AppWideCondition.timedOut)@domain/- | WalletPageError.appWide/domain/-",
                "WalletPageError.appWide(AppWideCondition.sessionExpired) | appWide | unhandleable | AppWideCondition.sessionExpired | WalletPageError.appWide(AppWideCondition.sessionExpired)@domain/- | WalletPageError.appWide/domain/-",
                "WalletPageError.unknown(UnknownBusinessError) | unknown | default | - | HTTPClientError.server(500)@networking/- | WalletPageError.unknown/networking/-",
                "WalletPageError.cancelled | cancelled | ignorable | - | WalletPageError.cancelled@domain/- | WalletPageError.cancelled/domain/-",
            ])
    }

    @Test func transferRepositoryError() {
        #expect(
            Self.lines(of: TransferRepositoryError.allCases) == [
                "TransferRepositoryError.rejected(amount) | rejected | unhandleable | - | TransferRepositoryError.rejected(amount)@data/- | TransferRepositoryError.rejected/data/-",
                "TransferRepositoryError.insufficientFunds | insufficientFunds | unhandleable | - | TransferRepositoryError.insufficientFunds@data/- | TransferRepositoryError.insufficientFunds/data/-",
                "TransferRepositoryError.walletBanned | walletBanned | unhandleable | - | TransferRepositoryError.walletBanned@data/- | TransferRepositoryError.walletBanned/data/-",
                "TransferRepositoryError.noWallet | noWallet | unhandleable | - | TransferRepositoryError.noWallet@data/- | TransferRepositoryError.noWallet/data/-",
                "TransferRepositoryError.notFound | notFound | unhandleable | - | TransferRepositoryError.notFound@data/- | TransferRepositoryError.notFound/data/-",
                "TransferRepositoryError.keyReused | keyReused | default | - | HTTPClientError.server(500)@networking/- | TransferRepositoryError.keyReused/networking/-",
                "TransferRepositoryError.outcomeUnknown | outcomeUnknown | unhandleable | - | HTTPClientError.server(500)@networking/- | TransferRepositoryError.outcomeUnknown/networking/-",
                "TransferRepositoryError.notSent | notSent | unhandleable | - | TransferRepositoryError.notSent@data/- | TransferRepositoryError.notSent/data/-",
                "TransferRepositoryError.withheld(recordBusy) | withheld | unhandleable | - | TransferRepositoryError.withheld(recordBusy)@data/- | TransferRepositoryError.withheld/data/-",
                "TransferRepositoryError.withheld(recordUnusable) | withheld | unhandleable | - | TransferRepositoryError.withheld(recordUnusable)@data/- | TransferRepositoryError.withheld/data/-",
                "TransferRepositoryError.withheld(recordFull) | withheld | unhandleable | - | TransferRepositoryError.withheld(recordFull)@data/- | TransferRepositoryError.withheld/data/-",
                "TransferRepositoryError.withheld(earlierSendUnresolved) | withheld | unhandleable | - | TransferRepositoryError.withheld(earlierSendUnresolved)@data/- | TransferRepositoryError.withheld/data/-",
                "TransferRepositoryError.withheld(alreadyMade) | withheld | unhandleable | - | TransferRepositoryError.withheld(alreadyMade)@data/- | TransferRepositoryError.withheld/data/-",
                "TransferRepositoryError.unavailable | unavailable | default | - | HTTPClientError.server(500)@networking/- | TransferRepositoryError.unavailable/networking/-",
                "TransferRepositoryError.appWide(AppWideCondition.offline) | appWide | unhandleable | AppWideCondition.offline | TransferRepositoryError.appWide(AppWideCondition.offline)@data/- | TransferRepositoryError.appWide/data/-",
                "TransferRepositoryError.appWide(AppWideCondition.timedOut) | appWide | unhandleable | AppWideCondition.timedOut | TransferRepositoryError.appWide(AppWideCondition.timedOut)@data/- | TransferRepositoryError.appWide/data/-",
                "TransferRepositoryError.appWide(AppWideCondition.sessionExpired) | appWide | unhandleable | AppWideCondition.sessionExpired | TransferRepositoryError.appWide(AppWideCondition.sessionExpired)@data/- | TransferRepositoryError.appWide/data/-",
                "TransferRepositoryError.cancelled | cancelled | ignorable | - | TransferRepositoryError.cancelled@data/- | TransferRepositoryError.cancelled/data/-",
            ])
    }

    @Test func transferError() {
        #expect(
            Self.lines(of: TransferError.allCases) == [
                "TransferError.invalid(amount) | invalid | unhandleable | - | TransferError.invalid(amount)@domain/- | TransferError.invalid/domain/-",
                "TransferError.insufficientFunds | insufficientFunds | unhandleable | - | TransferError.insufficientFunds@domain/- | TransferError.insufficientFunds/domain/-",
                "TransferError.walletBanned | walletBanned | unhandleable | - | TransferError.walletBanned@domain/- | TransferError.walletBanned/domain/-",
                "TransferError.noWallet | noWallet | unhandleable | - | TransferError.noWallet@domain/- | TransferError.noWallet/domain/-",
                "TransferError.notFound | notFound | unhandleable | - | TransferError.notFound@domain/- | TransferError.notFound/domain/-",
                "TransferError.outcomeUnknown | outcomeUnknown | unhandleable | - | HTTPClientError.server(500)@networking/- | TransferError.outcomeUnknown/networking/-",
                "TransferError.notSent | notSent | unhandleable | - | TransferError.notSent@domain/- | TransferError.notSent/domain/-",
                "TransferError.withheld(recordBusy) | withheld | unhandleable | - | TransferError.withheld(recordBusy)@domain/- | TransferError.withheld/domain/-",
                "TransferError.withheld(recordUnusable) | withheld | unhandleable | - | TransferError.withheld(recordUnusable)@domain/- | TransferError.withheld/domain/-",
                "TransferError.withheld(recordFull) | withheld | unhandleable | - | TransferError.withheld(recordFull)@domain/- | TransferError.withheld/domain/-",
                "TransferError.withheld(earlierSendUnresolved) | withheld | unhandleable | - | TransferError.withheld(earlierSendUnresolved)@domain/- | TransferError.withheld/domain/-",
                "TransferError.withheld(alreadyMade) | withheld | unhandleable | - | TransferError.withheld(alreadyMade)@domain/- | TransferError.withheld/domain/-",
                "TransferError.appWide(AppWideCondition.offline) | appWide | unhandleable | AppWideCondition.offline | TransferError.appWide(AppWideCondition.offline)@domain/- | TransferError.appWide/domain/-",
                "TransferError.appWide(AppWideCondition.timedOut) | appWide | unhandleable | AppWideCondition.timedOut | TransferError.appWide(AppWideCondition.timedOut)@domain/- | TransferError.appWide/domain/-",
                "TransferError.appWide(AppWideCondition.sessionExpired) | appWide | unhandleable | AppWideCondition.sessionExpired | TransferError.appWide(AppWideCondition.sessionExpired)@domain/- | TransferError.appWide/domain/-",
                "TransferError.unknown(UnknownBusinessError) | unknown | default | - | HTTPClientError.server(500)@networking/- | TransferError.unknown/networking/-",
                "TransferError.cancelled | cancelled | ignorable | - | TransferError.cancelled@domain/- | TransferError.cancelled/domain/-",
            ])
    }

    @Test func payloadsTheSamplesHoldOneOf() {
        #expect(
            Self.edges == [
                "TransferRepositoryError.rejected(toAccount,amount) | rejected | unhandleable | - | TransferRepositoryError.rejected(toAccount,amount)@data/- | TransferRepositoryError.rejected/data/-",
                "TransferRepositoryError.rejected() | rejected | unhandleable | - | TransferRepositoryError.rejected()@data/- | TransferRepositoryError.rejected/data/-",
                "TransferRepositoryError.keyReused | keyReused | default | - | HTTPClientError.conflict@networking/idempotency_key_reused | TransferRepositoryError.keyReused/networking/idempotency_key_reused",
                "TransferRepositoryError.outcomeUnknown | outcomeUnknown | unhandleable | - | HTTPClientError.conflict@networking/idempotency_key_reused | TransferRepositoryError.outcomeUnknown/networking/idempotency_key_reused",
                "TransferError.invalid(toAccount,amount) | invalid | unhandleable | - | TransferError.invalid(toAccount,amount)@domain/- | TransferError.invalid/domain/-",
                "TransferError.unknown(UnknownBusinessError) | unknown | default | - | HTTPClientError.server(500)@networking/-; HTTPClientError.conflict@networking/idempotency_key_reused | TransferError.unknown/networking/-",
                "WalletPageError.unknown(UnknownBusinessError) | unknown | default | - | - | WalletPageError.unknown/-/-",
                "ProfileRepositoryError.malformed(name.first) | malformed | unhandleable | - | ProfileRepositoryError.malformed(name.first)@data/- | ProfileRepositoryError.malformed/data/-",
            ])
    }

    @Test func appWideConditions() {
        #expect(
            AppWideCondition.allCases.map(\.journeyName) == [
                "AppWideCondition.offline",
                "AppWideCondition.timedOut",
                "AppWideCondition.sessionExpired",
            ])
    }

    /// Payloads the samples hold only one of: several problems, none, an unknown error with several origins or none.
    private static var edges: [String] {
        let conflict = Diagnostic(
            error: "HTTPClientError.conflict", layer: .networking, status: 409, serverCode: "idempotency_key_reused",
            requestID: "req-1", traceID: "4bf92f3577b34da6a3ce929d0e0e4736")
        let problems = [
            FieldProblem(field: .toAccount, code: .required), FieldProblem(field: .amount, code: .other("odd")),
        ]
        return lines(of: [
            TransferRepositoryError.rejected(problems), .rejected([]), .keyReused(conflict),
            .outcomeUnknown(conflict),
        ])
            + lines(of: [
                TransferError.invalid(problems), .unknown(UnknownBusinessError(underlying: [.sample, conflict])),
            ])
            + lines(of: [WalletPageError.unknown(UnknownBusinessError(underlying: []))])
            + lines(of: [ProfileRepositoryError.malformed(keyPath: "name.first")])
    }

    private static func lines<Failure: CategorizedError>(of errors: [Failure]) -> [String] {
        errors.map { error in
            let fingerprint = ErrorFingerprint(of: error)
            let diagnostics = error.diagnostics.map { "\($0.error)@\($0.layer.rawValue)/\($0.serverCode ?? "-")" }
            return [
                error.journeyName, fingerprint.caseName, error.category.rawValue,
                error.appWideCondition?.journeyName ?? "-",
                diagnostics.isEmpty ? "-" : diagnostics.joined(separator: "; "), fingerprint.value,
            ].joined(separator: " | ")
        }
    }
}
