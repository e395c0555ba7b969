import AuthFeature
import Composition
import ErrorReports
import Foundation
import KeyedWrites
import Networking
import SharedError
import TestSupport

@testable import App

/// One generated sequence, played against the real modules: every action is a new process (a ``ComposedApp`` run
/// by the CLI's own ``ScreenRun``, its reports delivered within the run's budget) sharing the session file, the report
/// outbox and the pending-writes journal in one folder, over a ``ModelBackend`` that records what it made. After
/// every step it checks the promises:
///
/// - **At most once**: each intended transfer was made at most once. The user intends a transfer once per form and
///   user, and once more for each `--again`, each dismissal and each day that passes.
/// - **Nothing lost**: every transfer the backend made is in the journal (pending, or made with its receipt), unless
///   the user let it go or its key expired; a send that ended "not sent" made nothing, and one that ended "outcome
///   unknown" is pending.
/// - **Signed out stays signed out**: after a sign-out, the session file stays absent until the user signs in, and
///   so does the last content: no load that ends later writes it back.
/// - **Last content is the user's own**: a wallet page shown from last content shows the balance the signed-in
///   user's own backend sent them since their last sign-out, less than a day ago; never another user's or another
///   backend's.
/// - **Bounded**: the journal and the outbox stay within their bytes and entries, a report's `Retry-After` holds
///   reports back an hour at most, no number in a file traps the run, and no run waits without a bound: report
///   endpoints that never answer (not even by the call's deadline) hold a run only as long as its budget for reports.
@MainActor
final class TransferWorld {
    nonisolated static let baseURL = URL(string: "http://backend.test:8080") ?? URL(fileURLWithPath: "/")
    /// A small share of the journal, so that sequences fill it.
    nonisolated static let journalLimit = 3

    private let folder: URL
    private let files: FileBackedApp
    /// Every wait on it passes at once, moving time on: a call held until its deadline costs no real time.
    private let clock = VirtualClock()
    private let backend: ModelBackend
    private var sessionFile: URL { files.sessionFile }
    /// Where the journal is: `$HOME/.local/state/errorflow/pending-writes.json`, as the CLI finds it with no
    /// `XDG_STATE_HOME` (each step's run finds it under its own ``SequenceStep/StateHome``).
    private var journalFile: URL { Console.defaultJournalFile(environment: ["HOME": folder.path]) }
    /// The state home of the step being played.
    private var stateHome = SequenceStep.StateHome.absent
    private var outboxFile: URL { files.outboxFile }
    private var lastContentFile: URL { LastContentFiles(besideSession: sessionFile).content }

    private var user = 1
    private var signedOut = false
    private var allowance: [IntentKey: Int] = [:]
    private var letGo: Set<String> = []
    private var expiredBefore: Set<String> = []
    private var otherBackendFilled = false
    private var lockPatience = Duration.milliseconds(50)
    /// When each user's wallet last loaded from the backend since the last sign-out.
    private var walletLoaded: [Int: Date] = [:]
    /// When the signed-in user signed in.
    private var signedInAt: Date?

    private struct IntentKey: Hashable {
        var user: Int
        var form: Int
    }

    init() {
        let base =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        folder = base.appendingPathComponent("errorflow-property-\(UUID().uuidString)")
        files = FileBackedApp(folder: folder)
        backend = ModelBackend(clock: clock)
        backend.signOut.withLock { hook in
            hook = { [sessionFile = files.sessionFile] in await Self.signOut(sessionFile: sessionFile) }
        }
    }

