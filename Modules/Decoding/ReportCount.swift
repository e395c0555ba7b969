/// A count a report or the outbox carries (reports not sent, defects or breadcrumbs left out): never below 0 nor
/// above ``maximum``, the contract's bound, so a count read from a file or summed over a long life never traps.
public enum ReportCount {
    /// The largest count the contract takes (2,147,483,647).
    public static let maximum = Int(Int32.max)

    /// `value`, clamped to 0 through ``maximum``.
    public static func clamped(_ value: Int) -> Int {
        min(max(value, 0), maximum)
    }

    /// `first + second`, each clamped first, and the sum clamped: it never overflows, whatever either holds.
    public static func sum(_ first: Int, _ second: Int) -> Int {
        min(clamped(first) + clamped(second), maximum)
    }
}
