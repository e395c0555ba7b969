/// Names errors for the journey.
public enum JourneyName {
    /// The error's ``CategorizedError/journeyName`` when it has one; otherwise only its type name, because an
    /// arbitrary error's description may carry values that must not reach a log.
    public static func of(_ error: some Error) -> String {
        if let describable = error as? any CategorizedError {
            return describable.journeyName
        }
        return String(describing: type(of: error as any Error))
    }
}
