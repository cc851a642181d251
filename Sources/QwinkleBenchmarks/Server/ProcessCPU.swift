import Foundation

/// The CPU time this process has used, from `/proc/self/stat`: the load generator's own cost, to show whether the
/// client rather than the server limited a route.
enum ProcessCPU {
    /// User and system time in seconds on Linux; `nil` elsewhere.
    static func seconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        // After the command name in parentheses: state is field 3, utime 14 and stime 15 (counting from 1).
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
