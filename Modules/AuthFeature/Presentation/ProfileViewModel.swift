public import Domain
import Foundation
public import Logging
public import Navigation
import SharedError

/// The profile screen's presentation logic: defaults from the decoder are shown as they are, a profile without
/// its id cannot be shown, app-wide errors go to Navigation.
@MainActor
public final class ProfileViewModel {
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
        state.error = nil
        state.isLoading = true
        defer { state.isLoading = false }

        do throws(ProfileRepositoryError) {
            let profile = try await repository.fetchProfile()
            guard !Task.isCancelled else { return }
            state.name = profile.name
            state.email = profile.email
            state.avatarURL = profile.avatarURL?.absoluteString
        } catch {
            guard !Task.isCancelled else { return }
            handle(error)
        }
    }

    private func handle(_ error: ProfileRepositoryError) {
        state.name = nil
        state.email = nil
        state.avatarURL = nil
        switch error {
        case .shared(let shared):
            router.forward(shared, for: error, module: "AuthFeature", logger: logger)
        case .sessionExpired:
            router.forward(SessionExpiredError(), for: error, module: "AuthFeature", logger: logger)
        case .malformed:
            let presented = PresentationError(
                title: "Your profile could not be loaded",
                message: "Some of its required details are missing. We've told our team; please try again later.",
                presentation: .inline, iconName: "person.crop.circle.badge.exclamationmark")
            state.error = presented
            record(.presented, error, to: "inline: \(presented.title)")
        case .unavailable:
            state.error = .default
            record(.presented, error, to: "alert: \(PresentationError.default.title)")
        }
    }

    private func record(_ action: JourneyAction, _ error: ProfileRepositoryError, to target: String) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: "AuthFeature", action: action, from: error.journeyName, to: target)
        )
    }
}
