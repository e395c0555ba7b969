package import ArgumentParser
import AuthFeature
import Composition
import Foundation
import KeyedWrites
package import Logging
import Networking
import PaymentsFeature
package import SharedError

/// `errorflow payments|wallet|signin|profile|transfer`: one screen against the backend at `--base-url` (with the
/// user's own session), or what the executable's ``BackendChoice`` runs without it.
package enum ScreenCommand {
    @MainActor
    static func run<Choice: BackendChoice>(
        _ screen: Screen, choice: Choice, backend: BackendOptions<Choice>, output: OutputOptions,
        signInAgent: SignInUserAgent? = nil, transferInput: TransferInput? = nil
    ) async throws(ExitCode) {
        let context = Context(output: output)
        let report: RunReport
        if let baseURL = try backend.validatedBaseURL() {
            report = try await context.runOwnBackend(
                screen, baseURL: baseURL, scenario: choice.playedScenario, backend: backend, signInAgent: signInAgent,
                transferInput: transferInput)
        } else {
            report = try await choice.runWithoutBaseURL(
                screen, in: context, signInAgent: signInAgent, transferInput: transferInput)
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
    static func settlePending<Choice: BackendChoice>(
        backend: BackendOptions<Choice>, output: OutputOptions, dismiss: String?
    ) async throws(ExitCode) {
        guard let baseURL = try backend.validatedBaseURL() else {
            throw Console.refusal("--pending settles transfers sent to --base-url; give it the backend's URL")
        }
        let identity = try await proxiedBackendOfAKeyedWrite(to: baseURL, language: output.language) ?? baseURL
        let origin = BackendOrigin(identity)
        let session = FileSessionStore(
            path: try backend.checkedSessionFile(), logger: Logger(label: "pending") { _ in SwiftLogNoOpLogHandler() }
        ).load()
        let user = session?.origin == origin ? session?.userID : nil
        let journal = ComposedApp.pendingWrites(
            file: Console.defaultJournalFile, baseURL: baseURL, knownAs: identity,
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
                let hint =
                    dismiss.count < 8
                    ? "give at least 8 characters of its key"
                    : "`\(Console.binaryName) transfer --pending --base-url \(baseURL.absoluteString)` lists the waiting ones"
                throw Console.refusal(
                    "no single pending write to \(origin) has a key starting with '\(Console.echo(dismiss))': \(hint)")
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
        for write in (try? await journal.unresolvedElsewhere(for: user)) ?? [] {
            let backend = write.identity.origin.value + write.identity.basePath
            Console.error(
                "\(PendingTransfer(write)?.summary ?? "\(write.identity.method) \(write.identity.operation)"), sent "
                    + "\(Self.time(write.firstSent)) to \(backend), another name, waits there with its outcome unknown: "
                    + "`\(Console.binaryName) transfer --pending --base-url \(backend)`")
        }
        let now = Date()
        let expired = writes.filter { $0.isExpired(at: now, lifetime: journal.lifetime) }
        let waiting = writes.filter { !$0.isExpired(at: now, lifetime: journal.lifetime) }.compactMap(
            PendingTransfer.init)
        guard !writes.isEmpty else {
            try Console.output(
                output.format == .json
                    ? PendingJSONReport(pending: [], expired: []).rendered
                    : "No transfer to \(origin) waits for its outcome.",
                json: output.format == .json)
            return
        }
        let context = Context(output: output)
        var reports: [RunReport] = []
        var lines: [String] = []
        for pending in waiting {
            let report = try await context.runOwnBackend(
                .transfer, baseURL: baseURL, scenario: nil, backend: backend, signInAgent: nil,
                transferInput: pending.input)
            for note in report.notes { Console.error(note) }
            lines.append("Pending since \(Self.time(pending.write.firstSent)): \(pending.summary)")
            lines.append(TextReport.render(report, trace: output.trace, style: context.style))
            reports.append(report)
        }
        for write in expired {
            lines.append(
                "Sent \(Self.time(write.firstSent)): \(PendingTransfer(write)?.summary ?? "\(write.identity.method) \(write.identity.operation)")"
                    + "; its key has expired, so it is not sent again. Whether it was made is unknown: check your wallet, then "
                    + "`\(Console.binaryName) transfer --pending --dismiss \(write.key.prefix(8)) --base-url \(baseURL.absoluteString)`."
            )
        }
        let text =
            output.format == .json
            ? PendingJSONReport(
                pending: reports,
                expired: expired.map { .init(key: String($0.key.prefix(8)), firstSent: Self.time($0.firstSent)) }
            ).rendered
            : lines.joined(separator: "\n")
        try Console.deliver(text, to: output.outputPath, secrets: context.secrets, json: output.format == .json)
        let failed = reports.map(\.exitCode).max() ?? 0
        if failed != 0 { throw ExitCode(failed) }
        if !expired.isEmpty { throw ExitCode(1) }
    }

    /// What the process learned of each base URL: whether it is a proxy, and of which backend (``ProxiedBackend``).
    @MainActor private static var proxied: [URL: ProxiedBackend.Answer] = [:]

    /// Whether `baseURL` is a proxy, and of which backend; asked once per process, before anything keyed by the
    /// backend (session, journal, outbox) is read.
    @MainActor
    static func proxiedBackend(of baseURL: URL, language: Language) async -> ProxiedBackend.Answer {
        if let known = proxied[baseURL] { return known }
        let answer = await ProxiedBackend.ask(
            baseURL, registry: ProxyRegistry(folder: Console.defaultProxyRegistryFolder),
            transport: ProcessTransport.shared, acceptLanguage: language.acceptLanguage)
        proxied[baseURL] = answer
        return answer
    }

    /// The backend behind the proxy at `baseURL` for a keyed write, `nil` when `baseURL` is no proxy; refuses
    /// (one line on stderr, exit 4) when the proxy registered on `baseURL`'s port did not answer in time, since the
    /// write's pending record could then be filed under the wrong backend (docs/decisions/0095, 0111).
    @MainActor
    static func proxiedBackendOfAKeyedWrite(to baseURL: URL, language: Language) async throws(ExitCode) -> URL? {
        switch await proxiedBackend(of: baseURL, language: language) {
        case .proxy(let target): return target
        case .notAProxy: return nil
        case .unanswered:
            Console.error(
                "nothing was sent: \(BackendOrigin(baseURL)) did not say within "
                    + "\(ProxiedBackend.patience.components.seconds) s whether it is the `\(Console.binaryName) proxy` "
                    + "registered on its port "
                    + "(GET \(ProxiedBackend.path)), so the transfer's pending write could be filed under the wrong "
                    + "backend; try again when it answers")
            throw ExitCode(4)
        }
    }

    private static func time(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// What every run of one process shares: its secrets, its journey, its logger and its style.
    @MainActor
    package struct Context {
        package let output: OutputOptions
        package let secrets = SecretValues()
        package let collector = JourneyCollector()
        package let style: TerminalStyle
        package let logger: Logger

        init(output: OutputOptions) {
            self.output = output
            style = output.format == .text && output.outputPath == nil ? Console.style : .plain
            logger = Console.logger(label: "errorflow", verbose: output.verbose, secrets: secrets)
        }

        /// One screen against the backend at `baseURL`, with the user's own session, outbox and journal.
        func runOwnBackend<Choice: BackendChoice>(
            _ screen: Screen, baseURL: URL, scenario: (any ClientScenario)?, backend: BackendOptions<Choice>,
            signInAgent: SignInUserAgent?, transferInput: TransferInput?
        ) async throws(ExitCode) -> RunReport {
            let sessionFile = try backend.checkedSessionFile()
            var configuration = AppConfiguration(
                baseURL: baseURL, sessionStore: FileSessionStore(path: sessionFile, secrets: secrets, logger: logger),
                outboxFile: Console.defaultOutboxFile, journalFile: Console.defaultJournalFile,
                environment: output.env.environment,
                applePay: PassKitApplePayService(device: .ready, logger: logger),
                appleSignIn: AppleSignInFacade(userAgent: signInAgent ?? .scripted(.approve), logger: logger),
                appVersion: ErrorFlowCommand.version, secrets: secrets, logger: logger,
                transport: ProcessTransport.shared)
            configuration.proxiedBackend =
                screen == .transfer && transferInput?.statusOf == nil
                ? try await ScreenCommand.proxiedBackendOfAKeyedWrite(to: baseURL, language: output.language)
                : await ScreenCommand.proxiedBackend(of: baseURL, language: output.language).target
            scenario?.configure(&configuration, answeringSignIn: signInAgent == nil)
            configuration.lastContentFiles = LastContentFiles(besideSession: sessionFile)
            if let timeout = backend.callTimeout { configuration.chain.timeout = timeout }
            configuration.language = output.language
            configuration.sendsErrorReports = Console.sendsErrorReports
            let blank = TransferInput(toAccount: "", amount: "")
            let run = ScreenRun(
                app: ComposedApp(configuration), collector: collector, style: style, scenario: scenario?.name,
                signInHint: "sign in first with `\(Console.binaryName) signin --base-url \(baseURL.absoluteString)`",
                transferInput: transferInput ?? scenario?.transferInput ?? blank)
            var report = await run.run(screen)
            report.check = scenario?.check(report)
            return report
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

/// `errorflow payments`: the payment-methods screen.
package struct PaymentsCommand<Choice: BackendChoice>: AsyncParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "payments", abstract: "The payment-methods screen: wallet, cards and Apple Pay.",
            discussion: Choice.discussion(for: .payments, about: ""))
    }

    @OptionGroup var choice: Choice
    @OptionGroup var backend: BackendOptions<Choice>
    @OptionGroup package var output: OutputOptions

    package init() {}

    @MainActor
    package func run() async throws {
        try await ScreenCommand.run(.payments, choice: choice, backend: backend, output: output)
    }
}

/// `errorflow wallet`: the wallet page.
package struct WalletCommand<Choice: BackendChoice>: AsyncParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "wallet", abstract: "The wallet page, where a missing wallet IS an error.",
            discussion: Choice.discussion(for: .wallet, about: ""))
    }

    @OptionGroup var choice: Choice
    @OptionGroup var backend: BackendOptions<Choice>
    @OptionGroup package var output: OutputOptions

    package init() {}

    @MainActor
    package func run() async throws {
        try await ScreenCommand.run(.wallet, choice: choice, backend: backend, output: output)
    }
}

/// `errorflow signin`: the sign-in screen.
package struct SignInCommand<Choice: BackendChoice>: AsyncParsableCommand {
    static var about: String {
        """
        Sign in through the sign-in SDK stand-in. On a terminal the stand-in asks you (on stderr); otherwise, or \
        with --answer, the answer is scripted. The session is saved to --session-file (0600).
        """
    }

    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "signin", abstract: "Sign in through the sign-in SDK stand-in.",
            discussion: Choice.discussion(for: .signin, about: about))
    }

    @OptionGroup var choice: Choice

    @Option(help: "Answer the sign-in sheet without asking: approve, cancel, fail or unknown.")
    var answer: AnswerOption?

    @OptionGroup var backend: BackendOptions<Choice>
    @OptionGroup package var output: OutputOptions

    package init() {}

    @MainActor
    package func run() async throws {
        let agent: SignInUserAgent? =
            if let answer { .scripted(answer.answer) } else if Console.inputIsTerminal { .terminalPrompt } else { nil }
        try await ScreenCommand.run(.signin, choice: choice, backend: backend, output: output, signInAgent: agent)
    }
}

