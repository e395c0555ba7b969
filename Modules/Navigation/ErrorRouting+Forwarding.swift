public import Logging
public import SharedError

extension ErrorRouting {
    /// What a screen does with an error it does not own: records in the journey that `screenError` went to
    /// Navigation as `appWide`, then hands `appWide` over.
    public func forward(
        _ appWide: some Error & JourneyDescribable, for screenError: some JourneyDescribable, module: String,
        logger: Logger
    ) {
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .presentation, module: module, action: .forwarded, from: screenError.journeyName,
                to: "Navigation: \(appWide.journeyName)")
        )
        handle(appWide)
    }
}
