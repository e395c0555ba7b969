import ArgumentParser
import AuthFeature
import Composition
import DemoBackend  // demo
import Foundation
import Logging
import Networking
import PaymentsFeature
import SharedError

/// `errorflow payments|wallet|signin|profile|transfer`: one screen against the backend at `--base-url` (with the
/// user's own session), or against the embedded demo, playing a scenario.
enum ScreenCommand {
    @MainActor
    static func run(
        _ screen: Screen,
        scenario option: DemoScenario?,  // demo
        backend: BackendOptions, output: OutputOptions, signInAgent: SignInUserAgent? = nil,
        transferInput: TransferInput? = nil
    ) async throws {
        let context = Context(output: output)
        let report: RunReport
        if let baseURL = try backend.validatedBaseURL() {
            report = try await context.runOwnBackend(
                screen, baseURL: baseURL,
                scenario: option,  // demo
                backend: backend, signInAgent: signInAgent, transferInput: transferInput)
        } else {
            // demo:begin
            report = await context.runDemo(
                option ?? DemoScenario.defaultScenario(for: screen), on: screen, signInAgent: signInAgent,
                transferInput: transferInput)
            // demo:end
            // without-demo: throw Console.refusal("give the URL of your backend with --base-url")
        }

        for note in report.notes { Console.error(note) }
        let text: String =
            switch output.format {
            case .text: TextReport.render(report, trace: output.trace, style: context.style)
            case .json: JSONReport.render(report)
            case .mermaid: MermaidJourney.render(report)
            case .html: try Console.page([report], title: "ErrorFlow: \(report.scenario ?? screen.rawValue)")
            }
        try Console.deliver(
            text, to: output.outputPath, secrets: context.secrets, keepingPersonal: screen == .profile,
            json: output.format == .json)
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }

    /// `transfer --pending`: every transfer to `--base-url` of the signed-in user whose outcome is unknown, each sent
    /// again as it was first sent (the journal hands it its own `Idempotency-Key`, so the backend answers with the
    /// original or makes it once); one whose key expired is listed and never sent. With `dismiss`, lets go of the
    /// write whose key starts with it instead.
    @MainActor
    static func settlePending(backend: BackendOptions, output: OutputOptions, dismiss: String?) async throws {
        guard let baseURL = try backend.validatedBaseURL() else {
            throw Console.refusal("--pending settles transfers sent to --base-url; give it the backend's URL")
        }
        let origin = BackendOrigin(baseURL)
        let session = await FileSessionStore(
            path: try backend.checkedSessionFile(), logger: Logger(label: "pending") { _ in SwiftLogNoOpLogHandler() }
        ).load()
        let user = session?.origin == origin ? session?.userID : nil
        let journal = ComposedApp.pendingWrites(
            file: Console.defaultJournalFile, baseURL: baseURL,
            logger: Logger(label: "pending") { _ in SwiftLogNoOpLogHandler() })
        if let dismiss {
            let dismissed: KeyedWrite?
            do throws(JournalRefusal) {
                dismissed = try await journal.dismiss(keyPrefix: dismiss, user: user)
            } catch {
                Console.error(JournalAdvice.line(for: error, baseURL: baseURL))
                throw ExitCode(4)
            }
            guard let dismissed else {
                throw Console.refusal(
                    "no pending write to \(origin) has a key starting with '\(dismiss)' (give at least 8 characters)")
            }
            let what =
                PendingTransfer(dismissed)?.summary ?? "\(dismissed.identity.method) \(dismissed.identity.operation)"
            return try Console.output("Let go of \(what), sent \(Self.time(dismissed.firstSent)).", json: false)
        }
        let writes: [KeyedWrite]
        do throws(JournalRefusal) {
            writes = try await journal.writes(for: user).filter { !$0.isMade }
        } catch {
            Console.error(JournalAdvice.line(for: error, baseURL: baseURL))
            throw ExitCode(4)
        }
        let now = Date()
        let expired = writes.filter { $0.isExpired(at: now, lifetime: journal.lifetime) }
        let waiting = writes.filter { !$0.isExpired(at: now, lifetime: journal.lifetime) }.compactMap(
            PendingTransfer.init)
        guard !writes.isEmpty else {
            try Console.output(
                output.format == .json
                    ? #"{"pending":[],"expired":[]}"# : "No transfer to \(origin) waits for its outcome.",
                json: output.format == .json)
            return
        }
        let context = Context(output: output)
        var reports: [RunReport] = []
        var lines: [String] = []
        for pending in waiting {
            let report = try await context.runOwnBackend(
                .transfer, baseURL: baseURL,
                scenario: nil,  // demo
                backend: backend, signInAgent: nil, transferInput: pending.input)
            for note in report.notes { Console.error(note) }
            lines.append("Pending since \(Self.time(pending.write.firstSent)): \(pending.summary)")
            lines.append(TextReport.render(report, trace: output.trace, style: context.style))
            reports.append(report)
        }
        for write in expired {
            lines.append(
                "Sent \(Self.time(write.firstSent)): \(PendingTransfer(write)?.summary ?? "\(write.identity.method) \(write.identity.operation)")"
                    + "; its key has expired, so it is not sent again. Whether it was made is unknown: check your wallet, then "
                    + "`errorflow transfer --pending --dismiss \(write.key.prefix(8)) --base-url \(baseURL.absoluteString)`."
            )
        }
        let expiredJSON = expired.map {
            #"{"key":"\#($0.key.prefix(8))","firstSent":"\#(Self.time($0.firstSent))","outcome":"unknown"}"#
        }
        let text =
            output.format == .json
            ? #"{"pending":["# + reports.map(JSONReport.render).joined(separator: ",") + #"],"expired":["#
                + expiredJSON.joined(separator: ",") + "]}"
            : lines.joined(separator: "\n")
        try Console.deliver(text, to: output.outputPath, secrets: context.secrets, json: output.format == .json)
        let failed = reports.map(\.exitCode).max() ?? 0
        if failed != 0 { throw ExitCode(failed) }
        if !expired.isEmpty { throw ExitCode(1) }
    }

