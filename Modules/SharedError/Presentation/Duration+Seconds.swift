extension Duration {
    /// Seconds with two decimals, truncated: `1.25 s`. How journeys, logs and the CLI write a wait.
    public var formattedSeconds: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        let hundredths = milliseconds % 1000 / 10
        return "\(milliseconds / 1000).\(hundredths < 10 ? "0" : "")\(hundredths) s"
    }

    /// The duration as a number of seconds, for arithmetic and JSON: `1.25`.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Duration {
    /// Whole seconds, a started second counted as one: what a person is told to wait.
    public var secondsRoundedUp: Int64 {
        components.seconds + (components.attoseconds > 0 ? 1 : 0)
    }
}