    deinit {
        backend.releaseBlackHoles()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Plays `sequence`; returns the first broken promise, with the step it broke at, or `nil`.
    func play(_ sequence: [SequenceStep]) async -> String? {
        for (index, step) in sequence.enumerated() {
            var broken = await perform(step)
            if broken == nil { broken = await check() }
            if let broken { return "step \(index + 1) (\(step)): \(broken)" }
        }
        return nil
    }

    // MARK: - Steps

    private func perform(_ step: SequenceStep) async -> String? {
        backend.script(
            transfers: step.transfers, refreshes: step.refreshes, reports: step.reports, wallet: step.wallet)
        stateHome = step.stateHome
        let restore = await prepare(step.event)
        defer { restore() }
        var broken: String?
        switch step.action {
        case .signIn(let user):
            let tokens = backend.signIn(user: user)
            signedInAt = clock.wallClockNow
            // A sign-in needs an answer: at a stopped proxy it is made at the backend's own name.
            let name = step.name.isReachable ? step.name : .canonical
            await files.signIn(
                accessToken: tokens.access, refreshToken: tokens.refresh, user: "u-\(user)",
                baseURL: name.identity ?? name.baseURL, signedInAt: signedInAt)
            self.user = user
            signedOut = false
        case .signInNamingNoUser:
            broken = await signInNamingNoUser(at: step.name)
        case .signOut:
            await Self.signOut(sessionFile: sessionFile)
            signedOut = true
        case .viewWallet:
            broken = await viewWallet()
        case .dayPasses:
            // A new day lets each transfer be meant again, unless an earlier send of it may have been made and
            // nobody knows: that one waits for the user.
            var unresolved: Set<IntentKey> = []
            for user in 1...2 {
                for name in SequenceStep.BackendName.allCases {
                    for write in (try? await journal(at: name).writes(for: "u-\(user)")) ?? [] where !write.isMade {
                        if let form = Self.form(of: write) { unresolved.insert(IntentKey(user: user, form: form)) }
                    }
                }
            }
            for user in 1...2 {
                for form in SequenceStep.forms.indices where !unresolved.contains(IntentKey(user: user, form: form)) {
                    allowance[IntentKey(user: user, form: form), default: 1] += 1
                }
            }
            expiredBefore.formUnion(backend.made.map(\.key))
            backend.forgetKeys()
            clock.advance(by: .seconds(86_400))
        case .send(let form, let again):
            if again { allowance[IntentKey(user: user, form: form), default: 1] += 1 }
            broken = await send(
                form: form, again: again, checked: step.killAfterSuspensions == nil,
                killAfter: step.killAfterSuspensions, name: step.name)
        case .sendTwiceAtOnce(let form):
            async let first: String? = send(form: form, again: false, checked: false, name: step.name)
            async let second: String? = send(form: form, again: false, checked: false, name: step.name)
            let (one, other) = await (first, second)
            broken = one ?? other
        case .pending:
            for form in await pendingForms(at: step.name) {
                if let failed = await send(form: form, again: false, checked: false, name: step.name) {
                    broken = broken ?? failed
                }
            }
        case .dismiss:
            await dismissOldest()
        }
        if backend.signOutRan.withLock({ ran in
            defer { ran = false }
            return ran
        }) {
            signedOut = true
        }
        if signedOut { walletLoaded = [:] }
        return broken
    }

    /// One run's configuration at `name`, with the journal the CLI finds under the step's state home.
    private func configuration(at name: SequenceStep.BackendName) -> AppConfiguration {
        var configuration = files.configuration(
            baseURL: name.baseURL, transport: name.isReachable ? backend : Unreachable(), clock: clock,
            journalLockPatience: lockPatience, journalLimit: Self.journalLimit)
        configuration.proxiedBackend = name.identity
        configuration.journalFile = Console.defaultJournalFile(environment: stateHome.environment(home: folder))
        return configuration
    }

    /// `errorflow signin` whose answer names no user: nobody is signed in, and the session is as it was.
    private func signInNamingNoUser(at name: SequenceStep.BackendName) async -> String? {
        let before = try? Data(contentsOf: sessionFile)
        let configuration = configuration(at: name)
        let viewModel = ComposedApp(configuration).signIn()
        let finished = LockedState(false)
        Task { @MainActor in
            await viewModel.signIn()
            finished.withLock { $0 = true }
        }
        guard await drive(until: finished) else { return "a sign-in still waits after 30 s" }
        let after = try? Data(contentsOf: sessionFile)
        return after == before ? nil : "a sign-in that named no user changed the session"
    }

    /// `session clear`: the session, then the last content beside it under the session's lock.
    nonisolated static func signOut(sessionFile: URL) async {
        await FileBackedApp.signOut(sessionFile: sessionFile)
        _ = try? await LastContentFiles(besideSession: sessionFile).clear()
    }

    /// Opens the wallet page from a new process, as `errorflow wallet` does; holds what it shows offline to the
    /// wallets the backend sent this user.
    private func viewWallet() async -> String? {
        var configuration = configuration(at: .canonical)
        configuration.lastContentFiles = LastContentFiles(besideSession: sessionFile)
        let run = ScreenRun(
            app: ComposedApp(configuration), collector: JourneyCollector(),
            reportTiming: .beforeOutput(DeliveryBudget(ReportDelivery.budget)))
        let finished = LockedState(false)
        let task = Task { @MainActor in
            let report = await run.run(.wallet)
            finished.withLock { $0 = true }
            return report
        }
        guard await drive(until: finished) else { return "the wallet page still waits after 30 s" }
        let report = await task.value
        let shown = ScreenState(report).balance
        let now = clock.wallClockNow
        let signedOutMeanwhile = backend.signOutRan.withLock { $0 }
        switch report.outcome {
        case .content where !signedOut && !signedOutMeanwhile:
            walletLoaded[user] = now
        case .lastContent:
            guard !signedOut else { return "the wallet page showed last content to a user who signed out" }
            guard shown == "EUR \(WalletBehaviour.balance(of: user))" else {
                return "user \(user) was shown last content \(shown ?? "nil"), not their own wallet"
            }
            guard let loaded = walletLoaded[user] else {
                return "user \(user) was shown last content, and no wallet of theirs loaded since they signed out"
            }
            if now.timeIntervalSince(loaded) >= 86_400 { return "user \(user) was shown last content a day old" }
            if report.exitCode != 5 { return "last content shown with exit \(report.exitCode), not 5" }
        default:
            break
        }
        return nil
    }

    /// Sends `form` from a new process, as `errorflow transfer` does; with `checked`, holds what the screen said
    /// and the exit code to what the backend and the journal know.
    private func send(
        form: Int, again: Bool, checked: Bool, killAfter suspensions: Int? = nil,
        name: SequenceStep.BackendName = .canonical
    ) async -> String? {
        let madeBefore = backend.made.count
        let requestsBefore = backend.transferRequests
        let collector = JourneyCollector()
        let configuration = configuration(at: name)
        let app = ComposedApp(configuration)
        let (account, amount) = SequenceStep.forms[form]
        let run = ScreenRun(
            app: app, collector: collector,
            transferInput: TransferInput(toAccount: account, amount: amount, currency: "EUR", again: again),
            reportTiming: .beforeOutput(DeliveryBudget(ReportDelivery.budget)))
        let finished = LockedState(false)
        let task = Task { @MainActor in
            let report = await run.run(.transfer)
            finished.withLock { $0 = true }
            return report
        }
        backend.kill.withLock { $0 = { task.cancel() } }
        if let suspensions {
            for _ in 0..<suspensions { await Task.yield() }
            task.cancel()
        }
        guard await drive(until: finished) else {
            return "the run still waits after 30 s: it waits on its reports (or something else) without a bound"
        }
        let report = await task.value
        backend.kill.withLock { $0 = nil }
        guard checked else { return nil }
        let screen = ScreenState(report)
        switch screen.errorKey {
        case "transfer.outcomeUnknown.title":
            guard await journalHolds(form: form, pending: true, at: name) else {
                return "the screen says the outcome is unknown, and the journal does not hold the transfer"
            }
        case "transfer.notSent.title", "transfer.withheld.title":
            guard backend.made.count == madeBefore else {
                return "the screen says nothing was sent, and the backend made a transfer"
            }
            if screen.errorKey == "transfer.notSent.title", await journalHolds(form: form, pending: true, at: name) {
                return "the screen says nothing was sent, and an earlier send of it may have been made"
            }
            if screen.errorKey == "transfer.withheld.title" {
                if backend.transferRequests != requestsBefore {
                    return "the screen says the transfer was withheld, and it was sent"
                }
                if report.exitCode != 4 { return "a withheld transfer ended with exit \(report.exitCode), not 4" }
            }
        default:
            break
        }
        if let receipt = screen.receiptID, !backend.made.contains(where: { $0.id == receipt }) {
            return "the screen shows a receipt (\(receipt)) of a transfer the backend never made"
        }
        return nil
    }

    /// Waits for the run to finish; a run still going after 30 real seconds waits on something without a bound (a
    /// report endpoint that never answers holds a run only for its 2 s budget, and costs no virtual time; a run
    /// without that budget waits forever). 30 s, far above the budget, so a loaded machine does not look unbounded.
    private func drive(until finished: LockedState<Bool>) async -> Bool {
        let giveUp = ContinuousClock.now + .seconds(30)
        while !finished.withLock({ $0 }) {
            guard ContinuousClock.now < giveUp else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// The journal as a process given `name` for the backend reads it.
    private func journal(at name: SequenceStep.BackendName = .canonical) -> PendingWrites {
        ComposedApp.pendingWrites(
            file: journalFile, baseURL: name.baseURL, knownAs: name.identity, limit: Self.journalLimit,
            lockPatience: lockPatience, now: { [clock] in clock.wallClockNow }, logger: quietLogger)
    }

    private func pendingForms(at name: SequenceStep.BackendName) async -> [Int] {
        guard let writes = try? await journal(at: name).writes(for: "u-\(user)") else { return [] }
        let now = clock.wallClockNow
        return writes.filter { !$0.isMade && !$0.isExpired(at: now, lifetime: PendingWrites.defaultLifetime) }
            .compactMap(Self.form(of:))
    }

    private func dismissOldest() async {
        guard let oldest = try? await journal().writes(for: "u-\(user)").first(where: { !$0.isMade }),
            (try? await journal().dismiss(keyPrefix: String(oldest.key.prefix(8)), user: "u-\(user)")) != nil
        else { return }
        letGo.insert(oldest.key)
        if let form = Self.form(of: oldest) { allowance[IntentKey(user: user, form: form), default: 1] += 1 }
    }

    // MARK: - Events

    /// Does what `event` does before the step; returns what puts it back afterwards.
    private func prepare(_ event: SequenceStep.Event?) async -> () -> Void {
        lockPatience = .milliseconds(50)
        switch event {
        case nil:
            return {}
        case .journalLockHeld:
            try? FileManager.default.createDirectory(
                at: journalFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            let held = HeldLock(on: journalFile)
            lockPatience = .zero
            return { held?.release() }
        case .journalReadableByOthers:
            guard FileManager.default.fileExists(atPath: journalFile.path) else { return {} }
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: journalFile.path)
            return { [journalFile] in
                try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journalFile.path)
            }
        case .journalCorrupt:
            let kept = try? Data(contentsOf: journalFile)
            try? FileManager.default.createDirectory(
                at: journalFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data("{\"format\": \"errorflow-pending-wri".utf8).write(to: journalFile)
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journalFile.path)
            return { [journalFile] in
                if let kept {
                    try? kept.write(to: journalFile)
                } else {
                    try? FileManager.default.removeItem(at: journalFile)
                }
            }
        case .otherBackendsLastContent:
            guard !signedOut, let signedInAt else { return {} }
            let object = (try? Data(contentsOf: lastContentFile)).flatMap {
                try? JSONSerialization.jsonObject(with: $0)
            }
            var entries = (object as? [String: Any])?["entries"] as? [[String: Any]] ?? []
            entries.append([
                "owner": [
                    "backend": "http://other.test:80", "basePath": "", "user": "u-\(user)",
                    "signIn": String(signedInAt.timeIntervalSinceReferenceDate),
                ],
                "kind": "wallet", "savedAt": ISO8601DateFormatter().string(from: clock.wallClockNow),
                "content": #"{"balance":{"amount":99,"currency":"EUR"},"id":"w-9","status":"active"}"#,
            ])
            try? FileManager.default.createDirectory(
                at: lastContentFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let data = try? JSONSerialization.data(
                withJSONObject: ["format": "errorflow-last-content/1", "entries": entries])
            {
                try? data.write(to: lastContentFile)
                try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: lastContentFile.path)
            }
            return {}
        case .lastContentCorrupt:
            guard !signedOut else { return {} }
            try? FileManager.default.createDirectory(
                at: lastContentFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data("{\"format\": \"errorflow-last-con".utf8).write(to: lastContentFile)
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: lastContentFile.path)
            return {}
        case .outboxHoldsHugeCounts:
            let origin = BackendOrigin(Self.baseURL).value
            try? FileManager.default.createDirectory(
                at: outboxFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(
                #"{"format":"errorflow-report-outbox/2","dropped":{"\#(origin)":9223372036854775807},"entries":[],"unsent":{"\#(origin)":{"queueFull":9223372036854775807,"rateLimited":9223372036854775807,"refused":-9223372036854775808}}}"#
                    .utf8
            ).write(to: outboxFile)
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: outboxFile.path)
            return {}
        case .otherBackendFillsItsShare:
            guard !otherBackendFilled else { return {} }
            otherBackendFilled = true
            // Written as another backend's runs would have left it, in one go.
            let object = (try? Data(contentsOf: journalFile)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
            var writes = (object as? [String: Any])?["writes"] as? [[String: Any]] ?? []
            for index in 0..<PendingWrites.defaultLimit {
                writes.append([
                    "origin": "http://other.test:80", "basePath": "", "user": "u-9", "method": "POST",
                    "operation": "/v1/transfers", "body": #"{"amount":"\#(index)"}"#, "key": "other-\(index)",
                    "firstSent": "2026-11-26T10:00:00Z", "state": "pending", "sends": [String](), "mayBeMade": true,
                ])
            }
            try? FileManager.default.createDirectory(
                at: journalFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let data = try? JSONSerialization.data(
                withJSONObject: ["format": "errorflow-pending-writes/2", "writes": writes])
            {
                try? data.write(to: journalFile)
                try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journalFile.path)
            }
            return {}
        }
    }

    // MARK: - The promises

    private func check() async -> String? {
        let made = backend.made
        // At most once.
        for user in 1...2 {
            for form in SequenceStep.forms.indices {
                let count = made.filter { $0.user == user && Self.form(ofBody: $0.body) == form }.count
                let allowed = allowance[IntentKey(user: user, form: form), default: 1]
                if count > allowed {
                    let keys = made.filter { $0.user == user && Self.form(ofBody: $0.body) == form }.map {
                        "\($0.id) under \($0.key.prefix(8))"
                    }
                    return
                        "user \(user)'s transfer #\(form) was made \(count) times (\(keys.joined(separator: ", "))), and intended \(allowed)"
                }
            }
        }
        if let counts = backend.countOutOfBounds {
            return "a report carried counts of unsent reports outside the contract's bound: \(counts)"
        }
        if let key = backend.forgottenKeyCameBack {
            return "a transfer was sent again under \(key.prefix(8)) after its key expired"
        }
        // Nothing lost.
        let journalled = JournalSnapshot(file: journalFile)
        guard let journalled else { return "the journal file cannot be read back" }
        for transfer in made where !letGo.contains(transfer.key) && !expiredBefore.contains(transfer.key) {
            if !journalled.keys.contains(transfer.key) {
                return "the backend made \(transfer.id) under \(transfer.key.prefix(8)), and the journal lost it"
            }
        }
        // Signed out stays signed out.
        if signedOut, FileManager.default.fileExists(atPath: sessionFile.path) {
            return "the user signed out, and the session file is back"
        }
        if signedOut, FileManager.default.fileExists(atPath: lastContentFile.path) {
            return "the user signed out, and the last content is there"
        }
        // Bounded.
        if journalled.bytes > PendingWrites.byteLimit { return "the journal holds \(journalled.bytes) bytes" }
        if journalled.mine > Self.journalLimit { return "the journal holds \(journalled.mine) writes" }
        let outbox = (try? Data(contentsOf: outboxFile)) ?? Data()
        if outbox.count > ReportOutbox.defaultByteLimit + 16 * 1024 {
            return "the report outbox holds \(outbox.count) bytes"
        }
        let notBefore =
            ((try? JSONSerialization.jsonObject(with: outbox)) as? [String: Any])?["notBefore"] as? [String: Double]
        if let latest = notBefore?.values.max(),
            Date(timeIntervalSinceReferenceDate: latest) > clock.wallClockNow.addingTimeInterval(3_601)
        {
            return "reports are held back until \(Date(timeIntervalSinceReferenceDate: latest)), more than an hour"
        }
        return nil
    }

    private func journalHolds(form: Int, pending: Bool, at name: SequenceStep.BackendName) async -> Bool {
        guard let writes = try? await journal(at: name).writes(for: "u-\(user)") else { return false }
        return writes.contains { Self.form(of: $0) == form && $0.isMade != pending }
    }

    private static func form(of write: KeyedWrite) -> Int? {
        form(ofBody: write.identity.body)
    }

    private static func form(ofBody body: String) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]
        return SequenceStep.forms.firstIndex { $0.toAccount == object?["toAccount"] && $0.amount == object?["amount"] }
    }
}

/// The journal file as a test reads it: by its JSON, without the app's code.
private struct JournalSnapshot {
    var keys: Set<String> = []
    var bytes = 0
    /// The writes of the backend that holds the most.
    var mine = 0

