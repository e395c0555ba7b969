public import Domain
public import Logging
public import Navigation
import SharedError

/// The sign-in screen's presentation logic, after "Wrapping": a cancelled sign-in is ignored (no alert, back to
/// idle), the sheet's failures are a short indicator, and the account's problems get their own words.
///
/// Every attempt starts from a clean screen and takes back the alert and route it caused before. Errors are
/// decided by their category (``ErrorPolicy``): ignorable ones (cancelled) show nothing, an unexplained one
/// (`unavailable`) goes to Navigation for the safe default (developer detail in DEV).
@MainActor
public final class SignInViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "signin"

    public private(set) var state = SignInState()

    private let service: any SignInService
    private let router: any ErrorRouting
    private let logger: Logger

    public init(service: any SignInService, router: any ErrorRouting, logger: Logger) {
        self.service = service
        self.router = router
        self.logger = logger
    }

    public func signIn() async {
        state = SignInState()
        state.phase = .signingIn
        router.withdraw(for: Self.screen)

        do throws(SignInError) {
            let user = try await service.signIn()
            state.phase = .signedIn(name: user.name)
            state.message = "Signed in as \(user.name)"
        } catch {
            state.phase = .idle
            handle(error)
        }
    }

    private func handle(_ error: SignInError) {
        switch ErrorPolicy.reaction(to: error.category) {
        case .ignore:
            record(.ignored, error, to: nil)
        case .presentDefault:
            router.forward(error, for: error, screen: Self.screen, module: "AuthFeature", origin: .data, logger: logger)
        case .recover, .handleOrForward:
            switch error {
            case .shared(let shared):
                router.forward(
                    shared, for: error, screen: Self.screen, module: "AuthFeature", origin: .data, logger: logger)
            case .failed, .unknown, .identityRejected, .banned:
                let presented = Self.presentation(for: error)
                state.error = presented
                record(.presented, error, to: "\(presented.presentation.rawValue): \(presented.title)")
            case .canceled, .unavailable:
                router.forward(
                    error, for: error, screen: Self.screen, module: "AuthFeature", origin: .data, logger: logger)
            }
        }
    }

    static func presentation(for error: SignInError) -> PresentationError {
        switch error {
        case .failed:
            PresentationError(title: "Sign in failed", presentation: .indicator, iconName: "xmark.circle")
        case .unknown:
            PresentationError(
                title: "Something went wrong", message: "with an unknown reason", presentation: .indicator,
                iconName: "questionmark.circle")
        case .identityRejected:
            PresentationError(
                title: "Apple couldn't confirm it's you", message: "Please try signing in again.", presentation: .alert)
        case .banned:
            PresentationError(
                title: "This account can't sign in",
                message: "Your account has been suspended. Contact support to find out why and what you can do.",
                presentation: .alert, iconName: "lock")
        case .canceled, .shared, .unavailable:
            .default
        }
    }

    private func record(_ action: JourneyAction, _ error: SignInError, to target: String?) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: "AuthFeature", action: action, from: error.journeyName, to: target,
                category: error.category, origin: .data),
            level: error == .canceled ? .info : .warning
        )
    }
}
