import CPerceptionRuntime

/// A mutual-exclusion lock over the C runtime's `perception_lock`, which picks the platform's
/// lock (os_unfair_lock, SRWLOCK or pthread_mutex_t) in one place.
///
/// The lock lives in memory it allocates itself, because the C lock must never move.
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

  /// Runs `body` while holding the lock. `body` must not call back into user code.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    perception_lock_lock(lock)
    defer { perception_lock_unlock(lock) }
    return try body()
  }
}
