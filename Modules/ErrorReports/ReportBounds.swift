/// The text fields of a report: at most ``maximumLength`` characters (Unicode scalars, as the contract's
/// `maxLength` counts them), the rest cut off.
public enum ReportText {
    /// The longest text a report field carries.
    public static let maximumLength = 256

    /// `text`, cut to its first ``maximumLength`` characters.
    public static func cut(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > maximumLength else { return text }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(maximumLength))
        return String(cut)
    }
}
