import App
import ArgumentParser

/// `errorflow`: the app's commands with the demo's around them. Each screen takes `--scenario` and, without
/// `--base-url`, plays it on an embedded backend; `tour`, `scenarios`, `serve` and `load` are the demo's own.
@main
struct ErrorFlowDemo: AsyncParsableCommand {
    static let configuration = ErrorFlowCommand.configuration(
        backends:
            "Every screen runs against an embedded demo backend on 127.0.0.1, or against your own with --base-url",
        subcommands: [
            TourCommand.self, ScenariosCommand.self,
            PaymentsCommand<DemoOption<PaymentsTag>>.self, WalletCommand<DemoOption<WalletTag>>.self,
            SignInCommand<DemoOption<SignInTag>>.self, ProfileCommand<DemoOption<ProfileTag>>.self,
            TransferCommand<DemoOption<TransferTag>>.self,
            // new-feature: commands
            SessionCommand.self, ExplainCommand<CatalogReports>.self, ProxyCommand.self,
            ServeCommand.self, LoadCommand.self,
        ])

    static func main() async {
        await ErrorFlowCommand.main(Self.self)
    }
}
