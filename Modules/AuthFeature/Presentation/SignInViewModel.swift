public import Domain
public import Logging
public import Navigation
import SharedError

/// The sign-in screen's presentation logic: a cancelled sign-in is ignored (no alert, back to idle), the sheet's
/// failures are a short indicator, and the account's problems get their own words.
/// ``ScreenPresenter`` decides the rest.
@MainActor
public final class SignInViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "signin"

    /// What the screen shows.
    public private(set) var state = SignInState()

    private let service: any SignInService
    private let presenter: ScreenPresenter

    /// Makes the view model; errors it does not present itself go to `router`.
    public init(service: any SignInService, router: any ErrorRouting, logger: Logger) {
        self.service = service
        self.presenter = ScreenPresenter(screen: Self.screen, router: router, logger: logger, origin: .data)
    }

    /// Signs in, from a clean screen.
    public func signIn() async {
        state = SignInState()
        state.phase = .signingIn
        state.error = await presenter.run(service.signIn) { user in
            state.phase = .signedIn(name: user.name)
            state.message = "Signed in as \(user.name)"
        } ownWords: {
            Self.presentation(for: $0).map(ScreenReaction.present)
        }
        if state.phase == .signingIn { state.phase = .idle }
    }

    /// The words for each error the screen shows itself.
    static func presentation(for error: SignInError) -> PresentationError? {
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
        case .canceled, .appWide, .unavailable:
            nil
        }
    }
}
