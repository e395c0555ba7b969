import App
import AuthFeature
import Composition
import DemoBackend
import Navigation
import Networking
import PaymentsFeature
import SharedError

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
    /// The last content the run starts with, kept beside its session file.
    var lastContent: LastContentSeed?
    /// What the transfer screen sends in this scenario (the CLI's options override it).
    var transferInput = TransferInput(
        toAccount: "DE89 3704 0044 0532 0130 00", amount: "12.50", currency: "EUR", note: "rent")
    /// Whether the run ends with an error no screen explained, which Navigation presents: developer detail in DEV,
    /// the safe default in production (with the detail in the log). The catalog expects each in its environment.
    var endsUnexplained = false
    /// How many transfers the demo backend must hold at the end (transfer scenarios only).
    var expectedTransfers: Int?
    /// What each layer does on the way (in DEV), order within a layer aside; empty when no error is on the way.
    var journey: [JourneyLayer: [JourneyAction]] = [:]
    /// The layer where the journey ends.
    var stopsAt: JourneyLayer?

    var expectedExitCode: Int32 { expected.exitCode(backendUnusable: isPlayedByClient) }

    /// The journey the catalog expects in `environment`: production also logs, at Navigation, the detail of an
    /// error no screen explained.
    func expectedJourney(in environment: AppEnvironment) -> JourneyShape {
        let shape = JourneyShape(actions: journey, stopsAt: stopsAt)
        return endsUnexplained && environment == .prod ? shape.adding(.logged, to: .navigation) : shape
    }

    /// What the catalog expects the user to be shown in `environment`, where it says more than the outcome.
    func expectedAlert(in environment: AppEnvironment) -> ExpectedAlert? {
        guard endsUnexplained else { return nil }
        return environment == .dev ? .developerDetail : .safeDefault
    }

    /// How Navigation presents an error no screen explained.
    enum ExpectedAlert: String {
        /// DEV: the error's type, layer, server code and request id, so missing handling is caught early.
        case developerDetail = "developer detail"
        /// Production: "Something went wrong", the detail only in the log.
        case safeDefault = "the safe default"

        func matches(_ presented: PresentationError?) -> Bool {
            switch self {
            case .developerDetail: presented?.message?.hasPrefix("Developer detail") == true
            case .safeDefault:
                presented?.key == PresentationError.default(in: .english).key
                    && presented?.message?.hasPrefix("Developer detail") == false
            }
        }
    }

    /// The client's half of the scenario, laid over `configuration`: the simulated device, the answer to the
    /// sign-in sheet (unless a person answers), and the deadline of one call.
    @MainActor
    func apply(to configuration: inout AppConfiguration, answeringSignIn: Bool = true) {
        configuration.applePay = PassKitApplePayService(device: applePayDevice, logger: configuration.logger)
        if answeringSignIn {
            configuration.appleSignIn = AppleSignInFacade(
                userAgent: .scripted(signInAnswer), logger: configuration.logger)
        }
        configuration.chain.timeout = requestTimeout
    }
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
                expected: .content, journey: [.networking: [.mapped], .data: [.mapped], .domain: [.omitted]],
                stopsAt: .domain)
        case .walletBanned:
            ScenarioPlan(
                summary: "/v1/wallet answers 403: wallet left out, logged as error, no alert", screen: .payments,
                expected: .content, journey: [.networking: [.mapped], .data: [.mapped], .domain: [.omitted]],
                stopsAt: .domain)
        case .walletInReview:
            ScenarioPlan(
                summary: "the wallet is in review (pending): left out, no alert", screen: .payments, expected: .content,
                journey: [.data: [.mapped], .domain: [.omitted]], stopsAt: .domain)
        case .cardsServiceDown:
            ScenarioPlan(
                summary: "cards answer 200 with envelope SERVICE_DOWN: no cards, no alert", screen: .payments,
                expected: .content, journey: [.networking: [.mapped], .data: [.mapped], .domain: [.omitted]],
                stopsAt: .domain)
        case .cardsPartlyInvalid:
            ScenarioPlan(
                summary:
                    "expiryMonth 13, a card without last4, brand \"diners\": bad cards dropped, \"other\" kept, reports sent",
                screen: .payments, expected: .content, journey: [.networking: [.reported, .reported, .reported]],
                stopsAt: .networking)
        case .applePayNeedsSetup:
            ScenarioPlan(
                summary: "PassKit stand-in can pay but has no card: Apple Pay needs setup", screen: .payments,
                expected: .content, applePayDevice: .noCardSetUp)
        case .applePayUnavailable:
            ScenarioPlan(
                summary: "PassKit stand-in cannot make payments: no Apple Pay", screen: .payments, expected: .content,
                applePayDevice: .cannotMakePayments, journey: [.vendor: [.mapped], .domain: [.omitted]],
                stopsAt: .domain)
        case .noPaymentMethods:
            ScenarioPlan(
                summary: "no wallet, cards locked, no Apple Pay: empty, no alert", screen: .payments, expected: .empty,
                applePayDevice: .cannotMakePayments,
                journey: [
                    .networking: [.mapped, .mapped], .vendor: [.mapped], .data: [.mapped, .mapped],
                    .domain: [.mapped, .omitted, .omitted, .omitted], .presentation: [.mapped],
                ], stopsAt: .presentation)
        case .paymentsUnexpected:
            ScenarioPlan(
                summary:
                    "wallet 500, cards SERVICE_DOWN, no Apple Pay: UnknownBusinessError, unexplained (detail in dev, the default in prod)",
                screen: .payments, expected: .presented, applePayDevice: .cannotMakePayments, endsUnexplained: true,
                journey: [
                    .networking: [.mapped, .mapped, .mapped, .mapped, .retried, .retried], .vendor: [.mapped],
                    .data: [.mapped, .mapped], .domain: [.mapped, .omitted, .omitted, .omitted],
                    .presentation: [.forwarded], .navigation: [.presented],
                ], stopsAt: .navigation)
        case .offline:
            ScenarioPlan(
                summary: "the backend cannot be reached: the shared network-unavailable alert", screen: .payments,
                expected: .presented, isPlayedByClient: true,
                journey: [
                    .networking: [.mapped, .mapped], .data: [.mapped, .mapped], .domain: [.forwarded],
                    .presentation: [.forwarded], .navigation: [.presented],
                ], stopsAt: .navigation)
        case .serverFlaky:
            ScenarioPlan(
                summary: "cards answer 503 twice (Retry-After 0), then ok: two retries", screen: .payments,
                expected: .content, journey: [.networking: [.mapped, .mapped, .retried, .retried]], stopsAt: .networking
            )
        case .rateLimited:
            ScenarioPlan(
                summary: "/v1/wallet answers 429 with Retry-After 1, then ok: one wait of 1 s", screen: .payments,
                expected: .content, journey: [.networking: [.mapped, .retried]], stopsAt: .networking)
        case .slowBackend:
            ScenarioPlan(
                summary: "/v1/wallet is slower than the 0.8 s deadline: a timeout alert", screen: .payments,
                expected: .presented, requestTimeout: .milliseconds(800),
                journey: [
                    .networking: [.mapped], .data: [.mapped], .domain: [.forwarded], .presentation: [.forwarded],
                    .navigation: [.presented],
                ], stopsAt: .navigation)
        case .tokenExpired:
            ScenarioPlan(
                summary: "the access token has expired: one refresh for both waiting calls, each replayed",
                screen: .payments, expected: .content,
                journey: [.networking: [.mapped, .mapped, .recovered, .retried, .retried]], stopsAt: .networking)
        case .sessionRevoked:
            ScenarioPlan(
                summary: "the refresh answers invalid_grant: routed to sign-in, session file cleared",
                screen: .payments,
                expected: .routed,
                journey: [
                    .networking: [.mapped, .mapped, .mapped, .mapped, .mapped, .mapped], .data: [.mapped, .mapped],
                    .domain: [.forwarded], .presentation: [.forwarded], .navigation: [.routed],
                ], stopsAt: .navigation)
        case .walletPageHappy:
            ScenarioPlan(summary: "the wallet page shows the balance", screen: .wallet, expected: .content)
        case .walletPageNoWallet:
            ScenarioPlan(
                summary: "/v1/wallet answers 404: \"You don't have a wallet yet\", inline, with a way forward",
                screen: .wallet, expected: .presented,
                journey: [.networking: [.mapped], .data: [.mapped], .domain: [.mapped], .presentation: [.presented]],
                stopsAt: .presentation)
        case .walletPageUnavailable:
            ScenarioPlan(
                summary: "/v1/wallet answers 500 (retried): unexplained (detail in dev, the default in prod)",
                screen: .wallet, expected: .presented, endsUnexplained: true,
                journey: [
                    .networking: [.mapped, .mapped, .mapped, .retried, .retried], .data: [.mapped], .domain: [.mapped],
                    .presentation: [.forwarded], .navigation: [.presented],
                ], stopsAt: .navigation)
        case .offlineLastContent:
            ScenarioPlan(
                summary: "the backend cannot be reached; the wallet loaded 25 minutes ago is shown with its age",
                screen: .wallet, expected: .lastContent, isPlayedByClient: true, lastContent: .sameUser(minutesAgo: 25),
                journey: [.networking: [.mapped], .data: [.mapped, .recovered]], stopsAt: .data)
        case .offlineNothingCached:
            ScenarioPlan(
                summary: "the backend cannot be reached and no wallet was kept: the network-unavailable alert",
                screen: .wallet, expected: .presented, isPlayedByClient: true,
                journey: [
                    .networking: [.mapped], .data: [.mapped], .domain: [.forwarded], .presentation: [.forwarded],
                    .navigation: [.presented],
                ], stopsAt: .navigation)
        case .offlineCacheExpired:
            ScenarioPlan(
                summary: "the backend cannot be reached; the wallet kept is 25 hours old, past its day: the alert",
                screen: .wallet, expected: .presented, isPlayedByClient: true, lastContent: .expired,
                journey: [
                    .networking: [.mapped], .data: [.mapped], .domain: [.forwarded], .presentation: [.forwarded],
                    .navigation: [.presented],
                ], stopsAt: .navigation)
        case .offlineCacheOtherUser:
            ScenarioPlan(
                summary: "the backend cannot be reached; the wallet kept is another user's, never shown: the alert",
                screen: .wallet, expected: .presented, isPlayedByClient: true, lastContent: .otherUser,
                journey: [
                    .networking: [.mapped], .data: [.mapped], .domain: [.forwarded], .presentation: [.forwarded],
                    .navigation: [.presented],
                ], stopsAt: .navigation)
        case .signinApprove:
            ScenarioPlan(
                summary: "the user approves, the backend issues tokens: signed in, session saved 0600", screen: .signin,
                expected: .content, startsSignedIn: false)
        case .signinCancel:
            ScenarioPlan(
                summary: "the user cancels in the SDK: ignored, back to idle, no alert", screen: .signin,
                expected: .ignored, signInAnswer: .cancel, startsSignedIn: false,
                journey: [.vendor: [.mapped], .presentation: [.ignored]], stopsAt: .presentation)
        case .signinFailed:
            ScenarioPlan(
                summary: "the SDK fails: \"Sign in failed\" as an indicator", screen: .signin, expected: .presented,
                signInAnswer: .fail, startsSignedIn: false, journey: [.vendor: [.mapped], .presentation: [.presented]],
                stopsAt: .presentation)
        case .signinUnknown:
            ScenarioPlan(
                summary: "the SDK fails for an unknown reason: \"Something went wrong\" / \"with an unknown reason\"",
                screen: .signin, expected: .presented, signInAnswer: .unknown, startsSignedIn: false,
                journey: [.vendor: [.mapped], .presentation: [.presented]], stopsAt: .presentation)
        case .signinBanned:
            ScenarioPlan(
                summary: "the backend answers 403 account_banned: an explained, specific alert", screen: .signin,
                expected: .presented, startsSignedIn: false,
                journey: [.networking: [.mapped], .data: [.mapped], .presentation: [.presented]], stopsAt: .presentation
            )
        case .profileHappy:
            ScenarioPlan(summary: "a full user", screen: .profile, expected: .content)
        case .profileMissingFields:
            ScenarioPlan(
                summary: "no name, no email, id as a number: defaults shown, reports for name and email",
                screen: .profile, expected: .content, journey: [.networking: [.reported, .reported]],
                stopsAt: .networking)
        case .profileInvalidAvatar:
            ScenarioPlan(
                summary: "avatarURL \"not a url\": no avatar, one report", screen: .profile, expected: .content,
                journey: [.networking: [.reported]], stopsAt: .networking)
        case .profileBroken:
            ScenarioPlan(
                summary: "a user without id: \"Your profile could not be loaded\" (required field)", screen: .profile,
                expected: .presented,
                journey: [.networking: [.reported], .data: [.mapped], .presentation: [.presented]],
                stopsAt: .presentation)
        case .profileUnavailable:
            ScenarioPlan(
                summary: "/v1/me answers 500 (retried): unexplained (detail in dev, the default in prod)",
                screen: .profile, expected: .presented, endsUnexplained: true,
                journey: [
                    .networking: [.mapped, .mapped, .mapped, .retried, .retried], .data: [.mapped],
                    .presentation: [.forwarded], .navigation: [.presented],
                ], stopsAt: .navigation)
        case .transferHappy:
            ScenarioPlan(
                summary: "12.50 EUR to an account: 201, the receipt", screen: .transfer, expected: .content,
                expectedTransfers: 1)
        case .transferInvalidInput:
            ScenarioPlan(
                summary: "no account, amount -3: the form's own check; nothing is sent", screen: .transfer,
                expected: .presented,
                transferInput: TransferInput(toAccount: " ", amount: "-3", currency: "EUR", note: ""),
                expectedTransfers: 0, journey: [.domain: [.mapped], .presentation: [.presented]], stopsAt: .presentation
            )
        case .transferInvalidFields:
            ScenarioPlan(
                summary:
                    "422 validation_failed: amount too_large, toAccount invalid, note flagged (a code new to the app)",
                screen: .transfer, expected: .presented, expectedTransfers: 0,
                journey: [.networking: [.mapped], .data: [.mapped], .domain: [.mapped], .presentation: [.presented]],
                stopsAt: .presentation)
        case .transferInsufficientFunds:
            ScenarioPlan(
                summary: "402 insufficient_funds: an explained alert", screen: .transfer, expected: .presented,
                expectedTransfers: 0,
                journey: [.networking: [.mapped], .data: [.mapped], .domain: [.mapped], .presentation: [.presented]],
                stopsAt: .presentation)
        case .transferTimeoutReplayed:
            ScenarioPlan(
                summary:
                    "the backend makes the transfer, then drops the connection; the retry, same key, gets the original",
                screen: .transfer, expected: .content, expectedTransfers: 1,
                journey: [.networking: [.mapped, .retried], .data: [.recovered]], stopsAt: .data)
        case .transferKeyReused:
            ScenarioPlan(
                summary: "409 idempotency_key_reused: a defect, unexplained (detail in dev, the default in prod)",
                screen: .transfer, expected: .presented, endsUnexplained: true, expectedTransfers: 0,
                journey: [
                    .networking: [.mapped], .data: [.mapped], .domain: [.mapped], .presentation: [.forwarded],
                    .navigation: [.presented],
                ], stopsAt: .navigation)
        case .transferPending:
            ScenarioPlan(
                summary: "201 pending: the receipt says it is on its way", screen: .transfer, expected: .content,
                expectedTransfers: 1)
        case .transferOffline:
            ScenarioPlan(
                summary: "no connection: \"You're offline\", nothing was sent", screen: .transfer, expected: .presented,
                isPlayedByClient: true, expectedTransfers: 0,
                journey: [.networking: [.mapped], .data: [.mapped], .domain: [.mapped], .presentation: [.presented]],
                stopsAt: .presentation)
        case .transferSessionEnds:
            ScenarioPlan(
                summary: "the session ends mid-transfer (invalid_grant): routed to sign-in, the form kept",
                screen: .transfer, expected: .routed, expectedTransfers: 0,
                journey: [
                    .networking: [.mapped, .mapped, .mapped, .mapped], .data: [.mapped], .domain: [.forwarded],
                    .presentation: [.forwarded], .navigation: [.routed],
                ], stopsAt: .navigation)
        // new-feature: plans
        }
    }

    /// The scenarios a screen plays, in catalog order.
    static func scenarios(for screen: Screen) -> [DemoScenario] {
        allCases.filter { $0.plan.screen == screen }
    }

    /// The scenario each screen command plays when none is given: the screen's first.
    static func defaultScenario(for screen: Screen) -> DemoScenario {
        scenarios(for: screen).first ?? .paymentsHappy
    }
}

/// The last content a scenario's run starts with.
enum LastContentSeed: Hashable, Sendable {
    /// The signed-in user's wallet, saved `minutesAgo` minutes before the run.
    case sameUser(minutesAgo: Int)
    /// The signed-in user's wallet, saved a day and an hour before the run: expired.
    case expired
    /// Another user's wallet, saved 10 minutes before the run.
    case otherUser

    /// The wallet kept: not the one the backend would send, so the screen shows which it is.
    static let wallet = #"{"balance":{"amount":9.75,"currency":"EUR"},"id":"w-1","status":"active"}"#

    /// How long before the run it was saved.
    var age: Duration {
        switch self {
        case .sameUser(let minutes): .seconds(minutes * 60)
        case .expired: .seconds(25 * 60 * 60)
        case .otherUser: .seconds(10 * 60)
        }
    }
}
