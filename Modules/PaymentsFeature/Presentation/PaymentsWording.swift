import SharedError

/// The payments feature's words: the payment-methods screen and the wallet page.
enum PaymentsWording: String, Wording {
    case methodsTitle = "payments.title"
    case walletRow = "payments.wallet"
    case applePayRow = "payments.applePay"
    case applePayAvailable = "payments.applePay.available"
    case applePayNeedsSetup = "payments.applePay.needsSetup"
    case cardExpires = "payments.card.expires"
    case brandVisa = "payments.card.brand.visa"
    case brandMastercard = "payments.card.brand.mastercard"
    case brandAmex = "payments.card.brand.amex"
    case brandOther = "payments.card.brand.other"
    case empty = "payments.empty"
    case emptyHint = "payments.empty.hint"
    case lastContentOffline = "payments.lastContent.offline"
    case lastContentTimedOut = "payments.lastContent.timedOut"
    case walletTitle = "wallet.title"
    case walletBalance = "wallet.balance"
    case walletStatus = "wallet.status"
    case walletStatusActive = "wallet.status.active"
    case noWalletTitle = "wallet.noWallet.title"
    case noWalletMessage = "wallet.noWallet.message"
    case bannedTitle = "wallet.banned.title"
    case bannedMessage = "wallet.banned.message"
    case pendingTitle = "wallet.inReview.pending.title"
    case pendingMessage = "wallet.inReview.pending.message"
    case beingProcessedTitle = "wallet.inReview.beingProcessed.title"
    case beingProcessedMessage = "wallet.inReview.beingProcessed.message"

    static let catalog = WordingCatalog(resourceBundle: "ErrorFlow_PaymentsFeature")

    var english: String {
        switch self {
        case .methodsTitle: "Payment methods"
        case .walletRow: "Wallet"
        case .applePayRow: "Apple Pay"
        case .applePayAvailable: "available"
        case .applePayNeedsSetup: "needs setup"
        case .cardExpires: "expires %@"
        case .brandVisa: "Visa"
        case .brandMastercard: "Mastercard"
        case .brandAmex: "American Express"
        case .brandOther: "Card"
        case .empty: "No payment methods"
        case .emptyHint: "Add a card or set up Apple Pay to start paying."
        case .lastContentOffline: "Showing content from %@ — you are offline."
        case .lastContentTimedOut: "Showing content from %@ — the server did not answer in time."
        case .walletTitle: "Wallet"
        case .walletBalance: "Balance"
        case .walletStatus: "Status"
        case .walletStatusActive: "active"
        case .noWalletTitle: "You don't have a wallet yet"
        case .noWalletMessage: "Create one to pay in one tap and keep your balance in the app."
        case .bannedTitle: "Your wallet is suspended"
        case .bannedMessage: "You can't pay with it for now. Our support team can tell you why and what to do next."
        case .pendingTitle: "Your wallet is waiting for review"
        case .pendingMessage: "We'll let you know as soon as it's ready, usually within a day."
        case .beingProcessedTitle: "Your wallet is almost ready"
        case .beingProcessedMessage: "We're reviewing it right now; this takes a few minutes."
        }
    }
}
