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
///   and route this screen caused are taken back) and keeps what the user typed, through every outcome, a route to
///   sign-in included: after signing in, one send finishes it.
/// - ``ScreenPresenter`` decides every error; the form words its own: field errors inline, the others as an alert
///   or an indicator.
@MainActor
public final class TransferFormViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "transfer"

    /// What the form shows.
    public private(set) var state = TransferFormState()

    private let transfers: any TransferSending
    private let presenter: ScreenPresenter
    private let makeKey: @Sendable () -> String
    /// The key of the transfer whose outcome is not settled yet, and the form it was made for.
    private var openKey: (form: [String], key: String)?

    public init(
        transfers: any TransferSending, router: any ErrorRouting, logger: Logger,
        makeKey: @escaping @Sendable () -> String = TransferFormViewModel.newKey
    ) {
        self.transfers = transfers
        self.presenter = ScreenPresenter(screen: Self.screen, router: router, logger: logger)
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
        presenter.startFresh()
    }

    private func show(_ transfer: Transfer) {
        state.phase = .sent
        state.receipt = .init(transfer)
        state.message = transfer.status == .pending ? "On its way: the transfer is pending." : nil
    }

    /// Whether the same form may still be sent again under the same key: its outcome is not settled.
    private static func keepsTheKey(_ error: TransferError) -> Bool {
        switch error {
        case .outcomeUnknown, .notSent, .appWide, .cancelled: true
        case .invalid, .insufficientFunds, .walletBanned, .noWallet, .notFound, .unknown: false
        }
    }

    private func handle(_ error: TransferError) {
        state.error = presenter.handle(error) { error in
            if case .invalid(let problems) = error {
                for problem in problems {
                    state.fieldErrors[problem.field] = TransferWording.message(for: problem)
                }
                return .show(.presented, "inline: " + problems.map(\.field.rawValue).joined(separator: ", "))
            }
            state.message = TransferWording.message(for: error)
            return TransferWording.presentation(for: error).map(ScreenReaction.present)
        }
    }
}