/// `errorflow profile`: the profile screen.
package struct ProfileCommand<Choice: BackendChoice>: AsyncParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "profile", abstract: "The profile screen, decoded with fail-validated models.",
            discussion: Choice.discussion(for: .profile, about: ""))
    }

    @OptionGroup var choice: Choice
    @OptionGroup var backend: BackendOptions<Choice>
    @OptionGroup package var output: OutputOptions

    package init() {}

    @MainActor
    package func run() async throws {
        try await ScreenCommand.run(.profile, choice: choice, backend: backend, output: output)
    }
}

/// `errorflow transfer`: the transfer form, a transfer's status, or the transfers whose outcome is unknown.
package struct TransferCommand<Choice: BackendChoice>: AsyncParsableCommand {
    static var about: String {
        """
        The form is checked before anything is sent (an account, an amount above zero with up to two decimals, a \
        currency code). A confirmed transfer carries one Idempotency-Key for every retry of it, so the backend makes \
        it at most once. Against --base-url, a transfer whose answer never came waits in a journal, and sending the \
        same transfer again (or `transfer --pending`) reuses its key, in this run or a later one; the same transfer made \
        in the last 24 hours shows its receipt and sends nothing (made under another name of the backend or by \
        another user: not sent, exit 4, one line says when and where), unless --again. --status ID looks a transfer \
        up instead.
        """
    }

    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "transfer",
            abstract: "Send money from the wallet to an account: the write path, sent once under retries.",
            discussion: Choice.discussion(for: .transfer, about: about))
    }

    @Option(help: "The account to send to.")
    var to: String?

    // Unconditional, so that `--amount -3` is a value the form refuses as not above zero, not a missing one.
    @Option(parsing: .unconditional, help: "The amount, with up to two decimals: 12.50.")
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
                "Without it, the same transfer again shows the receipt of the one already made and sends nothing, or, made under another name of the backend or by another user, is not sent (exit 4)."
        ))
    var again = false

    @OptionGroup var choice: Choice
    @OptionGroup var backend: BackendOptions<Choice>
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func validate() throws {
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
            guard choice.playedScenario == nil else { throw ValidationError(Choice.words.pendingWithScenario) }
            guard [.text, .json].contains(output.format) else {
                throw ValidationError("--pending writes text or json")
            }
        }
    }

    @MainActor
    package func run() async throws {
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
            .transfer, choice: choice, backend: backend, output: output, transferInput: input)
    }
}
