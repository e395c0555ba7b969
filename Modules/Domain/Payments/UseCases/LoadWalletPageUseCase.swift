public import Logging
import SharedError

/// The wallet page's rule: the wallet, or an error the page explains. The same `noWalletFound` that the
/// payment-methods use case quietly leaves out becomes ``WalletPageError/noWallet`` here.
public struct LoadWalletPageUseCase: WalletPageLoading {
    private let wallets: any WalletRepository
    private let logger: Logger

    public init(wallets: any WalletRepository, logger: Logger) {
        self.wallets = wallets
        self.logger = logger
    }

    public func execute() async throws(WalletPageError) -> Wallet {
        do throws(WalletRepositoryError) {
            return try await wallets.fetchWallet()
        } catch {
            let pageError = Self.pageError(for: error)
            let action: JourneyAction =
                switch pageError {
                case .shared, .sessionExpired: .forwarded
                default: .mapped
                }
            logger.recordJourney(
                ErrorJourneyEvent(
                    layer: .domain, module: "Domain", action: action, from: error.journeyName, to: pageError.journeyName
                ),
                level: pageError == .noWallet ? .info : .warning
            )
            throw pageError
        }
    }

    public static func pageError(for error: WalletRepositoryError) -> WalletPageError {
        switch error {
        case .noWalletFound: .noWallet
        case .banned: .banned
        case .inReview(let state): .inReview(state)
        case .unavailable: .unknown(UnknownBusinessError(underlying: [error.journeyName]))
        case .shared(let shared): .shared(shared)
        case .sessionExpired: .sessionExpired
        }
    }
}
