import Foundation
import SharedError
import TestSupport

/// One step of a generated sequence: what the user does, how the backend answers each attempt it makes, and what
/// else happens to the process and its files meanwhile.
struct SequenceStep: Hashable, Sendable, CustomStringConvertible {
    /// What the user does.
    enum Action: Hashable, Sendable, CustomStringConvertible {
        /// Sends transfer `form` (one of ``forms``); `again` is `--again`.
        case send(form: Int, again: Bool)
        /// `transfer --pending`: sends each waiting transfer of the signed-in user again.
        case pending
        /// `transfer --pending --dismiss`: lets go of the oldest waiting transfer.
        case dismiss
        /// Signs in (user 1 or 2).
        case signIn(user: Int)
        /// Signs in through the app, and the backend's answer names no user.
        case signInNamingNoUser
        /// `session clear`.
        case signOut
        /// A day passes: every key expires.
        case dayPasses
        /// Two processes at once: both send `form`.
        case sendTwiceAtOnce(form: Int)
        /// `errorflow wallet`: the wallet page, answered as `wallet` says.
        case viewWallet

        var description: String {
            switch self {
            case .send(let form, let again): "send #\(form)\(again ? " --again" : "")"
            case .pending: "--pending"
            case .dismiss: "--pending --dismiss"
            case .signIn(let user): "sign in as user \(user)"
            case .signInNamingNoUser: "sign in, answered without a user"
            case .signOut: "sign out"
            case .dayPasses: "a day passes"
            case .sendTwiceAtOnce(let form): "send #\(form) from two processes at once"
            case .viewWallet: "open the wallet page"
            }
        }
    }

    /// What else happens while the step runs.
    enum Event: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Another process holds the journal's lock for the whole step.
        case journalLockHeld
        /// The journal file is made readable by others (0644) for the step, then put back.
        case journalReadableByOthers
        /// The journal file holds something this version cannot read for the step, then is put back.
        case journalCorrupt
        /// Another backend's writes fill its share of the journal before the step.
        case otherBackendFillsItsShare
        /// The report outbox holds counts of unsent reports near `Int.max` before the step.
        case outboxHoldsHugeCounts
        /// The last content file holds another backend's wallet for the signed-in user before the step.
        case otherBackendsLastContent
        /// The last content file holds something this version cannot read before the step.
        case lastContentCorrupt

