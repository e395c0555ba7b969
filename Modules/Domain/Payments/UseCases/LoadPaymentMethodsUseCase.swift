public import Logging
import SharedError

/// The payment-methods screen's business rule, from "Error Flow": offer the wallet, the cards and Apple Pay if
/// possible, leave out each source that fails, and fail only when nothing is left.
///
/// "To error or not to error": here a missing wallet is no error at all, only an omission logged at `info`.
/// App-wide conditions (offline, session over) stop the load: a partial list built on an unreachable backend
/// would mislead, and the user can pay with none of it.
public struct LoadPaymentMethodsUseCase: PaymentMethodsLoading {
    private let wallets: any WalletRepository
    private let cards: any PaymentCardsRepository
    private let applePay: any ApplePayService
    private let flags: PaymentFeatureFlags
    private let logger: Logger

    public init(
        wallets: any WalletRepository,
        cards: any PaymentCardsRepository,
        applePay: any ApplePayService,
        flags: PaymentFeatureFlags = .all,
        logger: Logger
    ) {
        self.wallets = wallets
        self.cards = cards
        self.applePay = applePay
        self.flags = flags
        self.logger = logger
    }

    public func execute() async throws(PaymentMethodsError) -> [PaymentMethod] {
        var collected = Collected(logger: logger)
        if flags.wallet {
            do throws(WalletRepositoryError) {
                collected.methods.append(.wallet(try await wallets.fetchWallet()))
            } catch {
                try collected.sourceFailed(error, reaction: Self.reaction(to: error))
            }
        }
        if flags.cards {
            do throws(PaymentCardsRepositoryError) {
                collected.methods += try await cards.fetchCards().map(PaymentMethod.card)
            } catch {
                try collected.sourceFailed(error, reaction: Self.reaction(to: error))
            }
        }
        if flags.applePay {
            do throws(ApplePayError) {
                collected.methods.append(.applePay(try applePay.fetchApplePay()))
            } catch {
                try collected.sourceFailed(error, reaction: Self.reaction(to: error))
            }
        }
        return try collected.result()
    }

    // MARK: - The rules, one per source

    public static func reaction(to error: WalletRepositoryError) -> SourceFailureReaction {
        switch error {
        case .noWalletFound, .inReview: .omit(level: .info, explained: true)
        case .banned: .omit(level: .error, explained: true)
        case .unavailable: .omit(level: .warning, explained: false)
        case .shared(let shared): .forward(.shared(shared))
        case .sessionExpired: .forward(.sessionExpired)
        }
    }

    public static func reaction(to error: PaymentCardsRepositoryError) -> SourceFailureReaction {
        switch error {
        case .cardsLocked: .omit(level: .info, explained: true)
        case .serviceDown, .unavailable: .omit(level: .warning, explained: false)
        case .shared(let shared): .forward(.shared(shared))
        case .sessionExpired: .forward(.sessionExpired)
        }
    }

    public static func reaction(to error: ApplePayError) -> SourceFailureReaction {
        switch error {
        case .serviceNotAvailable: .omit(level: .info, explained: true)
        }
    }
}

/// The methods gathered so far and the unexplained failures on the way.
private struct Collected {
    let logger: Logger
    var methods: [PaymentMethod] = []
    var unexplained: [String] = []

    mutating func sourceFailed(
        _ error: some JourneyDescribable, reaction: SourceFailureReaction
    ) throws(PaymentMethodsError) {
        switch reaction {
        case .omit(let level, let explained):
            if !explained { unexplained.append(error.journeyName) }
            record(.omitted, from: error.journeyName, to: nil, level: level)
        case .forward(let forwarded):
            record(.forwarded, from: error.journeyName, to: forwarded.journeyName, level: .warning)
            throw forwarded
        }
    }

    func result() throws(PaymentMethodsError) -> [PaymentMethod] {
        guard methods.isEmpty else { return methods }
        let error: PaymentMethodsError =
            unexplained.isEmpty ? .noPaymentMethodsFound : .unknown(UnknownBusinessError(underlying: unexplained))
        record(
            .mapped, from: "no payment method left", to: error.journeyName, level: unexplained.isEmpty ? .info : .error)
        throw error
    }

    private func record(_ action: JourneyAction, from: String, to: String?, level: Logger.Level) {
        logger.recordJourney(
            ErrorJourneyEvent(layer: .domain, module: "Domain", action: action, from: from, to: to), level: level)
    }
}
