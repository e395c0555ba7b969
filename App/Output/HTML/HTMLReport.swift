import Foundation
import Mustache

/// `--format html`: one self-contained page (no network, no external assets) with the matrix of every run and, per
/// run, the screen, the journey as an SVG swimlane diagram, the reports, the notes and expected against actual.
enum HTMLReport {
    /// Why the page could not be made: a template that does not parse, which is a defect of this file's templates.
    struct TemplateError: Error, CustomStringConvertible {
        let description: String
    }

    /// The page for `reports`; `elapsed` is the tour's wall time, if it was one.
    static func page(
        _ reports: [RunReport], title: String, elapsed: Duration? = nil, version: String
    ) throws(TemplateError) -> String {
        let root = Root(page: ReportPage(reports, title: title, elapsed: elapsed, version: version), nonce: nonce())
        guard let html = try library().render(root, withTemplate: "page") else {
            throw TemplateError(description: "the report's page template is missing")
        }
        return html
    }

    /// The template library: the page and its partials.
    static func library() throws(TemplateError) -> MustacheLibrary {
        var library = MustacheLibrary()
        let templates = [
            ("page", ReportTemplates.page), ("matrix", ReportTemplates.matrix),
            ("scenario", ReportTemplates.scenario), ("style", ReportTemplates.style),
            ("script", ReportTemplates.script),
        ]
        for (name, text) in templates {
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch {
                throw TemplateError(description: "the report's \(name) template does not parse: \(error)")
            }
        }
        return library
    }

    /// A fresh value for the Content-Security-Policy's script nonce: only the page's own script runs.
    private static func nonce() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "")
    }

    private struct Root {
        var page: ReportPage
        var nonce: String
    }
}
