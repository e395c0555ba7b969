import AuthFeature
import DemoBackend
import PaymentsFeature

/// The client's half of a scenario: which screen shows it, what the simulated devices do, and what the catalog
/// expects to happen. The demo backend plays the server's half.
struct ScenarioPlan: Sendable {
    /// What happens, as the catalog says it.
    var summary: String
    var screen: Screen
    var expected: Outcome
    var applePayDevice: SimulatedApplePayDevice = .ready
    var signInAnswer: SignInAnswer = .approve
    /// How long the client allows for one call.
    var requestTimeout: Duration = .seconds(10)
    /// Whether the scenario starts signed in (from a seed session written to the run's session file).
    var startsSignedIn = true
    /// Whether the client plays it alone: `offline` points at a closed port.
    var isPlayedByClient = false

    var expectedExitCode: Int32 { expected.exitCode(backendUnreachable: isPlayedByClient) }
}

extension DemoScenario {
    /// The client side of each scenario of the catalog.
    var plan: ScenarioPlan {
        switch self {
        case .paymentsHappy:
            ScenarioPlan(summary: "wallet, two cards, Apple Pay available", screen: .payments, expected: .content)
        case .walletMissing:
            ScenarioPlan(
                summary: "/v1/wallet answers 404: no wallet, logged at info, no alert", screen: .payments,
                expected: .content)
        case .walletBanned:
            ScenarioPlan(
                summary: "/v1/wallet answers 403: wallet left out, logged as error, no alert", screen: .payments,
                expected: .content)
        case .walletInReview:
            ScenarioPlan(
                summary: "the wallet is in review (pending): left out, no alert", screen: .payments, expected: .content)
        case .cardsServiceDown:
            ScenarioPlan(
                summary: "cards answer 200 with envelope SERVICE_DOWN: no cards, no alert", screen: .payments,
                expected: .content)
        case .cardsPartlyInvalid:
            ScenarioPlan(
                summary:
                    "expiryMonth 13, a card without last4, brand \"diners\": bad cards dropped, \"other\" kept, reports sent",
                screen: .payments, expected: .content)
        case .applePayNeedsSetup:
            ScenarioPlan(
                summary: "PassKit stand-in can pay but has no card: Apple Pay needs setup", screen: .payments,
                expected: .content, applePayDevice: .noCardSetUp)
        case .applePayUnavailable:
            ScenarioPlan(
                summary: "PassKit stand-in cannot make payments: no Apple Pay", screen: .payments, expected: .content,
                applePayDevice: .cannotMakePayments)
        case .noPaymentMethods:
            ScenarioPlan(
                summary: "no wallet, cards locked, no Apple Pay: empty, no alert", screen: .payments, expected: .empty,
                applePayDevice: .cannotMakePayments)
        case .paymentsUnexpected:
            ScenarioPlan(
                summary: "wallet 500, cards SERVICE_DOWN, no Apple Pay: UnknownBusinessError, \"Something went wrong\"",
                screen: .payments, expected: .presented, applePayDevice: .cannotMakePayments)
        case .offline:
            ScenarioPlan(
                summary: "the backend cannot be reached: the shared network-unavailable alert", screen: .payments,
                expected: .presented, isPlayedByClient: true)
        case .serverFlaky:
            ScenarioPlan(
                summary: "cards answer 503 twice (Retry-After 0), then ok: two retries", screen: .payments,
                expected: .content)
        case .rateLimited:
            ScenarioPlan(
                summary: "/v1/wallet answers 429 with Retry-After 1, then ok: one wait of 1 s", screen: .payments,
                expected: .content)
        case .slowBackend:
            ScenarioPlan(
                summary: "/v1/wallet is slower than the 0.8 s deadline: a timeout alert", screen: .payments,
                expected: .presented, requestTimeout: .milliseconds(800))
        case .tokenExpired:
            ScenarioPlan(
                summary: "the access token has expired: one refresh, one replay", screen: .payments, expected: .content)
        case .sessionRevoked:
            ScenarioPlan(
                summary: "the refresh answers invalid_grant: routed to sign-in, session file cleared",
                screen: .payments,
                expected: .routed)
        case .walletPageHappy:
            ScenarioPlan(summary: "the wallet page shows the balance", screen: .wallet, expected: .content)
        case .walletPageNoWallet:
            ScenarioPlan(
                summary: "/v1/wallet answers 404: \"You don't have a wallet yet\", inline, with a way forward",
                screen: .wallet, expected: .presented)
        case .signinApprove:
            ScenarioPlan(
                summary: "the user approves, the backend issues tokens: signed in, session saved 0600", screen: .signin,
                expected: .content, startsSignedIn: false)
        case .signinCancel:
            ScenarioPlan(
                summary: "the user cancels in the SDK: ignored, back to idle, no alert", screen: .signin,
                expected: .ignored, signInAnswer: .cancel, startsSignedIn: false)
        case .signinFailed:
            ScenarioPlan(
                summary: "the SDK fails: \"Sign in failed\" as an indicator", screen: .signin, expected: .presented,
                signInAnswer: .fail, startsSignedIn: false)
        case .signinUnknown:
            ScenarioPlan(
                summary: "the SDK fails for an unknown reason: \"Something went wrong\" / \"with an unknown reason\"",
                screen: .signin, expected: .presented, signInAnswer: .unknown, startsSignedIn: false)
        case .signinBanned:
            ScenarioPlan(
                summary: "the backend answers 403 account_banned: an explained, specific alert", screen: .signin,
                expected: .presented, startsSignedIn: false)
        case .profileHappy:
            ScenarioPlan(summary: "a full user", screen: .profile, expected: .content)
        case .profileMissingFields:
            ScenarioPlan(
                summary: "no name, no email, id as a number: defaults shown, reports for name and email",
                screen: .profile, expected: .content)
        case .profileInvalidAvatar:
            ScenarioPlan(
                summary: "avatarURL \"not a url\": no avatar, one report", screen: .profile, expected: .content)
        case .profileBroken:
            ScenarioPlan(
                summary: "a user without id: \"Your profile could not be loaded\" (required field)", screen: .profile,
                expected: .presented)
        }
    }

    /// The scenario each screen command plays when none is given.
    static func defaultScenario(for screen: Screen) -> DemoScenario {
        switch screen {
        case .payments: .paymentsHappy
        case .wallet: .walletPageHappy
        case .signin: .signinApprove
        case .profile: .profileHappy
        }
    }
}
