import AuthFeature
import Domain
import Logging
public import Navigation
import PaymentsFeature
public import SharedError
import TransfersFeature

/// Every error a screen presents: each screen's view model, failing with every sampled case of the error it
/// handles (``SampledCases``, kept complete by the compiler), in DEV and production, and what the user then sees:
/// the screen's own words, or Navigation's alert. An error the screen does not present (ignored, shown as an empty
/// state, routed to sign-in) is not in the list.
///
/// Test API: what a property over the whole app ("every presented error offers a way out") walks.
@MainActor
public enum PresentedErrors {
    /// One error a screen presented.
    public struct Presented: Sendable, CustomStringConvertible {
        /// The screen, with what it did: `transfer send`, `transfer status`, `wallet`, …
        public var screen: String
        /// The error's journey name.
        public var error: String
        /// The environment it ran in.
        public var environment: AppEnvironment
        /// What the user was shown.
        public var presented: PresentationError

        /// `transfer send · TransferError.insufficientFunds · prod → transfer.insufficientFunds.title`.
        public var description: String {
            "\(screen) · \(error) · \(environment.rawValue) → \(presented.key)"
        }
    }

    /// Every presented error of every screen, in both environments.
    public static func all() async -> [Presented] {
        var found: [Presented] = []
        for environment in AppEnvironment.allCases {
            found += await signIn(environment) + profile(environment) + paymentMethods(environment)
            found += await walletPage(environment) + transferForm(environment)
        }
        return found
    }

    private static func makeRouter(_ environment: AppEnvironment) -> Router {
        Router(environment: environment, logger: quietLogger, reporter: ReferenceOnlyReporter())
    }

    private static func signIn(_ environment: AppEnvironment) async -> [Presented] {
        var found: [Presented] = []
        for error in SignInError.allCases {
            let router = makeRouter(environment)
            let sut = SignInViewModel(service: FailingSignIn(error: error), router: router, logger: quietLogger)
            await sut.signIn()
            found += presented("signin", error, environment, sut.state.error ?? router.presentedError)
        }
        return found
    }

    private static func profile(_ environment: AppEnvironment) async -> [Presented] {
        var found: [Presented] = []
        for error in ProfileRepositoryError.allCases {
            let router = makeRouter(environment)
            let sut = ProfileViewModel(repository: FailingProfile(error: error), router: router, logger: quietLogger)
            await sut.load()
            found += presented("profile", error, environment, sut.state.error ?? router.presentedError)
        }
        return found
    }

    private static func paymentMethods(_ environment: AppEnvironment) async -> [Presented] {
        var found: [Presented] = []
        for error in PaymentMethodsError.allCases {
            let router = makeRouter(environment)
            let sut = PaymentMethodsViewModel(
                loadPaymentMethods: StubPaymentMethodsLoading(.failure(error)), router: router, logger: quietLogger)
            await sut.load()
            found += presented("payments", error, environment, router.presentedError)
        }
        return found
    }

    private static func walletPage(_ environment: AppEnvironment) async -> [Presented] {
        var found: [Presented] = []
        for error in WalletPageError.allCases {
            let router = makeRouter(environment)
            let sut = WalletPageViewModel(
                loadWalletPage: StubWalletPageLoading(.failure(error)), router: router, logger: quietLogger)
            await sut.load()
            found += presented("wallet", error, environment, sut.state.error ?? router.presentedError)
        }
        return found
    }

    private static func transferForm(_ environment: AppEnvironment) async -> [Presented] {
        var found: [Presented] = []
        for error in TransferError.allCases {
            let router = makeRouter(environment)
            let sut = TransferFormViewModel(
                transfers: FailingTransfers(error: error), router: router, logger: quietLogger)
            sut.edit(toAccount: "DE89 3704 0044 0532 0130 00", amount: "12.50", currency: "EUR", note: "")
            await sut.send()
            // A form with problems on its fields is presented as the fields to fix, as a screen run reports it.
            let fields = TransferScreen.presentedError(of: sut.state, in: router.language)
            found += presented("transfer send", error, environment, sut.state.error ?? router.presentedError ?? fields)

            let lookUp = makeRouter(environment)
            let status = TransferFormViewModel(
                transfers: FailingTransfers(error: error), router: lookUp, logger: quietLogger)
            await status.checkStatus(of: "t-1")
            found += presented("transfer status", error, environment, status.state.error ?? lookUp.presentedError)
        }
        return found
    }

    private static func presented(
        _ screen: String, _ error: some CategorizedError, _ environment: AppEnvironment,
        _ presented: PresentationError?
    ) -> [Presented] {
        presented.map { [Presented(screen: screen, error: error.journeyName, environment: environment, presented: $0)] }
            ?? []
    }
}

/// A reporter that only makes references, so Navigation's alerts carry one as they do in the app.
private final class ReferenceOnlyReporter: UnexplainedErrorReporting {
    func screenLoadEnded(_ load: ScreenLoad, environment: AppEnvironment) {}
    func newReference() -> ErrorReference { .sample }
}

private struct FailingSignIn: SignInService {
    let error: SignInError
    func signIn() async throws(SignInError) -> SignedInUser { throw error }
}

private struct FailingProfile: ProfileRepository {
    let error: ProfileRepositoryError
    func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile { throw error }
}

private struct FailingTransfers: TransferSending {
    let error: TransferError

    func send(toAccount: String, amount: String, currency: String, note: String?, again: Bool)
        async throws(TransferError) -> Transfer
    { throw error }

    func status(of id: String) async throws(TransferError) -> Transfer { throw error }
}
