import Domain
import SharedError
import TestSupport
import Testing

/// Every sampled case declares what it carries: the exhaustive `errorCase` switch makes a new case compile only once
/// it is declared, and this is the road that remains, a declaration that leaves out what the case holds (an
/// app-wide condition next to another payload, a diagnostic, a name).
@Suite("Every case declares what it carries")
struct DeclaredCasesTests {
    @Test func walletRepositoryError() { #expect(WalletRepositoryError.undeclaredPayloads == []) }
    @Test func paymentCardsRepositoryError() { #expect(PaymentCardsRepositoryError.undeclaredPayloads == []) }
    @Test func profileRepositoryError() { #expect(ProfileRepositoryError.undeclaredPayloads == []) }
    @Test func signInError() { #expect(SignInError.undeclaredPayloads == []) }
    @Test func paymentMethodsError() { #expect(PaymentMethodsError.undeclaredPayloads == []) }
    @Test func walletPageError() { #expect(WalletPageError.undeclaredPayloads == []) }
    @Test func transferRepositoryError() { #expect(TransferRepositoryError.undeclaredPayloads == []) }
    @Test func transferError() { #expect(TransferError.undeclaredPayloads == []) }

    @Test func aCaseThatEscapesTheConventionIsFound() {
        #expect(
            Escaping.undeclaredPayloads == [
                #"Escaping.expired carries ["AppWideCondition.sessionExpired"] but declares none"#,
                "Escaping.misnamd is declared as misnamd, not misnamed",
                "Escaping.unavailable carries HTTPClientError.server(500) but does not hand it on",
                "Escaping.pending does not name beingProcessed",
                #"Escaping.appWide carries ["AppWideCondition.offline"] but declares none"#,
                "Escaping.appWide declares no condition",
                "Escaping.condition carries [] but declares AppWideCondition.timedOut",
                "Escaping.condition declares a condition outside an appWide case",
                "Escaping.silent(UnknownBusinessError) is unexplained without a diagnostic",
            ])
    }
}

/// One case for each way a declaration can leave out what its case holds.
private enum Escaping: LayerError, SampledCases {
    case expired(reason: String, AppWideCondition)
    case misnamed
    case unavailable(Diagnostic)
    case pending(ReviewState)
    case appWide(AppWideCondition)
    case condition
    case silent(UnknownBusinessError)

    enum SampleCase: CaseIterable { case expired, misnamed, unavailable, pending, appWide, condition, silent }

    static let owningLayer = JourneyLayer.data

    var errorCase: ErrorCase {
        switch self {
        case .expired: .unhandleable("expired")
        case .misnamed: .unhandleable("misnamd")
        case .unavailable: .default("unavailable")
        case .pending: .unhandleable("pending")
        case .appWide: .unhandleable("appWide")
        case .condition: .unhandleable("condition")
        case .silent(let error): .default("silent").wrapping(error)
        }
    }

    /// A condition declared by hand, outside the `appWide` case.
    var appWideCondition: AppWideCondition? {
        if case .condition = self { return .timedOut }
        return errorCase.appWideCondition
    }

    var sampleCase: SampleCase {
        switch self {
        case .expired: .expired
        case .misnamed: .misnamed
        case .unavailable: .unavailable
        case .pending: .pending
        case .appWide: .appWide
        case .condition: .condition
        case .silent: .silent
        }
    }

    static func samples(of name: SampleCase) -> [Escaping] {
        switch name {
        case .expired: [.expired(reason: "revoked", .sessionExpired)]
        case .misnamed: [.misnamed]
        case .unavailable: [.unavailable(.sample)]
        case .pending: [.pending(.beingProcessed)]
        case .appWide: [.appWide(.offline)]
        case .condition: [.condition]
        case .silent: [.silent(UnknownBusinessError(underlying: []))]
        }
    }
}
