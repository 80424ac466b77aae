/// Perception checking's flags in the low bits of the thread's slot, beside the access list's
/// address: a read loads the slot anyway, so the flags cost it nothing.
@usableFromInline
enum CheckingSlot {
  /// In a synchronous checked context; restored by the call that set it, it cannot outlive it.
  @inlinable
  static var checked: UInt { 1 }

  /// SwiftUI's main thread, for good, where Perception's engine runs (`ViewBodyChecking`).
  @inlinable
  static var viewBodies: UInt { 2 }

  /// Running a job of an asynchronous checked context (`CheckedTaskContext`).
  @inlinable
  static var checkedTask: UInt { 4 }

  /// Restoring the saved word is right: each change to the slot is undone by the call that made it.
  @inline(__always)
  static func with<T, E: Error>(_ flag: UInt, _ body: () throws(E) -> T) throws(E) -> T {
    let saved = ThreadLocal.slot
    ThreadLocal.slot = saved | flag
    defer { ThreadLocal.slot = saved }
    return try body()
  }

  /// Runs a native-engine tracking call's `apply` without the checked-context flags: its reads
  /// are tracked, and would otherwise each ask the reporter.
  @inline(__always)
  static func liftingCheckedContext<T>(_ body: () -> T) -> T {
    let saved = ThreadLocal.slot
    guard _slowPath(saved & (checked | checkedTask) != 0) else { return body() }
    ThreadLocal.slot = saved & ~(checked | checkedTask)
    defer { ThreadLocal.slot = saved }
    return body()
  }
}
