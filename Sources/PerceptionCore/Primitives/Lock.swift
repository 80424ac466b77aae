import CPerceptionRuntime

/// The platform's lock (`perception_lock`), in memory of its own: the C lock must never move.
final class Lock: @unchecked Sendable {
  private let lock: UnsafeMutablePointer<perception_lock>

  init() {
    lock = .allocate(capacity: 1)
    perception_lock_init(lock)
  }

  deinit {
    perception_lock_destroy(lock)
    lock.deallocate()
  }

  /// `body` must not call back into user code.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    perception_lock_lock(lock)
    defer { perception_lock_unlock(lock) }
    return try body()
  }
}
