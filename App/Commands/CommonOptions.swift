package import ArgumentParser
import AuthFeature
package import Foundation
package import Navigation
import Networking
package import SharedError

/// How a run is shown: environment, format, where it goes, trace, verbosity. Every screen command and the tour take
/// these.
package struct OutputOptions: ParsableArguments {
    @Option(help: "dev presents errors no screen explained with developer detail; prod shows the safe default.")
    package var env: EnvironmentOption = .dev

    @Option(
        help:
            "text, json (one documented object), mermaid (the journey as a sequence diagram) or html (one self-contained page)."
    )
    package var format: OutputFormat = .text

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "Write to this file instead of stdout (the tour with --format mermaid: a folder, one .mmd per scenario).",
            valueName: "path"))
    package var outputPath: String?

    @Flag(help: "Print the error journey after the screen (text format).")
    package var trace = false

    @Flag(name: .shortAndLong, help: "Also write the layers' log lines, journey included, to stderr.")
    package var verbose = false

    @Option(
        help: ArgumentHelp(
            "The language of the screens: en, de, or en-XA (the pseudo-locale, which marks every word that was translated).",
            discussion:
                "Without it: LC_ALL, LC_MESSAGES or LANG, the first that is set; English when that language is not shipped. Requests carry it as Accept-Language; journeys, logs and JSON keys stay in English.",
            valueName: "locale"))
    var locale: String?

    package init() {}

    package func validate() throws {
        if let locale, Language(locale: locale) == nil {
            throw ValidationError(
                "--locale \(locale) is not a language errorflow ships: en, de, or en-XA (the pseudo-locale)")
        }
    }

    /// The language the run speaks: `--locale`, else the environment's, else English.
    package var language: Language {
        Language.chosen(locale: locale, environment: ProcessInfo.processInfo.environment)
    }
}

/// Which backend a screen talks to, and where its session is kept; `Choice` says what runs without `--base-url`.
package struct BackendOptions<Choice: BackendChoice>: ParsableArguments {
    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            Choice.words.baseURL,
            discussion:
                "It must implement the backend contract. Sign in first (`\(Console.binaryName) signin --base-url URL`); the session is kept in --session-file. A URL with a user name or password, a query (?…) or a fragment (#…) is refused (exit 2): a secret such as an API key belongs in the session, not in the URL, which errorflow prints.",
            valueName: "url"))
    package var baseURL: String?

    @Option(
        name: .customLong("session-file"),
        help: ArgumentHelp(
            "Where the session of a --base-url run is kept (default $XDG_CONFIG_HOME/errorflow/session.json, created 0600 at sign-in).",
            valueName: "path"))
    var sessionFile: String?

    @Flag(
        name: .customLong("allow-insecure-http"),
        help: ArgumentHelp(
            "Accept a plain http --base-url whose host is not this machine.",
            discussion:
                "Tokens and transfers would cross the network unencrypted; without this flag only https, or http to localhost, 127.0.0.0/8 or ::1, is accepted."
        ))
    var allowInsecureHTTP = false

    @Option(
        help: ArgumentHelp(
            "How long one call to a --base-url backend may take, in seconds: attempts, waits and a token refresh included (default 10).",
            valueName: "seconds"))
    var timeout: Double?

    package init() {}

    package func validate() throws {
        _ = try validatedBaseURL()
        if let timeout {
            guard baseURL != nil else { throw ValidationError(Choice.words.timeoutWithoutBaseURL) }
            guard timeout > 0, timeout <= 600 else {
                throw ValidationError("--timeout must be above 0 and at most 600 seconds")
            }
        }
        if sessionFile != nil, baseURL == nil {
            throw ValidationError(Choice.words.sessionFileWithoutBaseURL)
        }
    }

    /// The `--base-url`, checked: http or https (any case), a host, and a port from 1 to 65535 if one is given;
    /// plain http only to this machine unless `--allow-insecure-http`.
    package func validatedBaseURL() throws(ExitCode) -> URL? {
        guard let baseURL else { return nil }
        return try BackendChecks.parseBaseURL(baseURL, allowingInsecureHTTP: allowInsecureHTTP)
    }

    /// The session file of a `--base-url` run, checked: a path that cannot be one (empty, a directory, a device, a
    /// FIFO, a symbolic link, a file errorflow did not write) is refused with one line and exit 2, untouched.
    package func checkedSessionFile() throws(ExitCode) -> URL {
        try BackendChecks.checkedSessionFile(sessionFile)
    }

    /// `--timeout` as a duration, if given.
    package var callTimeout: Duration? {
        timeout.map { .milliseconds(Int(($0 * 1000).rounded(.up))) }
    }

    /// `--session-file`, or the default under the user's config directory.
    package var sessionFileURL: URL {
        BackendChecks.sessionFileURL(sessionFile)
    }
}