    private static func time(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// What every run of one process shares: its secrets, its journey, its logger and its style.
    @MainActor
    struct Context {
        let output: OutputOptions
        let secrets = SecretValues()
        let collector = JourneyCollector()
        let style: TerminalStyle
        let logger: Logger

        init(output: OutputOptions) {
            self.output = output
            style = output.format == .text && output.outputPath == nil ? Console.style : .plain
            logger = Console.logger(label: "errorflow", verbose: output.verbose, secrets: secrets)
        }

        /// One screen against the backend at `baseURL`, with the user's own session, outbox and journal.
        func runOwnBackend(
            _ screen: Screen, baseURL: URL,
            scenario option: DemoScenario?,  // demo
            backend: BackendOptions, signInAgent: SignInUserAgent?, transferInput: TransferInput?
        ) async throws -> RunReport {
            let sessionFile = try backend.checkedSessionFile()
            var configuration = AppConfiguration(
                baseURL: baseURL, sessionStore: FileSessionStore(path: sessionFile, secrets: secrets, logger: logger),
                outboxFile: Console.defaultOutboxFile, journalFile: Console.defaultJournalFile,
                environment: output.env.environment,
                applePay: PassKitApplePayService(device: .ready, logger: logger),
                appleSignIn: AppleSignInFacade(userAgent: signInAgent ?? .scripted(.approve), logger: logger),
                appVersion: ErrorFlowCommand.configuration.version, secrets: secrets, logger: logger,
                transport: ProcessTransport.shared)
            option?.plan.apply(to: &configuration, answeringSignIn: signInAgent == nil)  // demo
            if let timeout = backend.callTimeout { configuration.chain.timeout = timeout }
            configuration.language = output.language
            configuration.sendsErrorReports = Console.sendsErrorReports
            let blank = TransferInput(toAccount: "", amount: "")
            let run = ScreenRun(
                app: ComposedApp(configuration), collector: collector, style: style,
                scenario: option?.rawValue,  // demo
                signInHint: "sign in first with `errorflow signin --base-url \(baseURL.absoluteString)`",
                transferInput: transferInput ?? option?.plan.transferInput ?? blank)  // demo
            // without-demo: transferInput: transferInput ?? blank)
            return await run.run(screen)
        }
    }
}

/// A journalled `POST /v1/transfers`, read back as the form it was sent from.
struct PendingTransfer {
    let write: KeyedWrite
    let input: TransferInput

    /// `nil` for a write that is not a transfer, or whose body is not one.
    init?(_ write: KeyedWrite) {
        guard write.identity.method == "POST", write.identity.operation == "/v1/transfers",
            let object = try? JSONSerialization.jsonObject(with: Data(write.identity.body.utf8)) as? [String: String],
            let toAccount = object["toAccount"], let amount = object["amount"], let currency = object["currency"]
        else { return nil }
        self.write = write
        input = TransferInput(toAccount: toAccount, amount: amount, currency: currency, note: object["note"] ?? "")
    }

    /// `EUR 7.25 to CH93 0076 2011 6238 5295 7`.
    var summary: String { "\(input.currency) \(input.amount) to \(input.toAccount)" }
}

struct PaymentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payments", abstract: "The payment-methods screen: wallet, cards and Apple Pay.",
        discussion: ScreenHelp.scenarios(for: .payments)  // demo
    )

    @OptionGroup var demo: DemoOption<PaymentsTag>  // demo
    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    @MainActor
    func run() async throws {
        try await ScreenCommand.run(
            .payments,
            scenario: demo.played,  // demo
            backend: backend, output: output)
    }
}

struct WalletCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet", abstract: "The wallet page, where a missing wallet IS an error.",
        discussion: ScreenHelp.scenarios(for: .wallet)  // demo
    )

    @OptionGroup var demo: DemoOption<WalletTag>  // demo
    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    @MainActor
    func run() async throws {
        try await ScreenCommand.run(
            .wallet,
            scenario: demo.played,  // demo
            backend: backend, output: output)
    }
}

