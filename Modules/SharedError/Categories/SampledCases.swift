/// An error whose `allCases` the compiler keeps complete, so that tests which run "every case" cannot silently miss
/// a new one: adding a case breaks the exhaustive switch in ``caseName`` until it has a name in ``CaseName``, and
/// a new name breaks the exhaustive switch in ``samples(of:)`` until it has sample values.
public protocol SampledCases: CaseIterable {
    /// One name per case, payloads left out.
    associatedtype CaseName: CaseIterable
    /// This value's case.
    var caseName: CaseName { get }
    /// Values of the named case, one per payload worth telling apart.
    static func samples(of name: CaseName) -> [Self]
}

extension SampledCases {
    public static var allCases: [Self] { CaseName.allCases.flatMap(samples(of:)) }
}
