public import Logging
import SharedError

/// The wallet page's rule: the wallet, or an error the page explains. The same `noWalletFound` that the
/// payment-methods use case quietly leaves out becomes ``WalletPageError/noWallet`` here.
public struct LoadWalletPageUseCase: WalletPageLoading {
    private let wallets: any WalletRepository
    private let journey: JourneyRecorder

    /// Makes the use case over `wallets`; each failure is recorded in the journey at the domain layer.
    public init(wallets: any WalletRepository, logger: Logger) {
        self.wallets = wallets
        self.journey = JourneyRecorder(.domain, logger: logger)
    }

    /// The user's wallet. Throws the page's error for the repository's failure, as ``pageError(for:)`` decides it.
    public func execute() async throws(WalletPageError) -> Wallet {
        do throws(WalletRepositoryError) {
            return try await wallets.fetchWallet()
        } catch {
            let pageError = Self.pageError(for: error)
            let action: JourneyAction =
                pageError.appWideCondition != nil || pageError == .cancelled ? .forwarded : .mapped
            journey.record(
                action, from: error.journeyName, to: pageError.journeyName, category: error.category,
                level: pageError == .noWallet ? .info : .warning)
            throw pageError
        }
    }

    /// The page's error for a wallet error, decided by its category first (``ErrorPolicy``).
    public static func pageError(for error: WalletRepositoryError) -> WalletPageError {
        switch error.category {
        case .ignorable: return .cancelled
        case .default: return .unknown(UnknownBusinessError(underlying: error.diagnostics))
        case .recoverable, .unhandleable: break
        }
        if let appWide = WalletPageError.passingOn(error) { return appWide }
        switch error {
        case .noWalletFound: return .noWallet
        case .banned: return .banned
        case .inReview(let state): return .inReview(state)
        case .unavailable, .appWide, .cancelled: return .unknown(UnknownBusinessError(underlying: error.diagnostics))
        }
    }
}