/// The checks of the backend options, the same whatever runs without `--base-url`.
package enum BackendChecks {
    /// `text` as a `--base-url` (or the URL of `option`), or a refusal (one line, exit 2) that never shows a password or a query's value.
    package static func parseBaseURL(
        _ text: String, allowingInsecureHTTP: Bool = false, option: String = "--base-url"
    ) throws(ExitCode) -> URL {
        let shown = withoutSecrets(text)
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty,
            components.port.map({ (1...65535).contains($0) }) ?? true, let url = components.url
        else {
            throw Console.refusal(
                "\(option) '\(shown)' is not an http(s) URL with a host and a port from 1 to 65535, such as http://127.0.0.1:8080"
            )
        }
        if components.user != nil || components.password != nil {
            throw Console.refusal(
                "\(option) \(shown) carries a user name or password; the backend contract signs in with tokens, so give the URL without them"
            )
        }
        if components.query != nil || components.fragment != nil {
            throw Console.refusal(
                "\(option) \(shown) carries a query (?…) or a fragment (#…); give the URL without it: a secret such as an API key belongs in the session (`\(Console.binaryName) signin`), not in the URL, which errorflow prints"
            )
        }
        let origin = BackendOrigin(url)
        if origin.host.contains(":"), !ProcessTransport.Choice.current.sendsToIPv6 {
            throw Console.refusal(
                "\(option) \(origin) is an IPv6 address, which the URLSession transport cannot send to on this platform; leave ERRORFLOW_TRANSPORT unset to use AsyncHTTPClient"
            )
        }
        if scheme == "http", !origin.isLoopback, !allowingInsecureHTTP {
            throw Console.refusal(
                "\(option) \(origin) is plain http to another machine: the session's tokens and your transfers would cross the network unencrypted; use https, or add --allow-insecure-http if you mean it"
            )
        }
        return url
    }

    /// The session file at `path` (the default one for `nil`), checked as ``BackendOptions/checkedSessionFile()`` says.
    static func checkedSessionFile(_ path: String?) throws(ExitCode) -> URL {
        if path?.isEmpty == true {
            throw Console.refusal("--session-file: an empty path cannot be the session file")
        }
        let url = sessionFileURL(path)
        if let problem = FileSessionStore.check(url) {
            throw Console.refusal("\(problem); choose another --session-file")
        }
        return url
    }

    /// `text` with anything between `scheme://` and an `@` before the first `/` replaced by `***`, and everything
    /// from the first `?` or `#` replaced by `…`, so a refused URL never shows its password or a query's value.
    static func withoutSecrets(_ text: String) -> String {
        let withoutUserInfo = text.replacing(#/^(?<scheme>[A-Za-z][A-Za-z0-9+.\-]*:\/\/)[^\/]*@/#) { match in
            "\(match.output.scheme)***@"
        }
        guard let cut = withoutUserInfo.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return withoutUserInfo }
        return withoutUserInfo[..<cut] + "…"
    }

    static func sessionFileURL(_ path: String?) -> URL {
        guard let path else { return Console.defaultSessionFile }
        return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }
}

package enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, mermaid, html
}

package enum EnvironmentOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case dev, prod

    package var environment: AppEnvironment { self == .dev ? .dev : .prod }
}

enum AnswerOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case approve, cancel, fail, unknown

    var answer: SignInAnswer {
        switch self {
        case .approve: .approve
        case .cancel: .cancel
        case .fail: .fail
        case .unknown: .unknown
        }
    }
}
