public import Logging
import SharedError

/// The transfer rule: nothing leaves before the form is valid (an account, a positive amount with two decimals at
/// most, a currency code), and a confirmed transfer is sent once under its key, however often the chain retries it.
///
/// The backend's answers become the screen's, decided by category first (``ErrorPolicy``): a cancelled send is
/// ignored, an unexplained one (a reused key: a defect; a failing service) becomes an ``UnknownBusinessError``,
/// and the rest keep their meaning.
public struct SendTransferUseCase: TransferSending {
    private let transfers: any TransferRepository
    private let journey: JourneyRecorder

    /// Makes the use case over `transfers`; each failure is recorded in the journey at the domain layer.
    public init(transfers: any TransferRepository, logger: Logger) {
        self.transfers = transfers
        self.journey = JourneyRecorder(.domain, logger: logger)
    }

    /// Validates the form, then sends the draft once under its key and returns the transfer the backend made (or the
    /// one it made for the same form earlier today, unless `again`). Throws
    /// `.invalid` with every field problem before anything is sent, or the screen's error for the repository's failure
    /// (``transferError(for:)``).
    public func send(toAccount: String, amount: String, currency: String, note: String?, again: Bool = false)
        async throws(TransferError) -> Transfer
    {
        var draft: TransferDraft
        switch TransferDraft.validated(toAccount: toAccount, amount: amount, currency: currency, note: note) {
        case .success(let valid):
            draft = valid
        case .failure(let invalid):
            journey.record(
                .mapped, from: "the form before sending", to: invalid.journeyName, category: invalid.category,
                origin: .presentation, level: .info)
            throw invalid
        }
        draft.sendsAgain = again
        do throws(TransferRepositoryError) {
            return try await transfers.send(draft)
        } catch {
            throw record(error, as: Self.transferError(for: error))
        }
    }

    /// The transfer with `id` as it stands now. Throws the screen's error for the repository's failure
    /// (``transferError(for:)``).
    public func status(of id: String) async throws(TransferError) -> Transfer {
        do throws(TransferRepositoryError) {
            return try await transfers.transfer(id: id)
        } catch {
            throw record(error, as: Self.transferError(for: error))
        }
    }

    /// The screen's error for a repository error, decided by its category first.
    public static func transferError(for error: TransferRepositoryError) -> TransferError {
        switch error.category {
        case .ignorable: return .cancelled
        case .default: return .unknown(UnknownBusinessError(underlying: error.diagnostics))
        case .recoverable, .unhandleable: break
        }
        if let appWide = TransferError.passingOn(error) { return appWide }
        switch error {
        case .rejected(let problems): return .invalid(problems)
        case .insufficientFunds: return .insufficientFunds
        case .walletBanned: return .walletBanned
        case .noWallet: return .noWallet
        case .notFound: return .notFound
        case .outcomeUnknown(let diagnostic): return .outcomeUnknown(diagnostic)
        case .notSent: return .notSent
        case .withheld(let reason): return .withheld(reason)
        case .keyReused, .unavailable, .appWide, .cancelled:
            return .unknown(UnknownBusinessError(underlying: error.diagnostics))
        }
    }

    private func record(_ error: TransferRepositoryError, as transferError: TransferError) -> TransferError {
        let action: JourneyAction =
            transferError.appWideCondition != nil || transferError == .cancelled ? .forwarded : .mapped
        journey.record(
            action, from: error.journeyName, to: transferError.journeyName, category: error.category,
            level: transferError.category == .default ? .error : .info)
        return transferError
    }
}
