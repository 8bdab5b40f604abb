import Foundation

/// A store's answer within a deadline, or an error: a request waiting on a database that went
/// away (a restart, a network cut) can wait far longer than anyone should, and everything sent
/// after it waits behind it. Past the deadline the caller goes on (the senders send again); the
/// request itself runs to its end on its own, and what it kept is found in the store.
enum StoreDeadline {
    struct Passed: Error, CustomStringConvertible {
        let seconds: Double
        var description: String { "the sessions' database did not answer within \(seconds) s" }
    }

    static func within<Value: Sendable>(_ seconds: Double, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let answer = Answer(continuation)
            Task {
                do {
                    answer.give(.success(try await work()))
                } catch {
                    answer.give(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                answer.give(.failure(Passed(seconds: seconds)))
            }
        }
    }

    /// Resumes the caller once, with whichever comes first.
    private final class Answer<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, Error>?

        init(_ continuation: CheckedContinuation<Value, Error>) { self.continuation = continuation }

        func give(_ result: Result<Value, Error>) {
            let waiting = lock.withLock { () -> CheckedContinuation<Value, Error>? in
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(with: result)
        }
    }
}
