public import ErrorReports
import Networking
import SharedError

/// Error reports as the golden tests hold them: the fingerprint, then one line per breadcrumb, with what differs in
/// every run (trace and request ids, a backoff's jitter) written `<trace>`, `<request>` and `<backoff>`.
public enum ReportGolden {
    /// `fingerprint`, then `layer action [category] from → to` for each breadcrumb.
    public static func lines(_ report: ErrorReport) -> [String] {
        [report.fingerprint.value] + report.breadcrumbs.map(line)
    }

    /// One breadcrumb as a line, its run's ids and backoffs replaced.
    public static func line(_ crumb: Breadcrumb) -> String {
        let category = crumb.category?.rawValue ?? "-"
        let text = "\(crumb.layer.rawValue) \(crumb.action.rawValue) [\(category)] \(crumb.from) → \(crumb.to ?? "—")"
        return text.replacing(/[0-9a-f]{32}/, with: "<trace>").replacing(/req-[0-9A-Za-z-]+/, with: "<request>")
            .replacing(/after [0-9.]+ s/, with: "after <backoff> s")
    }

    /// Whether `sent` is `golden`: the same fingerprint and the same breadcrumbs, in the same order from the first
    /// step of the domain on. Before it the sources of a load answer at once, so their steps interleave in any order.
    public static func matches(_ sent: [String], _ golden: [String]) -> Bool {
        let decided = { (lines: [String]) in lines.dropFirst().drop { !$0.hasPrefix("domain ") } }
        return sent.first == golden.first && sent.sorted() == golden.sorted() && decided(sent) == decided(golden)
    }
}
