public import SharedError

/// Apple Pay on this device, behind a facade over the vendor SDK. Declared here, implemented in `Data/`.
public protocol ApplePayService: Sendable {
    func fetchApplePay() throws(ApplePayError) -> ApplePay
}

/// What the Apple Pay facade may throw.
public enum ApplePayError: Error, Hashable, Sendable, CaseIterable, JourneyDescribable, CategorizedError,
    SourceFailure
{
    /// This device cannot make payments at all.
    case serviceNotAvailable

    public var journeyName: String { "ApplePayError.serviceNotAvailable" }
    public var category: ErrorCategory { .unhandleableHere }
    public var appWide: AppWideCondition? { nil }
    public var diagnostics: [Diagnostic] { [Diagnostic(error: journeyName, layer: .vendor)] }
}
