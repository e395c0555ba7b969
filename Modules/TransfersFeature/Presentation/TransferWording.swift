import Domain
import SharedError

/// The transfer screen's words: the backend's codes and the app's own checks, said the app's way.
enum TransferWording {
    /// What to fix in one field; a code the app does not know gets the field's default.
    static func message(for problem: FieldProblem) -> String {
        switch (problem.field, problem.code) {
        case (.toAccount, .required): "Enter the account to send to."
        case (.toAccount, .invalid): "This isn't an account we can send to."
        case (.amount, .required): "Enter an amount."
        case (.amount, .invalid): "Use digits, with up to two decimals (12.50)."
        case (.amount, .notPositive): "Enter an amount above zero."
        case (.amount, .tooLarge): "That's more than you can send at once."
        case (.currency, .required), (.currency, .invalid): "Use a three-letter code such as EUR."
        case (.note, .tooLarge): "Keep the note under \(TransferDraft.noteLimit) characters."
        case (.toAccount, _): "Check the account."
        case (.amount, _): "Check the amount."
        case (.currency, _): "Check the currency."
        case (.note, _): "Check the note."
        case (.form, _): "Check the transfer."
        }
    }

    /// The form's words for an error it shows itself; `nil` for the ones it does not own.
    static func presentation(for error: TransferError) -> PresentationError? {
        switch error {
        case .insufficientFunds:
            PresentationError(
                title: "Not enough money in your wallet", message: "Add money to your wallet, or send less.",
                presentation: .alert, iconName: "banknote")
        case .walletBanned:
            PresentationError(
                title: "Your wallet is suspended", message: "You can't send money from it for now. Contact support.",
                presentation: .alert, iconName: "lock")
        case .noWallet:
            PresentationError(
                title: "You don't have a wallet yet", message: "Create a wallet to send money.", presentation: .alert,
                iconName: "wallet.pass")
        case .notFound:
            PresentationError(title: "No transfer with that id", presentation: .inline)
        case .outcomeUnknown:
            PresentationError(
                title: "We couldn't confirm your transfer",
                message: "It may have gone through. Sending it again is safe: it goes through at most once.",
                presentation: .alert, iconName: "questionmark.circle")
        case .notSent:
            PresentationError(
                title: "You're offline", message: "Nothing was sent. Send it again when you're back online.",
                presentation: .indicator, iconName: "wifi.slash")
        case .invalid, .appWide, .unknown, .cancelled:
            nil
        }
    }

    /// The line under the form that says what became of the money.
    static func message(for error: TransferError) -> String? {
        switch error {
        case .notSent: "Nothing was sent."
        case .outcomeUnknown: "Sent at most once: the same send reuses its key."
        default: nil
        }
    }
}
