import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening address that another program holds, told apart from other failures to start so that `qwinkle serve`
/// can say which port it wanted instead of the socket call's own words.
public enum PortInUse {
    /// Whether the error is a failure to bind because the address is in use.
    public static func matches(_ error: any Error) -> Bool {
        (error as? IOError)?.errnoCode == EADDRINUSE
    }

    /// The sentence for a person, naming the address (and the metrics' own, which could be the one taken).
    public static func message(host: String, port: Int, metrics: MetricsExposure) -> String {
        var message = "Port \(port) is in use (another program is listening on \(host):\(port))"
        if case .separate(let metricsHost, let metricsPort) = metrics {
            message += ", or the metrics' port \(metricsPort) is (on \(metricsHost):\(metricsPort))"
        }
        return message + "; stop that program, or choose another port with --port."
    }
}
