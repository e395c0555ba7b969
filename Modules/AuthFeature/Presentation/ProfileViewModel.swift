public import Domain
import Foundation
public import Logging
public import Navigation
import SharedError

/// The profile screen's presentation logic: defaults from the decoder are shown as they are, a profile without
/// its id cannot be shown, app-wide errors go to Navigation.
///
/// Every load starts from a clean screen and takes back the alert and route it caused before. Errors are decided
/// by their category (``ErrorPolicy``): a cancelled load shows nothing, an unexplained one (`unavailable`) goes to
/// Navigation for the safe default (developer detail in DEV).
@MainActor
public final class ProfileViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "profile"

    public private(set) var state = ProfileState()

    private let repository: any ProfileRepository
    private let router: any ErrorRouting
    private let logger: Logger

    public init(repository: any ProfileRepository, router: any ErrorRouting, logger: Logger) {
        self.repository = repository
        self.router = router
        self.logger = logger
    }

    public func load() async {
        state = ProfileState()
        state.isLoading = true
        router.withdraw(for: Self.screen)
        defer { state.isLoading = false }

        do throws(ProfileRepositoryError) {
            let profile = try await repository.fetchProfile()
            state.name = profile.name
            state.email = profile.email
            state.avatarURL = profile.avatarURL?.absoluteString
        } catch {
            handle(error)
        }
    }

    private func handle(_ error: ProfileRepositoryError) {
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
            case .sessionExpired:
                router.forward(
                    SessionExpiredError(), for: error, screen: Self.screen, module: "AuthFeature", origin: .data,
                    logger: logger)
            case .malformed:
                let presented = PresentationError(
                    title: "Your profile could not be loaded",
                    message: "Some of its required details are missing. We've told our team; please try again later.",
                    presentation: .inline, iconName: "person.crop.circle.badge.exclamationmark")
                state.error = presented
                record(.presented, error, to: "inline: \(presented.title)")
            case .unavailable, .cancelled:
                router.forward(
                    error, for: error, screen: Self.screen, module: "AuthFeature", origin: .data, logger: logger)
            }
        }
    }

    private func record(_ action: JourneyAction, _ error: ProfileRepositoryError, to target: String?) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: "AuthFeature", action: action, from: error.journeyName, to: target,
                category: error.category, origin: .data)
        )
    }
}
