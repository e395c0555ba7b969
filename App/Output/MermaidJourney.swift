import Foundation
import Navigation
import SharedError

/// The journey as a Mermaid sequence diagram: one lane per layer (and for the backend, the transport or a vendor
/// SDK where an error came from outside the app), one arrow per step, from where the error came to the layer that
/// recorded the step, labelled with the action, the category and what it became.
package enum MermaidJourney {
    package static func render(_ report: RunReport) -> String {
        var lines = ["sequenceDiagram", "    title \(escaped(title(of: report)))"]
        for lane in lanes(of: report) {
            lines.append("    participant \(lane.id) as \(lane.title)")
        }
        for entry in report.journey {
            let event = entry.event
            let category = event.category.map { " [\($0.rawValue)]" } ?? ""
            let target = event.to.map { " → \($0)" } ?? " ∎"
            lines.append(
                "    \(Lane(event.origin).id)->>\(Lane(event.layer).id): "
                    + escaped("\(event.action.rawValue)\(category) \(event.from)\(target)"))
        }
        let last = report.journey.last.map { Lane($0.event.layer) } ?? Lane.app
        if report.journey.isEmpty {
            lines.append("    Note over \(Lane.app.id): no error on the way")
        }
        lines.append("    Note over \(last.id): outcome \(report.outcome.rawValue), exit \(report.exitCode)")
        return lines.joined(separator: "\n")
    }

    /// Every diagram of a tour as one Markdown document: a heading and a fenced `mermaid` block per scenario, so
    /// that each block is one valid diagram.
    package static func document(_ reports: [RunReport]) -> String {
        var parts = ["# ErrorFlow tour: the journey of every scenario"]
        for report in reports {
            parts.append("## \(title(of: report))\n\n```mermaid\n\(render(report))\n```")
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    static func title(of report: RunReport) -> String {
        "\(report.scenario ?? report.screen.rawValue) (\(report.screen.rawValue), \(report.environment.rawValue))"
    }

    /// The lanes a report needs, outside the app first, then the layers innermost first.
    private static func lanes(of report: RunReport) -> [Lane] {
        let used = Set(report.journey.flatMap { [Lane($0.event.origin), Lane($0.event.layer)] })
        let all = JourneyOrigin.allCases.map(Lane.init) + [Lane.app]
        let lanes = all.filter(used.contains)
        return lanes.isEmpty ? [Lane.app] : lanes
    }

    /// Mermaid gives `;`, `#` and `%%` meanings of their own inside a message.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "no. ")
            .replacingOccurrences(of: "%", with: " percent")
    }

    /// One participant of the diagram.
    struct Lane: Hashable {
        let id: String
        let title: String

        init(_ origin: JourneyOrigin) {
            switch origin {
            case .backend: (id, title) = ("backend", "Backend")
            case .transport: (id, title) = ("transport", "Transport")
            case .vendorSDK: (id, title) = ("vendorSDK", "Vendor SDK")
            case .networking: (id, title) = ("networking", "Networking")
            case .vendor: (id, title) = ("vendor", "Vendor facade")
            case .data: (id, title) = ("data", "Data")
            case .domain: (id, title) = ("domain", "Domain")
            case .presentation: (id, title) = ("presentation", "Presentation")
            case .navigation: (id, title) = ("navigation", "Navigation")
            case .app: (id, title) = ("app", "App")
            }
        }

        init(_ layer: JourneyLayer) {
            self.init(JourneyOrigin(rawValue: layer.rawValue) ?? .app)
        }

        static let app = Lane(JourneyOrigin.app)
    }
}
