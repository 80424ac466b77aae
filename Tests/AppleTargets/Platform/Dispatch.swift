// A stand-in for Apple's Dispatch, for .ci/apple-targets.sh: the calls the package makes
// (`DispatchQueue.global().async(execute:)`, PerceptionCore's Checking/CheckedTaskContext.swift;
// `DispatchQueue.main.async(execute:)`, PerceptionTestSupport's XCTestWitness.swift; a specific
// key on the main queue, PerceptionCore's SwiftUI/Bindable.swift), with the
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

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension DispatchQueue {
  /// Sets the value for `key` on the queue (dispatch/dispatchqueue/setspecific(key:value:):
  /// `func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?)`).
  public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}

  /// The value for `key` on the current queue
  /// (dispatch/dispatchqueue/getspecific(key:)-swift.type.method:
  /// `class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T?`).
  public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
}

/// A key associated with a contextual value on a dispatch queue
/// (dispatch/dispatchspecifickey: `final class DispatchSpecificKey<T>`, Sendable).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public final class DispatchSpecificKey<T>: @unchecked Sendable {
  /// Creates a key (dispatch/dispatchspecifickey/init(): `init()`).
  public init() {}
}
