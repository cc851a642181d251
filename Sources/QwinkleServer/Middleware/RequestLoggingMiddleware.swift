import Foundation
import Hummingbird
import Logging

/// Logs one line per request at info: method, path, status and duration.
struct RequestLoggingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, since: start, clock: clock, logger: context.logger)
            return response
        } catch let error as any HTTPResponseError {
            log(request, status: error.status.code, since: start, clock: clock, logger: context.logger)
            throw error
        } catch {
            log(request, status: 500, since: start, clock: clock, logger: context.logger)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant, clock: ContinuousClock, logger: Logger) {
        let elapsed = start.duration(to: clock.now)
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info(
            "\(request.method) \(request.uri.path) \(status) \(String(format: "%.1f", milliseconds))ms",
            metadata: ["http.method": "\(request.method)", "http.path": "\(request.uri.path)", "http.status": "\(status)"]
        )
    }
}