struct SignInCommand: AsyncParsableCommand {
    static let about = """
        Sign in through the sign-in SDK stand-in. On a terminal the stand-in asks you (on stderr); otherwise, or \
        with --answer, the answer is scripted. The session is saved to --session-file (0600).
        """

    static let configuration = CommandConfiguration(
        commandName: "signin", abstract: "Sign in through the sign-in SDK stand-in.",
        discussion: about + "\n\n" + ScreenHelp.scenarios(for: .signin)  // demo
        // without-demo: discussion: about
    )

    @OptionGroup var demo: DemoOption<SignInTag>  // demo

    @Option(help: "Answer the sign-in sheet without asking: approve, cancel, fail or unknown.")
    var answer: AnswerOption?

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    @MainActor
    func run() async throws {
        let agent: SignInUserAgent? =
            if let answer { .scripted(answer.answer) } else if Console.inputIsTerminal { .terminalPrompt } else { nil }
        try await ScreenCommand.run(
            .signin,
            scenario: demo.played,  // demo
            backend: backend, output: output, signInAgent: agent)
    }
}

struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "The profile screen, decoded with fail-validated models.",
        discussion: ScreenHelp.scenarios(for: .profile)  // demo
    )

    @OptionGroup var demo: DemoOption<ProfileTag>  // demo
    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    @MainActor
    func run() async throws {
        try await ScreenCommand.run(
            .profile,
            scenario: demo.played,  // demo
            backend: backend, output: output)
    }
}

struct TransferCommand: AsyncParsableCommand {
    static let about = """
        The form is checked before anything is sent (an account, an amount above zero with up to two decimals, a \
        currency code). A confirmed transfer carries one Idempotency-Key for every retry of it, so the backend makes \
        it at most once. Against --base-url, a transfer whose answer never came waits in a journal, and sending the \
        same transfer again (or `transfer --pending`) reuses its key, in this run or a later one; the same transfer made \
        in the last 24 hours shows its receipt and sends nothing, unless --again. --status ID looks a transfer up \
        instead.
        """

    static let configuration = CommandConfiguration(
        commandName: "transfer",
        abstract: "Send money from the wallet to an account: the write path, sent once under retries.",
        discussion: about + " Without --to and --amount a scenario sends its own form.\n\n"  // demo
            + ScreenHelp.scenarios(for: .transfer)  // demo
        // without-demo: discussion: about
    )

    @Option(help: "The account to send to.")
    var to: String?

    @Option(help: "The amount, with up to two decimals: 12.50.")
    var amount: String?

    @Option(help: "A three-letter currency code.")
    var currency = "EUR"

    @Option(help: "A note for the receiver (at most 140 characters).")
    var note = ""

    @Option(help: ArgumentHelp("Look up the transfer with this id instead of sending one.", valueName: "id"))
    var status: String?

    @Flag(
        help: ArgumentHelp(
            "Settle the transfers to --base-url whose outcome is unknown.",
            discussion:
                "Each transfer whose answer never came (a timeout, a dropped connection, a run that was killed) waits in $XDG_STATE_HOME/errorflow/pending-writes.json. --pending sends each again under its own Idempotency-Key: the backend answers with the original, or makes it once. One sent over 24 hours ago (the key's lifetime) is listed and never sent again: check your wallet, then let it go with --dismiss. Exits 1 while such a transfer waits."
        ))
    var pending = false

    @Option(
        help: ArgumentHelp(
            "With --pending: let go of the waiting transfer whose key starts with this (at least 8 characters).",
            valueName: "key"))
    var dismiss: String?

    @Flag(
        help: ArgumentHelp(
            "Make the transfer even if the same one (account, amount, currency, note) was made in the last 24 hours.",
            discussion:
                "Without it, the same transfer again shows the receipt of the one already made and sends nothing."))
    var again = false

    @OptionGroup var demo: DemoOption<TransferTag>  // demo
    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if status != nil, to != nil || amount != nil {
            throw ValidationError("--status looks a transfer up; it takes no --to or --amount")
        }
        if (to == nil) != (amount == nil) {
            throw ValidationError("--to and --amount go together")
        }
        if dismiss != nil, !pending { throw ValidationError("--dismiss goes with --pending") }
        if again, to == nil { throw ValidationError("--again sends a transfer: it goes with --to and --amount") }
        if pending {
            guard to == nil, status == nil else {
                throw ValidationError("--pending settles what waits; it takes no --to, --amount or --status")
            }
            guard demo.played == nil else { throw ValidationError("--pending plays no --scenario") }  // demo
            guard [.text, .json].contains(output.format) else {
                throw ValidationError("--pending writes text or json")
            }
        }
    }

    @MainActor
    func run() async throws {
        if pending {
            return try await ScreenCommand.settlePending(backend: backend, output: output, dismiss: dismiss)
        }
        var input: TransferInput?
        if let to, let amount {
            input = TransferInput(toAccount: to, amount: amount, currency: currency, note: note, again: again)
        } else if let status {
            input = TransferInput(toAccount: "", amount: "", statusOf: status)
        }
        try await ScreenCommand.run(
            .transfer,
            scenario: demo.played,  // demo
            backend: backend, output: output, transferInput: input)
    }
}
