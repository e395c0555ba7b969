/// An error that can name itself in a journey without revealing payload values (tokens, emails, bodies).
///
/// An enum gets its name from its cases (``JourneyName/derived(from:)``): `WalletRepositoryError.inReview(pending)`.
/// A type whose name says more, or less, declares its own.
public protocol JourneyDescribable {
    /// The type and case, for example `WalletRepositoryError.inReview(pending)`; never secrets or personal data.
    var journeyName: String { get }
}

extension JourneyDescribable {
    /// The name derived from the type and the case (``JourneyName/derived(from:)``).
    public var journeyName: String { JourneyName.derived(from: self) }

    /// The case's name alone (`inReview`), without its type or payload: stable when cases are reordered or added.
    public var caseName: String { JourneyName.caseName(of: self) }
}

/// Names errors for the journey.
public enum JourneyName {
    /// The error's ``JourneyDescribable/journeyName`` when it has one; otherwise only its type name, because an
    /// arbitrary error's description may carry values that must not reach a log.
    public static func of(_ error: some Error) -> String {
        if let describable = error as? any JourneyDescribable {
            return describable.journeyName
        }
        return String(describing: type(of: error as any Error))
    }

    /// `Type.case`, with the payload named when it names itself safely: another error's journey name
    /// (`unknown(UnknownBusinessError)`), a list of names (`rejected(amount,toAccount)`) or a string raw value
    /// (`inReview(pending)`). Any other payload (a diagnostic) is left out: it is detail, not identity. A case
    /// without payload is named by its description, so a type that customizes `description` names its own.
    public static func derived(from value: some Any) -> String {
        let type = String(describing: Swift.type(of: value))
        let caseName = caseName(of: value)
        guard let payload = Mirror(reflecting: value).children.first?.value else { return "\(type).\(caseName)" }
        switch payload {
        case let named as any JourneyDescribable: return "\(type).\(caseName)(\(named.journeyName))"
        case let list as [any JourneyDescribable]:
            return "\(type).\(caseName)(\(list.map(\.journeyName).joined(separator: ",")))"
        case let raw as any RawRepresentable<String>: return "\(type).\(caseName)(\(raw.rawValue))"
        default: return "\(type).\(caseName)"
        }
    }

    /// The name of the case `value` is: its label when it has a payload, its description when it has none.
    public static func caseName(of value: some Any) -> String {
        Mirror(reflecting: value).children.first?.label ?? String(describing: value)
    }
}
