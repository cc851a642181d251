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
        // Tenths of a millisecond in whole numbers: String(format:) would cost more than the rest of the line.
        let tenths = elapsed.components.seconds * 10_000 + elapsed.components.attoseconds / 100_000_000_000_000
        logger.info("\(request.method) \(request.uri.path) \(status) \(tenths / 10).\(tenths % 10)ms")
    }
}
