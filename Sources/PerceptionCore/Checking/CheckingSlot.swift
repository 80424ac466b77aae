/// The flags perception checking keeps in the low bits of the thread's slot
/// (`ThreadLocal.slotFlagMask`), beside the innermost access list's address. A read loads the
/// slot anyway; outside every scope and checked context it is 0, so the flags cost it nothing.
@usableFromInline
enum CheckingSlot {
  /// In a synchronous checked context (`withPerceptionChecking`); set and restored around a
  /// synchronous call, so it cannot outlive the context.
  @inlinable
  static var checked: UInt { 1 }

  /// SwiftUI's main thread where Perception's engine runs, for good (`ViewBodyChecking`).
  @inlinable
  static var viewBodies: UInt { 2 }

  /// Running a job of a task in an asynchronous checked context (`CheckedTaskContext`).
  @inlinable
  static var checkedTask: UInt { 4 }

  /// Runs `body` with `flag` added to this thread's slot. Restoring the saved word is right
  /// because every change to the slot is undone by the synchronous call that made it.
  @inline(__always)
  static func with<T, E: Error>(_ flag: UInt, _ body: () throws(E) -> T) throws(E) -> T {
    let saved = ThreadLocal.slot
    ThreadLocal.slot = saved | flag
    defer { ThreadLocal.slot = saved }
    return try body()
  }

  /// Runs `body`, the `apply` of a tracking call that leaves the slot's access list alone (the
  /// native engine's), with the checked-context flags lifted: its reads are tracked, and would
  /// otherwise each ask the reporter. A checked context opened inside `body` sets them again.
  @inline(__always)
  static func liftingCheckedContext<T>(_ body: () -> T) -> T {
    let saved = ThreadLocal.slot
    guard _slowPath(saved & (checked | checkedTask) != 0) else { return body() }
    ThreadLocal.slot = saved & ~(checked | checkedTask)
    defer { ThreadLocal.slot = saved }
    return body()
  }
}
