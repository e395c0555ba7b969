public import Domain
public import Foundation
public import Logging
public import Navigation
import SharedError

/// The profile screen's presentation logic: defaults from the decoder are shown as they are, and a profile without
/// its id cannot be shown. ``ScreenPresenter`` decides the rest.
@MainActor
public final class ProfileViewModel {
    /// The name this screen goes by with Navigation.
    public static let screen = "profile"

    /// What the screen shows.
    public private(set) var state = ProfileState()

    private let repository: any ProfileRepository
    private let presenter: ScreenPresenter

    /// Makes the view model; errors it does not present itself go to `router`; `now` tells how old last content is.
    public init(
        repository: any ProfileRepository, router: any ErrorRouting, logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.repository = repository
        self.presenter = ScreenPresenter(screen: Self.screen, router: router, logger: logger, origin: .data, now: now)
    }

    /// Loads the profile, from a clean screen.
    public func load() async {
        state = ProfileState()
        state.isLoading = true
        state.error = await presenter.run(repository.fetchProfile) { profile in
            state.name = profile.name
            state.email = profile.email
            state.avatarURL = profile.avatarURL?.absoluteString
            state.notice = .lastContentNotice(profile.freshness, now: presenter.now(), in: presenter.language)
        } ownWords: { error in
            guard case .malformed = error else { return nil }
            return .present(  // a profile without its id
                PresentationError(
                    AuthWording.malformedTitle, message: .malformedMessage, in: presenter.language,
                    presentation: .inline, iconName: "person.crop.circle.badge.exclamationmark", actions: [.retry]))
        }
        state.isLoading = false
    }
}
