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
        let language = presenter.language
        state.error = await presenter.run(service.signIn) { user in
            state.phase = .signedIn(name: user.name)
            state.message = AuthWording.signedInAs.text(in: language, user.name)
        } ownWords: {
            Self.presentation(for: $0, in: language).map(ScreenReaction.present)
        }
        if state.phase == .signingIn { state.phase = .idle }
    }

    /// The words for each error the screen shows itself, and what the user can do.
    static func presentation(for error: SignInError, in language: Language) -> PresentationError? {
        switch error {
        case .failed:
            PresentationError(
                AuthWording.failedTitle, in: language, presentation: .indicator, iconName: "xmark.circle",
                actions: [.retry])
        case .unknown:
            PresentationError(
                AuthWording.unknownTitle, message: .unknownMessage, in: language, presentation: .indicator,
                iconName: "questionmark.circle", actions: [.retry])
        case .identityRejected:
            PresentationError(
                AuthWording.identityRejectedTitle, message: .identityRejectedMessage, in: language, actions: [.retry])
        case .banned:
            PresentationError(
                AuthWording.bannedTitle, message: .bannedMessage, in: language, iconName: "lock",
                actions: [.contactSupport()])
        case .cancelled, .appWide, .unavailable:
            nil
        }
    }
}
