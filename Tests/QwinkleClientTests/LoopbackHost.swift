import Synchronization

/// Loopback addresses handed to one test each, so a port on one of them belongs to that test alone.
///
/// A test that stops its server and later starts one again at the same address must not find its port taken.
/// Every other server in the tests listens on 127.0.0.1 (or `localhost`), never on all addresses, so on an
/// address of its own no other test can take the port in between. Linux routes all of 127.0.0.0/8 to the
/// loopback interface; Darwin configures only 127.0.0.1, where that guarantee is lost.
enum LoopbackHost {
    /// The addresses handed out in this process, so two test beds never share one.
    private static let taken = Mutex<Set<String>>([])

    /// A loopback address no other caller in this process got: a random 127.x.y.z with x ≠ 0 on Linux
    /// (127.0.0.1 stays for everyone else), 127.0.0.1 elsewhere.
    static func unique() -> String {
        #if os(Linux)
        taken.withLock { taken in
            while true {
                // .0 and .255 are left out: some tools read them as network and broadcast addresses.
                let host = "127.\(UInt8.random(in: 1...254)).\(UInt8.random(in: 1...254)).\(UInt8.random(in: 1...254))"
                if taken.insert(host).inserted { return host }
            }
        }
        #else
        "127.0.0.1"
        #endif
    }
}
