import HTTPTypes
import Hummingbird
import Synchronization

/// Answers a method a path does not have with `405 Method Not Allowed` and `Allow` naming the ones it has, rather
/// than 404, which would say the path is not there at all.
///
/// It sees only requests no route took: the router names a taken request's route before its middleware runs.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Every route's path and methods, filled in once all routes are added.
    let routes: RouteMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.endpointPath == nil, let allowed = routes.methods(forPath: request.uri.path) else {
            return try await next(request, context)
        }
        var error = APIError(status: .methodNotAllowed, code: "method_not_allowed", message: Self.message(request.method.rawValue, allowed: allowed))
        error.headers[.allow] = allowed.joined(separator: ", ")
        throw error
    }
}

extension MethodNotAllowedMiddleware {
    /// "POST is not allowed here; only PUT is.", "…; only GET, HEAD and PUT are."
    static func message(_ method: String, allowed: [String]) -> String {
        let list = allowed.count > 1 ? allowed.dropLast().joined(separator: ", ") + " and " + (allowed.last ?? "") : allowed.joined()
        return "\(method) is not allowed here; only \(list) \(allowed.count == 1 ? "is" : "are")."
    }
}

/// The methods of each route of a router, to tell which methods a path has.
final class RouteMethods: Sendable {
    private let routes = Mutex<[(path: RouterPath, methods: Set<String>)]>([])

    /// An empty table, filled by `load` once the router has every route.
    init() {}

    /// Takes the router's routes; a path with GET also has HEAD (the router answers HEAD like GET).
    func load<Context>(_ router: Router<Context>) {
        var byPath: [String: (path: RouterPath, methods: Set<String>)] = [:]
        for route in router.routes {
            byPath[route.path.description, default: (route.path, [])].methods.insert(route.method.rawValue)
        }
        let table = byPath.values.map { entry in
            (path: entry.path, methods: entry.methods.contains("GET") ? entry.methods.union(["HEAD"]) : entry.methods)
        }
        routes.withLock { $0 = table }
    }

    /// The methods of the route that would take `path`, sorted; `nil` when none would.
    ///
    /// Where several match, the router takes the one whose fixed segments come first (`/accounts/validation` over
    /// `/accounts/:username`), so that one's methods are the path's.
    func methods(forPath path: String) -> [String]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let best = routes.withLock { routes in
            routes.filter { Self.matches($0.path, segments) }.max { Self.fixedness($0.path).lexicographicallyPrecedes(Self.fixedness($1.path)) }
        }
        return best.map { $0.methods.sorted() }
    }

    /// Per segment, 1 when it is fixed text and 0 when it captures: the router prefers fixed text, segment by segment.
    private static func fixedness(_ path: RouterPath) -> [Int] {
        // A fixed segment is the only kind equal to a fixed segment of its own text.
        path.components.map { $0 == .path(Substring($0.description)) ? 1 : 0 }
    }

    private static func matches(_ path: RouterPath, _ segments: [Substring]) -> Bool {
        var remaining = segments[...]
        for element in path.components {
            if element.description == "**" { return true }
            guard let segment = remaining.popFirst(), element ~= segment else { return false }
        }
        return remaining.isEmpty
    }
}
