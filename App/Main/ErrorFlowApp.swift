import App
import ArgumentParser

/// `errorflow-app`: the app alone. Every screen runs against the user's backend at `--base-url`; the session is the
/// one `signin --base-url` keeps.
@main
struct ErrorFlowApp: AsyncParsableCommand {
    static let configuration = ErrorFlowCommand.configuration(
        backends: "Every screen runs against your backend at --base-url",
        subcommands: [
            PaymentsCommand<BaseURLOnly>.self, WalletCommand<BaseURLOnly>.self, SignInCommand<BaseURLOnly>.self,
            ProfileCommand<BaseURLOnly>.self, TransferCommand<BaseURLOnly>.self,
            // new-feature: commands
            SessionCommand.self, ExplainCommand<NoScenarios>.self, ProxyCommand.self,
        ])

    static func main() async {
        await ErrorFlowCommand.main(Self.self)
    }
}
