public import Logging
import SharedError

/// The payment-methods screen's business rule: offer the wallet, the cards and Apple Pay if possible, leave out each
/// source that fails, and fail only when nothing is left.
///
/// - The sources are asked at once (concurrently), so one expired session costs one refresh for all of them; the
///   answers are then decided in a fixed order (wallet, cards, Apple Pay), so the result and the journey do not
///   depend on which answer came first.
/// - Each failure is decided by its category (``ErrorPolicy``): an ignorable one (the load was cancelled) stops
///   the load quietly; an explained one (no wallet, locked cards, no Apple Pay) is left out; an unexplained one
///   (`default`: a service that failed) is left out too, but if nothing is left it makes the result an
///   ``UnknownBusinessError`` rather than "you have no payment methods". Each error left out is handed to the
///   running screen load (``ScreenLoad``) as a value, for its error report.
/// - A missing wallet is no error here, only an omission logged at `info`.
///   App-wide conditions (offline, session over) stop the load: a partial list built on an unreachable backend
///   would mislead, and the user can pay with none of it.
public struct LoadPaymentMethodsUseCase: PaymentMethodsLoading {
    private let wallets: any WalletRepository
    private let cards: any PaymentCardsRepository
    private let applePay: any ApplePayService
    private let flags: PaymentFeatureFlags
    private let journey: JourneyRecorder

    /// Makes the use case over the three sources; a source turned off in `flags` is never asked.
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
        self.journey = JourneyRecorder(.domain, logger: logger)
    }

    /// The methods of every source that answered, in the order wallet, cards, Apple Pay. Throws
    /// `.noPaymentMethodsFound` when every source was left out for an explained reason, `.unknown` when nothing is left
    /// and one failed unexplained, and the app-wide condition or `.cancelled` that stopped the load.
    public func execute() async throws(PaymentMethodsError) -> [PaymentMethod] {
        // Typed throws do not cross `async let`: each source answers with a Result of its own error type.
        async let wallet =
            flags.wallet
            ? Self.result { () async throws(WalletRepositoryError) in try await wallets.fetchWallet() } : nil
        async let cards =
            flags.cards
            ? Self.result { () async throws(PaymentCardsRepositoryError) in try await self.cards.fetchCards() } : nil
        let applePay = flags.applePay ? Self.applePayResult(self.applePay) : nil

        // Every answer is in before any is decided: an early app-wide failure never cancels a call half-way.
        let (walletResult, cardsResult) = (await wallet, await cards)
        var collected = Collected(journey: journey)
        try collected.take(walletResult, level: { $0 == .banned ? .error : .info }) { [.wallet($0)] }
        try collected.take(cardsResult, level: { _ in .info }) { $0.map(PaymentMethod.card) }
        try collected.take(applePay, level: { _ in .info }) { [.applePay($0)] }
        return try collected.result()
    }

    /// What the use case does when one source fails with `error`, logging an explained omission at `level`.
    public static func reaction(to error: some SourceFailure, level: Logger.Level = .info) -> SourceFailureReaction {
        switch error.category {
        case .ignorable:
            return .forward(.cancelled)
        case .recoverable, .unhandleable:
            if let appWide = PaymentMethodsError.passingOn(error) { return .forward(appWide) }
            return .omit(level: level, explained: true)
        case .default:
            return .omit(level: .warning, explained: false)
        }
    }

    private static func result<Value: Sendable, Failure: Error>(
        _ fetch: () async throws(Failure) -> Value
    ) async -> Result<Value, Failure> {
        do throws(Failure) {
            return .success(try await fetch())
        } catch {
            return .failure(error)
        }
    }

    private static func applePayResult(_ service: any ApplePayService) -> Result<ApplePay, ApplePayError> {
        do throws(ApplePayError) {
            return .success(try service.fetchApplePay())
        } catch {
            return .failure(error)
        }
    }
}

/// The methods gathered so far and the unexplained failures on the way.
private struct Collected {
    let journey: JourneyRecorder
    var methods: [PaymentMethod] = []
    var unexplained: [Diagnostic] = []

    /// Adds a source's methods, or decides about its failure.
    mutating func take<Value, Failure: SourceFailure>(
        _ result: Result<Value, Failure>?, level: (Failure) -> Logger.Level, methods: (Value) -> [PaymentMethod]
    ) throws(PaymentMethodsError) {
        switch result {
        case nil: return
        case .success(let value): self.methods += methods(value)
        case .failure(let error):
            try sourceFailed(error, reaction: LoadPaymentMethodsUseCase.reaction(to: error, level: level(error)))
        }
    }

    mutating func sourceFailed(_ error: some SourceFailure, reaction: SourceFailureReaction) throws(PaymentMethodsError)
    {
        switch reaction {
        case .omit(let level, let explained):
            if !explained { unexplained += error.diagnostics }
            journey.leftOut(error, level: level)
        case .forward(let forwarded):
            record(
                .forwarded, from: error.journeyName, to: forwarded.journeyName, category: error.category,
                level: .warning)
            throw forwarded
        }
    }

    func result() throws(PaymentMethodsError) -> [PaymentMethod] {
        guard methods.isEmpty else { return methods }
        let error: PaymentMethodsError =
            unexplained.isEmpty ? .noPaymentMethodsFound : .unknown(UnknownBusinessError(underlying: unexplained))
        record(
            .mapped, from: "no payment method left", to: error.journeyName, category: error.category,
            level: unexplained.isEmpty ? .info : .error)
        throw error
    }

    private func record(
        _ action: JourneyAction, from: String, to: String?, category: ErrorCategory, level: Logger.Level
    ) {
        journey.record(action, from: from, to: to, category: category, level: level)
    }
}
