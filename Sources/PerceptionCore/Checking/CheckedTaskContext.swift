#if canImport(Dispatch)
  import Dispatch
#endif

/// An async checked context: a task-local, and an executor marking the slot for each job. A job
/// outlives the context until its next suspension, so a report confirms the task-local.
enum CheckedTaskContext {
  @TaskLocal static var isActive = false

  static func run<T, E: Error>(
    isolation: isolated (any Actor)?, _ body: () async throws(E) -> T
  ) async throws(E) -> T {
    do {
      return try await $isActive.withValue(
        true,
        operation: { () async throws -> T in
          #if canImport(Dispatch)
            if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
              return try await withTaskExecutorPreference(
                CheckedTaskExecutor.shared, isolation: isolation
              ) { () async throws(E) -> T in
                try await body()
              }
            }
          #endif
          return try await body()
        }, isolation: isolation)
    } catch {
      // `withValue` rethrows untyped; the only error is `body`'s.
      throw error as! E
    }
  }
}

#if canImport(Dispatch)
  @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
  final class CheckedTaskExecutor: TaskExecutor {
    static let shared = CheckedTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      let executor = asUnownedTaskExecutor()
      DispatchQueue.global().async {
        CheckingSlot.with(CheckingSlot.checkedTask) {
          job.runSynchronously(on: executor)
        }
      }
    }
  }
#endif
