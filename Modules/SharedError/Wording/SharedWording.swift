/// SharedError's words: the alerts every screen may end with, and the labels of the recovery actions.
enum SharedWording: String, Wording {
    case defaultTitle = "error.default.title"
    case defaultMessage = "error.default.message"
    case defectMessage = "error.defect.message"
    case offlineTitle = "condition.offline.title"
    case offlineMessage = "condition.offline.message"
    case timedOutTitle = "condition.timedOut.title"
    case timedOutMessage = "condition.timedOut.message"
    case sessionExpiredTitle = "condition.sessionExpired.title"
    case sessionExpiredMessage = "condition.sessionExpired.message"
    case actionRetry = "action.retry"
    case actionRetryAfterOne = "action.retryAfter.one"
    case actionRetryAfterOther = "action.retryAfter.other"
    case actionSignIn = "action.signIn"
    case actionCreateWallet = "action.createWallet"
    case actionCheckConnection = "action.checkConnection"
    case actionContactSupport = "action.contactSupport"
    case actionCopyRequestID = "action.copyRequestID"
    case actionSendLess = "action.sendLess"
    case actionOpenWallet = "action.openWallet"
    case actionCheckTransferID = "action.checkTransferID"
    case actionFixFields = "action.fixFields"
    case actionCheckLater = "action.checkLater"
    case actionSendAgain = "action.sendAgain"
    case actionCheckPendingTransfers = "action.checkPendingTransfers"
    case reference = "error.reference"
    case routedToSignIn = "navigation.routedToSignIn"

    static let catalog = WordingCatalog(resourceBundle: "ErrorFlow_SharedError")

    var english: String {
        switch self {
        case .defaultTitle: "Something went wrong"
        case .defaultMessage: "Please try again later."
        case .defectMessage: "Trying again won't help. Contact support and quote the reference."
        case .offlineTitle: "Network unavailable"
        case .offlineMessage:
            "It seems that your device cannot reach our servers right now. Check your internet connection and try again."
        case .timedOutTitle: "The server is taking too long"
        case .timedOutMessage: "Our servers did not answer in time. Please try again in a moment."
        case .sessionExpiredTitle: "Your session has ended"
        case .sessionExpiredMessage: "For your security, you have been signed out. Sign in again to continue."
        case .actionRetry: "Try again"
        case .actionRetryAfterOne: "Try again in %d second"
        case .actionRetryAfterOther: "Try again in %d seconds"
        case .actionSignIn: "Sign in"
        case .actionCreateWallet: "Create a wallet"
        case .actionCheckConnection: "Check your connection"
        case .actionContactSupport: "Contact support"
        case .actionCopyRequestID: "Copy the request id %@"
        case .actionSendLess: "Send less"
        case .actionOpenWallet: "Open the wallet"
        case .actionCheckTransferID: "Check the transfer id"
        case .actionFixFields: "Correct the marked fields"
        case .actionCheckLater: "Check again later"
        case .actionSendAgain: "Send it as a new transfer"
        case .actionCheckPendingTransfers: "See the transfers still open"
        case .reference: "Reference %@"
        case .routedToSignIn: "Routed to sign-in"
        }
    }
}

/// The few words of SharedError that other modules show as they are.
public enum SharedText {
    /// The line a screen shows when Navigation sent the user to sign-in: "Routed to sign-in".
    public static func routedToSignIn(in language: Language) -> String {
        SharedWording.routedToSignIn.text(in: language)
    }
}
