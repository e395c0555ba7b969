public import Foundation
public import SharedError

/// The kinds of error Navigation tells apart, so that its decision is one exhaustive switch.
public enum RoutedError {
    /// A shared network condition: always an alert.
    case shared(APIError)
    /// The session is over: route to sign-in, no alert.
    case sessionExpired(SessionExpiredError)
    /// Any other error that can describe itself to a person.
    case localized(any LocalizedError)
    /// Everything else: logged with its type name, never dropped silently.
    case unknown(any Error)

    public init(_ error: any Error) {
        switch error {
        case let apiError as APIError: self = .shared(apiError)
        case let expired as SessionExpiredError: self = .sessionExpired(expired)
        case let localized as any LocalizedError: self = .localized(localized)
        default: self = .unknown(error)
        }
    }
}
