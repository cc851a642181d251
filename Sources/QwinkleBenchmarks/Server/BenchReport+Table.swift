import Foundation

extension BenchReport {
    /// The report as a table of routes and a list of targets, for a terminal.
    var table: String {
        let header = ["route", "conns", "req/s", "p50 ms", "p99 ms", "p99÷p50", "errors", "vs ceiling", "client CPU", "request"]
        let rows = routes.map { route in
            [
                route.name, String(route.connections), String(format: "%.1f", route.requestsPerSecond),
                String(format: "%.2f", route.p50Milliseconds), String(format: "%.2f", route.p99Milliseconds),
                String(format: "%.1f", route.p99OverP50), String(route.errors), route.ratioToCeiling.map { String(format: "%.1f %%", $0 * 100) } ?? "-",
                route.clientCPU.map { String(format: "%.0f %%", $0 * 100) } ?? "-", route.label,
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        /// One row, each cell padded to its column's width.
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // Names read left to right and figures line up on the right; the last column needs no padding.
                if column == cells.count - 1 { return cell }
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        var lines = [line(header)] + rows.map(line)
        for route in routes {
            if let detail = route.errorDetail { lines.append("errors in \(route.name): \(detail)") }
        }
        for route in routes {
            if let perSecond = route.deliveriesQueuedPerSecond {
                lines.append(String(format: "\(route.name): %.0f deliveries to other servers queued a second", perSecond))
            }
        }
        if let peakResidentBytes {
            lines.append(String(format: "server peak RSS (VmHWM): %.1f MB", Double(peakResidentBytes) / 1_048_576))
        }
        if !pinned { lines.append("note: server and load were not pinned to separate cores (no taskset, or one core)") }
        if !targets.isEmpty {
            lines.append("")
            lines.append("targets (issues 12, 15, 29, 30 and 32):")
            for check in targets {
                let figure = String(format: check.unit == "×" ? "%.2f" : "%.1f", check.value)
                let bound = String(format: check.unit == "×" ? "%.2f" : "%.0f", check.target)
                lines.append("  \(check.isMet ? "met    " : "NOT MET") \(check.name): \(figure) \(check.unit) (target \(check.atLeast ? "≥" : "≤") \(bound) \(check.unit))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