    /// `nil` when the file is there and is not JSON (a step may have left it corrupt on purpose; it is put back
    /// before the check).
    init?(file: URL) {
        guard let data = try? Data(contentsOf: file) else { return }
        bytes = data.count
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        let writes = object["writes"] as? [[String: Any]] ?? []
        keys = Set(writes.compactMap { $0["key"] as? String })
        // The most writes of one backend (origin and base path), whichever of its names a step gave; another
        // backend's share is its own.
        let names = Set(SequenceStep.BackendName.allCases.map { BackendOrigin($0.identity ?? $0.baseURL).value })
        let ours = writes.filter { names.contains($0["origin"] as? String ?? "") }
        let perBackend = Dictionary(grouping: ours) { "\($0["origin"] ?? "")\($0["basePath"] ?? "")" }
        mine = perBackend.values.map(\.count).max() ?? 0
    }
}

/// What a transfer run's screen showed, read from its JSON state as a script would.
private struct ScreenState {
    var errorKey: String?
    var receiptID: String?
    var balance: String?

    init(_ report: RunReport) {
        let data = (try? JSONEncoder().encode(AnyEncodable(report.state))) ?? Data()
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        errorKey = (object?["error"] as? [String: Any])?["key"] as? String
        receiptID = (object?["receipt"] as? [String: Any])?["id"] as? String
        balance = object?["balance"] as? String
    }
}

private struct AnyEncodable: Encodable {
    let value: any Encodable

    init(_ value: any Encodable) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

/// Where nothing listens: every call ends offline, before anything is sent.
private struct Unreachable: HTTPClient {
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        throw HTTPClientError(kind: .offline, context: HTTPErrorContext(request: request))
    }
}
