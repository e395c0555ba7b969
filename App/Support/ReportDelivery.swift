package import ErrorReports
import Networking

/// When a run's reports go out, and the one budget it has to wait for them: the user never waits on reports.
///
/// - Text (and Mermaid) output is written first; the reports go out after it, while the process ends.
/// - JSON and HTML list what was delivered and what waits, so the reports go out first, then the output is made.
/// - Either way the process waits for its reports ``budget`` (2 s) at most, in all: whatever is still on its way then
///   is kept in the report outbox for a later run (and listed as pending where the output lists reports).
/// - A demo run delivers before its output within a budget of its own: its embedded backend is stopped after the
///   run, and its outbox lives only as long as the run.
@MainActor
package enum ReportDelivery {
    /// How long one run waits for its reports, in all.
    package static let budget = Duration.seconds(2)

    /// When a screen run delivers its reports.
    package enum Timing {
        /// Before the output is made, so that it lists what was delivered and what waits; within the budget.
        case beforeOutput(DeliveryBudget)
        /// After the output is written, within what is left of the process's budget then.
        case afterOutput
    }

    /// The budget of this process's runs against the user's backend, shared by every screen it loads.
    static let processBudget = DeliveryBudget(budget)

    /// When this process's screen runs deliver: chosen by ``choose(for:)`` from the command's output format; before
    /// the output for a command that writes no screen.
    private(set) static var timing = Timing.beforeOutput(processBudget)

    /// The senders of the runs whose reports go out after the output.
    private static var afterOutput: [ClientReportSender] = []

    /// Chooses ``timing`` for the output format of the command (a ``ReportingCommand``'s; `nil` for another):
    /// after the output unless it lists reports (`--format json` or `html`).
    static func choose(for format: OutputFormat?) {
        guard let format else { return }
        timing = [.json, .html].contains(format) ? .beforeOutput(processBudget) : .afterOutput
    }

    /// Delivers the reports of `sender` as `timing` says: now, within its budget, or once the output is written.
    static func deliver(_ sender: ClientReportSender, timing: Timing) async {
        switch timing {
        case .beforeOutput(let budget): await sender.deliver(within: budget)
        case .afterOutput: afterOutput.append(sender)
        }
    }

    /// Delivers the reports of every run whose output is written, within what is left of the process's budget;
    /// what is not sent by then waits in the outbox. Call it once the output is written.
    static func finish() async {
        let senders = afterOutput
        afterOutput = []
        for sender in senders { await sender.deliver(within: processBudget) }
    }
}

/// A command that runs screens and writes what they did in the format the user chose.
package protocol ReportingCommand {
    /// The output options, `--format` among them.
    var output: OutputOptions { get }
}

extension PaymentsCommand: ReportingCommand {}
extension WalletCommand: ReportingCommand {}
extension SignInCommand: ReportingCommand {}
extension ProfileCommand: ReportingCommand {}
extension TransferCommand: ReportingCommand {}
