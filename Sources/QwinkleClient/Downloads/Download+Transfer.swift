import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

extension Download {
    /// One transfer: from `saved` until the file is verified, the download fails, or a stop request is honoured.
    func transfer(from saved: DownloadResumeData) async {
        var state = saved
        let outcome: TransferOutcome
        do throws(DownloadError) {
            if stopRequest != nil { throw .cancelled }
            outcome = .finished(try await fetch(&state))
        } catch {
            outcome = stopRequest != nil ? stopped(with: state) : failed(error, with: state)
        }
        await settle(outcome)
    }

    private var stopRequest: StopRequest? {
        control.withLock { $0.phase.stopRequest }
    }

    /// Fetches into the partial file, asking again when the strategy says to start over, then verifies and
    /// moves the file into place. `state` always describes the partial file, even when this throws.
    private func fetch(_ state: inout DownloadResumeData) async throws(DownloadError) -> URL {
        let partial = try PartialFile(at: files.partial, keeping: state.bytesWritten)
        defer { partial.close() }
        state.bytesWritten = partial.length
        var hasStartedOver = false
        while true {
            let response = try await send(continuing: state)
            let head = ResponseHead(response)
            let strategy = state.strategy ?? DownloadStrategy(acceptsByteRanges: head.acceptsByteRanges, etag: head.etag)
            switch strategy.downloader.plan(for: head, continuing: state) {
            case .append(let expectedLength):
                state.expectedLength = expectedLength
            case .replace(let expectedLength):
                try partial.empty()
                state.startOver()
                state.etag = head.etag
                state.expectedLength = expectedLength
            case .startOver:
                // Once is a correction; twice means the server keeps answering nonsense.
                guard !hasStartedOver else { throw .unexpectedResponse("it answered \(head.status) to a request for the whole file") }
                hasStartedOver = true
                try partial.empty()
                state.startOver()
                continue
            case .refuse:
                throw await Self.error(from: response, status: head.status)
            }
            state.strategy = strategy
            await emit(.receiving(fromOffset: state.bytesWritten, strategy: strategy))
            try await receive(response.body, into: partial, state: &state)
            break
        }
        if let expected = state.expectedLength, state.bytesWritten != expected {
            throw .unreachable(request.source, reason: "the connection ended after \(state.bytesWritten) of \(expected) bytes")
        }
        try verify(partial.finish(), etag: state.etag)
        partial.close()
        try moveIntoPlace()
        return request.destination
    }

    private func send(continuing state: DownloadResumeData) async throws(DownloadError) -> HTTPClientResponse {
        var outgoing = HTTPClientRequest(url: request.source.absoluteString)
        if let authorization = environment.authorization, authorization.applies(to: request.source) {
            outgoing.headers.add(name: "Authorization", value: "Bearer \(authorization.bearerToken)")
        }
        for header in state.strategy?.downloader.headers(continuing: state) ?? [] {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        do {
            return try await environment.httpClient.execute(outgoing, timeout: TimeAmount(environment.responseTimeout))
        } catch {
            throw .unreachable(request.source, reason: String(describing: error))
        }
    }

    /// Streams the body to the partial file chunk by chunk, reporting each, and stops after the first chunk
    /// that finds a pause or cancel asked for.
    private func receive(
        _ body: HTTPClientResponse.Body, into partial: PartialFile, state: inout DownloadResumeData
    ) async throws(DownloadError) {
        do {
            for try await chunk in body {
                try partial.append(chunk)
                state.bytesWritten = partial.length
                let progress = state.progress
                let stop = control.withLock { control in
                    control.phase.record(progress)
                    return control.phase.stopRequest
                }
                await emit(.progress(progress))
                if stop != nil || stopRequest != nil { throw DownloadError.cancelled }
            }
        } catch let error as DownloadError {
            throw error
        } catch {
            throw .unreachable(request.source, reason: String(describing: error))
        }
        // A cancelled task may see the body simply end; that is a stop, not a complete file.
        if stopRequest != nil { throw .cancelled }
    }

    private func verify(_ actual: ContentHash, etag: String?) throws(DownloadError) {
        guard let expected = request.expectedSHA256 ?? etag.flatMap(ContentHash.init(etag:)) else { return }
        guard actual == expected else { throw .hashMismatch(expected: expected, actual: actual) }
    }

    /// Renames the verified partial file over the destination in one step, so the destination is never half
    /// written, then drops the resume data.
    private func moveIntoPlace() throws(DownloadError) {
        guard rename(files.partial.path, request.destination.path) == 0 else {
            throw .fileSystem(request.destination, reason: String(cString: strerror(errno)))
        }
        try? FileManager.default.removeItem(at: files.resumeData)
    }

    /// A pause keeps the partial file and writes resume data; a cancel deletes both.
    private func stopped(with state: DownloadResumeData) -> TransferOutcome {
        guard stopRequest != .cancel else {
            files.removeLeftovers()
            return .ended(.failure(.cancelled))
        }
        do {
            try files.writeResumeData(state)
        } catch {
            files.removeLeftovers()
            return .ended(.failure(error))
        }
        return .paused(state)
    }

    /// A broken connection leaves a ranged download resumable; anything else leaves nothing behind.
    private func failed(_ error: DownloadError, with state: DownloadResumeData) -> TransferOutcome {
        if case .unreachable = error, state.bytesWritten > 0, state.strategy == .byteRanges,
            (try? files.writeResumeData(state)) != nil
        {
            return .ended(.failure(error))
        }
        files.removeLeftovers()
        return .ended(.failure(error))
    }

    /// The error for a response that is not the file, with the server's own message when it sent one.
    private static func error(from response: HTTPClientResponse, status: Int) async -> DownloadError {
        let body = try? await response.body.collect(upTo: 64 * 1024)
        let message = body.flatMap { ServerErrorBody.message(in: Data($0.readableBytesView)) }
        return .httpStatus(status, message: message)
    }
}

/// How one transfer ended.
enum TransferOutcome {
    case finished(URL)
    case paused(DownloadResumeData)
    case ended(Result<URL, DownloadError>)
}
