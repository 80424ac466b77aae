// A stand-in for Apple's Dispatch, for .ci/apple-targets.sh: the calls the package makes
// (`DispatchQueue.global().async(execute:)`, PerceptionCore's Checking/CheckedTaskContext.swift;
// `DispatchQueue.main.async(execute:)`, PerceptionTestSupport's XCTestWitness.swift), with the
// shapes and availability Apple's SDK declares for them. It is only type-checked, never run.

/// An object that manages the execution of tasks.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public final class DispatchQueue: @unchecked Sendable {
  private init() {}

  /// Returns the global system queue.
  public class func global() -> DispatchQueue { DispatchQueue() }

  /// The dispatch queue associated with the main thread of the current process
  /// (dispatch/dispatchqueue/main: `class var main: DispatchQueue { get }`).
  public class var main: DispatchQueue { DispatchQueue() }

  /// Schedules a work item for immediate execution, and returns immediately.
  public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {}
}
