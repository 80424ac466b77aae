/// The flags perception checking keeps in the low bits of the thread's slot
/// (`ThreadLocal.slotFlagMask`), beside the innermost access list's address.
///
/// A read already loads the slot to find its tracking scope, so a flag there costs a read
/// nothing: outside every tracking scope and every checked context the slot stays 0, and the
/// read stays one load and a branch. Only a read that finds the slot non-zero looks at them.
@usableFromInline
enum CheckingSlot {
  /// The thread is in a synchronous checked context (`withPerceptionChecking`). Exact: set and
  /// restored around a synchronous call, so it cannot outlive the context.
  @inlinable
  static var checked: UInt { 1 }

  /// The thread renders views whose bodies nobody may have wrapped in tracking: SwiftUI's
  /// main thread, where Perception's engine runs (always on iOS 13-16 and the others'
  /// counterparts). Set for the life of the thread (see `ViewBodyChecking`), so that a quiet
  /// read there takes the slow path and asks, once per stack, whether it is in a view body.
  @inlinable
  static var viewBodies: UInt { 2 }

  /// The thread is running a job of a task that opened an asynchronous checked context. Set by
  /// that context's executor around each job; a job can run on after the context ends (until
  /// its next suspension), so a report confirms it with the task-local first.
  @inlinable
  static var checkedTask: UInt { 4 }

  /// Runs `body` with `flag` added to this thread's slot, and puts the slot back after.
  ///
  /// Restoring the saved word is right because everything that changes the slot is nested
  /// in synchronous calls: by the time `body` returns, every inner change was undone.
  @inline(__always)
  static func with<T, E: Error>(_ flag: UInt, _ body: () throws(E) -> T) throws(E) -> T {
    let saved = ThreadLocal.slot
    ThreadLocal.slot = saved | flag
    defer { ThreadLocal.slot = saved }
    return try body()
  }

  /// Runs `body`, the `apply` of a tracking call that leaves the slot's access list alone (the
  /// native engine's: Observation records its reads), with this thread's checked-context flags
  /// lifted: its reads are tracked, so checking has nothing to say about them, and a read that
  /// found them set would ask the reporter, whose task-local lookups cost tens of nanoseconds
  /// per read. A scope of Perception's runtime gets the same from the list it puts in the slot.
  /// A checked context opened inside `body` sets its flag again.
  @inline(__always)
  static func liftingCheckedContext<T>(_ body: () -> T) -> T {
    let saved = ThreadLocal.slot
    guard _slowPath(saved & (checked | checkedTask) != 0) else { return body() }
    ThreadLocal.slot = saved & ~(checked | checkedTask)
    defer { ThreadLocal.slot = saved }
    return body()
  }
}