        var description: String {
            switch self {
            case .journalLockHeld: "another process holds the journal's lock"
            case .journalReadableByOthers: "the journal is readable by others"
            case .journalCorrupt: "the journal is corrupt"
            case .otherBackendFillsItsShare: "another backend fills its share of the journal"
            case .outboxHoldsHugeCounts: "the outbox holds counts near Int.max"
            case .otherBackendsLastContent: "the last content holds another backend's wallet"
            case .lastContentCorrupt: "the last content is corrupt"
            }
        }
    }

    /// The name of the one backend a step's process is given: its spelling, another host, a base path, or the
    /// user's own proxy in front of it.
    enum BackendName: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// `http://backend.test:8080`, as the first sign-in names it.
        case canonical
        /// `HTTP://Backend.TEST:8080/`: host case, scheme case and a trailing slash, certainly one backend.
        case otherSpelling
        /// `http://alias.test:8080`: the same server under another host, which the app cannot prove is one.
        case otherHost
        /// `http://backend.test:8080/api`: the same server under a base path, which the app cannot prove either.
        case basePath
        /// `http://127.0.0.1:9090`: this user's proxy in front of the backend, registered and proven.
        case proxy
        /// `http://127.0.0.1:9090/api`: that proxy, with the screens under a base path (the backend's `/api`).
        case proxyUnderBasePath
        /// `http://127.0.0.1:9091`: a proxy that has stopped; nothing listens there, and it is no proxy now.
        case stoppedProxy

        var description: String {
            switch self {
            case .canonical: "at its own name"
            case .otherSpelling: "at HTTP://Backend.TEST:8080/"
            case .otherHost: "at another host name"
            case .basePath: "under the base path /api"
            case .proxy: "through the user's proxy"
            case .proxyUnderBasePath: "through the user's proxy under /api"
            case .stoppedProxy: "at a proxy that has stopped"
            }
        }

        /// The base URL the process is given.
        var baseURL: URL {
            let text =
                switch self {
                case .canonical: "http://backend.test:8080"
                case .otherSpelling: "HTTP://Backend.TEST:8080/"
                case .otherHost: "http://alias.test:8080"
                case .basePath: "http://backend.test:8080/api"
                case .proxy: "http://127.0.0.1:9090"
                case .proxyUnderBasePath: "http://127.0.0.1:9090/api"
                case .stoppedProxy: "http://127.0.0.1:9091"
                }
            return URL(string: text) ?? URL(fileURLWithPath: "/")
        }

        /// The backend the process knows it by: behind the proxy, the backend's own name.
        var identity: URL? {
            switch self {
            case .proxy: BackendName.canonical.baseURL
            case .proxyUnderBasePath: BackendName.basePath.baseURL
            default: nil
            }
        }

        /// Whether anything answers there.
        var isReachable: Bool { self != .stoppedProxy }
    }

    /// How the step's process is told where state lives: the CLI must find the one journal whatever the spelling.
    enum StateHome: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// No `XDG_STATE_HOME`: `$HOME/.local/state`.
        case absent
        /// `XDG_STATE_HOME=state`: relative, which the XDG specification says to ignore.
        case relative
        /// `XDG_STATE_HOME=$HOME/.local/state`, given in full.
        case absolute

        var description: String {
            switch self {
            case .absent: "no XDG_STATE_HOME"
            case .relative: "XDG_STATE_HOME=state"
            case .absolute: "XDG_STATE_HOME given in full"
            }
        }

        /// The environment of a process whose home is `home`.
        func environment(home: URL) -> [String: String] {
            switch self {
            case .absent: ["HOME": home.path]
            case .relative: ["HOME": home.path, "XDG_STATE_HOME": "state"]
            case .absolute: ["HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path]
            }
        }
    }

    var action: Action
    /// The name the step's process is given for the backend.
    var name: BackendName = .canonical
    /// How the step's process is told where state lives.
    var stateHome: StateHome = .absent
    var transfers: [TransferBehaviour] = []
    var refreshes: [RefreshBehaviour] = []
    var event: Event?
    /// The process is killed (its task cancelled) after this many suspensions of the step, wherever it is then.
    var killAfterSuspensions: Int?
    /// What the report endpoints do during the step; `nil`: they take every report.
    var reports: ReportBehaviour?
    /// How the backend answers the wallet page's calls; after the last, it answers.
    var wallet: [WalletBehaviour] = []

    var description: String {
        var parts = [action.description + (name == .canonical ? "" : " \(name)")]
        if stateHome != .absent { parts.append("\(stateHome)") }
        if !transfers.isEmpty { parts.append("attempts: " + transfers.map(\.description).joined(separator: ", ")) }
        if !refreshes.isEmpty { parts.append(refreshes.map(\.description).joined(separator: ", ")) }
        if let event { parts.append("while \(event)") }
        if let killAfterSuspensions { parts.append("killed after \(killAfterSuspensions) suspensions") }
        if let reports { parts.append("\(reports)") }
        if !wallet.isEmpty { parts.append(wallet.map(\.description).joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// The transfers a sequence sends: two forms, so that "the same transfer" and "another one" both happen.
    static let forms: [(toAccount: String, amount: String)] = [("CH93 0076 2011", "12.50"), ("DE89 3704 0044", "7.25")]
}

/// Draws sequences from a seed, and makes a failing one smaller.
struct SequenceGenerator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A sequence of 2 to 10 steps (and a sign-in at each move to another host), starting signed in.
    mutating func sequence() -> [SequenceStep] {
        // The user keeps to one name of the backend for a while, as people do, and now and then moves to another;
        // at a name that is another origin they are asked to sign in there, and do. A write left waiting under one
        // name meets its twin under the next.
        var name = SequenceStep.BackendName.canonical
        var steps = [SequenceStep(action: .signIn(user: 1))]
        for _ in 0..<int(1...9) {
            if int(0...3) == 0 {
                name = pick(SequenceStep.BackendName.allCases)
                if name == .otherHost {
                    var signIn = SequenceStep(action: .signIn(user: 1))
                    signIn.name = name
                    steps.append(signIn)
                }
            }
            var next = step()
            next.name = name
            next.stateHome = int(0...3) == 0 ? pick(SequenceStep.StateHome.allCases) : .absent
            steps.append(next)
        }
        return steps
    }

    private mutating func step() -> SequenceStep {
        let action: SequenceStep.Action =
            switch int(0...99) {
            case 0..<36: .send(form: int(0...1), again: int(0...5) == 0)
            case 36..<45: .viewWallet
            case 45..<55: .pending
            case 55..<60: .dismiss
            case 60..<62: .signInNamingNoUser
            case 62..<67: .signIn(user: int(0...4) == 0 ? 2 : 1)
            case 67..<73: .signOut
            case 73..<81: .dayPasses
            default: .sendTwiceAtOnce(form: int(0...1))
            }
        var step = SequenceStep(action: action)
        // Answers that leave the outcome unknown, and no connection, come twice as often: they are the roads.
        step.transfers = (0..<int(0...4)).map { _ in
            int(0...2) == 0 ? pick(TransferBehaviour.leavingTheOutcomeUnknown) : pick(TransferBehaviour.all)
        }
        step.refreshes = int(0...3) == 0 ? [pick(RefreshBehaviour.allCases)] : []
        step.event = int(0...7) == 0 ? pick(SequenceStep.Event.allCases) : nil
        step.killAfterSuspensions = int(0...7) == 0 ? int(0...40) : nil
        step.reports = int(0...3) == 0 ? pick(ReportBehaviour.allCases) : nil
        if action == .viewWallet { step.wallet = [pick(WalletBehaviour.allCases)] }
        return step
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[int(0...(values.count - 1))]
    }

    /// Smaller sequences to try after `sequence` failed: each with one step left out (never the first sign-in), then
    /// each with one step's attempts or event simplified.
    static func shrinks(of sequence: [SequenceStep]) -> [[SequenceStep]] {
        var smaller: [[SequenceStep]] = []
        for index in sequence.indices.dropFirst() {
            var without = sequence
            without.remove(at: index)
            smaller.append(without)
        }
        for index in sequence.indices {
            for attempt in sequence[index].transfers.indices {
                var simpler = sequence
                simpler[index].transfers.remove(at: attempt)
                smaller.append(simpler)
            }
            if !sequence[index].refreshes.isEmpty {
                var simpler = sequence
                simpler[index].refreshes = []
                smaller.append(simpler)
            }
            if sequence[index].event != nil {
                var simpler = sequence
                simpler[index].event = nil
                smaller.append(simpler)
            }
            if !sequence[index].wallet.isEmpty {
                var simpler = sequence
                simpler[index].wallet = []
                smaller.append(simpler)
            }
            if sequence[index].reports != nil {
                var simpler = sequence
                simpler[index].reports = nil
                smaller.append(simpler)
            }
            if sequence[index].stateHome != .absent {
                var simpler = sequence
                simpler[index].stateHome = .absent
                smaller.append(simpler)
            }
            if sequence[index].name != .canonical {
                var simpler = sequence
                simpler[index].name = .canonical
                smaller.append(simpler)
            }
            if sequence[index].killAfterSuspensions != nil {
                var simpler = sequence
                simpler[index].killAfterSuspensions = nil
                smaller.append(simpler)
            }
        }
        return smaller
    }
}
