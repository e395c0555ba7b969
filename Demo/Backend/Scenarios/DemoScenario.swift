/// Every scenario the demo backend can play, by its catalog name.
///
/// The backend plays the server side of each one; the app plays the client side (the simulated devices, the
/// answer to the sign-in sheet, a closed port for `offline` and the `offline-…` scenarios, the last content kept).
public enum DemoScenario: String, Hashable, Sendable, CaseIterable {
    case paymentsHappy = "payments-happy"
    case walletMissing = "wallet-missing"
    case walletBanned = "wallet-banned"
    case walletInReview = "wallet-in-review"
    case cardsServiceDown = "cards-service-down"
    case cardsPartlyInvalid = "cards-partly-invalid"
    case applePayNeedsSetup = "apple-pay-needs-setup"
    case applePayUnavailable = "apple-pay-unavailable"
    case noPaymentMethods = "no-payment-methods"
    case paymentsUnexpected = "payments-unexpected"
    case offline
    case serverFlaky = "server-flaky"
    case rateLimited = "rate-limited"
    case slowBackend = "slow-backend"
    case tokenExpired = "token-expired"
    case sessionRevoked = "session-revoked"
    case walletPageHappy = "wallet-page-happy"
    case walletPageNoWallet = "wallet-page-no-wallet"
    case walletPageUnavailable = "wallet-page-unavailable"
    case offlineLastContent = "offline-last-content"
    case offlineNothingCached = "offline-nothing-cached"
    case offlineCacheExpired = "offline-cache-expired"
    case offlineCacheOtherUser = "offline-cache-other-user"
    case signinApprove = "signin-approve"
    case signinCancel = "signin-cancel"
    case signinFailed = "signin-failed"
    case signinUnknown = "signin-unknown"
    case signinBanned = "signin-banned"
    case profileHappy = "profile-happy"
    case profileMissingFields = "profile-missing-fields"
    case profileInvalidAvatar = "profile-invalid-avatar"
    case profileBroken = "profile-broken"
    case profileUnavailable = "profile-unavailable"
    case transferHappy = "transfer-happy"
    case transferInvalidInput = "transfer-invalid-input"
    case transferInvalidFields = "transfer-invalid-fields"
    case transferInsufficientFunds = "transfer-insufficient-funds"
    case transferTimeoutReplayed = "transfer-timeout-replayed"
    case transferKeyReused = "transfer-key-reused"
    case transferPending = "transfer-pending"
    case transferOffline = "transfer-offline"
    case transferSessionEnds = "transfer-session-ends"
    // new-feature: scenarios

    /// How long the slow backend takes to answer `/v1/wallet`; the client's deadline is shorter.
    public static let slowAnswerDelay: Duration = .seconds(5)
}

/// The session a scenario starts from: the backend accepts these tokens from its start.
public struct SeedSession: Hashable, Sendable, CustomStringConvertible {
    /// The access token the backend accepts from its start.
    public var accessToken: String
    /// The refresh token the backend accepts from its start.
    public var refreshToken: String
    /// The id of the user the session belongs to.
    public var userID: String
    /// The name of the user the session belongs to.
    public var userName: String

    /// A seed with these tokens, for the demo user unless told otherwise.
    public init(accessToken: String, refreshToken: String, userID: String = "u-1", userName: String = "Ada Lovelace") {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.userID = userID
        self.userName = userName
    }

    /// A seed with fresh random tokens, for an embedded backend that lives for one run.
    public static func random() -> SeedSession {
        SeedSession(accessToken: TokenMint.make("at"), refreshToken: TokenMint.make("rt"))
    }

    /// The user, never the tokens.
    public var description: String { "SeedSession(user: \(userID), tokens: [redacted])" }
}

/// Random opaque tokens.
enum TokenMint {
    static func make(_ prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let parts = (0..<2).map { _ in String(generator.next() as UInt64, radix: 36) }
        return "\(prefix)-\(parts.joined())"
    }
}

/// Who the demo backend says the signed-in user is.
public struct DemoUser: Hashable, Sendable, CustomStringConvertible {
    /// The name `/v1/me` and sign-in answer with.
    public var name: String
    /// The email `/v1/me` answers with.
    public var email: String

    /// A user with this name and email.
    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// The demo's user, Ada Lovelace.
    public static let ada = DemoUser(name: "Ada Lovelace", email: "ada@example.com")

    /// A placeholder: the user's name and email are personal and stay out of logs.
    public var description: String { "DemoUser([redacted])" }
}
