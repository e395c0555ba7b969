public import Domain
import Foundation
public import Logging
public import Navigation
import SharedError

/// The transfer form's presentation logic, on the main actor.
///
/// - Every send proposes a fresh `Idempotency-Key`; the pending-writes journal below (``JournalingHTTPClient``)
///   sends it under the key of the same transfer still waiting for its outcome (after a timeout, a cancelled send,
///   a sign-in, or in an earlier run), so the backend makes it at most once; a changed form, or a settled one, goes
///   out under its new key.
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
        state.phase = .sending
        do throws(TransferError) {
            show(
                try await transfers.send(
                    toAccount: state.toAccount, amount: state.amount, currency: state.currency,
                    note: state.note.isEmpty ? nil : state.note, idempotencyKey: makeKey()))
        } catch {
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
