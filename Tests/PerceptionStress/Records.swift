import Foundation
import Perception

/// One one-shot `withPerceptionTracking(_:onChange:)` call.
final class OneShotRecord: @unchecked Sendable {
  // Unchecked: `fired` is atomic, the rest immutable.
  let fired = AtomicWord()
  let world: World

  init(world: World) { self.world = world }

  /// Its `onChange`.
  func onChange() {
    let count = fired.increment()
    let context = Context.current
    context?.checked(.oneShotAtMostOnce)
    if count > 1 {
      world.violations.record(
        .oneShotAtMostOnce,
        "onChange ran \(count) times (now on thread \(context?.index ?? -1))")
    }
    context?.inCallback { $0.reenter(cancelling: nil) }
  }
}

/// One willSet/didSet tracking: what it received, and whether and where it was cancelled.
///
/// It holds the `PerceptionTracking` its first callback received, so that any thread can cancel
/// it later; that reference and the observer's reference to the callbacks make a cycle, which
/// `retire` breaks. Every record with callbacks is therefore kept in a list until retired.
final class EventRecord: @unchecked Sendable {
  // Unchecked: the counters and the flags are atomic; `tracking`, `retired` and `cancelledIn`
  // are guarded by `lock`.
  let willSets = AtomicWord()
  let didSets = AtomicWord()
  /// Set right after the first `cancel()` returned.
  private let cancelled = AtomicWord()
  /// Set right after a `cancel()` made outside every callback returned: one that waited for
  /// the callbacks running on other threads.
  private let cancelledOutsideCallbacks = AtomicWord()
  private let lock = NSLock()
  private var tracking: PerceptionTracking?
  private var retired = false
  /// The thread and the top-level operation of the first `cancel()` made outside callbacks.
  private var cancelledIn: (thread: Int, operation: UInt64)?
  let world: World
  /// For a tracking of a thread's private items, what an exact count compares with.
  let exact: ExactCount?

  init(world: World, exact: ExactCount? = nil) {
    self.world = world
    self.exact = exact
  }

  var isCancelled: Bool { cancelled.value != 0 }

  /// Its willSet or didSet callback.
  func deliver(willSet: Bool, _ tracking: PerceptionTracking) {
    let context = Context.current
    checkNotCancelled(context, willSet: willSet)
    (willSet ? willSets : didSets).increment()
    lock.withLock {
      if self.tracking == nil && !retired { self.tracking = tracking }
    }
    context?.inCallback { $0.reenter(cancelling: self) }
  }

  private func checkNotCancelled(_ context: Context?, willSet: Bool) {
    context?.checked(.noCallbackAfterCancel)
    guard cancelled.value != 0 else { return }
    guard cancelledOutsideCallbacks.value != 0 else {
      // Every cancel so far was made inside a callback (of any tracking, on any thread),
      // where cancel() does not wait for the callbacks running on other threads, by design:
      // waiting there could deadlock. A callback that had taken its place before the cancel
      // may still start after it returned.
      context?.exempt += 1
      return
    }
    let canceller = lock.withLock { cancelledIn }!
    let event = willSet ? "willSet" : "didSet"
    world.violations.record(
      .noCallbackAfterCancel,
      "\(event) started on thread \(context?.index ?? -1) (operation \(context?.operation ?? 0)) "
        + "after cancel() returned on thread \(canceller.thread) "
        + "(operation \(canceller.operation))")
  }

  /// Cancels the tracking if a callback has handed it over, then flags it cancelled. Returns
  /// whether it cancelled.
  @discardableResult
  func cancel(in context: Context?) -> Bool {
    guard let tracking = lock.withLock({ self.tracking }) else { return false }
    tracking.cancel()
    // A stress thread is inside a callback exactly when its depth is above 0; a thread
    // without a context (the main thread's tear-down) never is.
    if (context?.depth ?? 0) == 0 {
      lock.withLock {
        if cancelledIn == nil { cancelledIn = (context?.index ?? -1, context?.operation ?? 0) }
      }
      cancelledOutsideCallbacks.store(1)
    }
    cancelled.store(1)
    return true
  }

  /// Cancels the tracking if it can, and drops it: no callback keeps it from now on.
  func retire(in context: Context?) {
    cancel(in: context)
    lock.withLock {
      retired = true
      tracking = nil
    }
  }
}

/// What a tracking of a thread's private items must have received: one willSet and one didSet
/// per write of a property it read, since it was installed.
struct ExactCount {
  let items: [Weak<Item>]
  let properties: [Int]
  let baseline: Int
  let hasWillSet: Bool
  let hasDidSet: Bool

  init(reads: [(Item, Int)], hasWillSet: Bool, hasDidSet: Bool) {
    items = reads.map { Weak($0.0) }
    properties = reads.map(\.1)
    baseline = reads.reduce(0) { $0 + $1.0.writes[$1.1] }
    self.hasWillSet = hasWillSet
    self.hasDidSet = hasDidSet
  }

  /// The writes since installation, or nil if an item is gone.
  var writesSinceInstalled: Int? {
    var total = 0
    for (item, property) in zip(items, properties) {
      guard let item = item.object else { return nil }
      total += item.writes[property]
    }
    return total - baseline
  }
}

/// A weak reference, so that a record never keeps an observed object alive.
struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
