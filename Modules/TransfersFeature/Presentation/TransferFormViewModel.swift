public import Domain
import Foundation
public import Logging
public import Navigation
import SharedError

/// The transfer form's presentation logic, on the main actor.
///
/// - One `Idempotency-Key` per transfer the user confirms: sending the same form again (after a timeout, a
///   cancelled send, a sign-in) reuses it, so the backend makes the transfer at most once; a changed form, or a
///   definite answer, gets a new one.
/// - Every send starts from a clean screen (no old field errors, error, receipt or message, and Navigation's alert
///   and route this screen caused are taken back) and keeps what the user typed, through every outcome.
/// - Errors are decided by category (``ErrorPolicy``): a cancelled send shows nothing, an unexplained one goes to
///   Navigation, and the form words the rest: field errors inline, the others as an alert or an indicator.
@MainActor
public final class TransferFormViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "transfer"

    public private(set) var state = TransferFormState()

    private let transfers: any TransferSending
    private let router: any ErrorRouting
    private let logger: Logger
    private let makeKey: @Sendable () -> String
    /// The key of the transfer whose outcome is not settled yet, and the form it was made for.
    private var openKey: (form: [String], key: String)?

    public init(
        transfers: any TransferSending, router: any ErrorRouting, logger: Logger,
        makeKey: @escaping @Sendable () -> String = TransferFormViewModel.newKey
    ) {
        self.transfers = transfers
        self.router = router
        self.logger = logger
        self.makeKey = makeKey
    }

    /// A fresh `Idempotency-Key`: a random UUID.
    @Sendable public nonisolated static func newKey() -> String {
        UUID().uuidString
    }

    /// What the user typed.
    public func edit(toAccount: String, amount: String, currency: String, note: String) {
        state.toAccount = toAccount
        state.amount = amount
        state.currency = currency
        state.note = note
    }

    /// Sends the form as it stands.
    public func send() async {
        startFresh()
        let form = [state.toAccount, state.amount, state.currency, state.note]
        let key = openKey.flatMap { $0.form == form ? $0.key : nil } ?? makeKey()
        openKey = (form, key)
        state.phase = .sending

        do throws(TransferError) {
            let transfer = try await transfers.send(
                toAccount: state.toAccount, amount: state.amount, currency: state.currency,
                note: state.note.isEmpty ? nil : state.note, idempotencyKey: key)
            openKey = nil
            show(transfer)
        } catch {
            if !Self.keepsTheKey(error) { openKey = nil }
            state.phase = .editing
            handle(error)
        }
    }

    /// Shows the transfer with `id` as it stands now.
    public func checkStatus(of id: String) async {
        startFresh()
        do throws(TransferError) {
            show(try await transfers.status(of: id))
        } catch {
            handle(error)
        }
    }

    private func startFresh() {
        state.fieldErrors = [:]
        state.error = nil
        state.receipt = nil
        state.message = nil
        state.phase = .editing
        router.withdraw(for: Self.screen)
    }

    private func show(_ transfer: Transfer) {
        state.phase = .sent
        state.receipt = .init(transfer)
        state.message = transfer.status == .pending ? "On its way: the transfer is pending." : nil
    }

    /// Whether the same form may still be sent again under the same key: its outcome is not settled.
    private static func keepsTheKey(_ error: TransferError) -> Bool {
        switch error {
        case .outcomeUnknown, .notSent, .sessionExpired, .cancelled, .shared: true
        case .invalid, .insufficientFunds, .walletBanned, .noWallet, .notFound, .unknown: false
        }
    }

    private func handle(_ error: TransferError) {
        switch ErrorPolicy.reaction(to: error.category) {
        case .ignore:
            record(.ignored, error, to: nil)
        case .presentDefault:
            router.forward(error, for: error, screen: Self.screen, module: "TransfersFeature", logger: logger)
        case .recover, .handleOrForward:
            switch error {
            case .invalid(let problems):
                for problem in problems {
                    state.fieldErrors[problem.field] = TransferWording.message(for: problem)
                }
                record(.presented, error, to: "inline: " + problems.map(\.field.rawValue).joined(separator: ", "))
            case .shared(let shared):
                router.forward(shared, for: error, screen: Self.screen, module: "TransfersFeature", logger: logger)
            case .sessionExpired:
                // The form keeps what the user typed: after signing in, one send finishes it.
                router.forward(
                    SessionExpiredError(), for: error, screen: Self.screen, module: "TransfersFeature", logger: logger)
            case .insufficientFunds, .walletBanned, .noWallet, .notFound, .outcomeUnknown, .notSent:
                let presented = TransferWording.presentation(for: error)
                state.error = presented
                state.message = TransferWording.message(for: error)
                record(.presented, error, to: "\(presented.presentation.rawValue): \(presented.title)")
            case .unknown, .cancelled:
                router.forward(error, for: error, screen: Self.screen, module: "TransfersFeature", logger: logger)
            }
        }
    }

    private func record(_ action: JourneyAction, _ error: TransferError, to target: String?) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: "TransfersFeature", action: action, from: error.journeyName, to: target,
                category: error.category)
        )
    }
}
