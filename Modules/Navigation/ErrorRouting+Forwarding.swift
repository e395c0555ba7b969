public import Logging
public import SharedError

extension ErrorRouting {
    /// What a screen does with an error it does not present itself: records in the journey that `screenError`
    /// (which came from `origin`, by default the domain) went to Navigation as `appWide`, then hands `appWide` over
    /// on behalf of `screen`.
    public func forward(
        _ appWide: some Error & JourneyDescribable, for screenError: some JourneyDescribable & CategorizedError,
        screen: String, module: String, origin: JourneyOrigin? = nil, logger: Logger
    ) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: module, action: .forwarded, from: screenError.journeyName,
                to: "Navigation: \(appWide.journeyName)", category: screenError.category, origin: origin)
        )
        handle(appWide, for: screen)
    }
}
