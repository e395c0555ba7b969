public import Domain
public import Logging
public import Navigation
import SharedError

/// The transfer form's presentation logic, on the main actor.
///
/// Every send and every look-up starts from a clean screen (no old field errors, error, receipt or message) and
/// keeps what the user typed, through every outcome, a route to sign-in included: after signing in, one send
/// finishes it, and the backend makes it at most once. ``ScreenPresenter`` decides every error; the form words its
/// own: field errors inline, the others as an alert or an indicator.
@MainActor
public final class TransferFormViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "transfer"

    /// What the form shows.
    public private(set) var state = TransferFormState()

    private let transfers: any TransferSending
    private let presenter: ScreenPresenter

    /// Makes the view model; errors it does not present itself go to `router`.
    public init(transfers: any TransferSending, router: any ErrorRouting, logger: Logger) {
        self.transfers = transfers
        self.presenter = ScreenPresenter(screen: Self.screen, router: router, logger: logger)
    }

    /// What the user typed.
    public func edit(toAccount: String, amount: String, currency: String, note: String) {
        state.toAccount = toAccount
        state.amount = amount
        state.currency = currency
        state.note = note
    }

    /// Sends the form as it stands. The same form made earlier today shows that transfer's receipt, and is sent anew
    /// only when `again`.
    public func send(again: Bool = false) async {
        let form = state
        state.clearOutcome()
        state.phase = .sending
        state.error = await presenter.run(
            { () async throws(TransferError) in
                try await transfers.send(
                    toAccount: form.toAccount, amount: form.amount, currency: form.currency,
                    note: form.note.isEmpty ? nil : form.note, again: again)
            }, show: show, ownWords: ownWords)
        if state.phase == .sending { state.phase = .editing }
    }

    /// Shows the transfer with `id` as it stands now.
    public func checkStatus(of id: String) async {
        state.clearOutcome()
        state.error = await presenter.run(
            { () async throws(TransferError) in try await transfers.status(of: id) },
            show: show, ownWords: ownWords)
    }

    private func show(_ transfer: Transfer) {
        state.phase = .sent
        state.receipt = .init(transfer, in: presenter.language)
        let line: TransfersWording? =
            transfer.alreadySentAt != nil ? .alreadySentLine : transfer.status == .pending ? .pendingMessage : nil
        state.message = line?.text(in: presenter.language)
    }

    private func ownWords(for error: TransferError) -> ScreenReaction? {
        if case .invalid(let problems) = error {
            for problem in problems {
                state.fieldErrors[problem.field] = TransfersWording.message(for: problem, in: presenter.language)
            }
            return .show(.presented, "inline: " + problems.map(\.field.rawValue).joined(separator: ", "))
        }
        state.message = TransfersWording.message(for: error, in: presenter.language)
        return TransfersWording.presentation(for: error, in: presenter.language).map(ScreenReaction.present)
    }
}
