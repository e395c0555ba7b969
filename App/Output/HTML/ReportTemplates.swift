/// The HTML report's Mustache templates. `{{name}}` is HTML-escaped by the engine; the templates never use the
/// unescaped forms (`{{{…}}}`, `{{& …}}`), so nothing a backend said can become markup (`HTMLReportTests`).
///
/// Everything the page needs is in it: the style, the SVG arrowheads and a small script (a filter for the matrix,
/// and a record of script errors that the browser test reads). Its Content-Security-Policy allows no network at
/// all, and only the script carrying this page's nonce.
enum ReportTemplates {
    static let page = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'nonce-{{nonce}}'">
        <meta name="color-scheme" content="light dark">
        <title>{{page.title}}</title>
        <style>{{> style}}</style>
        </head>
        <body data-script-errors="">
        <a class="skip" href="#matrix">Skip to the matrix</a>
        <svg class="defs" aria-hidden="true" focusable="false" width="0" height="0">
          <defs>{{#page.legend}}<marker id="arrow-{{tone}}" class="t-{{tone}}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"/></marker>{{/page.legend}}</defs>
        </svg>
        <header>
          <h1>{{page.title}}</h1>
          <p class="summary">{{page.summary}}</p>
        </header>
        <main>
        {{#page}}{{> matrix}}{{#scenarios}}{{> scenario}}{{/scenarios}}{{/page}}
        </main>
        <footer><p>Made by {{page.generated}}. Every step was recorded by the layers during the run.</p></footer>
        <script nonce="{{nonce}}">{{> script}}</script>
        </body>
        </html>
        """

    static let matrix = """
        <section id="matrix" aria-labelledby="matrix-title" tabindex="-1">
          <h2 id="matrix-title">Every run, layer by layer</h2>
          <p>Each cell says what that layer did with the error; <span class="stop-mark" aria-hidden="true">■</span> marks where the error stopped. Choose a run's name for its journey.</p>
          <ul class="legend" aria-label="Colours">{{#legend}}<li><span class="swatch t-{{tone}}" aria-hidden="true"></span>{{text}}</li>{{/legend}}</ul>
          <p class="filter" hidden><label for="matrix-filter">Show runs whose name contains</label> <input id="matrix-filter" type="search" autocomplete="off"></p>
          <div class="scroll" role="region" aria-labelledby="matrix-title" tabindex="0">
          <table class="matrix">
            <caption>What each layer did, per run (order within a layer aside)</caption>
            <thead><tr><th scope="col">run</th>{{#layers}}<th scope="col">{{name}}</th>{{/layers}}<th scope="col">outcome</th><th scope="col">catalog</th></tr></thead>
            <tbody>
            {{#rows}}<tr data-scenario="{{name}}">
              <th scope="row"><a href="#{{anchor}}">{{name}}</a></th>
              {{#cells}}<td class="cell t-{{tone}}{{#stop}} stop{{/stop}}" data-layer="{{layer}}" data-actions="{{actions}}" data-stop="{{stop}}" aria-label="{{label}}">{{phrase}}{{#stop}} <span class="stop-mark" aria-hidden="true">■</span>{{/stop}}</td>{{/cells}}
              <td>{{outcome}} · exit {{exitCode}}</td>
              <td class="{{#asExpected}}ok{{/asExpected}}{{^asExpected}}bad{{/asExpected}}">{{verdict}}</td>
            </tr>
            {{/rows}}
            </tbody>
          </table>
          </div>
        </section>
        """

    static let scenario = """
        <section class="scenario" id="{{anchor}}" aria-labelledby="{{anchor}}-title" tabindex="-1" data-scenario="{{name}}">
          <h2 id="{{anchor}}-title">{{name}} <span class="meta">{{screen}} · {{outcome}} · exit {{exitCode}}</span></h2>
          <p>{{summary}}</p>
          <div class="columns">
            <figure class="screen">
              <figcaption>The screen as the user saw it</figcaption>
              <pre>{{screenText}}</pre>
              <p>Shown to the user: {{presented}}</p>
            </figure>
            <figure class="journey">
              <figcaption id="{{anchor}}-svg-title">The journey: lanes are layers, arrows are the steps they recorded</figcaption>
              {{#swimlane}}<svg role="img" aria-labelledby="{{anchor}}-svg-title {{anchor}}-svg-desc" width="{{width}}" height="{{height}}" viewBox="0 0 {{width}} {{height}}">
                <desc id="{{anchor}}-svg-desc">{{#hasSteps}}{{#steps}}{{layer}} {{action}} {{category}}: {{from}} to {{to}}. {{/steps}}{{/hasSteps}}{{^hasSteps}}No error on the way.{{/hasSteps}}</desc>
                {{#lanes}}<text class="lane-title" x="{{x}}" y="24" text-anchor="middle">{{title}}</text><line class="lane" x1="{{x}}" y1="34" x2="{{x}}" y2="{{bottom}}"/>{{/lanes}}
                {{#arrows}}<g class="step t-{{tone}}"><title>{{fullText}}</title>{{^isLoop}}<line x1="{{fromX}}" y1="{{y}}" x2="{{toX}}" y2="{{y}}" marker-end="url(#arrow-{{tone}})"/>{{/isLoop}}{{#isLoop}}<path d="{{loopPath}}" marker-end="url(#arrow-{{tone}})"/>{{/isLoop}}<text class="label" x="{{labelX}}" y="{{labelY}}">{{action}} {{category}}</text><text class="detail" x="{{labelX}}" y="{{detailY}}">{{detail}}</text></g>{{/arrows}}
              </svg>{{/swimlane}}
            </figure>
          </div>
          {{#hasSteps}}<h3>The steps, in the order they were recorded</h3>
          <ol class="steps">{{#steps}}<li><span class="layer">{{layer}}</span> <strong>{{action}}</strong> <span class="category">[{{category}}]</span> {{from}} → {{to}}</li>{{/steps}}</ol>{{/hasSteps}}
          {{^hasSteps}}<p>No error on the way.</p>{{/hasSteps}}
          {{#hasReports}}<h3>Client reports sent</h3><ul>{{#reports}}<li>{{.}}</li>{{/reports}}</ul>{{/hasReports}}
          {{#hasPending}}<h3>Client reports waiting in the outbox</h3><ul>{{#pending}}<li>{{.}}</li>{{/pending}}</ul>{{/hasPending}}
          {{#hasErrorReports}}<h3>Error reports, by fingerprint</h3><ul class="error-reports">{{#errorReports}}<li>{{.}}</li>{{/errorReports}}</ul>{{/hasErrorReports}}
          {{#hasNotes}}<h3>Notes</h3><ul>{{#notes}}<li>{{.}}</li>{{/notes}}</ul>{{/hasNotes}}
          {{#hasCheck}}<h3>Expected and actual</h3>
          <table class="check">
            <caption>{{#asExpected}}As the catalog says{{/asExpected}}{{^asExpected}}Not as the catalog says{{/asExpected}}</caption>
            <thead><tr><th scope="col">what</th><th scope="col">expected</th><th scope="col">actual</th><th scope="col">same</th></tr></thead>
            <tbody>{{#comparisons}}<tr><th scope="row">{{what}}</th><td>{{expected}}</td><td>{{actual}}</td><td class="{{#same}}ok{{/same}}{{^same}}bad{{/same}}">{{#same}}yes{{/same}}{{^same}}no{{/same}}</td></tr>{{/comparisons}}</tbody>
          </table>
          {{#hasDifferences}}<ul class="bad">{{#differences}}<li>{{.}}</li>{{/differences}}</ul>{{/hasDifferences}}{{/hasCheck}}
          <p><a href="#matrix">Back to the matrix</a></p>
        </section>
        """

    static let style = """
        :root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de;
          --pass: #0969da; --recover: #1a7f37; --absorb: #6e7781; --show: #bc4c00; --note: #8250df;
          --ok: #1a7f37; --bad: #cf222e; --cell: #f6f8fa; --focus: #0969da; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d;
            --pass: #4493f8; --recover: #3fb950; --absorb: #9198a1; --show: #f0883e; --note: #ab7df8;
            --ok: #3fb950; --bad: #f85149; --cell: #161b22; --focus: #4493f8; }
        }
        body { background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1400px; padding: 0 1.5rem 3rem; }
        a { color: var(--pass); }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
        .defs { position: absolute; }
        .summary, .meta, figcaption, .legend, footer { color: var(--muted); }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
        .matrix td.cell { background: var(--cell); border-left: 4px solid transparent; white-space: nowrap; }
        .matrix td.stop { font-weight: 700; }
        .t-pass { --tone: var(--pass); } .t-recover { --tone: var(--recover); } .t-absorb { --tone: var(--absorb); }
        .t-show { --tone: var(--show); } .t-note { --tone: var(--note); } .t-none { --tone: transparent; }
        .matrix td.cell { border-left-color: var(--tone); background: color-mix(in srgb, var(--tone) 16%, var(--cell)); }
        .matrix th[scope="row"], .matrix td { white-space: nowrap; }
        .swatch { display: inline-block; width: .9rem; height: .9rem; margin-right: .4rem; background: var(--tone); vertical-align: middle; }
        .legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; }
        .stop-mark { color: var(--bad); }
        .ok { color: var(--ok); } .bad { color: var(--bad); }
        .scenario { border-top: 1px solid var(--line); margin-top: 2rem; }
        .columns { display: flex; flex-wrap: wrap; gap: 1.5rem; }
        figure { margin: 0; min-width: 0; max-width: 100%; }
        figure.screen { flex: 1 1 28rem; }
        figure.journey { overflow-x: auto; }
        pre { background: var(--cell); padding: .75rem; white-space: pre-wrap; overflow-wrap: anywhere; }
        svg text { fill: var(--fg); font: 12px system-ui, sans-serif; }
        svg .lane-title { font-weight: 700; }
        svg .lane { stroke: var(--line); stroke-width: 2; }
        svg .step line, svg .step path { stroke: var(--tone); stroke-width: 2; fill: none; }
        svg .detail { fill: var(--muted); font-size: 11px; }
        marker path { fill: var(--tone); }
        .steps .layer, .steps .category { color: var(--muted); }
        """

    static let script = """
        (function () {
          var root = document.body;
          window.addEventListener("error", function (event) {
            root.dataset.scriptErrors += (event.message || "error") + "\\n";
          });
          var filter = document.getElementById("matrix-filter");
          var rows = document.querySelectorAll(".matrix tbody tr");
          filter.parentElement.hidden = false;
          filter.addEventListener("input", function () {
            var wanted = filter.value.trim().toLowerCase();
            rows.forEach(function (row) {
              row.hidden = wanted !== "" && row.dataset.scenario.indexOf(wanted) === -1;
            });
          });
          root.dataset.ready = "yes";
        })();
        """
}
