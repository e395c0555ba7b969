import DemoBackend
import Foundation
import SharedError

/// The journey as a Mermaid sequence diagram: one participant per layer, one arrow per step.
enum MermaidJourney {
    static func render(_ report: RunReport) -> String {
        var lines = ["sequenceDiagram", "    title \(report.scenario.rawValue) (\(report.screen.rawValue))"]
        let layers = JourneyLayer.allCases.filter { layer in report.journey.contains { $0.event.layer == layer } }
        lines.append("    participant Backend")
        for layer in layers {
            lines.append("    participant \(layer.rawValue) as \(title(of: layer))")
        }
        var previous = "Backend"
        for entry in report.journey {
            let event = entry.event
            let target = event.to.map { " → \($0)" } ?? ""
            lines.append(
                "    \(previous)->>\(event.layer.rawValue): \(event.action.rawValue) \(escaped(event.from))\(escaped(target))"
            )
            previous = event.layer.rawValue
        }
        if report.journey.isEmpty {
            lines.append("    Note over Backend: no error on the way")
        }
        lines.append("    Note over \(previous): outcome \(report.outcome.rawValue), exit \(report.exitCode)")
        return lines.joined(separator: "\n")
    }

    private static func title(of layer: JourneyLayer) -> String {
        switch layer {
        case .networking: "Networking"
        case .vendor: "Vendor facade"
        case .data: "Data"
        case .domain: "Domain"
        case .presentation: "Presentation"
        case .navigation: "Navigation"
        case .app: "App"
        }
    }

    /// Mermaid treats `;` and `#` specially in messages.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "no. ")
    }
}
