import Domain
import SharedError

/// The transfer screen's words for what happened: the backend's codes and the app's own checks, said the app's
/// way in the user's language, with what the user can do.
extension TransfersWording {
    /// What to fix in one field; a code the app does not know gets the field's default.
    static func message(for problem: FieldProblem, in language: Language) -> String {
        let words: TransfersWording =
            switch (problem.field, problem.code) {
            case (.toAccount, .required): .toAccountRequired
            case (.toAccount, .invalid): .toAccountInvalid
            case (.amount, .required): .amountRequired
            case (.amount, .invalid): .amountInvalid
            case (.amount, .notPositive): .amountNotPositive
            case (.amount, .tooLarge): .amountTooLarge
            case (.currency, .required), (.currency, .invalid): .currencyInvalid
            case (.note, .tooLarge): .noteTooLong
            case (.toAccount, _): .checkAccount
            case (.amount, _): .checkAmount
            case (.currency, _): .checkCurrency
            case (.note, _): .checkNote
            case (.form, _): .checkTransfer
            }
        return words == .noteTooLong ? words.text(in: language, TransferDraft.noteLimit) : words.text(in: language)
    }

    /// The form's words for an error it shows itself; `nil` for the ones it does not own.
    static func presentation(for error: TransferError, in language: Language) -> PresentationError? {
        switch error {
        case .insufficientFunds:
            PresentationError(
                TransfersWording.insufficientFundsTitle, message: .insufficientFundsMessage, in: language,
                iconName: "banknote", actions: [.sendLess, .openWallet])
        case .walletBanned:
            PresentationError(
                TransfersWording.walletBannedTitle, message: .walletBannedMessage, in: language, iconName: "lock",
                actions: [.contactSupport()])
        case .noWallet:
            PresentationError(
                TransfersWording.noWalletTitle, message: .noWalletMessage, in: language, iconName: "wallet.pass",
                actions: [.createWallet])
        case .notFound:
            PresentationError(
                TransfersWording.notFoundTitle, in: language, presentation: .inline, actions: [.checkTransferID])
        case .outcomeUnknown:
            PresentationError(
                TransfersWording.outcomeUnknownTitle, message: .outcomeUnknownMessage, in: language,
                iconName: "questionmark.circle", actions: [.retry])
        case .notSent:
            PresentationError(
                TransfersWording.notSentTitle, message: .notSentMessage, in: language, presentation: .indicator,
                iconName: "wifi.slash", actions: [.checkConnection, .retry])
        case .withheld(let reason):
            PresentationError(
                TransfersWording.withheldTitle, message: withheldMessage(reason), in: language,
                iconName: "tray.and.arrow.up", actions: withheldActions(reason))
        case .invalid, .appWide, .unknown, .cancelled:
            nil
        }
    }

    /// The way out of a send the app withheld: wait for the other send, ask support about a record the app cannot
    /// use, look at the sends still open, check the wallet before sending again, or send it again as a new one.
    private static func withheldActions(_ reason: WithheldReason) -> [RecoveryAction] {
        switch reason {
        case .recordBusy: [.retry]
        case .recordUnusable: [.contactSupport()]
        case .recordFull: [.checkPendingTransfers]
        case .earlierSendUnresolved: [.openWallet]
        case .alreadyMade: [.sendAgain]
        }
    }

    private static func withheldMessage(_ reason: WithheldReason) -> TransfersWording {
        switch reason {
        case .recordBusy: .withheldRecordBusy
        case .recordUnusable: .withheldRecordUnusable
        case .recordFull: .withheldRecordFull
        case .earlierSendUnresolved: .withheldEarlierSendUnresolved
        case .alreadyMade: .withheldAlreadyMade
        }
    }

    /// The line under the form that says what became of the money.
    static func message(for error: TransferError, in language: Language) -> String? {
        switch error {
        case .notSent, .withheld: TransfersWording.notSentLine.text(in: language)
        case .outcomeUnknown: TransfersWording.outcomeUnknownLine.text(in: language)
        default: nil
        }
    }
}
