#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import QwinkleClient
import Testing

/// A local TCP port that is bound but never listened on, so connecting to it is refused at once: a server that is
/// not running. Holding the port keeps any other test's server from taking it meanwhile.
final class OfflineUnlistenedPort {
    private var descriptor: Int32
    /// The loopback address the port is bound on.
    let host: String
    /// The port number.
    let port: Int

    /// Binds `port` on `host` (a free one when 0). To bind again the port of a server that was stopped, `host`
    /// must be an address of the test's own (`LoopbackHost`), or another test may have taken the port meanwhile.
    init(host: String = "127.0.0.1", port: Int = 0) throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw OfflineUnlistenedPortError(host: host, port: port) }
        // The stopped server's connections may linger in TIME_WAIT on the port; they must not stop the binding.
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw OfflineUnlistenedPortError(host: host, port: port)
        }
        self.descriptor = descriptor
        self.host = host
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// The address of the server that is not there.
    var address: ServerAddress {
        get throws { try #require(ServerAddress("http://\(host):\(port)")) }
    }

    /// Frees the port, so a server can start on it.
    func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit {
        release()
    }
}

/// A port that could not be bound.
struct OfflineUnlistenedPortError: Error, CustomStringConvertible {
    /// The address it was to be bound on.
    let host: String
    /// The port asked for (0 for any).
    let port: Int
    /// Says which.
    var description: String { "Port \(port) could not be bound on \(host)." }
}
